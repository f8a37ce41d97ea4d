// AttachedAnimation: one animation running on one layer — which timeline it follows, the local time
// on that timeline at which it began, and the completion group it reports to. The engine keeps them
// per layer (`AnimationStore`), so a layer without animations costs one dictionary probe.

/// Completion of one `View.animate` call: fires once, after every animation it created has ended,
/// with `finished == false` if any was removed or replaced early.
@MainActor
final class CompletionGroup {
    let completion: ((Bool) -> Void)?
    /// The timeline current when the block ran; the completion runs with it current again.
    let timeline: Timeline?
    private(set) var pending = 0
    private var allFinished = true
    private var sealed = false
    private(set) var fired = false

    init(completion: ((Bool) -> Void)?, timeline: Timeline?) {
        self.completion = completion
        self.timeline = timeline
    }

    func retain() { pending += 1 }

    /// One animation ended; `finished` false when it was cut short.
    func release(finished: Bool) {
        pending -= 1
        if !finished { allFinished = false }
        if sealed && pending == 0 { fire() }
    }

    /// The block has run; with nothing to wait for, the completion runs on the next tick (as UIKit does).
    func seal() {
        sealed = true
        if pending == 0 {
            if completion != nil { AnimationEngine.enqueueImmediate(self) } else { fired = true }
        }
    }

    func fire() {
        guard !fired else { return }
        fired = true
        let ok = allFinished
        if let completion { Timeline.withCurrent(timeline) { completion(ok) } }
    }
}

@MainActor
final class AttachedAnimation {
    let layer: Layer
    let key: String
    let animation: Animation
    /// Nil until the layer is in a window (then the window's root timeline).
    var timeline: Timeline?
    /// Local time on `timeline` at which the first cycle starts.
    var start: Double?
    /// The delay still to apply when the begin time resolves.
    let delay: Double
    var group: CompletionGroup?
    /// Driven by a `ViewPropertyAnimator`: it ends only when its owner says so, and its value
    /// extrapolates past the end (spring timing on the owner's timeline).
    var owner: AnyObject?
    /// Ended (kept only when `isRemovedOnCompletion` is false).
    var isDone = false
    var didStart = false
    /// Content-only animations (cross-dissolve) report their progress here.
    var onRemove: (() -> Void)?
    /// `Timeline.current` when it was created: its delegate's stop runs with it current again.
    let creationTimeline: Timeline? = Timeline.current
    /// Created without `.allowUserInteraction`: its view ignores touches while it runs (UIKit).
    var blocksInteraction = false

    /// Creation order across all layers (earlier animations of a property decide reverts).
    let serial: Int
    private static var counter = 0

    init(layer: Layer, key: String, animation: Animation, timeline: Timeline?, delay: Double, group: CompletionGroup?) {
        Self.counter += 1
        serial = Self.counter
        self.layer = layer
        self.key = key
        self.animation = animation
        self.delay = delay
        self.group = group
        self.timeline = timeline
        if let timeline { start = timeline.localTime + delay }
    }

    /// Local time of the animation (seconds since its first cycle began), nil while unresolved.
    var localTime: Double? {
        guard let timeline, let start else { return nil }
        return timeline.localTime - start
    }

    var property: LayerProperty? { (animation as? PropertyAnimation)?.keyPath }

    /// Local time on `timeline` at which the active period ends (nil: never, or unresolved).
    var endOnTimeline: Double? {
        guard let start, owner == nil, !isDone else { return nil }
        let a = animation.activeDuration
        return a.isFinite ? start + a : nil
    }

    /// The paced fraction now (nil where it shows nothing).
    var fraction: Double? {
        guard let t = localTime else {
            // Not yet in a window: a backwards-filling animation holds its first frame.
            return animation.fillMode == .backwards || animation.fillMode == .both ? animation.pace(0, time: 0) : nil
        }
        if owner != nil {
            // Owned by a property animator: linear in time, extrapolating beyond both ends.
            if t < 0 && (start ?? 0) > 0 { return 0 }
            return t / animation.effectiveDuration
        }
        return animation.fraction(at: t)
    }

    /// This animation's contribution to `state`.
    func apply(to state: inout LayerState, model: LayerState) {
        guard let p = animation as? PropertyAnimation, let f = fraction else { return }
        state[p.keyPath] = p.value(atFraction: f, model: model[p.keyPath])
    }
}

/// Per-layer lists of attached animations, in the order they were added (later ones win), plus one
/// list of all of them in creation order for the clock (no sorting per frame).
@MainActor
enum AnimationStore {
    static var byLayer: [ObjectIdentifier: [AttachedAnimation]] = [:]
    private static var ordered: [AttachedAnimation] = []

    static var hasEntries: Bool { !byLayer.isEmpty }
    static func has(_ layer: Layer) -> Bool { byLayer[ObjectIdentifier(layer)] != nil }
    static func entries(_ layer: Layer) -> [AttachedAnimation] {
        byLayer.isEmpty ? [] : byLayer[ObjectIdentifier(layer)] ?? []
    }
    static func append(_ e: AttachedAnimation) {
        byLayer[ObjectIdentifier(e.layer), default: []].append(e)
        ordered.append(e)
    }
    static func remove(_ e: AttachedAnimation) {
        let id = ObjectIdentifier(e.layer)
        guard var list = byLayer[id], let i = list.firstIndex(where: { $0 === e }) else { return }
        list.remove(at: i)
        byLayer[id] = list.isEmpty ? nil : list
        if let j = ordered.lastIndex(where: { $0 === e }) { ordered.remove(at: j) }
    }
    /// Every attached animation, oldest first (a copy: safe to mutate the store while iterating it).
    static var all: [AttachedAnimation] { ordered }

    /// Drops the animations whose window has been freed. Their clock never runs again, so they would
    /// never complete — yet the store (a static) would keep their layers, the layers' contents and
    /// their completion closures (a transition's snapshots and context) alive for good. Completions
    /// do not run: the tree they would act on is gone. Returns how many were dropped.
    @discardableResult
    static func removeOrphans() -> Int {
        guard ordered.contains(where: { $0.timeline?.isOrphaned == true }) else { return 0 }
        let orphans = ordered.filter { $0.timeline?.isOrphaned == true }
        for e in orphans {
            e.isDone = true
            remove(e)
        }
        return orphans.count
    }
}
