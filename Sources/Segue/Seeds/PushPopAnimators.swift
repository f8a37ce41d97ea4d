// Seed 003 (a Russian translation of a Stack Overflow answer, "Навигационный контроллер пользовательская
// анимация перехода"): PushAnimator and PopAnimator, ported line for line. Push fades the new page in over
// 0.5 s; pop puts the revealed page underneath and fades the old one out.

@MainActor
public final class PushAnimator: ViewControllerAnimatedTransitioning {
    public init() {}

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        return 0.5
    }

    public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let toViewController = transitionContext.viewController(forKey: .to)!

        transitionContext.containerView.addSubview(toViewController.view)

        toViewController.view.alpha = 0.0

        View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            toViewController.view.alpha = 1.0
        }, completion: { finished in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

@MainActor
public final class PopAnimator: ViewControllerAnimatedTransitioning {
    public init() {}

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        return 0.5
    }

    public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let toViewController = transitionContext.viewController(forKey: .to)!
        let fromViewController = transitionContext.viewController(forKey: .from)!

        transitionContext.containerView.insertSubview(toViewController.view, belowSubview: fromViewController.view)

        View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            fromViewController.view.alpha = 0.0
        }, completion: { finished in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
