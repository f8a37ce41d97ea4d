// Seed 000: PDTransitionAnimator, the "fly into the button" present/dismiss (飞兔云传-style), ported line for
// line. Present: a snapshot of the presenter shrinks over 1.2 s into the 50-pt button's centre at the
// bottom right, then 0.5 s more before the presented view is put in place. Dismiss: a snapshot of the
// presenter grows from that button to full screen over 1.2 s, then fades out over 0.5 s.
// `[UIScreen mainScreen].bounds` is the container's bounds (the window's).

@MainActor
public final class PDTransitionAnimator: ViewControllerAnimatedTransitioning {
    public enum AnimationType: Sendable { case present, dismiss }

    public var animationType: AnimationType = .present

    public init() {}

    static let switchTime = 1.2      // #define Switch_Time 1.2
    static let buttonWidth = 50.0    // #define Button_Width 50.f
    static let buttonSpace = 10.0    // #define Button_Space 10.f

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        return Self.switchTime
    }

    public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let toViewController = transitionContext.viewController(forKey: .to)!
        let fromViewController = transitionContext.viewController(forKey: .from)!
        let toView = toViewController.view!
        let fromView = fromViewController.view!
        let screen = transitionContext.containerView.bounds   // [UIScreen mainScreen].bounds
        let buttonWidth = Self.buttonWidth, buttonSpace = Self.buttonSpace

        if animationType == .dismiss {
            // 这个方法能够高效的将当前显示的view截取成一个新的view
            let snap = toView.snapshotView(afterScreenUpdates: true)!
            transitionContext.containerView.addSubview(snap)
            snap.frame = Rect(x: screen.width - buttonWidth - buttonSpace, y: screen.height - buttonWidth - buttonSpace,
                              width: buttonWidth, height: buttonWidth)
            View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                snap.frame = screen
            }, completion: { finished in
                View.animate(withDuration: 0.5, animations: {
                    transitionContext.containerView.addSubview(toView)
                    snap.alpha = 0
                }, completion: { finished in
                    snap.removeFromSuperview()
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                })
            })
        } else {
            let snap2 = toView.snapshotView(afterScreenUpdates: true)!
            transitionContext.containerView.addSubview(snap2)
            let snap = fromView.snapshotView(afterScreenUpdates: true)!
            transitionContext.containerView.addSubview(snap)
            View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                snap.frame = Rect(x: screen.width - buttonWidth - buttonSpace + buttonWidth / 2,
                                  y: screen.height - buttonWidth - buttonSpace + buttonWidth / 2, width: 0, height: 0)
            }, completion: { finished in
                View.animate(withDuration: 0.5, animations: {
                    //snap.alpha = 0
                }, completion: { finished in
                    snap.removeFromSuperview()
                    snap2.removeFromSuperview()
                    transitionContext.containerView.addSubview(toView)
                    // 切记不要忘记了噢
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                })
            })
        }
    }
}
