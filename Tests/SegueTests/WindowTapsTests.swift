// The window gather (CGather's `segue_window_taps`, tried by `gather16` on CPUs with AVX-512)
// pinned to the texels themselves: wherever it reads a group's taps they are the ones the scalar
// gather reads, bit for bit, and it declines exactly the groups that do not fit its window — rows
// spread over more than two, columns over more than thirty-one, a window running past the row's
// stride. Groups are random: stepping like a page in perspective (monotonic, one to two texels a
// pixel), like a ripple (lanes out of order), and placed against every edge of the texture.
import Testing
import CGather
@testable import Segue

@Suite(.enabled(if: windowTapsAvailable, "the window gather needs AVX-512F"))
struct WindowTapsTests {
    /// `stride × h` random pixels: a texture whose row stride exceeds its width (as a level's may).
    static func texture(stride: Int, _ h: Int, _ rng: inout SplitMix) -> UnsafeMutablePointer<UInt32> {
        let p = UnsafeMutablePointer<UInt32>.allocate(capacity: stride * h)
        for k in 0..<(stride * h) { p[k] = FastPathTests.pixel(&rng) }
        return p
    }

    /// What the window gather returns for lanes at columns `cx`, rows `ry` (nil if it declines).
    static func window(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ cx: [Int32], _ ry: [Int32]) -> [UInt32]? {
        var taps = [UInt32](repeating: 0, count: 64)
        let read = taps.withUnsafeMutableBufferPointer { segue_window_taps(tex, stride, cx, ry, 0, $0.baseAddress!) }
        return read != 0 ? taps : nil
    }

    /// The scalar taps of the same lanes, in the window gather's order (t00, t10, t01, t11).
    static func scalar(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ cx: [Int32], _ ry: [Int32]) -> [UInt32] {
        let at = { (k: Int, dx: Int, dy: Int) in tex[(Int(ry[k]) + dy) * stride + Int(cx[k]) + dx] }
        return (0..<16).map { at($0, 0, 0) } + (0..<16).map { at($0, 1, 0) } + (0..<16).map { at($0, 0, 1) }
            + (0..<16).map { at($0, 1, 1) }
    }

    /// Whether the lanes fit the window as its contract states.
    static func fits(_ cx: [Int32], _ ry: [Int32], stride: Int) -> Bool {
        let left = min(cx[0], cx[15]), top = min(ry[0], ry[15])
        return cx.allSatisfy { $0 >= left && $0 - left <= 30 } && ry.allSatisfy { $0 >= top && $0 - top <= 1 }
            && Int(left) + 32 <= stride
    }

    @Test func readsTheScalarTapsAndDeclinesWhatDoesNotFit() {
        var rng = SplitMix(seed: 53)
        let w = 90, h = 24
        let stride = 96, tex = Self.texture(stride: stride, h, &rng)
        defer { tex.deallocate() }
        var read = 0, declined = 0
        for trial in 0..<4000 {
            // Steps of 0 to 2.2 texels a pixel across and −0.15 to 0.15 rows down (a page in
            // perspective), or every third trial each lane jittered on its own (water).
            let du = Double.random(in: 0...2.2, using: &rng) * (trial % 2 == 0 ? 1 : -1)
            let dv = Double.random(in: -0.15...0.15, using: &rng)
            let jitter = trial % 3 == 0
            var u0 = Double.random(in: 0..<Double(w - 1), using: &rng), v0 = Double.random(in: 0..<Double(h - 1), using: &rng)
            // Every fourth group against an edge: the right (window past the stride), the bottom.
            if trial % 4 == 1 { u0 = Double(w - 2) - Double.random(in: 0...3, using: &rng) }
            if trial % 4 == 3 { v0 = Double(h - 2) - Double.random(in: 0...0.9, using: &rng) }
            var cx = [Int32](), ry = [Int32]()
            for k in 0..<16 {
                var u = u0 + Double(k) * du, v = v0 + Double(k) * dv
                if jitter { u += Double.random(in: -1.5...1.5, using: &rng); v += Double.random(in: -0.6...0.6, using: &rng) }
                cx.append(Int32(min(Double(w - 2), max(0, u)).rounded(.down)))
                ry.append(Int32(min(Double(h - 2), max(0, v)).rounded(.down)))
            }
            let taps = Self.window(tex, stride, cx, ry)
            #expect((taps != nil) == Self.fits(cx, ry, stride: stride), "trial \(trial): \(cx) \(ry)")
            if let taps {
                #expect(taps == Self.scalar(tex, stride, cx, ry), "trial \(trial)")
                read += 1
            } else {
                declined += 1
            }
        }
        // Both outcomes are exercised in quantity.
        #expect(read > 1000 && declined > 500, "read \(read), declined \(declined)")
    }

    @Test func gather16GivesTheSameTapsWithAndWithoutTheWindow() {
        var rng = SplitMix(seed: 59)
        let stride = 72, tex = Self.texture(stride: stride, 30, &rng)
        defer { tex.deallocate() }
        for trial in 0..<2000 {
            // Positions in 1/256 texel, inside the texture with a texel to spare for the right and
            // lower taps; steps as a page in perspective reads.
            let dx = Int32.random(in: -400...400, using: &rng), dy = Int32.random(in: -40...40, using: &rng)
            let x0 = Int32.random(in: 8_000...9_500, using: &rng), y0 = Int32.random(in: 1_000...5_000, using: &rng)
            let lanes = I16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
            let x = I16(repeating: x0) &+ lanes &* dx, y = I16(repeating: y0) &+ lanes &* dy
            for along in [false, true] {
                let plain = gather16(tex, stride, x, y, alongRows: along, window: false)
                let windowed = gather16(tex, stride, x, y, alongRows: along, window: true)
                #expect(plain.t00 == windowed.t00 && plain.t10 == windowed.t10 && plain.t01 == windowed.t01
                        && plain.t11 == windowed.t11, "trial \(trial), along \(along)")
            }
        }
    }
}
