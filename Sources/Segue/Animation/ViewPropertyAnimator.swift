// ViewPropertyAnimator: UIViewPropertyAnimator's shape on the timeline machinery. The animator owns
// a child timeline; its animations are linear in that timeline's time (0…duration), and the timing
// curve is the timeline's ramp. So pausing freezes the timeline, `fractionComplete` seeks it
// (scrubbing is linear, as UIKit's `scrubsLinearly` default), running or continuing ramps it to the
// end (or to 0 when reversed) with the curve — a spring curve simply overshoots the timeline's time.
// Finishing at `.start` reverts the model values, at `.current` takes the presentation values.
// Needs its views in a window (or a current timeline) to run.

/// UIViewAnimatingState.
public enum ViewAnimatingState: Sendable { case inactive, active, stopped }
/// UIViewAnimatingPosition.
public enum ViewAnimatingPosition: Sendable { case end, start, current }

/// UITimingCurveProvider reduced to its two concrete kinds.
public enum TimingParameters: Sendable {
    /// UICubicTimingParameters.
    case cubic(TimingFunction)
    /// UISpringTimingParameters(dampingRatio:initialVelocity:) (velocity in distances per second).
    case spring(dampingRatio: Double, initialVelocity: Double)
}

@MainActor
public final class ViewPropertyAnimator {
    public let duration: Double
    public let timingParameters: TimingParameters
    public private(set) var state: ViewAnimatingState = .inactive
    public private(set) var isRunning = false
    public var pausesOnCompletion = false
    public var isInterruptible = true
    public var isUserInteractionEnabled = true
    public var scrubsLinearly: Bool { true }

    private var blocks: [(delayFactor: Double, body: () -> Void)] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    private var entries: [AttachedAnimation] = []
    private var timeline: Timeline?
    private let parentTimeline: Timeline?
    private var generation = 0
    private var continueParameters: TimingParameters?

    public init(duration: Double, timingParameters: TimingParameters) {
        self.duration = max(duration, 1e-9)
        self.timingParameters = timingParameters
        parentTimeline = Timeline.current
    }
    public convenience init(duration: Double, curve: View.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .cubic(curve.timingFunction))
        if let animations { addAnimations(animations) }
    }
    public convenience init(duration: Double, controlPoint1 p1: Point, controlPoint2 p2: Point,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .cubic(TimingFunction(controlPoints: p1.x, p1.y, p2.x, p2.y)))
        if let animations { addAnimations(animations) }
    }
    public convenience init(duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .spring(dampingRatio: dampingRatio, initialVelocity: 0))
        if let animations { addAnimations(animations) }
    }

    /// Creates and starts an animator (UIViewPropertyAnimator.runningPropertyAnimator).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double,
                                               options: View.AnimationOptions = [], animations: @escaping () -> Void,
                                               completion: ((ViewAnimatingPosition) -> Void)? = nil) -> ViewPropertyAnimator {
        let a = ViewPropertyAnimator(duration: duration, timingParameters: .cubic(options.timingFunction))
        a.addAnimations(animations)
        if let completion { a.addCompletion(completion) }
        if delay > 0 { a.startAnimation(afterDelay: delay) } else { a.startAnimation() }
        return a
    }

    // MARK: Content

    public func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Animations that start `delayFactor` of the duration in and run for the rest of it.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double) {
        let df = min(max(delayFactor, 0), 1)
        if state == .inactive {
            blocks.append((df, animation))
        } else if let tl = timeline {
            // Added while active: runs over what is left of the duration.
            let now = min(max(tl.localTime, 0), duration)
            let startAt = max(now, df * duration)
            capture(duration: max(duration - startAt, 1e-9), start: startAt, body: animation)
        }
    }

    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) { completions.append(completion) }

    // MARK: Control

    public var isReversed = false {
        didSet { if isRunning && oldValue != isReversed { run(parameters: continueParameters ?? timingParameters, factor: 0) } }
    }

    /// Progress in time, 0…1; settable while not running (scrubbing).
    public var fractionComplete: Double {
        get { min(max((timeline?.localTime ?? 0) / duration, 0), 1) }
        set {
            guard !isRunning, state != .stopped else { return }
            if state == .inactive { activate() }
            timeline?.seek(to: min(max(newValue, 0), 1) * duration)
            touchLayers()
        }
    }

    public func startAnimation() {
        guard state != .stopped else { return }
        if state == .inactive { activate() }
        run(parameters: continueParameters ?? timingParameters, factor: 0)
    }

    public func startAnimation(afterDelay delay: Double) {
        guard state != .stopped else { return }
        if state == .inactive { activate() }
        guard let window = entries.lazy.compactMap({ AnimationEngine.window(of: $0.layer) }).first else { return startAnimation() }
        generation += 1
        let g = generation
        window.schedule(after: delay) { [weak self] in
            guard let self, self.generation == g else { return }
            self.startAnimation()
        }
    }

    public func pauseAnimation() {
        guard isInterruptible, state != .stopped else { return }
        if state == .inactive { activate() }
        generation += 1
        timeline?.pause()
        isRunning = false
        touchLayers()
    }

    /// Resumes a paused animator with new timing; `durationFactor` × duration is the time left
    /// (0 keeps the natural remaining time).
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
        guard state == .active, !isRunning else { return }
        if let parameters { continueParameters = parameters }
        run(parameters: continueParameters ?? timingParameters, factor: durationFactor)
    }

    /// Stops where it is. Without finishing: the models take the current values, no completions run,
    /// the animator is inactive. Otherwise it is `.stopped` until `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        generation += 1
        timeline?.pause()
        isRunning = false
        if withoutFinishing {
            settle(at: .current)
            state = .inactive
        } else {
            state = .stopped
        }
    }

    public func finishAnimation(at position: ViewAnimatingPosition) {
        guard state == .stopped else { return }
        finish(at: position)
    }

    // MARK: Machinery

    private func capture(duration d: Double, start: Double, body: () -> Void) {
        let tx = AnimationTransaction(duration: d, delay: 0, pacing: .curve(.linear),
                                      options: [.overrideInheritedDuration, .overrideInheritedCurve, .beginFromCurrentState],
                                      completion: nil)
        tx.owner = self
        ActionContext.run(tx, body)
        let tl = ensureTimeline(for: tx.createdAnimations)
        for e in tx.createdAnimations {
            e.timeline = tl
            e.start = start
        }
        entries += tx.createdAnimations
    }

    private func ensureTimeline(for new: [AttachedAnimation]) -> Timeline {
        if let timeline { return timeline }
        let parent = parentTimeline ?? new.lazy.compactMap { AnimationEngine.window(of: $0.layer)?.timeline }.first
        let tl = parent.map { Timeline(parent: $0) } ?? Timeline()
        tl.seek(to: 0)
        timeline = tl
        return tl
    }

    private func activate() {
        state = .active
        let items = blocks
        blocks = []
        for b in items { capture(duration: duration * (1 - b.delayFactor), start: b.delayFactor * duration, body: b.body) }
        _ = ensureTimeline(for: [])
    }

    private func curve(_ p: TimingParameters, span: Double) -> @Sendable (Double) -> Double {
        switch p {
        case let .cubic(tf): return { tf.value(at: $0) }
        case let .spring(zeta, v):
            let s = Spring(dampingRatio: zeta, duration: max(span, 1e-9), initialVelocity: v)
            return { u in u >= 1 ? 1 : s.progress(at: u * span) }
        }
    }

    private func run(parameters: TimingParameters, factor: Double) {
        guard let tl = timeline else { return }
        generation += 1
        let g = generation
        let target = isReversed ? 0 : duration
        let left = abs(target - tl.localTime)
        let seconds = factor > 0 ? factor * duration : left
        tl.ramp(to: target, duration: seconds, curve: curve(parameters, span: seconds))
        isRunning = true
        touchLayers()
        let window = entries.lazy.compactMap { AnimationEngine.window(of: $0.layer) }.first
        guard let window, let arrival = tl.rampArrivalRootTime else { return }
        window.schedule(at: arrival) { [weak self] in
            guard let self, self.generation == g else { return }
            self.arrived()
        }
    }

    private func arrived() {
        isRunning = false
        if pausesOnCompletion {
            timeline?.pause()
            return
        }
        finish(at: isReversed ? .start : .end)
    }

    /// Sets the models for `position` and detaches the animations (no completions).
    private func settle(at position: ViewAnimatingPosition) {
        var values: [(Layer, LayerProperty, AnimatableValue)] = []
        for e in entries where !e.isDone {
            guard let p = e.animation as? PropertyAnimation else { continue }
            switch position {
            case .end: continue
            case .start: values.append((e.layer, p.keyPath, p.initialValue(model: e.layer.model[p.keyPath])))
            case .current: values.append((e.layer, p.keyPath, e.layer.presentationState()[p.keyPath]))
            }
        }
        // Earliest animation of a property decides its start value: apply in reverse creation order.
        for (layer, key, v) in values.reversed() { layer.model[key] = v }
        for e in entries { AnimationEngine.end(e, finished: true, remove: true) }
        entries = []
        timeline = nil
    }

    private func finish(at position: ViewAnimatingPosition) {
        generation += 1
        settle(at: position)
        state = .inactive
        isRunning = false
        let list = completions
        completions = []
        Timeline.withCurrent(parentTimeline) { for c in list { c(position) } }
    }

    private func touchLayers() { for e in entries { e.layer.setNeedsComposite() } }
}
