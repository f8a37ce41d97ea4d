// Seed 001 (oschina, "自定义UIViewController的过渡效果"): TWTransitionAnimator, ported line for line.
// Present: the presenter dims to 0.5 while the presented view springs (damping 0.4, velocity 20) into the
// presenter's frame inset by 40 pt, over 0.5 s. Dismiss: the presented view rotates by −1.5 rad while the
// presenter comes back to full opacity. Note that it adds the presenter's view to the container — the
// classic cause of a black screen after dismissal, which Segue prevents by putting that view back home.

@MainActor
public final class TWTransitionAnimator: ViewControllerAnimatedTransitioning {
    public var presenting = false

    public init() {}

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        return 0.5
    }

    public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let fromViewController = transitionContext.viewController(forKey: .from)!
        let toViewController = transitionContext.viewController(forKey: .to)!

        transitionContext.containerView.addSubview(fromViewController.view)
        transitionContext.containerView.addSubview(toViewController.view)

        if presenting {
            fromViewController.view.isUserInteractionEnabled = false

            View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0.0,
                         usingSpringWithDamping: 0.4, initialSpringVelocity: 20, options: .curveEaseInOut, animations: {
                fromViewController.view.alpha = 0.5
                toViewController.view.frame = fromViewController.view.frame.insetBy(dx: 40, dy: 40)
            }, completion: { finished in
                transitionContext.completeTransition(finished)
            })
        } else {
            View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0.0,
                         options: .curveEaseInOut, animations: {
                toViewController.view.alpha = 1.0
                toViewController.view.isUserInteractionEnabled = true

                fromViewController.view.transform = toViewController.view.transform.rotated(by: -1.5)
            }, completion: { finished in
                transitionContext.completeTransition(finished)
            })
        }
    }
}
