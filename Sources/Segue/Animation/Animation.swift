// Animation: CAAnimation's timing model, evaluated in an animation's own local time (seconds since
// it began, on the timeline it belongs to). An animation is a pure function of that time: the engine
// never steps it, it only asks "what is your value at t?", which is what makes scrubbing, reversing
// and frame drops exact. Subclasses supply the value at a fraction of one cycle.

/// How an animation shows outside its active time (CAMediaTimingFillMode).
public enum FillMode: Sendable {
    case removed, forwards, backwards, both
}

/// Receives an animation's start and stop (CAAnimationDelegate's shape).
@MainActor
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ animation: Animation)
    func animationDidStop(_ animation: Animation, finished: Bool)
}
extension AnimationDelegate {
    public func animationDidStart(_ animation: Animation) {}
}

/// The timing part of every animation (CAAnimation).
@MainActor
open class Animation {
    /// Seconds of one cycle (Core Animation's default 0.25 when ≤ 0).
    public var duration: Double = 0
    /// Delay before the first cycle, in the timeline's seconds, counted from when it is added.
    /// (CA's absolute `beginTime` has no meaning without a media clock; this is the relative form.)
    public var beginTime: Double = 0
    /// Cycles to run; 0 means one; `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// Each cycle plays forward then backward.
    public var autoreverses = false
    /// Pacing over the whole of each cycle; nil is linear.
    public var timingFunction: TimingFunction?
    public var fillMode: FillMode = .removed
    /// When false the animation stays attached (and keeps filling) after it finishes.
    public var isRemovedOnCompletion = true
    /// Strongly held, as Core Animation does.
    public var delegate: AnimationDelegate?

    public init() {}

    /// The effective length of one forward pass.
    public var effectiveDuration: Double { duration > 0 ? duration : 0.25 }

    /// Length of the active period (infinite when repeating forever).
    public var activeDuration: Double {
        let cycle = effectiveDuration * (autoreverses ? 2 : 1)
        let n = repeatCount > 0 ? repeatCount : 1
        return n.isInfinite ? .infinity : cycle * n
    }

    /// The fraction (after pacing) at local time `t`, or nil where the animation shows nothing.
    /// Local time 0 is the start of the first cycle.
    func fraction(at t: Double) -> Double? {
        let d = effectiveDuration
        if t < 0 { return fillMode == .backwards || fillMode == .both ? pace(0) : nil }
        let active = activeDuration
        var phase: Double
        if t >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            let n = repeatCount > 0 ? repeatCount : 1
            // The phase where the last cycle stopped.
            let cycles = n * (autoreverses ? 2 : 1)
            let whole = cycles.rounded(.down)
            let rest = cycles - whole
            if rest > 0 {
                phase = (Int(whole) % 2 == 1 && autoreverses) ? 1 - rest : rest
            } else {
                phase = autoreverses && Int(whole) % 2 == 0 ? 0 : 1
            }
            return pace(phase, time: phase * d)
        }
        if autoreverses {
            let c = t.truncatingRemainder(dividingBy: 2 * d)
            let local = c <= d ? c : 2 * d - c
            return pace(local / d, time: local)
        }
        let local = t.truncatingRemainder(dividingBy: d)
        return pace(local / d, time: local)
    }

    /// Pacing of a linear cycle fraction `x`; `time` is the same point in seconds (springs use it).
    open func pace(_ x: Double, time: Double? = nil) -> Double {
        timingFunction?.value(at: x) ?? min(max(x, 0), 1)
    }
}

/// An animation of one layer property (CAPropertyAnimation).
@MainActor
open class PropertyAnimation: Animation {
    public var keyPath: LayerProperty
    public init(keyPath: LayerProperty) { self.keyPath = keyPath; super.init() }

    /// The value at a paced fraction; `model` is the layer's model value (for missing endpoints).
    open func value(atFraction f: Double, model: AnimatableValue) -> AnimatableValue { model }

    /// Where the animation ends (what a following animation should start from).
    open func finalValue(model: AnimatableValue) -> AnimatableValue { value(atFraction: 1, model: model) }
    /// Where it starts (what a cancelled interaction reverts the model to).
    open func initialValue(model: AnimatableValue) -> AnimatableValue { value(atFraction: 0, model: model) }
}

/// From one value to another (CABasicAnimation). A nil endpoint is the model value.
@MainActor
open class BasicAnimation: PropertyAnimation {
    public var fromValue: AnimatableValue?
    public var toValue: AnimatableValue?

    /// Decomposed transform endpoints, computed once per pair (the compositor asks every frame).
    private var decomposedCache: (from: Transform3D, to: Transform3D, a: DecomposedTransform, b: DecomposedTransform)?

    open override func value(atFraction f: Double, model: AnimatableValue) -> AnimatableValue {
        let from = fromValue ?? model, to = toValue ?? model
        if case let .transform(m) = from, case let .transform(n) = to, f != 0, f != 1, m != n {
            if let c = decomposedCache, c.from == m, c.to == n {
                return .transform(DecomposedTransform.interpolate(c.a, c.b, f).recomposed)
            }
            let a = m.decomposed, b = n.decomposed
            decomposedCache = (m, n, a, b)
            return .transform(DecomposedTransform.interpolate(a, b, f).recomposed)
        }
        return AnimatableValue.interpolate(from, to, f)
    }
}
