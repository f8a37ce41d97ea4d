// Seed 000 (迷糊小书童, "iOS7新特性 ViewController转场切换(二)"): MTHCustomAnimator, ported line for line.
// The pushed page fades in while the old one slides 320 pt to the left, over 1 s.

@MainActor
public final class MTHCustomAnimator: ViewControllerAnimatedTransitioning {
    public init() {}

    // 系统给出一个切换上下文，我们根据上下文环境返回这个切换所需要的花费时间
    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        return 1.0
    }

    // 完成容器转场动画的主要方法
    public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        // 可以看做为destination ViewController
        let toViewController = transitionContext.viewController(forKey: .to)!
        // 可以看做为source ViewController
        let fromViewController = transitionContext.viewController(forKey: .from)!
        // 添加toView到容器上
        transitionContext.containerView.addSubview(toViewController.view)
        toViewController.view.alpha = 0.0
        View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            // 动画效果有很多,这里就展示个左偏移
            fromViewController.view.transform = AffineTransform(translationX: -320, y: 0)
            toViewController.view.alpha = 1.0
        }, completion: { finished in
            fromViewController.view.transform = .identity
            // 声明过渡结束-->记住，一定别忘了在过渡结束时调用 completeTransition: 这个方法
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
