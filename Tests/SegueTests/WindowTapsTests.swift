// The window gather (CGather's `segue_window_taps`, tried by `gather16` on CPUs with AVX-512)
// pinned to the texels themselves: wherever it reads a group's taps they are the ones the scalar
// gather reads, bit for bit, and it declines exactly the groups that do not fit its window — taps
// starting on more than `windowRows` rows (four), columns over more than `windowColumns` − 1
// (sixty-three), a window (thirty-two texels wide, or sixty-four where the columns need it) running
// past the row's stride. The one-row window (`segue_row_taps`, an affine span along a texture row)
// likewise, for lanes all on one row within thirty-one columns. Groups are random: stepping like a page in perspective (monotonic, up to
// four texels a pixel), like a ripple (lanes out of order), and placed against every edge of the
// texture.
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
        let far = cx.contains { $0 - left > windowColumns / 2 - 2 }
        return cx.allSatisfy { $0 >= left && $0 - left <= windowColumns - 2 } && ry.allSatisfy { $0 >= top && $0 - top < windowRows }
            && Int(left) + (far ? windowColumns : windowColumns / 2) <= stride
    }

    @Test func readsTheScalarTapsAndDeclinesWhatDoesNotFit() {
        var rng = SplitMix(seed: 53)
        let w = 90, h = 24
        let stride = 96, tex = Self.texture(stride: stride, h, &rng)
        defer { tex.deallocate() }
        var read = 0, declined = 0, rowsRead = [Int](repeating: 0, count: windowRows), wide = 0
        for trial in 0..<6000 {
            // Steps of 0 to 4.4 texels a pixel across and −0.3 to 0.3 rows down (a page in
            // perspective), or every third trial each lane jittered on its own (water).
            let du = Double.random(in: 0...4.4, using: &rng) * (trial % 2 == 0 ? 1 : -1)
            let dv = Double.random(in: -0.3...0.3, using: &rng)
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
                rowsRead[Int(ry.max()! - ry.min()!)] += 1
                if cx.max()! - cx.min()! > windowColumns / 2 - 2 { wide += 1 }
            } else {
                declined += 1
            }
        }
        // Both outcomes are exercised in quantity, and groups whose taps start on each number of rows.
        #expect(read > 1000 && declined > 500, "read \(read), declined \(declined)")
        #expect(rowsRead.allSatisfy { $0 > 150 }, "groups read by rows their taps start on: \(rowsRead)")
        #expect(wide > 300, "\(wide) groups read from a window sixty-four texels wide")
    }

    /// What the one-row window returns for lanes at columns `cx` of row `row` (nil if it declines).
    static func rowWindow(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ cx: [Int32], row: Int) -> [UInt32]? {
        var taps = [UInt32](repeating: 0, count: 64)
        let read = taps.withUnsafeMutableBufferPointer { segue_row_taps(tex + row * stride, stride, cx, $0.baseAddress!) }
        return read != 0 ? taps : nil
    }

    @Test func theOneRowWindowReadsTheScalarTapsAndDeclinesWhatDoesNotFit() {
        var rng = SplitMix(seed: 67)
        let w = 90, h = 12, stride = 96, tex = Self.texture(stride: stride, h, &rng)
        defer { tex.deallocate() }
        var read = 0, declined = 0
        for trial in 0..<4000 {
            // An affine span's groups: 0 to 2.6 texels a pixel, left or right; every fourth against
            // the right edge (its window past the stride).
            let du = Double.random(in: 0...2.6, using: &rng) * (trial % 2 == 0 ? 1 : -1)
            var u0 = Double.random(in: 0..<Double(w - 1), using: &rng)
            if trial % 4 == 1 { u0 = Double(w - 2) - Double.random(in: 0...3, using: &rng) }
            let cx = (0..<16).map { Int32(min(Double(w - 2), max(0, u0 + Double($0) * du)).rounded(.down)) }
            let row = Int.random(in: 0..<(h - 1), using: &rng), ry = [Int32](repeating: Int32(row), count: 16)
            let left = min(cx[0], cx[15])
            let fits = cx.allSatisfy { $0 >= left && $0 - left <= windowColumns / 2 - 2 } && Int(left) + windowColumns / 2 <= stride
            let taps = Self.rowWindow(tex, stride, cx, row: row)
            #expect((taps != nil) == fits, "trial \(trial): \(cx)")
            if let taps {
                #expect(taps == Self.scalar(tex, stride, cx, ry), "trial \(trial)")
                read += 1
            } else {
                declined += 1
            }
        }
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
            // The same lanes on one row (an affine span along a texture row) through the one-row window.
            let level = I16(repeating: y0)
            let plain = gather16(tex, stride, x, level), oneRow = gather16(tex, stride, x, level, oneRow: true)
            #expect(plain.t00 == oneRow.t00 && plain.t10 == oneRow.t10 && plain.t01 == oneRow.t01 && plain.t11 == oneRow.t11,
                    "trial \(trial), one row")
        }
    }

    /// `SpanPlanes.windowGroups` picks the groups of a span in perspective whose step, at their
    /// middle, fits the window ((windowColumns − 3)/15 texel a pixel across, (windowRows − 1)/15 down),
    /// and leaves those that do not.
    @Test func windowGroupsAreTheGroupsWhoseStepsFit() {
        var rng = SplitMix(seed: 61)
        var inside = 0, outside = 0
        for trial in 0..<3000 {
            // A plane in perspective: 1/w from 0.3 to 3 across the span, rising or falling; u/w and
            // v/w steps giving from a fraction of a texel to several a pixel.
            let count = 16 * Int.random(in: 1...60, using: &rng)
            let q0 = Float.random(in: 0.3...3, using: &rng), q1 = Float.random(in: 0.3...3, using: &rng)
            let sign: Float = trial % 5 == 0 ? -1 : 1
            let dq = sign * (q1 - q0) / Float(count), q = sign * q0
            let ds = Float.random(in: -900...900, using: &rng), dt = Float.random(in: -60...60, using: &rng)
            let s = Float.random(in: -2e5...2e5, using: &rng), t = Float.random(in: -2e5...2e5, using: &rng)
            let planes = SpanPlanes(s: s, t: t, q: q, ds: ds, dt: dt, dq: dq)
            let first = Int.random(in: 0...40, using: &rng)
            let run = planes.windowGroups(first: first, count: count)
            #expect(run.lowerBound % 16 == 0 && run.upperBound % 16 == 0 && run.upperBound <= count, "trial \(trial): \(run)")
            var g = 0
            while g < count {
                // The step at the group's middle, from its two middle pixels, in 1/256 texel.
                let a = planes.position(first + g + 7), b = planes.position(first + g + 8)
                // (Positions far past any texture are clamped: no step to judge.)
                if [a.x, a.y, b.x, b.y].contains(where: { abs($0) > 1 << 20 }) { g += 16; continue }
                let across = Double(abs(b.x - a.x)) / Double(256 * (windowColumns - 3)) * 15
                let down = Double(abs(b.y - a.y)) / Double(256 * (windowRows - 1)) * 15
                let fit = max(across, down)
                // Clear of the threshold (positions are rounded to 1/256 texel): judged the same way.
                if fit < 0.9 { #expect(run.contains(g), "trial \(trial), group \(g): \(fit), \(run)"); inside += 1 }
                if fit > 1.1 { #expect(!run.contains(g), "trial \(trial), group \(g): \(fit), \(run)"); outside += 1 }
                g += 16
            }
        }
        #expect(inside > 5000 && outside > 5000, "\(inside) groups inside, \(outside) outside")
    }
}
