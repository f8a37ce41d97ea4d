// Transition: CATransition's shape. Added to a layer (`layer.add(_:forKey:)`), it makes the layer's
// next change — new sublayers, removed ones, new content — appear through an effect between a snapshot
// of the old state and the new one, instead of at once.

/// A layer transition (CATransition). A reference type as in Core Animation: configure, then add.
public final class Transition {
    /// The effect (default fade).
    public var type: TransitionType = .fade
    /// Where the motion comes from; nil behaves as `.fromLeft`, and effects without a direction ignore it.
    public var subtype: TransitionSubtype?
    /// Seconds; 0 or less means the default 0.25 s.
    public var duration: Double = 0.25
    /// Shapes time into progress; nil is linear, as for a CAAnimation without one.
    public var timingFunction: TimingFunction?
    /// The part of the effect played: progress runs from `startProgress` to `endProgress` (0…1 each).
    public var startProgress: Double = 0
    public var endProgress: Double = 1
    /// Called once when the transition ends: `true` when it ran to the end, `false` when it was
    /// removed or replaced first (CAAnimationDelegate's animationDidStop(_:finished:)).
    public var completion: (@MainActor (Bool) -> Void)?

    public init() {}

    public convenience init(type: TransitionType, subtype: TransitionSubtype? = nil, duration: Double = 0.25) {
        self.init()
        self.type = type
        self.subtype = subtype
        self.duration = duration
    }

    /// The duration actually used.
    public var effectiveDuration: Double { duration > 0 ? duration : 0.25 }

    /// Effect progress after `elapsed` seconds of the transition's time.
    public func progress(atElapsed elapsed: Double) -> Double {
        let t = min(1, max(0, elapsed / effectiveDuration))
        let eased = timingFunction?.value(at: t) ?? t
        let s = min(1, max(0, startProgress)), e = min(1, max(0, endProgress))
        return s + (e - s) * eased
    }

    func copy() -> Transition {
        let t = Transition()
        t.type = type; t.subtype = subtype; t.duration = duration; t.timingFunction = timingFunction
        t.startProgress = startProgress; t.endProgress = endProgress; t.completion = completion
        return t
    }
}
