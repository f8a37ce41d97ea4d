// The animators behind `modalTransitionStyle`, all reached through one function so the effects work can
// plug in its own: cover vertical (slides up over 0.5 s, back down on dismiss) and cross dissolve are
// built here on View.animate; flipHorizontal and partialCurl are the effects' animators (see `effectAnimator`).

@MainActor
public enum ModalTransitionAnimators {
    /// The animator for `style`, presenting or dismissing.
    public static func animator(for style: ModalTransitionStyle, presenting: Bool) -> ViewControllerAnimatedTransitioning {
        switch style {
        case .coverVertical: CoverVerticalAnimator(presenting: presenting)
        case .crossDissolve: CrossDissolveAnimator(presenting: presenting)
        case .flipHorizontal, .partialCurl: effectAnimator(for: style, presenting: presenting)
        }
    }

    /// flipHorizontal and partialCurl: the effects' animators (Transitions/EffectTransitionAnimator.swift).
    static func effectAnimator(for style: ModalTransitionStyle, presenting: Bool) -> ViewControllerAnimatedTransitioning {
        EffectTransitionAnimator(modal: style == .flipHorizontal ? .flipHorizontal : .partialCurl, presenting: presenting)
    }
}

/// Slides the presented view up from the bottom; on dismiss, down and away.
@MainActor
public final class CoverVerticalAnimator: ViewControllerAnimatedTransitioning {
    public let presenting: Bool
    public init(presenting: Bool) { self.presenting = presenting }

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.5 }

    public func animateTransition(using ctx: ViewControllerContextTransitioning) {
        let container = ctx.containerView
        let h = container.bounds.height
        if presenting {
            guard let toVC = ctx.viewController(forKey: .to), let toView = ctx.view(forKey: .to) else {
                return ctx.completeTransition(!ctx.transitionWasCancelled)
            }
            let frame = ctx.finalFrame(for: toVC)
            toView.frame = frame.offsetBy(dx: 0, dy: h)
            container.addSubview(toView)
            View.animate(withDuration: transitionDuration(using: ctx), delay: 0, options: [.curveEaseOut], animations: {
                toView.frame = frame
            }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        } else {
            guard let fromView = ctx.view(forKey: .from) else { return ctx.completeTransition(!ctx.transitionWasCancelled) }
            if let toVC = ctx.viewController(forKey: .to), let toView = ctx.view(forKey: .to), toView.window == nil {
                toView.frame = ctx.finalFrame(for: toVC)
                container.insertSubview(toView, belowSubview: fromView)
            }
            let start = fromView.frame
            View.animate(withDuration: transitionDuration(using: ctx), delay: 0, options: [.curveEaseIn], animations: {
                fromView.frame = start.offsetBy(dx: 0, dy: h)
            }, completion: { _ in
                if !ctx.transitionWasCancelled { fromView.frame = start }
                ctx.completeTransition(!ctx.transitionWasCancelled)
            })
        }
    }
}

/// Fades the presented view in over its presenter; on dismiss, out.
@MainActor
public final class CrossDissolveAnimator: ViewControllerAnimatedTransitioning {
    public let presenting: Bool
    public init(presenting: Bool) { self.presenting = presenting }

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.5 }

    public func animateTransition(using ctx: ViewControllerContextTransitioning) {
        let container = ctx.containerView
        if presenting {
            guard let toVC = ctx.viewController(forKey: .to), let toView = ctx.view(forKey: .to) else {
                return ctx.completeTransition(!ctx.transitionWasCancelled)
            }
            toView.frame = ctx.finalFrame(for: toVC)
            toView.alpha = 0
            container.addSubview(toView)
            View.animate(withDuration: transitionDuration(using: ctx), delay: 0, options: [.curveEaseInOut], animations: {
                toView.alpha = 1
            }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        } else {
            guard let fromView = ctx.view(forKey: .from) else { return ctx.completeTransition(!ctx.transitionWasCancelled) }
            if let toVC = ctx.viewController(forKey: .to), let toView = ctx.view(forKey: .to), toView.window == nil {
                toView.frame = ctx.finalFrame(for: toVC)
                container.insertSubview(toView, belowSubview: fromView)
            }
            View.animate(withDuration: transitionDuration(using: ctx), delay: 0, options: [.curveEaseInOut], animations: {
                fromView.alpha = 0
            }, completion: { _ in
                if !ctx.transitionWasCancelled { fromView.alpha = 1 }
                ctx.completeTransition(!ctx.transitionWasCancelled)
            })
        }
    }
}
