// MeshSpans16: the mesh kernels sixteen pixels a step — `meshSpan`'s, `shadedSpan`'s, `affineSpan`'s
// and `attributedSpan`'s long runs (a cube face, a flipping page, a curling page's back, a turning
// card, the ripple's water).
// The same arithmetic as the eight-lane kernels in MeshSpans, lane for lane, so the same pixels
// (FastPathTests and SixteenLaneTests pin both against the reference); each span's last 0…15 pixels
// go through the eight-lane step. Where the CPU has 512-bit registers
// (AVX-512, built with `-target-cpu native`) a vector of sixteen is one register and a group costs
// about the instructions eight did (~240 per sixteen against ~170 per eight): the division, the
// index arithmetic, the weights and the blend are shared, only the sixteen tap-pair loads are not.
// On AVX2 a group is two registers an operation, no slower than two groups of eight.
// Sixteen-lane 16-bit vectors (SIMD32<UInt16>) get their bitwise operations as lane loops from the
// standard library, so those are done on the 32-bit view (`h32`); their shifts, the multiply-high that
// divides by 255 and the lit colours' rounded halving sum, are CLanes' single instructions.
// Where a group's taps start on four texture rows and sixty-three columns at most, a CPU with AVX-512 reads them
// from that window with lane permutes instead of sixteen tap-pair loads (`gather16`, CGather): held
// at one moment, six pairs, oglFlip at 0.8 and the cube at 0.5 about 0.8× the time with a window of
// two rows and thirty-one columns; three rows and sixty-three, tried on the groups of a span that
// fit (`windowGroups`), took the cube at 0.5 and oglFlip at 0.35 another 0.8× (seven interleaved
// rounds on the Zen 4 machine, least p50 6.18 → 4.93 and 4.44 → 3.64 ms); four rows, oglFlip at 0.4
// 0.91× (five rounds, 4.29 → 3.89), the cube and the ripple unchanged.
// An affine span along one texture row (dq and dt zero, every lane on one row pair: a sucked page's
// rows) reads that pair's window without the window's tests of rows and halves and without its
// hints (`segue_row_taps`): the suck held at 0.3 and 0.5 0.86× and 0.89× the time.
// Where the CPU has AVX-512, `meshSpan16`'s loop — the same steps — runs as one C function
// (CPlaneSpan), which keeps each group's lanes and taps in registers: about 0.9× the time of this
// loop for the cube and the flips (PlaneSpanTests pin the two bit for bit).

import CPrefetch
import CGather
import CLanes

typealias F16 = SIMD16<Float>
typealias I16 = SIMD16<Int32>
typealias Px16 = SIMD16<UInt32>
typealias Half32 = SIMD32<UInt16>

@inline(__always) func lanes32(_ v: Px16) -> Half32 { unsafeBitCast(v, to: Half32.self) }
@inline(__always) func pixels16(_ v: Half32) -> Px16 { unsafeBitCast(v, to: Px16.self) }
/// `v` in every 16-bit lane.
@inline(__always) func h32(_ v: UInt16) -> Half32 { lanes32(Px16(repeating: UInt32(v) | UInt32(v) << 16)) }
/// Every 16-bit lane shifted right by 8: its high byte (one instruction, CLanes).
@inline(__always) func shr8(_ x: Half32) -> Half32 { segue_shr32(x, 8) }

extension SpanPlanes {
    /// `positions8` for sixteen pixels.
    @inline(__always) func positions16(_ f: F16) -> (x: I16, y: I16) { positions(f) }
    /// `positions16` where 1/(q + f·dq) is `iq` in every lane.
    @inline(__always) func positions16(_ f: F16, reciprocal iq: F16) -> (x: I16, y: I16) { positions(f, reciprocal: iq) }
}

/// `gather8` for sixteen pixels: each tap pair one 64-bit load, put in lane order as left and right
/// texels by in-lane shuffles (`segue_tap_pairs16`, CGather); the same cache hints, from the group's
/// first and last taps. With `window` (groups whose steps read within five texture rows and
/// sixty-four columns, on a CPU with AVX-512) the taps are first tried from a window of the texture
/// (`segue_window_taps`, which hints the rows ahead the same way): the same texels, so the same pixels.
@inline(__always)
func gather16(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ x: I16, _ y: I16,
              alongRows: Bool = false, window: Bool = false, oneRow: Bool = false) -> (t00: Px16, t10: Px16, t01: Px16, t11: Px16) {
    // Lanes on one row pair (an affine span along a texture row) read it as a window of its own.
    if oneRow, let taps = rowTaps(tex + Int(y[0] &>> 8) * stride, stride, columns: x &>> 8) { return taps }
    // Spans along texture rows try consecutive texels first (fewer loads still), then the window.
    if window && !alongRows, let taps = windowTaps(tex, stride, columns: x &>> 8, rows: y &>> 8, hints: Int32(lookahead)) {
        return taps
    }
    let i = tapIndices(x, y, stride)
    let base = UnsafeRawPointer(tex), down = 4 * stride
    hintRowsAhead(base + 4 * Int(i[0]), base + 4 * Int(i[15]), down)
    if alongRows && consecutive(i) { return rowTaps16(tex + Int(i[0]), stride) }
    if window && alongRows, let taps = windowTaps(tex, stride, columns: x &>> 8, rows: y &>> 8, hints: 0) { return taps }
    // Each tap pair one 64-bit load, put in lane order by in-lane shuffles (CGather).
    let top = base.assumingMemoryBound(to: CChar.self)
    return (segue_tap_pairs16(top, i, 0), segue_tap_pairs16(top, i, 1),
            segue_tap_pairs16(top + down, i, 0), segue_tap_pairs16(top + down, i, 1))
}

/// `segue_row_taps` for sixteen lanes whose upper-left taps are the texels `columns` of the row at
/// `row` (and of the next): their four taps, or nil where they do not fit its window.
@inline(__always)
func rowTaps(_ row: UnsafeMutablePointer<UInt32>, _ stride: Int, columns: I16) -> (Px16, Px16, Px16, Px16)? {
    var lanes = columns, taps = (Px16(), Px16(), Px16(), Px16())
    let read = withUnsafeBytes(of: &lanes) { l in
        withUnsafeMutableBytes(of: &taps) {
            segue_row_taps(row, stride, l.baseAddress!.assumingMemoryBound(to: Int32.self), $0.baseAddress!.assumingMemoryBound(to: UInt32.self))
        }
    }
    return read != 0 ? taps : nil
}

/// `segue_window_taps` for sixteen lanes whose upper-left taps are texels (columns, rows): their four
/// taps (t00, t10, t01, t11), or nil where they do not fit its window — whose first column and row
/// are lanes 0 and 15's least, or `origin` where the caller knows them (`segue_window_taps_at`: a
/// turned image's strips, whose least lanes are others). The lanes and the taps go through memory
/// (CGather.h says why).
@inline(__always)
func windowTaps(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, columns: I16, rows: I16, origin: (left: Int32, top: Int32)? = nil,
                hints: Int32) -> (Px16, Px16, Px16, Px16)? {
    var lanes = (columns, rows), taps = (Px16(), Px16(), Px16(), Px16())
    let read = withUnsafeBytes(of: &lanes) { l in
        let c = l.baseAddress!.assumingMemoryBound(to: Int32.self)
        return withUnsafeMutableBytes(of: &taps) {
            let out = $0.baseAddress!.assumingMemoryBound(to: UInt32.self)
            return origin.map { segue_window_taps_at(tex, stride, c, c + 16, $0.left, $0.top, hints, out) }
                ?? segue_window_taps(tex, stride, c, c + 16, hints, out)
        }
    }
    return read != 0 ? taps : nil
}

/// `consecutive` for sixteen lanes.
@inline(__always) func consecutive(_ i: I16) -> Bool {
    !anyNonzero(i &- I16(repeating: i[0]) &- I16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
}

/// `bilinear8Lanes` for sixteen pixels.
@inline(__always)
func bilinear16Lanes(_ t00: Px16, _ t10: Px16, _ t01: Px16, _ t11: Px16, _ fx: Px16, _ fy: Px16) -> (Half32, Half32) {
    let byte = Px16(repeating: 0x00ff_00ff)
    @inline(__always) func both(_ f: Px16) -> Half32 { let m = f & 0xff; return lanes32(m | (m &<< 16)) }
    let wx = both(fx), wy = both(fy)
    let e = shr8(wx &* wy &+ h32(128))
    let b = wx &- e, c = wy &- e, a = h32(256) &- wx &- wy &+ e
    @inline(__always) func lo(_ t: Px16) -> Half32 { lanes32(t & byte) }
    @inline(__always) func hi(_ t: Px16) -> Half32 { lanes32((t &>> 8) & byte) }
    let rb = shr8(lo(t00) &* a &+ lo(t10) &* b &+ lo(t01) &* c &+ lo(t11) &* e &+ h32(128))
    let ag = shr8(hi(t00) &* a &+ hi(t10) &* b &+ hi(t01) &* c &+ hi(t11) &* e &+ h32(128))
    return (rb, ag)
}

/// `div255` for sixteen pixels.
@inline(__always) func div255(_ x: Half32) -> Half32 { segue_mulhi32(x &+ h32(128), h32(257)) }

/// `putLanes8` for sixteen pixels.
@inline(__always)
func putLanes16(_ dst: UnsafeMutablePointer<UInt32>, _ rb: Half32, _ ag: Half32, opacity: UInt32) {
    var rb = rb, ag = ag
    if opacity != 255 {
        let o = h32(UInt16(opacity))
        rb = div255(rb &* o); ag = div255(ag &* o)
    }
    let out = pixels16(rb) | (pixels16(ag) &<< 8)
    if allOpaque(out) { UnsafeMutableRawPointer(dst).storeBytes(of: out, as: Px16.self); return }
    let va = pixels16(ag) &>> 16
    let inv = h32(255) &- lanes32(va | (va &<< 16))
    let d = UnsafeRawPointer(dst).loadUnaligned(as: Px16.self)
    let mask = Px16(repeating: 0x00ff_00ff)
    let drb = div255(lanes32(d & mask) &* inv), dag = div255(lanes32((d &>> 8) & mask) &* inv)
    UnsafeMutableRawPointer(dst).storeBytes(of: pixels16(rb &+ drb) | (pixels16(ag &+ dag) &<< 8), as: Px16.self)
}

/// `putLanes16` for sixteen pixels already packed (a turned image's strip rows): stored as they are
/// where they are opaque at full opacity, without taking them apart into lanes and back.
@inline(__always)
func putPacked16(_ dst: UnsafeMutablePointer<UInt32>, _ p: Px16, opacity: UInt32) {
    if opacity == 255 && allOpaque(p) { return UnsafeMutableRawPointer(dst).storeBytes(of: p, as: Px16.self) }
    let byte = Px16(repeating: 0x00ff_00ff)
    putLanes16(dst, lanes32(p & byte), lanes32((p &>> 8) & byte), opacity: opacity)
}

/// `meshSpan`'s pixels 0..<count − count % 16, sixteen a step; returns how many that is.
/// On a CPU with AVX-512 the loop is CPlaneSpan's, in one C function (`cLoopsAvailable`).
@inline(__always)
func meshSpan16(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                _ planes: SpanPlanes, first: Int, opacity: UInt32, shade: UInt16, alongRows: Bool) -> Int {
    guard cLoopsAvailable else {
        return meshSpan16Lanes(dst, count, tex, stride, planes, first: first, opacity: opacity, shade: shade, alongRows: alongRows)
    }
    let end = count - count % 16
    let (w, rest) = planes.windowSplit(first: first, count: end)
    let affine: Int32 = planes.dq == 0 ? 1 : 0, oneRow: Int32 = planes.dq == 0 && planes.dt == 0 ? 1 : 0
    @inline(__always) func run(_ r: Range<Int>, window: Int32) {
        guard !r.isEmpty else { return }
        let p = planes
        segue_plane_span16(dst + r.lowerBound, r.count, tex, stride, p.s, p.t, p.q, p.ds, p.dt, p.dq, Float(first + r.lowerBound),
                           affine, alongRows ? 1 : 0, window, oneRow, opacity, shade, Int32(lookahead))
    }
    run(w, window: 1)
    run(rest, window: 0)
    return end
}

/// `meshSpan16`'s loop in Swift's vectors (for CPUs without AVX-512, and the tests' comparison).
@inline(__always)
func meshSpan16Lanes(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                     _ planes: SpanPlanes, first: Int, opacity: UInt32, shade: UInt16, alongRows: Bool) -> Int {
    let mulRB = h32(shade), mulAG = lanes32(Px16(repeating: UInt32(shade) | 256 << 16))
    return planeGroups16(count, tex, stride, planes, first: first, alongRows: alongRows) { i, rb, ag in
        var (rb, ag) = (rb, ag)
        if shade != 256 { rb = shr8(rb &* mulRB &+ h32(128)); ag = shr8(ag &* mulAG &+ h32(128)) }
        putLanes16(dst + i, rb, ag, opacity: opacity)
    }
}

/// The loop of the plane kernels sixteen pixels a step: each group's bilinear samples at the planes'
/// positions of pixels first + i …, as the 16-bit halves `bilinear16Lanes` gives, to `write(i, rb, ag)`;
/// returns how many pixels that is (count − count % 16).
@inline(__always)
func planeGroups16(_ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ planes: SpanPlanes, first: Int,
                   alongRows: Bool, _ write: (Int, Half32, Half32) -> Void) -> Int {
    // A loop each with and without `consecutive`'s test and the window (constants in each: `specialized`),
    // over the groups of `pixels`.
    @inline(__always) func groups(_ along: Bool, _ window: Bool, _ pixels: Range<Int>) {
        var lane = F16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) + Float(first + pixels.lowerBound)
        var i = pixels.lowerBound
        // An affine span (1/w constant along it: dq zero) divides once, not once a pixel — the same
        // quotient, as q + f·0 is q.
        let affine = planes.dq == 0, iq = F16(repeating: 1 / planes.q)
        // An affine span along one texture row (dt zero too: every lane's row is fix(t/q)) reads
        // its row pair's window directly.
        let oneRow = windowTapsAvailable && affine && planes.dt == 0
        while i + 16 <= pixels.upperBound {
            let (x, y) = affine ? planes.positions16(lane, reciprocal: iq) : planes.positions16(lane)
            let (rb, ag) = samples16(tex, stride, x, y, alongRows: along, window: window, oneRow: oneRow)
            write(i, rb, ag)
            lane += 16
            i += 16
        }
    }
    let end = count - count % 16
    let (w, rest) = planes.windowSplit(first: first, count: end)
    if !w.isEmpty { specialized(alongRows, true) { groups($0, $1, w) } }
    if !rest.isEmpty { specialized(alongRows, false) { groups($0, $1, rest) } }
    return end
}

extension SpanPlanes {
    /// The pixels 0..<end (a multiple of 16) of a span from pixel `first` on, as the groups that read
    /// within a window and the rest. In perspective a span's step grows or shrinks from end to end,
    /// so the groups that read within a window are the first or the last of them, or all or none
    /// (`windowGroups`); the rest are one run too.
    @inline(__always) func windowSplit(first: Int, count end: Int) -> (window: Range<Int>, rest: Range<Int>) {
        let w = windowGroups(first: first, count: end)
        return (w, w.lowerBound > 0 ? 0..<w.lowerBound : w.upperBound..<end)
    }
}

/// Whether the kernels' loops written in C run — `meshSpan16`'s (CPlaneSpan) and a turned image's
/// strips' (CTurnedStrip): as `windowTapsAvailable`, on AVX-512 (F and BW).
#if SEGUE_AVX512
let cLoopsAvailable = true
#elseif DEBUG
let cLoopsAvailable = segue_c_loops_available() != 0
#else
let cLoopsAvailable = false
#endif

/// The bilinear samples of sixteen pixels at texture positions (x, y) (texels, 24.8 fixed point), as
/// the 16-bit halves `bilinear16Lanes` gives.
@inline(__always)
func samples16(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ x: I16, _ y: I16, alongRows: Bool, window: Bool,
               oneRow: Bool = false) -> (Half32, Half32) {
    let (t00, t10, t01, t11) = gather16(tex, stride, x, y, alongRows: alongRows, window: window, oneRow: oneRow)
    return bilinear16Lanes(t00, t10, t01, t11, unsafeBitCast(x, to: Px16.self), unsafeBitCast(y, to: Px16.self))
}

/// `body(a, b)` with a and b as constants, so that a loop inlined into it is compiled once per case
/// with its tests on them folded away.
@inline(__always) func specialized<R>(_ a: Bool, _ b: Bool, _ body: (Bool, Bool) -> R) -> R {
    a ? (b ? body(true, true) : body(true, false)) : (b ? body(false, true) : body(false, false))
}

/// Whether this build reads taps from windows (`gather16`). A release build for AVX-512 runs only
/// where the CPU has it (`InstructionSet.required`); other release builds (portable or AVX2) would
/// call the window gather out of line, with its lanes through memory — not measured, so they keep
/// the scalar gather; debug builds try it wherever the CPU can, so that the tests run it.
#if SEGUE_AVX512
let windowTapsAvailable = true
#elseif DEBUG
let windowTapsAvailable = segue_window_taps_available() != 0
#else
let windowTapsAvailable = false
#endif

/// Whether sixteen pixels stepping (dx, dy) in `n` pixels, in units of 1/`unit` texel, read within
/// the window's columns (a texel to spare for rounding) and rows — where the window gather is worth
/// trying.
@inline(__always) func stepsFitWindow(_ dx: Int, _ dy: Int, in n: Int, unit: Int) -> Bool {
    windowTapsAvailable && 15 * abs(dx) <= (windowColumns - 3) * unit * n && 15 * abs(dy) <= (windowRows - 1) * unit * n
}

/// How many texture rows sixteen lanes' taps may start on for the window gather, and how many
/// columns wide it reads at most (CGather).
let windowRows = Int(SEGUE_WINDOW_ROWS), windowColumns = Int(SEGUE_WINDOW_COLUMNS)

/// Every 16-bit lane shifted right by `n` (0 < n < 16): one instruction (CLanes).
@inline(__always) func shr(_ x: Half32, _ n: UInt32) -> Half32 { segue_shr32(x, UInt16(n)) }

/// `modulate8` for sixteen samples, lane for lane.
@inline(__always)
func modulate16(_ rb: Half32, _ ag: Half32, shade sh: I16, highlight hl: I16?, alpha al: I16?) -> (Half32, Half32) {
    @inline(__always) func both(_ w: I16) -> Half32 { let u = unsafeBitCast(w, to: Px16.self); return lanes32(u | (u &<< 16)) }
    @inline(__always) func lit(_ c: Half32, _ sh: Half32, _ lift: Half32, _ a: Half32) -> Half32 {
        segue_min32(a, shr(segue_avg32(c &* sh, lift), 7))
    }
    let alpha = pixels16(ag) &>> 16
    let aa = lanes32(alpha | (alpha &<< 16))
    let shRB = both(sh), shAG = lanes32(unsafeBitCast(sh, to: Px16.self) | Px16(repeating: 256 << 16))
    var orb: Half32, oag: Half32
    if let hl {
        let liftRB = aa &* both(hl) &+ h32(127), liftAG = aa &* lanes32(unsafeBitCast(hl, to: Px16.self)) &+ h32(127)
        orb = lit(rb, shRB, liftRB, aa); oag = lit(ag, shAG, liftAG, aa)
    } else {
        orb = segue_min32(aa, shr8(rb &* shRB &+ h32(128))); oag = segue_min32(aa, shr8(ag &* shAG &+ h32(128)))
    }
    if let al {
        let alB = both(al)
        orb = shr8(orb &* alB &+ h32(128)); oag = shr8(oag &* alB &+ h32(128))
    }
    return (orb, oag)
}

/// `shadedSpan`'s pixels 0..<count − count % 16 where it samples the planes' positions (a page's back,
/// a shadowed or lit face), sixteen a step, lane for lane as its groups of eight (the factors are the
/// same ramps, read eight lanes at a time); returns how many that is.
@inline(__always)
func shadedSpan16(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                  _ planes: SpanPlanes, first: Int, shade: FactorRamp, highlight: FactorRamp?, alpha: FactorRamp?, alongRows: Bool) -> Int {
    planeGroups16(count, tex, stride, planes, first: first, alongRows: alongRows) { i, rb, ag in
        putShaded16(dst + i, rb, ag, offset: i, shade: shade, highlight: highlight, alpha: alpha)
    }
}

/// Sixteen samples shaded, lit and faded by the ramps' factors at pixels `offset` … `offset + 15` of
/// their span (`modulate16`), over `dst`.
@inline(__always)
func putShaded16(_ dst: UnsafeMutablePointer<UInt32>, _ rb: Half32, _ ag: Half32, offset: Int, shade: FactorRamp,
                 highlight: FactorRamp?, alpha: FactorRamp?) {
    let (orb, oag) = modulate16(rb, ag, shade: shade.at16(offset), highlight: highlight?.at16(offset), alpha: alpha?.at16(offset))
    putLanes16(dst, orb, oag, opacity: 255)
}

extension FactorRamp {
    /// The factor at the pixels `offset` … `offset + 15` of the span, as two groups of eight give it.
    @inline(__always) func at16(_ offset: Int) -> I16 { I16(lowHalf: at(offset), highHalf: at(offset + 8)) }
}

/// `attributedSpan`'s pixels 0..<count − count % 16, sixteen a step, lane for lane as its groups of
/// eight; returns how many that is.
@inline(__always)
func attributedSpan16(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                      x: UnsafePointer<Int32>, y: UnsafePointer<Int32>, shade: UnsafePointer<Int32>,
                      highlight: UnsafePointer<Int32>, alpha: UnsafePointer<Int32>,
                      lights: Bool, fades: Bool, uniform: UInt32?) -> Int {
    let uniformLanes = uniform.map { lanePairs(Px16(repeating: $0)) }
    var i = 0
    while i + 16 <= count {
        @inline(__always) func load(_ p: UnsafePointer<Int32>) -> I16 { UnsafeRawPointer(p + i).loadUnaligned(as: I16.self) }
        let rb: Half32, ag: Half32
        if let c = uniformLanes {
            (rb, ag) = c
        } else {
            let px = load(x), py = load(y)
            // Calm water reads its page's consecutive texels: vector loads (`consecutive`).
            let (t00, t10, t01, t11) = gather16(tex, stride, px, py, alongRows: true, window: windowTapsAvailable)
            // Still water samples whole texels: the sample is the texel, no weighting (`lanePairs`).
            (rb, ag) = !anyNonzero((px | py) & 0xff) ? lanePairs(t00)
                : bilinear16Lanes(t00, t10, t01, t11, unsafeBitCast(px, to: Px16.self), unsafeBitCast(py, to: Px16.self))
        }
        // A group none of whose pixels is lit (the water's far slopes) skips the highlight's arithmetic.
        let hl = lights ? load(highlight) : nil
        let (orb, oag) = modulate16(rb, ag, shade: load(shade), highlight: hl.flatMap { anyNonzero($0) ? $0 : nil },
                                    alpha: fades ? load(alpha) : nil)
        putLanes16(dst + i, orb, oag, opacity: 255)
        i += 16
    }
    return i
}

/// Whether any of sixteen lanes is not zero.
@inline(__always) func anyNonzero(_ v: I16) -> Bool {
    let h = v.lowHalf | v.highHalf, q = h.lowHalf | h.highHalf
    return (q[0] | q[1] | q[2] | q[3]) != 0
}


/// `rowTaps8` for sixteen pixels.
@inline(__always)
func rowTaps16(_ q: UnsafePointer<UInt32>, _ stride: Int) -> (t00: Px16, t10: Px16, t01: Px16, t11: Px16) {
    let r = UnsafeRawPointer(q), down = 4 * stride
    return (r.loadUnaligned(as: Px16.self), r.loadUnaligned(fromByteOffset: 4, as: Px16.self),
            r.loadUnaligned(fromByteOffset: down, as: Px16.self), r.loadUnaligned(fromByteOffset: down + 4, as: Px16.self))
}
