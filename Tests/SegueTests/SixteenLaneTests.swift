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
            // Some on whole texels (still water, a page lying still: no weighting), in a row or not.
            if trial % 10 == 7 || trial % 10 == 9 { for i in 0..<n { x[i] &= ~0xff; y[i] &= ~0xff } }
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

    /// The gathers' taps for lanes stepping one texel along a row (read as vector loads) and for
    /// lanes that do not quite (one lane off by a column or a row: gathered pair by pair) are the
    /// texels at each lane's position and the next column, on its row and the next.
    @Test func gathersReadEachLanesTapsConsecutiveOrNot() {
        var rng = SplitMix(seed: 41)
        let tex = FastPathTests.randomBitmap(64, 12, &rng)
        for trial in 0..<300 {
            let x0 = Int32.random(in: 0...40, using: &rng), y0 = Int32.random(in: 0...9, using: &rng)
            var x = I16((0..<16).map { (x0 + Int32($0)) << 8 | Int32.random(in: 0...255, using: &rng) })
            var y = I16(repeating: y0 << 8 | Int32.random(in: 0...255, using: &rng))
            // Two trials in three break the run at one lane: a column repeated or a row below.
            if trial % 3 != 0 {
                let k = Int.random(in: 1...15, using: &rng)
                if trial % 3 == 1 { x[k] -= 256 } else { y[k] += 256 }
            }
            func expected(_ lanes: Range<Int>) -> [UInt32] {
                lanes.flatMap { k -> [UInt32] in
                    let r = Int(y[k] >> 8), c = Int(x[k] >> 8)
                    return [tex.row(r)[c], tex.row(r)[c + 1], tex.row(r + 1)[c], tex.row(r + 1)[c + 1]]
                }
            }
            let g = gather16(tex.pixels, tex.stride, x, y, alongRows: trial % 2 == 0)
            let got16 = (0..<16).flatMap { [g.t00[$0], g.t10[$0], g.t01[$0], g.t11[$0]] }
            #expect(got16 == expected(0..<16), "trial \(trial)")
            let e = gather8(tex.pixels, tex.stride, x.lowHalf, y.lowHalf, alongRows: trial % 2 == 0)
            let got8 = (0..<8).flatMap { [e.t00[$0], e.t10[$0], e.t01[$0], e.t11[$0]] }
            #expect(got8 == expected(0..<8), "trial \(trial)")
        }
    }
}
