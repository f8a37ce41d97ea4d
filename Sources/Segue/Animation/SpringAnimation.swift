// SpringAnimation: CASpringAnimation — a basic animation paced by the exact damped-oscillator
// solution (`Spring`) in real seconds, rather than by a Bézier over the duration. At the end of its
// duration it lands exactly on the final value.

@MainActor
open class SpringAnimation: BasicAnimation {
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    /// Toward the target, in total distances per second.
    public var initialVelocity = 0.0

    public var spring: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Time for the spring to come to rest within 0.1 % of the distance.
    public var settlingDuration: Double { spring.settlingDuration() }

    /// A spring with UIKit's fit for a duration and damping ratio (see `Spring(dampingRatio:duration:)`).
    public convenience init(keyPath: LayerProperty, dampingRatio: Double, duration: Double, initialVelocity: Double) {
        self.init(keyPath: keyPath)
        let s = Spring(dampingRatio: dampingRatio, duration: duration, initialVelocity: initialVelocity)
        mass = s.mass; stiffness = s.stiffness; damping = s.damping; self.initialVelocity = initialVelocity
        self.duration = duration
    }

    open override func pace(_ x: Double, time: Double? = nil) -> Double {
        if x >= 1 { return 1 }
        if x <= 0 { return 0 }
        return spring.progress(at: time ?? x * effectiveDuration)
    }
}
