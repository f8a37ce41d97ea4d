// View.AnimationCurve (UIView.AnimationCurve): the four named timing curves, as the cubic Béziers in
// DESIGN.md. Percent-driven transitions use one for the rest of the animation after finish/cancel.

extension View {
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        /// Control points (x1, y1, x2, y2).
        var controlPoints: (Double, Double, Double, Double) {
            switch self {
            case .easeInOut: (0.42, 0, 0.58, 1)
            case .easeIn: (0.42, 0, 1, 1)
            case .easeOut: (0, 0, 0.58, 1)
            case .linear: (0, 0, 1, 1)
            }
        }

        /// Progress (0…1) at time fraction `u` (0…1): solves x(s) = u by bisection, returns y(s).
        public func progress(at u: Double) -> Double {
            let (x1, y1, x2, y2) = controlPoints
            if self == .linear { return min(1, max(0, u)) }
            func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                let m = 1 - s
                return 3 * m * m * s * p1 + 3 * m * s * s * p2 + s * s * s
            }
            let x = min(1, max(0, u))
            var lo = 0.0, hi = 1.0
            for _ in 0..<48 {
                let mid = (lo + hi) / 2
                if bez(mid, x1, x2) < x { lo = mid } else { hi = mid }
            }
            return bez((lo + hi) / 2, y1, y2)
        }
    }
}
