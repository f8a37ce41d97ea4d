// `SpanPlanes.insideRange` finds the pixels of a span whose taps lie inside the texture by bisection;
// these tests pin it to asking every pixel (`inside` of one pixel), for spans that cross the texture's
// edges at either end, both ends, or not at all, affine and in steep perspective.

import Testing
@testable import Segue

struct InsideRangeTests {
    @Test func agreesWithAskingEveryPixel() {
        var rng = SplitMix(seed: 11)
        var crossing = 0
        for _ in 0..<3000 {
            let q = Float.random(in: 0.3...2, using: &rng)
            let dq = Bool.random(using: &rng) ? 0 : Float.random(in: -0.01...0.01, using: &rng) * q
            // Start anywhere from a little outside a 64×48 texture to inside it, moving up to two texels a
            // pixel in any direction, so spans enter, leave or cross it.
            let u = Float.random(in: -8...72, using: &rng), v = Float.random(in: -8...56, using: &rng)
            let du = Float.random(in: -2...2, using: &rng), dv = Float.random(in: -2...2, using: &rng)
            let p = SpanPlanes(s: u * q * 256, t: v * q * 256, q: q, ds: (du * q + u * dq) * 256,
                               dt: (dv * q + v * dq) * 256, dq: dq)
            let count = Int.random(in: 1...120, using: &rng)
            // Only spans whose depth stays in front (q > 0) along them: the rasterizer's spans do.
            guard p.q + Float(count) * p.dq > 0.05 else { continue }
            let expected = (0..<count).filter { p.inside($0, 1, width: 64, height: 48) }
            let range = p.insideRange(count, width: 64, height: 48)
            #expect(Array(range) == expected, "u \(u) v \(v) du \(du) dv \(dv) q \(q) dq \(dq) n \(count)")
            if !expected.isEmpty && expected.count < count { crossing += 1 }
        }
        // Most trials must exercise the bisection, not only the all-inside or all-outside answers.
        #expect(crossing > 500)
    }
}
