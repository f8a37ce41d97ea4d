import Testing
@testable import Segue
import Foundation

/// Numeric integration (RK4, 1e-5 s steps) of m·x″ + c·x′ + k·x = 0 for the displacement d = 1 − progress.
private func integrate(_ s: Spring, until t: Double) -> (progress: Double, velocity: Double) {
    var d = 1.0, v = -s.initialVelocity
    let h = 1e-5
    let n = Int((t / h).rounded())
    func acc(_ d: Double, _ v: Double) -> Double { -(s.damping * v + s.stiffness * d) / s.mass }
    for _ in 0..<n {
        let k1d = v, k1v = acc(d, v)
        let k2d = v + h / 2 * k1v, k2v = acc(d + h / 2 * k1d, v + h / 2 * k1v)
        let k3d = v + h / 2 * k2v, k3v = acc(d + h / 2 * k2d, v + h / 2 * k2v)
        let k4d = v + h * k3v, k4v = acc(d + h * k3d, v + h * k3v)
        d += h / 6 * (k1d + 2 * k2d + 2 * k3d + k4d)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (1 - d, -v)
}

@Suite struct SpringTests {
    @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 10.0, 5.0), (2.0, 50.0, 20.0, -3.0), // under
                      (1.0, 100.0, 20.0, 0.0), (1.0, 100.0, 20.0, 4.0),                          // critical
                      (1.0, 100.0, 50.0, 0.0), (1.0, 100.0, 50.0, 12.0)])                        // over
    func closedFormMatchesIntegration(m: Double, k: Double, c: Double, v: Double) {
        let s = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
        for t in [0.05, 0.2, 0.5, 1.1] {
            let num = integrate(s, until: t)
            #expect(abs(s.progress(at: t) - num.progress) < 1e-7, "x at \(t)")
            #expect(abs(s.velocity(at: t) - num.velocity) < 1e-6, "v at \(t)")
        }
        #expect(s.progress(at: 0) == 0)
        #expect(abs(s.velocity(at: 0) - v) < 1e-12)
    }

    @Test func regimesFollowTheDampingRatio() {
        #expect(abs(Spring(stiffness: 100, damping: 20).dampingRatio - 1) < 1e-12)
        #expect(abs(Spring().dampingRatio - 0.5) < 1e-12)
        #expect(Spring().naturalFrequency == 10)
    }

    @Test func criticalDampingNeverOvershoots() {
        for duration in [0.3, 0.5, 1.0] {
            let s = Spring(dampingRatio: 1, duration: duration, initialVelocity: 0)
            var last = 0.0
            for i in 1...2000 {
                let p = s.progress(at: Double(i) / 2000 * duration * 2)
                #expect(p <= 1 + 1e-12)
                #expect(p >= last - 1e-12)
                last = p
            }
        }
    }

    @Test func underDampedOvershootsAndSettles() {
        let s = Spring(dampingRatio: 0.4, duration: 0.5)
        let peak = (0...500).map { s.progress(at: Double($0) / 1000) }.max()!
        #expect(peak > 1.2)
        // The mapping puts the envelope at 1/1500 of the distance at the duration.
        let z = 0.4, w0 = log(1500) / (z * 0.5)
        #expect(abs(s.naturalFrequency - w0) < 1e-9)
        #expect(abs(exp(-z * w0 * 0.5) - 1.0 / 1500) < 1e-12)
        #expect(abs(s.progress(at: 0.5) - 1) < 2.0 / 1500)
    }

    @Test func settlingDurationOfCASpringDefaults() {
        // m 1, k 100, c 10: ζ 0.5, ω₀ 10; amplitude √(1 + (ζ/√(1−ζ²))²); ln(amp/0.001)/(ζω₀).
        let s = Spring()
        let amp = (1 + 0.25 / 0.75).squareRoot()
        #expect(abs(s.settlingDuration() - log(amp / 0.001) / 5) < 1e-9)
        // Beyond it the motion stays within the threshold.
        for i in 0..<200 { #expect(abs(s.displacement(at: s.settlingDuration() + Double(i) * 0.01)) <= 0.001) }
        let over = Spring(stiffness: 100, damping: 50)
        let t = over.settlingDuration()
        #expect(abs(over.displacement(at: t)) <= 0.001 && abs(over.displacement(at: t - 0.01)) > 0.001)
    }
}
