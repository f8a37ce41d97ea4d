// Dragging a screen whose tap presents another: the presentation follows the finger — seed 000's
// rule (percent = |Δx| / width, finish past one half or on a fast flick toward the left, else cancel),
// driven by a PercentDrivenInteractiveTransition over the effect of the tap (page curl when the tap
// cycles through every transition). Dismissing the screen presented this way plays the reverse effect.

@MainActor
final class SceneDragPresenter: ViewControllerTransitioningDelegate {
    let screen: String
    let type: TransitionType
    let subtype: TransitionSubtype?
    let duration: Double
    private var interaction: PercentDrivenInteractiveTransition?
    /// The window the drag began in: the screen's view may be rebuilt while the finger moves.
    private weak var window: Window?

    init(screen: String, presentation p: Scene.Presentation) {
        self.screen = screen
        if let entry = DemoCatalog.transition(named: p.name), case .effect(let t, let s) = entry.kind {
            type = t
            subtype = t.usesSubtype ? (p.subtype ?? s) : nil
        } else {
            type = .pageCurl
            subtype = nil
        }
        duration = max(0.3, p.duration)
    }

    /// A pan recognizer for `view` that presents `screen` under the finger (it keeps this presenter alive).
    func recognizer(for view: View) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer()
        pan.addAction { [weak pan, weak view] in
            if let pan { self.didPan(pan, in: view) }
        }
        return pan
    }

    private func didPan(_ pan: PanGestureRecognizer, in view: View?) {
        let width = max(1, window?.bounds.width ?? 1)
        switch pan.state {
        case .began:
            guard let window = view?.window, let top = SceneRunner.visibleController(in: window), top.presentedViewController == nil else { return }
            self.window = window
            let interaction = PercentDrivenInteractiveTransition()
            self.interaction = interaction
            let to = ScreenViewController(screen: screen, size: window.bounds.size)
            to.retained = self
            let nav = NavigationController(rootViewController: to)
            nav.modalPresentationStyle = .fullScreen
            nav.transitioningDelegate = self
            top.present(nav, animated: true, completion: nil)
        case .changed:
            interaction?.update(min(1, abs(pan.translation(in: nil).x) / width))
        case .ended, .cancelled:
            let distance = abs(pan.translation(in: nil).x) / width
            if pan.state == .ended && (distance > 0.5 || pan.velocity(in: nil).x < -width) {
                interaction?.finish()
            } else {
                interaction?.cancel()
            }
            interaction = nil
        default:
            break
        }
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning? {
        EffectTransitionAnimator(type: type, subtype: subtype, duration: duration)
    }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        EffectTransitionAnimator(type: HomeViewController.reverse(type), subtype: subtype?.horizontallyMirrored.verticallyMirrored,
                                 duration: duration)
    }

    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interaction
    }
}
