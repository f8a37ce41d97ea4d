// EffectTransitionAnimator: any effect as a view-controller animator — the modal styles flipHorizontal,
// partialCurl (and coverVertical, crossDissolve), or any CATransition type for a custom transition.
// It snapshots the screen as it is (old) and the destination view laid out at its final frame (new),
// covers the container with one view whose layer draws the effect through an EffectPlayer, and takes
// the progress from a hidden driver layer animated with View.animate on the transition's timeline —
// so percent-driven interaction, finish and cancel scrub and play the effect like any animation.
// partialCurl, as on iOS, leaves the page held curled over the presented view until it is dismissed.

/// A view drawing an EffectPlayer over black, its progress read from a hidden driver layer's opacity.
@MainActor
final class EffectTransitionView: View {
    let player: EffectPlayer
    let driver = Layer()
    /// Kept after a partialCurl presentation: the page held curled, removed by the dismissal.
    var holdsPartialCurl = false

    init(frame: Rect, player: EffectPlayer) {
        self.player = player
        super.init(frame: frame)
        isUserInteractionEnabled = false
        driver.isHidden = true
        driver.opacity = 0
        layer.addSublayer(driver)
        // The layer holds its override strongly and the view holds its layer, so the override must not
        // hold the view: it holds only the player and the driver. A cover still in a window when that
        // window is freed (the held partial curl) then goes with it, and its two full-screen snapshots too.
        layer.contentOverride = EffectCoverContent(player: player, driver: driver)
    }
}

/// What the cover's layer draws: black, then the effect at the driver's presented opacity.
@MainActor
final class EffectCoverContent: KeepsItsLastFrame {
    let player: EffectPlayer
    let driver: Layer
    var lastFrameKept = false
    /// The cover draws exactly when its player does.
    var draws: Int { player.draws }

    init(player: EffectPlayer, driver: Layer) {
        self.player = player
        self.driver = driver
    }

    /// Black first, then the effect: nothing beneath the cover shows, so the compositor skips it.
    var paintsBoundsOpaquely: Bool { true }

    func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect) {
        player.progress = min(1, max(0, driver.presentationState().opacity))
        player.draw(in: canvas, layerToDevice: layerToDevice, opacity: opacity, bounds: bounds, over: .black,
                    lastFrameKept: lastFrameKept)
    }
}

@MainActor
public final class EffectTransitionAnimator: ViewControllerAnimatedTransitioning {
    private let makePlayer: (Bitmap, Bitmap) -> EffectPlayer
    private let holds: Bool
    private let dropsHeldCurl: Bool
    public let duration: Double
    /// Shapes the run (default ease-in-ease-out, as UIKit's modal transitions).
    public var curve: View.AnimationOptions = .curveEaseInOut

    /// The animator of a modal transition style (UIModalTransitionStyle), presenting or dismissing.
    /// Durations are UIKit-like but unsourced: flip 0.75 s, partial curl 0.6 s, the others 0.5 s.
    public init(modal style: ModalEffectStyle, presenting: Bool, duration: Double? = nil) {
        makePlayer = { EffectPlayer(modal: style, presenting: presenting, from: $0, to: $1) }
        holds = style == .partialCurl && presenting
        dropsHeldCurl = style == .partialCurl && !presenting
        self.duration = duration ?? (style == .flipHorizontal ? 0.75 : style == .partialCurl ? 0.6 : 0.5)
    }

    /// An animator playing a CATransition effect from the old screen to the new one.
    public init(type: TransitionType, subtype: TransitionSubtype? = nil, duration: Double = 0.5) {
        makePlayer = { EffectPlayer(type: type, subtype: subtype ?? .fromLeft, from: $0, to: $1) }
        holds = false
        dropsHeldCurl = false
        self.duration = duration
    }

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

    public func animateTransition(using ctx: ViewControllerContextTransitioning) {
        let container = ctx.containerView
        guard let window = container.window else { return ctx.completeTransition(!ctx.transitionWasCancelled) }
        let snapshotter = Compositor()
        // A held curl from the presentation is replaced by this animation's own drawing.
        if dropsHeldCurl {
            for case let v as EffectTransitionView in container.subviews where v.holdsPartialCurl { v.removeFromSuperview() }
        }
        // The screen as it is now, in the container's space (the container covers the window).
        window.layoutIfNeeded()
        window.displayIfNeeded()
        let old = snapshotter.snapshot(window.layer, presentation: true)
        let fromView = ctx.view(forKey: .from)
        if let toVC = ctx.viewController(forKey: .to), let toView = ctx.view(forKey: .to) {
            toView.frame = ctx.finalFrame(for: toVC)
            if toView.window == nil {
                if let fromView, fromView.superview === container { container.insertSubview(toView, belowSubview: fromView) }
                else { container.addSubview(toView) }
            }
        }
        // The new screen: the final arrangement without the leaving view.
        let wasHidden = fromView?.isHidden ?? false
        fromView?.isHidden = true
        window.layoutIfNeeded()
        window.displayIfNeeded()
        let new = snapshotter.snapshot(window.layer, presentation: false)
        fromView?.isHidden = wasHidden

        let cover = EffectTransitionView(frame: container.bounds, player: makePlayer(old, new))
        container.addSubview(cover)
        // The cover draws the whole screen from the snapshots: the live views under it are hidden while
        // it plays, so the compositor does not draw them every frame for nothing.
        var hidden: [View] = []
        for v in [fromView, ctx.view(forKey: .to), ctx.viewController(forKey: .from)?.view,
                  ctx.viewController(forKey: .to)?.view].compactMap({ $0 })
            where v.window != nil && !v.isHidden && !hidden.contains(where: { $0 === v }) {
            v.isHidden = true
            hidden.append(v)
        }
        let holds = self.holds
        View.animate(withDuration: duration, delay: 0, options: [curve], animations: {
            cover.driver.opacity = 1
        }, completion: { _ in
            for v in hidden { v.isHidden = false }
            let completed = !ctx.transitionWasCancelled
            if holds && completed {
                cover.holdsPartialCurl = true
                cover.superview?.bringSubviewToFront(cover)
            } else {
                cover.removeFromSuperview()
            }
            ctx.completeTransition(completed)
        })
    }
}
