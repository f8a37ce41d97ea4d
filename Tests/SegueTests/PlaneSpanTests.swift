// CPlaneSpan's loop (`segue_plane_span16`, what `meshSpan16` runs on a CPU with AVX-512) pinned to
// the Swift loop it stands for (`meshSpan16Lanes`), bit for bit, over the cases that choose how a
// group's taps are read: spans in perspective and affine ones, stepping about a texel along a row
// (consecutive texels), along one texture row (the row pair's window), within the window and too
// steep for it; shaded and not, at full and partial opacity, over opaque and translucent pixels.
import Testing
@testable import Segue

@Suite(.enabled(if: cLoopsAvailable, "CPlaneSpan needs AVX-512 F and BW"))
struct PlaneSpanTests {
    /// Planes of the `kind` whose positions stay inside a `size`² texture for `count` pixels from
    /// `first` (16 to 120 pixels from 0…40; steep ones 16 to 40).
    static func span(_ rng: inout SplitMix, size: Int, kind: Int) -> (SpanPlanes, count: Int, first: Int) {
        while true {
            let count = Int.random(in: 16...(kind / 2 % 4 == 3 ? 40 : 120), using: &rng), first = Int.random(in: 0...40, using: &rng)
            let q = Float.random(in: 0.3...2, using: &rng)
            let dq = kind % 2 == 0 ? 0 : Float.random(in: -0.004...0.004, using: &rng) * q
            let u = Float.random(in: 8...Float(size - 8), using: &rng), v = Float.random(in: 8...Float(size - 8), using: &rng)
            // 0: about a texel along a row; 1: along one texture row; 2: within the window; 3: steep.
            let du: Float, dv: Float
            switch kind / 2 % 4 {
            case 0: (du, dv) = (1 + Float.random(in: -0.003...0.003, using: &rng), Float.random(in: -0.003...0.003, using: &rng))
            case 1: (du, dv) = (Float.random(in: -1.8...1.8, using: &rng), 0)
            case 2: (du, dv) = (Float.random(in: -2.5...2.5, using: &rng), Float.random(in: -0.25...0.25, using: &rng))
            default: (du, dv) = (Float.random(in: -4...4, using: &rng), Float.random(in: -3...3, using: &rng))
            }
            let p = SpanPlanes(s: u * q * 256, t: v * q * 256, q: q, ds: (du * q + u * dq) * 256,
                               dt: kind / 2 % 4 == 1 && dq == 0 ? 0 : (dv * q + v * dq) * 256, dq: dq)
            if p.inside(first, count, width: size, height: size) { return (p, count, first) }
        }
    }

    @Test func theCLoopEqualsTheSwiftLoop() {
        var rng = SplitMix(seed: 16)
        let size = 160
        let (opaque, translucent) = FastPathTests.textures(size, size, &rng)
        for trial in 0..<1200 {
            let kind = trial % 8
            let (planes, count, first) = Self.span(&rng, size: size, kind: kind)
            let tex = trial % 3 == 0 ? translucent : opaque
            let opacity: UInt32 = trial % 4 == 0 ? UInt32.random(in: 0...255, using: &rng) : 255
            let shade: UInt16 = trial % 5 == 0 ? UInt16.random(in: 0...256, using: &rng) : 256
            let along = planes.stepsAlongRows(first: first, count: count)
            let c = FastPathTests.randomBitmap(count, 1, &rng), swift = c.copy()
            let n = meshSpan16(c.row(0), count, tex.pixels, tex.stride, planes, first: first, opacity: opacity, shade: shade, alongRows: along)
            let m = meshSpan16Lanes(swift.row(0), count, tex.pixels, tex.stride, planes, first: first, opacity: opacity, shade: shade,
                                    alongRows: along)
            #expect(n == m && n == count - count % 16)
            #expect(Array(FastPathTests.line(c)) == Array(FastPathTests.line(swift)), "trial \(trial), kind \(kind)")
        }
    }
}
