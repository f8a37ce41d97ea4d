// TurnedStrips: the inner pixels of a turned image (a card rotating away) drawn down the screen in
// strips sixteen columns wide, each group of sixteen samples taken not along a screen row but along a
// texture row. Along a screen row a turned texture is read across its rows: sixteen pixels' taps lie
// in as many rows as the turn makes them cross, each a load of its own (the scalar gather). Along a
// "staircase" — pixel i of the group dropped `drop[i]` screen rows, the rounded slope that keeps the
// texture row fixed — the sixteen read within two texture rows and about twenty columns: the window
// CGather reads with six vector loads and lane permutes. Past 45° the staircases follow the
// texture's columns instead, read from its transposed copy (Bitmap+Transposed), so they never drop
// more than a row a column — once it has one (up to 56°, until then, they drop up to one and a half). A group's samples go to a ring of the last 32 groups; a screen row's
// sixteen pixels are then lane i of the group that crossed it at lane i — a select per drop where
// the staircases are shallow, one hardware gather from the ring where they are deep — blended over
// the target as every span kernel blends. A strip walks its texture diagonally, which the hardware
// prefetchers do not follow, so it hints the window eight groups ahead itself.
// Every pixel's position is the draw's affine map in 8.24, anchored at the device origin
// (`drawAffine`), the same integer whichever way the pixel is reached, so the samples are the row
// kernels' bit for bit. Lanes of a group whose pixel is not drawn by the strip are clamped into the
// texture and never shown. Against the rows' kernels (interleaved whole rotating-dismiss runs at
// 1080p, one thread): p50 and p99 about 0.8× the time. On a CPU with AVX-512 a strip is one C
// function (CTurnedStrip), its lanes and taps in registers: 0.92–0.94× the time of the Swift loop.

import CGather
import CPrefetch

/// The lane geometry of a turned image's strip groups: where each lane lies and how its texture
/// position differs from the group's first pixel's, fixed for a draw.
struct TurnedStrips {
    /// The most rows a lane lies below its group's first row (its "drop").
    let depth: Int
    /// Lane i's position minus the group's (8.24, split at bit 16 as `affineSpan`'s steps), in the
    /// texture's columns (c) and rows (r).
    let cHigh, cLow, rHigh, rLow: I16
    /// The least of the lanes' offsets in the texture's columns and rows (8.24): the window's first
    /// column and row, less the group's position.
    let leastColumn, leastRow: Int
    /// Lane i's place in the ring relative to its row's group: i − 16·drop[i] (texels).
    let ringLanes: I16
    /// Per drop d (0…depth), all ones in the lanes dropped by d (room for every depth below `ring`,
    /// held in the value: the plan is made for every turned draw, and an array was an allocation).
    let lanesAt: InlineArray<32, Px16>
    /// The ring's length (a power of two above `depth`).
    static let ring = 32
    /// How many groups ahead a strip hints its texture rows (4: 1.07–1.1× the time of 8; 12, 16
    /// within noise of 8).
    static let ahead = 8
    /// Up to this depth the Swift loop picks a row's lanes by a select per drop, deeper by one gather
    /// from the ring: at 0.1 of rotating-dismiss (one row deep) the gather took 1.5× the selects'
    /// time, at 0.5 (thirteen deep) the selects 1.1× the gather's. (The C loop selects at any depth.)
    static let selectsUpTo = 6

    /// The strips of a map whose texture position steps (dUx, dVx) a pixel right and (dUy, dVy) a row
    /// down (8.24): along the image's rows, or along its columns — read from its transposed copy,
    /// with u and v trading places — where those drop fewer rows a column and `copy()` gives the
    /// copy (nil where it has none to give).
    static func plan(u: (x: Int, y: Int), v: (x: Int, y: Int), copy: () -> Bitmap?) -> (strips: TurnedStrips, copy: Bitmap?)? {
        let along = TurnedStrips(dC: u, dR: v), across = TurnedStrips(dC: v, dR: u)
        if let across, along.map({ across.depth < $0.depth }) ?? true, let c = copy() { return (across, c) }
        return along.map { ($0, nil) }
    }

    /// The strips of a map whose texture position steps (dCx, dRx) a pixel right and (dCy, dRy) a
    /// row down (8.24; C the texture's columns, R its rows), or nil where a staircase would drop more
    /// than one and a half rows a column (a card turned past 56°) or its sixteen pixels do not read
    /// within a window (two rows, thirty columns), or where the CPU has no window gather.
    init?(dC: (x: Int, y: Int), dR: (x: Int, y: Int)) {
        guard windowTapsAvailable, dR.y != 0, 2 * abs(dR.x) <= 3 * abs(dR.y) else { return nil }
        let slope = -Double(dR.x) / Double(dR.y)
        // Lane i's drop, and its offset from the group's position in the texture's columns and rows
        // (lane vectors, not arrays: no allocation).
        var rows = SIMD16<Int64>()
        for i in 0..<16 { rows[i] = Int64((Double(i) * slope).rounded()) }
        rows &-= SIMD16(repeating: rows.min())
        let lane = SIMD16<Int64>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let c = lane &* Int64(dC.x) &+ rows &* Int64(dC.y), r = lane &* Int64(dR.x) &+ rows &* Int64(dR.y)
        guard r.max() - r.min() < 1 << 24, c.max() - c.min() < 29 << 24 else { return nil }
        depth = Int(rows.max())
        guard depth < Self.ring else { return nil }
        func lanes(_ v: SIMD16<Int64>) -> I16 { I16(truncatingIfNeeded: v) }
        cHigh = lanes(c &>> 16); cLow = lanes(c & 0xffff)
        rHigh = lanes(r &>> 16); rLow = lanes(r & 0xffff)
        leastColumn = Int(c.min()); leastRow = Int(r.min())
        ringLanes = lanes(lane &- 16 &* rows)
        var at = InlineArray<32, Px16>(repeating: Px16())
        for i in 0..<16 { at[Int(rows[i])][i] = ~0 }
        lanesAt = at
    }

    /// Strip `m` of `layout` (columns x0..<x0 + 16) on the rows of `rows` it is left by them: each
    /// group's samples, then each row's pixels, source-over at `opacity`. (C, R): the texture position
    /// (8.24) of pixel (x0, 0), stepping (dCy, dRy) a row. `ring`: room for `TurnedStrips.ring` groups.
    /// On a CPU with AVX-512 the loop is CTurnedStrip's, in one C function (`cLoopsAvailable`).
    @inline(__always)
    func draw(_ target: Bitmap, strip m: Int, of layout: StripRows, rows: Range<Int>, C: Int, R: Int, dCy: Int, dRy: Int,
              texture tex: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int, opacity: UInt32,
              ring: UnsafeMutablePointer<Px16>) {
        guard cLoopsAvailable else {
            return drawLanes(target, strip: m, of: layout, rows: rows, C: C, R: R, dCy: dCy, dRy: dRy, texture: tex, stride: stride,
                             width: width, height: height, opacity: opacity, ring: ring)
        }
        var lanes = (cHigh, cLow, rHigh, rLow)
        withUnsafeBytes(of: &lanes) { l in
            withUnsafeBytes(of: lanesAt) { a in
                segue_turned_strip16(target.pixels, target.stride, (layout.firstStrip + m) << 4, rows.lowerBound, rows.upperBound,
                                     layout.perRowBase, layout.firstRow, Int32(m), Int64(C), Int64(R), Int64(dCy), Int64(dRy),
                                     l.baseAddress!.assumingMemoryBound(to: Int32.self), Int64(leastColumn), Int64(leastRow),
                                     depth, a.baseAddress!.assumingMemoryBound(to: UInt32.self), Self.ahead, tex, stride, width,
                                     height, opacity,
                                     UnsafeMutableRawPointer(ring).assumingMemoryBound(to: UInt32.self))
            }
        }
    }

    /// `draw`'s loop in Swift's vectors (for CPUs without AVX-512, and the tests' comparison).
    @inline(__always)
    func drawLanes(_ target: Bitmap, strip m: Int, of layout: StripRows, rows: Range<Int>, C: Int, R: Int, dCy: Int, dRy: Int,
                   texture tex: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int, opacity: UInt32,
                   ring: UnsafeMutablePointer<Px16>) {
        let x0 = (layout.firstStrip + m) << 4
        @inline(__always) func positions(_ P: Int, _ high: I16, _ low: I16) -> I16 {
            let l = I16(repeating: Int32(truncatingIfNeeded: P & 0xffff)) &+ low
            return I16(repeating: Int32(truncatingIfNeeded: P >> 16)) &+ high &+ (l &>> 16)
        }
        // Lanes outside the drawn pixels may lie anywhere near: clamped so that their taps are texels
        // (min and max as sign masks: the standard library's are calls, lane by lane).
        @inline(__always) func clamp(_ v: I16, _ hi: I16) -> I16 {
            let d = v &- hi, low = hi &+ (d & (d &>> 31))
            return low & ~(low &>> 31)
        }
        // The window's origin from the scalars, not read back from a lane of x or y: the least lane's
        // position (c or r plus its offset, as `positions` adds them), clamped as `clamp` does, in texels.
        @inline(__always) func leastTap(_ P: Int, _ hi: Int32) -> Int32 {
            min(max(Int32(truncatingIfNeeded: P >> 16), 0), hi) >> 8
        }
        let xLast = Int32(256 * (width - 1) - 1), yLast = Int32(256 * (height - 1) - 1)
        let xMax = I16(repeating: xLast), yMax = I16(repeating: yLast)
        let mask = Self.ring - 1, ahead = Self.ahead
        let gathers = depth > Self.selectsUpTo, ringIndex = I16(repeating: Int32(16 * Self.ring - 1))
        var j = rows.lowerBound - depth
        var c = C &+ j &* dCy, r = R &+ j &* dRy
        // The lanes' positions carried from group to group in vectors, split at bit 16 as `positions`
        // splits them (high part, and low part 0…0xffff whose carry the step adds), so that a group's
        // lanes do not wait on broadcasts of the scalars.
        let low = Int32(0xffff)
        var xh = positions(c, cHigh, cLow), yh = positions(r, rHigh, rLow)
        var xl = (I16(repeating: Int32(truncatingIfNeeded: c & 0xffff)) &+ cLow) & low
        var yl = (I16(repeating: Int32(truncatingIfNeeded: r & 0xffff)) &+ rLow) & low
        let dxh = I16(repeating: Int32(truncatingIfNeeded: dCy >> 16)), dxl = I16(repeating: Int32(truncatingIfNeeded: dCy & 0xffff))
        let dyh = I16(repeating: Int32(truncatingIfNeeded: dRy >> 16)), dyl = I16(repeating: Int32(truncatingIfNeeded: dRy & 0xffff))
        do {
            while j < rows.upperBound {
                let x = clamp(xh, xMax), y = clamp(yh, yMax)
                xl &+= dxl; xh &+= dxh &+ (xl &>> 16); xl &= low
                yl &+= dyl; yh &+= dyh &+ (yl &>> 16); yl &= low
                // The lower two rows of the window `ahead` groups on, all three lines of each.
                let ac = (c &+ ahead &* dCy &+ leastColumn) >> 24, ar = (r &+ ahead &* dRy &+ leastRow) >> 24
                let hint = UnsafeRawPointer(tex + min(max(ar + 1, 0), height - 1) * stride + min(max(ac, 0), width - 1))
                let next = hint + 4 * stride
                segue_prefetch(hint); segue_prefetch(hint + 64); segue_prefetch(hint + 124)
                segue_prefetch(next); segue_prefetch(next + 64); segue_prefetch(next + 124)
                let taps = windowTaps(tex, stride, columns: x &>> 8, rows: y &>> 8,
                                      origin: (leastTap(c &+ leastColumn, xLast), leastTap(r &+ leastRow, yLast)), hints: 0) ?? gather16(tex, stride, x, y)
                let (rb, ag) = bilinear16Lanes(taps.0, taps.1, taps.2, taps.3, unsafeBitCast(x, to: Px16.self),
                                               unsafeBitCast(y, to: Px16.self))
                ring[j & mask] = pixels16(rb) | (pixels16(ag) &<< 8)
                if j >= rows.lowerBound && layout.draws(strip: m, row: j) {
                    // Lane i of row j is group (j − drop[i])'s.
                    var p: Px16
                    if gathers {
                        p = ringRow(ring, (I16(repeating: Int32(truncatingIfNeeded: j) &* 16) &+ ringLanes) & ringIndex)
                    } else {
                        p = ring[j & mask]
                        var d = 1
                        while d <= depth {
                            let m = lanesAt[d]
                            p = (p & ~m) | (ring[(j - d) & mask] & m)
                            d += 1
                        }
                    }
                    putPacked16(target.row(j) + x0, p, opacity: opacity)
                }
                j += 1; c &+= dCy; r &+= dRy
            }
        }
    }
}

/// Which strips each row of a draw leaves to them (those wholly inside its inner span) and each
/// strip's first and last such row: the rows' bookkeeping for the strip pass, in storage the draw
/// gives (`capacity`). Strip m covers columns 16m ..< 16m + 16.
struct StripRows {
    let firstStrip, count, firstRow: Int
    /// Per row its strips (first, end); per strip its first row and its last + 1.
    private let perRow, perStrip: UnsafeMutablePointer<Int32>
    /// Where the rows' strips lie (for CTurnedStrip: row y's at 2(y − firstRow), 2(y − firstRow) + 1).
    var perRowBase: UnsafePointer<Int32> { UnsafePointer(perRow) }

    static func capacity(_ area: PixelRect) -> Int { 2 * (area.y1 - area.y0) + 2 * (((area.x1 + 15) >> 4) - (area.x0 >> 4)) }

    init(_ storage: UnsafeMutablePointer<Int32>, _ area: PixelRect) {
        firstStrip = area.x0 >> 4; count = ((area.x1 + 15) >> 4) - firstStrip; firstRow = area.y0
        perRow = storage; perStrip = storage + 2 * (area.y1 - area.y0)
        for m in 0..<count { perStrip[2 * m] = Int32.max; perStrip[2 * m + 1] = Int32.min }
    }

    /// Notes row y, whose inner span is ins ..< ine: the columns its strips draw (empty where none fit).
    func note(row y: Int, inner ins: Int, _ ine: Int) -> Range<Int> {
        var (ms, me) = ((ins + 15) >> 4, ine >> 4)
        if me <= ms { (ms, me) = (ins >> 4, ins >> 4) }
        let k = y - firstRow
        perRow[2 * k] = Int32(ms - firstStrip); perRow[2 * k + 1] = Int32(me - firstStrip)
        for m in (ms - firstStrip)..<(me - firstStrip) {
            perStrip[2 * m] = min(perStrip[2 * m], Int32(y)); perStrip[2 * m + 1] = Int32(y + 1)
        }
        return ms << 4 ..< me << 4
    }

    /// The rows from the first that leaves strip m (0 ..< count) to it to the last.
    func rows(ofStrip m: Int) -> Range<Int> { Int(perStrip[2 * m]) ..< max(Int(perStrip[2 * m]), Int(perStrip[2 * m + 1])) }

    /// Whether row y leaves strip m to it.
    @inline(__always) func draws(strip m: Int, row y: Int) -> Bool {
        let k = y - firstRow
        return perRow[2 * k] <= m && m < perRow[2 * k + 1]
    }
}

/// Lane i of ring entry index[i] / 16, for each lane (`segue_ring_row`).
@inline(__always)
func ringRow(_ ring: UnsafeMutablePointer<Px16>, _ index: I16) -> Px16 {
    var lanes = index, out = Px16()
    withUnsafeBytes(of: &lanes) { l in
        withUnsafeMutableBytes(of: &out) {
            segue_ring_row(UnsafeRawPointer(ring).assumingMemoryBound(to: UInt32.self),
                           l.baseAddress!.assumingMemoryBound(to: Int32.self), $0.baseAddress!.assumingMemoryBound(to: UInt32.self))
        }
    }
    return out
}
