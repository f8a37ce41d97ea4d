// TransitionDriver: one running transition, and the context its animator sees
// (UIViewControllerContextTransitioning). It owns the transition's child Timeline — every animation the
// animator starts belongs to it, so an interaction controller can freeze and scrub them all — calls the
// appearance callbacks, restores the exact prior state when cancelled, and keeps a watchdog: an animator
// that never calls completeTransition(_:) is named on stderr and completed, so the window stays usable.
// Presentation and navigation supply only what differs: views, frames, and what to do at the end.

@MainActor
final class TransitionDriver: ViewControllerContextTransitioning {
    enum Kind: Sendable { case present, dismiss, push, pop }

    let kind: Kind
    /// The window it runs in, which holds it while it runs (`Window.runningTransitions`); weak, so a
    /// window dropped mid-transition is freed — and with it this driver, unless someone else holds it.
    private(set) weak var window: Window?
    /// The window's time space: the transition's timeline's parent, which it holds (so it is there even
    /// when the window is gone and a held context is finished).
    var windowTimeline: Timeline { timeline.parent ?? timeline }
    let containerView: View
    let fromVC: ViewController
    let toVC: ViewController
    let fromViewForKey: View?
    let toViewForKey: View?
    let isAnimated: Bool
    let presentationStyle: ModalPresentationStyle
    let animator: ViewControllerAnimatedTransitioning?
    let interactor: ViewControllerInteractiveTransitioning?
    var initialFrames: [ObjectIdentifier: Rect] = [:]
    var finalFrames: [ObjectIdentifier: Rect] = [:]
    /// Controllers that disappear and appear with this transition (by default from and to; a presenter
    /// under `.custom` stays visible, a full-screen presentation covers everything visible below it).
    lazy var disappearing: [ViewController] = [fromVC]
    lazy var appearing: [ViewController] = [toVC]

    /// The time space of every animation this transition starts.
    let timeline: Timeline

    private(set) var isInteractive = false
    private(set) var transitionWasCancelled = false
    private(set) var isCompleted = false
    var isPresenting: Bool { kind == .present }

    /// Kept alive until the transition completes (the navigation controller running a step).
    var owner: AnyObject?

    /// Called once at completion, before appearance ends: fix the hierarchy (completed or not).
    var settle: ((_ completed: Bool) -> Void)?
    /// Called once after everything, for completion handlers and queued follow-ups.
    var finished: [(_ completed: Bool) -> Void] = []

    /// Seconds after the expected end before the watchdog completes a stuck transition.
    static let watchdogGrace = 2.0

    static func isRunning(in window: Window) -> Bool { !window.runningTransitions.isEmpty }

    private var restore: [ViewRecord] = []
    private var containerSubviewsAtStart: [View] = []
    private var watchdogGeneration = 0

    init(kind: Kind, window: Window, container: View, from: ViewController, to: ViewController,
         fromView: View?, toView: View?, animated: Bool, style: ModalPresentationStyle,
         animator: ViewControllerAnimatedTransitioning?, interactor: ViewControllerInteractiveTransitioning?) {
        self.kind = kind; self.window = window; containerView = container
        fromVC = from; toVC = to; fromViewForKey = fromView; toViewForKey = toView
        isAnimated = animated; presentationStyle = style
        self.animator = animated ? animator : nil
        self.interactor = animated && animator != nil ? interactor : nil
        timeline = Timeline(parent: window.timeline)
    }

    // MARK: Context

    func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController? {
        key == .from ? fromVC : key == .to ? toVC : nil
    }
    func view(forKey key: TransitionContextViewKey) -> View? {
        key == .from ? fromViewForKey : key == .to ? toViewForKey : nil
    }
    func initialFrame(for vc: ViewController) -> Rect { initialFrames[ObjectIdentifier(vc)] ?? .zero }
    func finalFrame(for vc: ViewController) -> Rect { finalFrames[ObjectIdentifier(vc)] ?? .zero }
    var targetTransform: AffineTransform { .identity }

    var duration: Double {
        guard let a = animator else { return 0 }
        let d = a.transitionDuration(using: self)
        return d.isFinite && d > 0 ? d : 0
    }

    func updateInteractiveTransition(_ percentComplete: Double) {}
    func finishInteractiveTransition() { isInteractive = false }
    func cancelInteractiveTransition() { isInteractive = false; transitionWasCancelled = true }
    func pauseInteractiveTransition() { isInteractive = true; watchdogGeneration += 1 }

    // MARK: Running

    /// Starts the transition: appearance, then the animator (directly or through the interaction controller).
    func start() {
        window?.runningTransitions.append(self)
        for v in [fromVC.viewIfLoaded, toVC.viewIfLoaded].compactMap({ $0 }) { restore.append(ViewRecord(v)) }
        containerSubviewsAtStart = containerView.subviews
        for vc in disappearing { vc.beginAppearanceTransition(false, animated: isAnimated) }
        for vc in appearing { vc.beginAppearanceTransition(true, animated: isAnimated) }

        guard let animator else {
            // Not animated: the views swap at once.
            if let to = toViewForKey {
                to.frame = finalFrame(for: toVC)
                containerView.addSubview(to)
            }
            completeTransition(true)
            return
        }
        if let interactor {
            isInteractive = interactor.wantsInteractiveStart
            interactor.startInteractiveTransition(self)
            if !isInteractive && !isCompleted { armWatchdog(after: duration) }
        } else {
            Timeline.withCurrent(timeline) { animator.animateTransition(using: self) }
            if !isCompleted { armWatchdog(after: duration) }
        }
    }

    /// Completes a stuck transition `seconds + grace` from now unless it completes or turns interactive
    /// first. Time is the transition's own: while a tool holds its timeline frozen or slowed (the viewer's
    /// pause and scrub), the deadline moves with it — the transition's local time must pass `localEnd` + grace.
    func armWatchdog(after seconds: Double, localEnd: Double? = nil) {
        watchdogGeneration += 1
        watchdogDeadline = (localEnd ?? duration) + TransitionDriver.watchdogGrace
        let generation = watchdogGeneration
        window?.schedule(after: max(0, seconds) + TransitionDriver.watchdogGrace) { [weak self] in self?.recheck(generation) }
    }

    /// The transition's local time by which the armed watchdog expects completion.
    private var watchdogDeadline = 0.0

    /// The armed watchdog's check (a stale generation — re-armed, completed or turned interactive
    /// since — does nothing). Scheduled weakly and stored as values, not as a closure over the driver,
    /// so a transition abandoned with its window is not kept alive by its own watchdog.
    private func recheck(_ generation: Int) {
        guard generation == watchdogGeneration, !isCompleted, !isInteractive else { return }
        let frozen = timeline.speed == 0 && !timeline.isRamping
        if frozen || timeline.isRamping || timeline.localTime + 1e-9 < watchdogDeadline {
            let wait = frozen ? 0.25 : max(0.05, (watchdogDeadline - timeline.localTime) / max(timeline.speed, 0.05))
            window?.schedule(after: wait) { [weak self] in self?.recheck(generation) }
            return
        }
        let name = animator.map { String(describing: type(of: $0)) } ?? "the transition"
        Diagnostics.warn("\(name) never called completeTransition(_:) (transitionDuration \(duration) s); "
            + "completing the transition after a \(TransitionDriver.watchdogGrace) s grace period")
        completeTransition(!transitionWasCancelled)
    }

    func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        isInteractive = false
        watchdogGeneration += 1
        // What follows (callbacks, completion handlers) animates in the window's time, not the transition's.
        Timeline.withCurrent(windowTimeline) { finishUp(didComplete && !transitionWasCancelled) }
    }

    private func finishUp(_ completed: Bool) {
        if !completed {
            transitionWasCancelled = true
            // Back to exactly where it started: views, places, geometry.
            for r in restore { r.restoreGeometry() }
            for r in restore where r.superview == nil { r.restorePlace() }
            for r in restore where r.superview != nil { r.restorePlace() }
            // Anything the animator added to the container (snapshots, overlays) goes.
            for v in containerView.subviews where !containerSubviewsAtStart.contains(where: { $0 === v }) {
                if !restore.contains(where: { $0.view === v && $0.superview === containerView }) { v.removeFromSuperview() }
            }
        }
        settle?(completed)
        if completed {
            for vc in disappearing { vc.endAppearanceTransition() }
            for vc in appearing { vc.endAppearanceTransition() }
        } else {
            for vc in appearing { vc.beginAppearanceTransition(false, animated: isAnimated); vc.endAppearanceTransition() }
            for vc in disappearing { vc.beginAppearanceTransition(true, animated: isAnimated); vc.endAppearanceTransition() }
        }
        window?.runningTransitions.removeAll { $0 === self }
        // Animations started later (a second stage in a completion) run on at normal speed.
        if timeline.speed == 0 && !timeline.isRamping { timeline.resume() }
        animator?.animationEnded(completed)
        let handlers = finished
        finished = []
        for h in handlers { h(completed) }
        owner = nil
    }
}

/// Where a view was and how it looked, to undo a cancelled transition exactly.
@MainActor
struct ViewRecord {
    let view: View
    weak var superview: View?
    let index: Int
    let bounds: Rect, center: Point, transform: Transform3D, alpha: Double
    let isHidden: Bool, isUserInteractionEnabled: Bool

    init(_ v: View) {
        view = v; superview = v.superview
        index = v.superview?.subviews.firstIndex { $0 === v } ?? 0
        bounds = v.bounds; center = v.center; transform = v.transform3D; alpha = v.alpha
        isHidden = v.isHidden; isUserInteractionEnabled = v.isUserInteractionEnabled
    }

    func restoreGeometry() {
        view.transform3D = transform
        view.bounds = bounds
        view.center = center
        view.alpha = alpha
        view.isHidden = isHidden
        view.isUserInteractionEnabled = isUserInteractionEnabled
    }

    func restorePlace() {
        if let s = superview {
            if view.superview !== s || s.subviews.firstIndex(where: { $0 === view }) != index {
                s.insertSubview(view, at: index)
            }
        } else if view.superview != nil {
            view.removeFromSuperview()
        }
    }
}
