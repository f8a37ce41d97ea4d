// Spring: the exact solution of the damped oscillator m·x″ + c·x′ + k·x = 0, used as an animation's
// progress from 0 to 1. No numeric integration: the under-, critically and over-damped closed forms
// are evaluated directly, so a spring sampled at any time (scrubbed, reversed, frame-dropped) is exact.
// Velocity is in UIKit's unit: total distance per second (progress units per second).
import Foundation

/// A damped harmonic oscillator moving a progress value from 0 toward 1.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// Initial velocity toward the target, in total distances per second.
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = max(mass, 1e-9)
        self.stiffness = max(stiffness, 1e-9)
        self.damping = max(damping, 0)
        self.initialVelocity = initialVelocity
    }

    /// UIKit's `usingSpringWithDamping` fit for a duration: m = 1, ω₀ = ln(1500)/(ζ·T), k = ω₀², c = 2ζω₀,
    /// so the envelope has decayed to 1/1500 of the distance at T.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
        let zeta = min(max(dampingRatio, 1e-6), 1)
        let w0 = log(1500) / (zeta * max(duration, 1e-9))
        self.init(mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: initialVelocity)
    }

    /// ω₀ = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    private enum Regime { case under(wd: Double, a: Double, b: Double), critical(a: Double, b: Double), over(r1: Double, r2: Double, c1: Double, c2: Double) }

    // The displacement d(t) = 1 − progress starts at 1 with d′(0) = −v₀.
    private var regime: Regime {
        let w0 = naturalFrequency, z = dampingRatio, v = -initialVelocity
        if abs(z - 1) < 1e-9 { return .critical(a: 1, b: v + w0) }
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return .under(wd: wd, a: 1, b: (v + z * w0) / wd)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
        let c2 = (v - r1) / (r2 - r1)
        return .over(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
    }

    /// Displacement from the target (1 at t = 0, → 0).
    public func displacement(at t: Double) -> Double {
        if t <= 0 { return 1 }
        let w0 = naturalFrequency, z = dampingRatio
        switch regime {
        case let .under(wd, a, b): return exp(-z * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        case let .critical(a, b): return exp(-w0 * t) * (a + b * t)
        case let .over(r1, r2, c1, c2): return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Progress 0 → 1 at `t` seconds (overshoots past 1 when under-damped).
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// Velocity of progress (distances per second) at `t`.
    public func velocity(at t: Double) -> Double {
        if t < 0 { return initialVelocity }
        let w0 = naturalFrequency, z = dampingRatio
        switch regime {
        case let .under(wd, a, b):
            let e = exp(-z * w0 * t), c = cos(wd * t), s = sin(wd * t)
            return -(e * ((-z * w0) * (a * c + b * s) + (-a * wd * s + b * wd * c)))
        case let .critical(a, b):
            return -(exp(-w0 * t) * (b - w0 * (a + b * t)))
        case let .over(r1, r2, c1, c2):
            return -(c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
        }
    }

    /// An upper bound of |displacement| at every time ≥ t (once past any initial rise).
    private func envelope(at t: Double) -> Double {
        let w0 = naturalFrequency, z = dampingRatio
        switch regime {
        case let .under(_, a, b): return (a * a + b * b).squareRoot() * exp(-z * w0 * t)
        case let .critical(a, b): return exp(-w0 * t) * (abs(a) + abs(b) * t)
        case let .over(r1, r2, c1, c2): return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    /// Seconds until the motion stays within `threshold` (default 0.001 of the distance) of the target
    /// (CASpringAnimation's settlingDuration, estimated from the solution's envelope).
    public func settlingDuration(threshold: Double = 0.001) -> Double {
        let w0 = naturalFrequency, z = dampingRatio
        if case let .under(_, a, b) = regime {
            return max(0, log((a * a + b * b).squareRoot() / threshold) / (z * w0))
        }
        // Critical/over-damped envelopes decrease after at most one peak: step until below threshold.
        let step = 1.0 / 1000
        var t = 0.0
        var peaked = false
        var last = envelope(at: 0)
        while t < 3600 {
            t += step
            let e = envelope(at: t)
            if e < last { peaked = true }
            if peaked && e < threshold { return t }
            last = e
        }
        return t
    }
}
