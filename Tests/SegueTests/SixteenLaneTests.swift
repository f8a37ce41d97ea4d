// The sixteen-pixel steps of the row kernels (a snapshot's copy, a translucent fill, a run of
// attributed pixels) pinned to the scalar loops they stand for, bit for bit, at lengths from 0 to 56 —
// whole groups of sixteen, a group of eight after them, and the scalar or windowed tail — on random
// premultiplied pixels where opaque and translucent groups mix.
import Testing
@testable import Segue

@Suite struct SixteenLaneTests {
    /// A row of random pixels, each group of eight opaque with probability ½ (so some groups of
    /// sixteen are wholly opaque, some half, some not at all).
    static func row(_ n: Int, _ rng: inout SplitMix) -> Bitmap {
        let b = Bitmap(width: n, height: 1)
        var opaque = false
        for x in 0..<n {
            if x % 8 == 0 { opaque = Bool.random(using: &rng) }
            b.row(0)[x] = FastPathTests.pixel(&rng) | (opaque ? 0xff00_0000 : 0)
        }
        return b
    }

    @Test func blendRowAtFullOpacityEqualsSourceOverPixelByPixel() {
        var rng = SplitMix(seed: 31)
        for trial in 0..<400 {
            let count = Int.random(in: 0...56, using: &rng)
            let src = Self.row(64, &rng), x0 = Int.random(in: 0...(64 - count), using: &rng)
            let fast = FastPathTests.randomBitmap(60, 1, &rng), ref = fast.copy()
            blendRow(fast.row(0), src.row(0) + x0, count, opacity: 255)
            for i in 0..<count { ref.row(0)[i] = over(src.row(0)[x0 + i], ref.row(0)[i]) }
            #expect(Array(FastPathTests.line(fast)) == Array(FastPathTests.line(ref)), "trial \(trial)")
        }
    }

    @Test func blendSpanEqualsSourceOverPixelByPixel() {
        var rng = SplitMix(seed: 37)
        for trial in 0..<400 {
            let count = Int.random(in: 0...56, using: &rng)
            let pixel = trial % 5 == 0 ? 0 : FastPathTests.pixel(&rng)
            let fast = FastPathTests.randomBitmap(60, 1, &rng), ref = fast.copy()
            blendSpan(fast.row(0), count, pixel)
            for i in 0..<count { ref.row(0)[i] = over(pixel, ref.row(0)[i]) }
            #expect(Array(FastPathTests.line(fast)) == Array(FastPathTests.line(ref)), "trial \(trial)")
        }
    }

    @Test func attributedSpanEqualsTheScalarModulateLoop() {
        var rng = SplitMix(seed: 41)
        let (opaque, translucent) = FastPathTests.textures(80, 40, &rng)
        let n = 64
        let x = UnsafeMutablePointer<Int32>.allocate(capacity: 5 * n)
        defer { x.deallocate() }
        let y = x + n, sh = x + 2 * n, hl = x + 3 * n, al = x + 4 * n
        for trial in 0..<600 {
            let tex = trial % 2 == 0 ? opaque : translucent
            let count = Int.random(in: 0...56, using: &rng)
            let lights = trial % 3 != 0, fades = trial % 4 == 1
            let uniform: UInt32? = trial % 7 == 3 ? FastPathTests.pixel(&rng) : nil
            // Positions inside the kernels' margin (4/256 texel from the edges); every fifth run steps
            // one texel a pixel along one row (a page lying flat: vector loads, no gathers).
            let flat = trial % 5 == 2
            let fx = Int32.random(in: 4..<(256 * 10), using: &rng), fy = Int32.random(in: 4..<(256 * 38), using: &rng)
            for i in 0..<n {
                x[i] = Int32.random(in: 4..<(256 * 79 - 4), using: &rng)
                y[i] = flat ? fy : Int32.random(in: 4..<(256 * 39 - 4), using: &rng)
                sh[i] = Int32.random(in: 0...256, using: &rng)
                // Some runs lit only in every other group of sixteen (the water's near and far slopes).
                hl[i] = lights && !(trial % 2 == 1 && (i / 16) % 2 == 0) ? Int32.random(in: 0...256, using: &rng) : 0
                al[i] = fades ? Int32.random(in: 0...256, using: &rng) : 256
            }
            if flat { for i in 0..<n { x[i] = fx + 256 * Int32(i) } }
            let fast = FastPathTests.randomBitmap(60, 1, &rng), ref = fast.copy()
            let x0 = Int.random(in: 0...(60 - count), using: &rng)
            attributedSpan(fast.row(0) + x0, count, tex.pixels, tex.stride, x: x, y: y, shade: sh, highlight: hl, alpha: al,
                           within: FastPathTests.line(fast), lights: lights, fades: fades, uniform: uniform)
            for i in 0..<count {
                let s = uniform ?? sampleInside(tex.pixels, tex.stride, Int(x[i]) << 16, Int(y[i]) << 16)
                put(ref.row(0) + x0 + i, modulatePixel(s, Int(sh[i]), Int(hl[i]), Int(al[i])), 255)
            }
            #expect(Array(FastPathTests.line(fast)) == Array(FastPathTests.line(ref)), "trial \(trial)")
        }
    }
}
