// KeyframeAnimation: CAKeyframeAnimation — values at key times, the whole run paced by
// `timingFunction`. Calculation modes: linear (each segment by its `timingFunctions` entry if given),
// discrete (hold each value until the next key time), paced (key times from the distance between
// values, so the speed is constant), cubic (a Catmull–Rom spline through the values, in time; values
// that are not numeric — transforms — fall back to linear).
import Foundation

/// CAAnimationCalculationMode.
public enum CalculationMode: Sendable {
    case linear, discrete, paced, cubic, cubicPaced
}

@MainActor
open class KeyframeAnimation: PropertyAnimation {
    public var values: [AnimatableValue] = []
    /// Fractions 0…1, one per value (discrete: one per value or one more), non-decreasing; nil spaces evenly.
    public var keyTimes: [Double]?
    /// One per segment (values.count − 1); linear mode only.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear

    /// The key times in use for the current mode.
    func effectiveKeyTimes() -> [Double] {
        let n = values.count
        switch calculationMode {
        case .paced, .cubicPaced:
            var d = [0.0]
            for i in 1..<n { d.append(d[i - 1] + values[i - 1].distance(to: values[i])) }
            guard let total = d.last, total > 0 else { return (0..<n).map { Double($0) / Double(max(n - 1, 1)) } }
            return d.map { $0 / total }
        case .discrete:
            if let k = keyTimes, k.count == n || k.count == n + 1 { return k }
            return (0..<n).map { Double($0) / Double(n) }
        default:
            if let k = keyTimes, k.count == n { return k }
            return (0..<n).map { Double($0) / Double(n - 1) }
        }
    }

    open override func value(atFraction f: Double, model: AnimatableValue) -> AnimatableValue {
        guard let first = values.first else { return model }
        let n = values.count
        if n == 1 { return first }
        let times = effectiveKeyTimes()
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < n && f >= times[i + 1] { i += 1 }
            return values[i]
        }
        if f <= times[0] { return values[0] }
        if f >= times[n - 1] { return values[n - 1] }
        var i = 0
        while i < n - 2 && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var u = span > 0 ? (f - times[i]) / span : 1
        switch calculationMode {
        case .cubic, .cubicPaced:
            if let v = cubic(i, u, times) { return v }
        case .linear:
            if let tf = timingFunctions, i < tf.count { u = tf[i].value(at: u) }
        default: break
        }
        return AnimatableValue.interpolate(values[i], values[i + 1], u)
    }

    /// Hermite segment i at u with Catmull–Rom tangents scaled to the key times.
    private func cubic(_ i: Int, _ u: Double, _ t: [Double]) -> AnimatableValue? {
        let n = values.count
        let p = values.compactMap(\.components)
        guard p.count == n, let first = p.first, p.allSatisfy({ $0.count == first.count }) else { return nil }
        func tangent(_ k: Int) -> [Double] {
            let a = max(k - 1, 0), b = min(k + 1, n - 1)
            let dt = t[b] - t[a]
            return dt > 0 ? zip(p[a], p[b]).map { ($1 - $0) / dt } : Array(repeating: 0, count: first.count)
        }
        let h = t[i + 1] - t[i]
        let m0 = tangent(i), m1 = tangent(i + 1)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let c = (0..<first.count).map { j in h00 * p[i][j] + h10 * h * m0[j] + h01 * p[i + 1][j] + h11 * h * m1[j] }
        return values[i].with(components: c)
    }
}

extension AnimatableValue {
    /// The numeric components (nil for transforms, which only interpolate by decomposition).
    var components: [Double]? {
        switch self {
        case let .double(d): [d]
        case let .point(p): [p.x, p.y]
        case let .rect(r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case let .color(c): [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
        case .transform: nil
        }
    }

    /// A value of the same kind from components.
    func with(components c: [Double]) -> AnimatableValue {
        switch self {
        case .double: return .double(c[0])
        case .point: return .point(Point(x: c[0], y: c[1]))
        case .rect: return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color:
            let a = c[3]
            return a > 0 ? .color(Color(red: c[0] / a, green: c[1] / a, blue: c[2] / a, alpha: a)) : .color(.clear)
        case .transform: return self
        }
    }

    /// Euclidean distance between two values of a kind (transforms: translation plus scaled rotation).
    func distance(to other: AnimatableValue) -> Double {
        if let a = components, let b = other.components, a.count == b.count {
            return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        }
        if case let .transform(m) = self, case let .transform(n) = other {
            // Translation distance plus the rotation angle as arc length at a 100-point radius.
            let a = m.decomposed, b = n.decomposed
            let dx = a.translation.x - b.translation.x, dy = a.translation.y - b.translation.y
            let dz = a.translation.z - b.translation.z
            let dot = min(1, abs(a.quaternion.x * b.quaternion.x + a.quaternion.y * b.quaternion.y
                                 + a.quaternion.z * b.quaternion.z + a.quaternion.w * b.quaternion.w))
            return (dx * dx + dy * dy + dz * dz).squareRoot() + 100 * 2 * acos(dot)
        }
        return 0
    }
}
