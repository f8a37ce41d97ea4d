// How animatable values blend: numbers, points and rects component-wise; colours in premultiplied
// space (`Color.interpolate`); transforms by decomposition (`DecomposedTransform`), never by matrix
// entries. Fractions outside 0…1 extrapolate, so springs overshoot in every property.

extension AnimatableValue {
    /// The value a fraction `t` of the way from `a` to `b`; mismatched kinds jump at t ≥ 1.
    public static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        if t == 0 { return a }
        if t == 1 { return b }
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        switch (a, b) {
        case let (.double(x), .double(y)): return .double(l(x, y))
        case let (.point(p), .point(q)): return .point(Point(x: l(p.x, q.x), y: l(p.y, q.y)))
        case let (.rect(r), .rect(s)):
            return .rect(Rect(x: l(r.origin.x, s.origin.x), y: l(r.origin.y, s.origin.y),
                              width: l(r.size.width, s.size.width), height: l(r.size.height, s.size.height)))
        case let (.color(c), .color(d)): return .color(Color.interpolate(c, d, t))
        case let (.transform(m), .transform(n)):
            if m == n { return a }
            return .transform(DecomposedTransform.interpolate(m.decomposed, n.decomposed, t).recomposed)
        default: return t < 1 ? a : b
        }
    }
}
