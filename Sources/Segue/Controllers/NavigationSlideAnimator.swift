// The navigation controller's own push/pop animation: the new page slides in from the right over 0.35 s
// while the old one moves a third of the width to the left under a dimming overlay; pop is the reverse.
// Built on View.animate only, so the built-in edge-pan pop scrubs it like any custom animator.

@MainActor
final class NavigationSlideAnimator: ViewControllerAnimatedTransitioning {
    let operation: NavigationController.Operation
    /// Darkness of the page underneath at full cover.
    static let dimming = 0.1

    init(operation: NavigationController.Operation) { self.operation = operation }

    static func animator(for operation: NavigationController.Operation) -> ViewControllerAnimatedTransitioning? {
        NavigationSlideAnimator(operation: operation)
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.35 }

    func animateTransition(using ctx: ViewControllerContextTransitioning) {
        guard let fromVC = ctx.viewController(forKey: .from), let toVC = ctx.viewController(forKey: .to),
              let fromView = ctx.view(forKey: .from), let toView = ctx.view(forKey: .to) else {
            ctx.completeTransition(!ctx.transitionWasCancelled)
            return
        }
        let container = ctx.containerView
        let frame = ctx.finalFrame(for: toVC)
        let fromStart = ctx.initialFrame(for: fromVC)
        let width = container.bounds.width
        let dim = View(frame: container.bounds)
        dim.backgroundColor = .black
        dim.isUserInteractionEnabled = false

        if operation == .pop {
            // The revealed page waits a third to the left, dimmed, under the leaving one.
            toView.frame = frame.offsetBy(dx: -width / 3, dy: 0)
            container.insertSubview(toView, belowSubview: fromView)
            dim.alpha = Self.dimming
            container.insertSubview(dim, aboveSubview: toView)
            View.animate(withDuration: transitionDuration(using: ctx), delay: 0, options: [.curveEaseInOut], animations: {
                fromView.frame = fromStart.offsetBy(dx: width, dy: 0)
                toView.frame = frame
                dim.alpha = 0
            }, completion: { _ in
                dim.removeFromSuperview()
                fromView.frame = fromStart
                ctx.completeTransition(!ctx.transitionWasCancelled)
            })
        } else {
            toView.frame = frame.offsetBy(dx: width, dy: 0)
            dim.alpha = 0
            container.insertSubview(dim, aboveSubview: fromView)
            container.addSubview(toView)
            View.animate(withDuration: transitionDuration(using: ctx), delay: 0, options: [.curveEaseInOut], animations: {
                toView.frame = frame
                fromView.frame = fromStart.offsetBy(dx: -width / 3, dy: 0)
                dim.alpha = Self.dimming
            }, completion: { _ in
                dim.removeFromSuperview()
                fromView.frame = fromStart
                ctx.completeTransition(!ctx.transitionWasCancelled)
            })
        }
    }
}
