// ChordStrips: where to cut a curved, shaded surface into flat strips. A strip is a chord of the
// surface: everything about it (where its texels land, its shade) is interpolated linearly across it,
// so a quantity f strays from the true surface by about |f″|·h²/8 inside a strip h wide. The cuts are
// placed so that error is the same in every strip (equidistribution): the density
// ρ = max over the quantities of √(|f″| / (8·tolerance)) is summed along the parameter, and the
// strips are equal shares of the sum, the fewest that keep every quantity within its tolerance.
// So a surface gets the strips its curvature and its shading need in device pixels and levels: more
// where it turns or its shade bends, fewer where it is nearly flat, and as many as a big screen needs
// but no more on a small one — not a fixed number spaced evenly, which was too fine nearly everywhere
// and as coarse as the tolerance allows in one place.

struct ChordStrips {
    /// The quantities' tolerances, in their own units (device pixels, shade factors …); a lane of
    /// `.infinity` is not a quantity.
    var tolerance: SIMD4<Double>
    /// Samples of the density along the parameter (cells of the interval).
    var samples = 64
    /// Scratch, kept from call to call (no arrays a frame).
    private var values: [SIMD4<Double>] = [], density: [Double] = []

    init(tolerance: SIMD4<Double>) { self.tolerance = tolerance }

    /// Appends to `cuts` the strips' inner boundaries between `a` and `b` (a < b), in order — not
    /// `a` and `b` themselves. `f(t)` gives the quantities at parameter t, evaluated strictly inside
    /// (a, b) only: a surface may change its formula at either end.
    mutating func cuts(from a: Double, to b: Double, into cuts: inout [Double], _ f: (Double) -> SIMD4<Double>) {
        guard b > a else { return }
        let m = max(3, samples), h = (b - a) / Double(m)
        // The quantities at the cells' centres, their second differences, the density per cell.
        values.removeAll(keepingCapacity: true)
        for i in 0..<m { values.append(f(a + (Double(i) + 0.5) * h)) }
        density.removeAll(keepingCapacity: true)
        density.append(contentsOf: repeatElement(0, count: m))
        for i in 1..<(m - 1) {
            let d2 = (values[i + 1] - 2 * values[i] + values[i - 1]) / (h * h)
            density[i] = ((d2 * d2).squareRoot() / (8 * tolerance)).max().squareRoot()
        }
        density[0] = density[1]; density[m - 1] = density[m - 2]
        let total = density.reduce(0, +) * h
        let n = max(1, Int(total.rounded(.up)))
        guard n > 1 else { return }
        // The k-th cut where the running sum reaches k/n of the total, within its cell linearly.
        var k = 1, sum = 0.0
        for i in 0..<m {
            let cell = density[i] * h
            while k < n, sum + cell >= total * Double(k) / Double(n) {
                let share = cell > 0 ? (total * Double(k) / Double(n) - sum) / cell : 0
                cuts.append(a + (Double(i) + share) * h)
                k += 1
            }
            sum += cell
        }
    }
}
