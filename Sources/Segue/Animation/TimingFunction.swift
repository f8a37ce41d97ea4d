// TimingFunction: CAMediaTimingFunction's cubic Bézier pacing curves. The curve runs from (0,0) to
// (1,1) through two control points; evaluating it means solving x(s) = time for the curve parameter
// s (Newton's method, with bisection when Newton stalls, to 1e-6 or better) and returning y(s).

/// A cubic Bézier timing curve (CAMediaTimingFunction's shape).
public struct TimingFunction: Hashable, Sendable {
    /// The named system curves.
    public enum Name: String, Sendable, CaseIterable {
        case linear, easeIn, easeOut, easeInEaseOut, `default`
    }

    public let c1: Point
    public let c2: Point

    /// A curve with control points (c1x, c1y) and (c2x, c2y); x values are clamped to 0…1.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        c1 = Point(x: min(max(c1x, 0), 1), y: c1y)
        c2 = Point(x: min(max(c2x, 0), 1), y: c2y)
    }

    public init(name: Name) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }

    public static let linear = TimingFunction(name: .linear)
    public static let easeIn = TimingFunction(name: .easeIn)
    public static let easeOut = TimingFunction(name: .easeOut)
    public static let easeInEaseOut = TimingFunction(name: .easeInEaseOut)
    public static let `default` = TimingFunction(name: .default)

    /// Control point `index` (0…3) as CAMediaTimingFunction's getControlPoint(at:) returns it.
    public func controlPoint(at index: Int) -> Point {
        switch index {
        case 0: .zero
        case 1: c1
        case 2: c2
        default: Point(x: 1, y: 1)
        }
    }

    // Bernstein form collapsed to a·s³ + b·s² + c·s per coordinate.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }
    private static func eval(_ k: (Double, Double, Double), _ s: Double) -> Double { ((k.0 * s + k.1) * s + k.2) * s }
    private static func slope(_ k: (Double, Double, Double), _ s: Double) -> Double { (3 * k.0 * s + 2 * k.1) * s + k.2 }

    /// The curve parameter s with x(s) = x. Newton's step is accepted only once it has moved s by
    /// less than 1e-10 (near a flat spot of x(s) a small x error is a large s error); otherwise
    /// bisection on s — x(s) is monotone because the control x values lie in 0…1.
    func parameter(forX x: Double) -> Double {
        let kx = Self.coefficients(c1.x, c2.x)
        var s = x
        for _ in 0..<8 {
            let err = Self.eval(kx, s) - x
            let d = Self.slope(kx, s)
            if abs(d) < 1e-6 { break }
            let step = err / d
            s -= step
            if s < 0 || s > 1 { break }
            if abs(step) < 1e-10 { return s }
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-14 {
            let m = (lo + hi) / 2
            if Self.eval(kx, m) < x { lo = m } else { hi = m }
        }
        return (lo + hi) / 2
    }

    /// The eased fraction at time fraction `x` (clamped to 0…1).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1.x == c1.y && c2.x == c2.y { return x }
        return Self.eval(Self.coefficients(c1.y, c2.y), parameter(forX: x))
    }

    public func callAsFunction(_ x: Double) -> Double { value(at: x) }
}
