// MeshSpans: the per-pixel work of the mesh rasterizer. One row of a triangle is the three
// screen-linear planes s = u/w, t = v/w and q = 1/w at its first pixel centre and their steps along x
// (`SpanPlanes`). Every pixel's texture position is computed outright, u = s/q and v = t/q, in single
// precision — eight lanes at a time with one vector division — so a perspective span costs no more than
// an affine one, and there is no stepping error to bound and no subdivision to plan.
// `SpanPlanes.position(_:)` is the definition; the vector kernels evaluate the same IEEE operations in
// the same order lane by lane, so they agree with it bit for bit (FastPathTests pin that).
// The kernels run eight pixels a step (two SSE registers per vector on baseline x86-64, one AVX2
// register where the compiler may use it) — `meshSpan` sixteen first (MeshSpans16) — and a span's
// last few pixels run one more step on an eight-pixel window of its own row, with the spare lanes
// repeating the span's end pixels so every tap read stays inside the texture, and the pixels outside
// the span put back by one masked store.
// Measured per pixel on one core: about 5 ns plain, 6 ns shaded, and about 70 ns more per span, which
// is what grids of small triangles pay; flat, unscaled rows read consecutive texels instead
// (`translated`). With `gather8`'s cache hints the kernel is bound by its own work, not by memory:
// with every tap forced into one 4 KB window (wrong pixels, same instructions) the cube took 6.1 ms
// instead of 6.9 and oglFlip no less, and AVX2 hardware gathers in place of `gather8`'s loads and
// unzip (no unzip at all) measured the same. A group of eight is ~170 instructions — one division, the
// index arithmetic, sixteen loads, the unzip, the bilinear lerps, the blend — each group one long
// dependent chain; what makes it faster is fewer of them per pixel, not a better cache pattern: a
// group of sixteen in 512-bit registers (MeshSpans16) is ~240. Yet fewer instructions for the taps
// alone do not pay either: picking a group's taps from a 32-column window by two-source permutes
// (a fraction of the loads and inserts) left the cube and flips 4–8 % slower, though a kernel that
// stops after the taps takes 5.6–6.6 ms of the cube's 7.6–7.9 at progress 0.3 (1.9–2.5 without them).
// Positions are integers in 1/256 texel with the texel-centre offset applied: x0 = P >> 8 is the left
// tap, P & 255 its bilinear weight — the same layout as the top bits of the 8.24 samplers.

import CPrefetch
import CLanes

typealias F8 = SIMD8<Float>
typealias I8 = SIMD8<Int32>

struct SpanPlanes {
    /// s·256, t·256 and q at the first pixel centre of the span, and their steps per pixel.
    var s, t, q, ds, dt, dq: Float

    /// 1.5·2²³: added to a float below 2²² in magnitude, leaves round(x) in the low mantissa bits.
    static let magic: Float = 12_582_912
    static let magicBits = Int32(bitPattern: magic.bitPattern)
    /// round(x − 128) for 256·u = x, i.e. floor(256·(u − ½) + ½): the sample's position in 1/256 texel.
    static let offset: Float = magic - 128

    /// The position of pixel `i` of the span (0 = the first): round(256·(s/q − ½)), likewise for t.
    @inline(__always) func position(_ i: Int) -> (x: Int32, y: Int32) {
        let f = Float(i)
        let iq = 1 / (q + f * dq)
        return (Self.fix((s + f * ds) * iq), Self.fix((t + f * dt) * iq))
    }

    /// Whether pixels first..<first+count step within 1/64 texel of one texel right a pixel along
    /// a texture row, on average from end to end (`consecutive`'s test is worth making there).
    @inline(__always) func stepsAlongRows(first: Int, count: Int) -> Bool {
        guard count >= 8 else { return false }
        return Self.stepsAlongRows(position(first), position(first + count - 1), count: count)
    }

    /// `stepsAlongRows` for a span of `count` pixels whose first and last positions are `a` and `b`.
    @inline(__always) static func stepsAlongRows(_ a: (x: Int32, y: Int32), _ b: (x: Int32, y: Int32), count: Int) -> Bool {
        guard count >= 8 else { return false }
        let n = Int32(count - 1)
        return abs(b.x - a.x - 256 * n) <= 2 * n && abs(b.y - a.y) <= 2 * n
    }

    /// The groups of sixteen pixels of 0..<count (a multiple of 16), as the pixels they cover, whose
    /// steps fit `segue_window_taps`' window, judged at each group's middle: a pixel's step is
    /// (ds·q − s·dq) / Q², likewise for t, with Q = q + i·dq linear and of one sign along a span, so
    /// the groups that fit, where |Q| is big enough, are a run — all, none, the first or the last.
    @inline(__always) func windowGroups(first: Int, count: Int) -> Range<Int> {
        guard windowTapsAvailable, count >= 16 else { return 0..<0 }
        // Q² at least this: (windowColumns − 3)/15 texel a pixel across, (windowRows − 1)/15 down (as
        // `stepsFitWindow`).
        let across: Float = abs(ds * q - s * dq) * 15 / Float(256 * (windowColumns - 3))
        let down: Float = abs(dt * q - t * dq) * 15 / Float(256 * (windowRows - 1))
        let need = max(across, down)
        let r = need.squareRoot(), q0 = q + Float(first) * dq
        // |Q| ≥ r as a·(something) linear in the pixel: a + b·i ≥ r, Q's sign taken out.
        let a = q0 < 0 ? -q0 : q0, b = q0 < 0 ? -dq : dq
        if b == 0 || !(r - a).isFinite { return a >= r ? 0..<count : 0..<0 }
        // The first (b > 0) or last (b < 0) group g with a + b·(g + 7.5) ≥ r.
        let p = ((r - a) / b - 7.5) / 16
        let groups = Float(count / 16)
        if b > 0 { return 16 * Int(max(0, min(groups, p.rounded(.up))))..<count }
        return 0..<16 * Int(max(0, min(groups, p.rounded(.down) + 1)))
    }

    /// The rounding convert of `position`; values far outside any texture (or NaN) land far outside.
    @inline(__always) static func fix(_ x: Float) -> Int32 {
        let c = x > -4_000_000 ? (x < 4_000_000 ? x : 4_000_000) : -4_000_000
        return Int32(bitPattern: (c + offset).bitPattern) &- magicBits
    }

    /// Positions of the pixels whose indices are in `f` (whole numbers below 2²⁴, so kernels step
    /// them by adding 8 and stay exact), each exactly as `position` computes it — no clamping: only
    /// for spans whose positions are known to lie inside the texture.
    @inline(__always) func positions8(_ f: F8) -> (x: I8, y: I8) { positions(f) }

    /// `positions8` for any lane count (`positions16` too): F and I are the float and integer
    /// vectors of one width.
    @inline(__always) func positions<F: SIMD, I: SIMD>(_ f: F) -> (x: I, y: I) where F.Scalar == Float, I.Scalar == Int32 {
        positions(f, reciprocal: F(repeating: 1) / (F(repeating: q) + f * dq))
    }

    /// `positions` with 1/(q + f·dq) given as `iq` (an affine span's, the same in every lane).
    @inline(__always) func positions<F: SIMD, I: SIMD>(_ f: F, reciprocal iq: F) -> (x: I, y: I)
        where F.Scalar == Float, I.Scalar == Int32 {
        let x = (F(repeating: s) + f * ds) * iq + Self.offset
        let y = (F(repeating: t) + f * dt) * iq + Self.offset
        let m = I(repeating: Self.magicBits)
        return (unsafeBitCast(x, to: I.self) &- m, unsafeBitCast(y, to: I.self) &- m)
    }

    /// Whether `MeshRasterizer` may hand spans of a texture with this row stride and height to the
    /// kernels: their row × stride products are 15-bit × 15-bit.
    static func fitsKernels(stride: Int, height: Int) -> Bool { stride < 1 << 15 && height < 1 << 15 }

    /// The pixels of 0..<count whose taps all lie inside a `width`×`height` texture (as `inside` judges
    /// one pixel; see the free `insideRange`).
    func insideRange(_ count: Int, width: Int, height: Int) -> Range<Int> {
        Segue.insideRange(count, xMax: Int32(256 * (width - 1) - 4), yMax: Int32(256 * (height - 1) - 4), position)
    }

    /// Whether every tap of pixels first..<first+count lies inside a `width`×`height` texture. u/q and
    /// v/q are monotonic along a row, so the ends decide; a 4/256 texel margin absorbs rounding.
    @inline(__always) func inside(_ first: Int, _ count: Int, width: Int, height: Int) -> Bool {
        Self.inside(position(first), position(first + count - 1), width: width, height: height)
    }

    /// `inside` for a span whose first and last positions are `a` and `b`.
    @inline(__always) static func inside(_ a: (x: Int32, y: Int32), _ b: (x: Int32, y: Int32), width: Int, height: Int) -> Bool {
        let xl = Int(min(a.x, b.x)), xh = Int(max(a.x, b.x)), yl = Int(min(a.y, b.y)), yh = Int(max(a.y, b.y))
        return xl >= 4 && yl >= 4 && xh < 256 * (width - 1) - 4 && yh < 256 * (height - 1) - 4
    }
}

/// The pixels of 0..<count whose taps all lie inside a texture — positions (1/256 texel, texel centre
/// offset applied) from 4 to below xMax and yMax, the kernels' margin — when the positions are linear
/// or projective along the span (u and v each monotonic): one range, since each of the four bounds
/// holds on a prefix or a suffix of the span, found by bisection where it changes. The common span,
/// wholly inside, is decided by its ends alone.
func insideRange(_ count: Int, xMax: Int32, yMax: Int32, _ position: (Int) -> (x: Int32, y: Int32)) -> Range<Int> {
    guard count > 0 else { return 0..<0 }
    let p0 = position(0), p1 = position(count - 1)
    if min(p0.x, p1.x) >= 4 && min(p0.y, p1.y) >= 4 && max(p0.x, p1.x) < xMax && max(p0.y, p1.y) < yMax { return 0..<count }
    var lo = 0, hi = count
    for bound in 0..<4 {
        func holds(_ i: Int) -> Bool {
            let p = position(i)
            switch bound {
            case 0: return p.x >= 4
            case 1: return p.y >= 4
            case 2: return p.x < xMax
            default: return p.y < yMax
            }
        }
        let first = holds(0), last = holds(count - 1)
        if first && last { continue }
        if !first && !last { return 0..<0 }
        // The first index where the bound's answer differs from pixel 0's.
        var a = 0, b = count - 1
        while b - a > 1 { let m = (a + b) / 2; if holds(m) == first { a = m } else { b = m } }
        if first { hi = min(hi, b) } else { lo = max(lo, b) }
    }
    return lo < hi ? lo..<hi : 0..<0
}

/// The four taps of eight pixels at positions (x, y): each tap pair (left, right) is one 64-bit load.
/// The texture lines the next screen rows will read are hinted to the cache first: a span's taps move
/// to new texture rows from one screen row to the next (down the texture, or up it for a page seen
/// upside down), and those rows' lines, read cold, were what a mesh pixel mostly waited on. The
/// group's first and last taps are hinted `lookahead` rows below its lower row and above its upper
/// one — the direction not taken costs a hint to lines just read.
@inline(__always)
func gather8(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ x: I8, _ y: I8,
             alongRows: Bool = false) -> (t00: Px8, t10: Px8, t01: Px8, t11: Px8) {
    let i = tapIndices(x, y, stride)
    let base = UnsafeRawPointer(tex), down = 4 * stride
    hintRowsAhead(base + 4 * Int(i[0]), base + 4 * Int(i[7]), down)
    if alongRows && consecutive(i) { return rowTaps8(tex + Int(i[0]), stride) }
    @inline(__always) func pair(_ k: Int32, _ below: Int = 0) -> UInt64 {
        base.loadUnaligned(fromByteOffset: 4 * Int(k) + below, as: UInt64.self)
    }
    let (t00, t10) = unzip(SIMD4(pair(i[0]), pair(i[1]), pair(i[2]), pair(i[3])),
                           SIMD4(pair(i[4]), pair(i[5]), pair(i[6]), pair(i[7])))
    let (t01, t11) = unzip(SIMD4(pair(i[0], down), pair(i[1], down), pair(i[2], down), pair(i[3], down)),
                           SIMD4(pair(i[4], down), pair(i[5], down), pair(i[6], down), pair(i[7], down)))
    return (t00, t10, t01, t11)
}

/// Whether the lanes' taps are the consecutive texels of one row, one column apart, in lane order —
/// then the gather is four vector loads (`rowTaps8`, `rowTaps16`), the same texels. A page or a cube
/// face turned a little, or a card barely turned in the screen, steps about one texel a pixel along
/// a row: at 0.05 of an oglFlip 92 % of the groups of sixteen are, of the cube 96 %, of the turning
/// card 88 % (at 0.3: 6 %, 11 %, none). So the sixteen-pixel loops of spans stepping within 1/128
/// texel of that (`SpanPlanes.stepsAlongRows`, `affineSpan`) make the test, in a loop of their own;
/// other spans' loops are as before. Held at 0.05, six pairs: oglFlip 0.79× the time, cube 0.79×,
/// rotating-dismiss 0.86×; the cube at 0.3, six pairs in each order, 1.00–1.06× (noise, or the
/// spans that qualify but miss).
@inline(__always) func consecutive(_ i: I8) -> Bool {
    let d = i &- I8(repeating: i[0]) &- I8(0, 1, 2, 3, 4, 5, 6, 7)
    let h = d.lowHalf | d.highHalf
    return (h[0] | h[1] | h[2] | h[3]) == 0
}

/// The texel index of each lane's top-left tap: row × stride as 15-bit operands, which SSE2
/// multiplies in one instruction (pmaddwd).
@inline(__always) func tapIndices<V: SIMD>(_ x: V, _ y: V, _ stride: Int) -> V where V.Scalar == Int32 {
    ((y &>> 8) & 0x7fff) &* V(repeating: Int32(truncatingIfNeeded: stride & 0x7fff)) &+ (x &>> 8)
}

/// `gather8`'s hints for a group whose first and last taps are at `first` and `last` (rows `down`
/// bytes apart): `lookahead` rows below the lower row and above the upper one.
@inline(__always) func hintRowsAhead(_ first: UnsafeRawPointer, _ last: UnsafeRawPointer, _ down: Int) {
    segue_prefetch(first + (1 + lookahead) * down); segue_prefetch(last + (1 + lookahead) * down)
    segue_prefetch(first - lookahead * down); segue_prefetch(last - lookahead * down)
}

/// Hints the cache the `count` texels from `p` on, a line at a time: a texture row a short span will
/// read `lookahead` rows on, a stream of its own that the hardware prefetchers find only after a few
/// misses (a page's copied spans stalled on nearly every first load of a line).
@inline(__always) func hintTexels(_ p: UnsafePointer<UInt32>, _ count: Int) {
    var k = 0
    while k < count { segue_prefetch(p + k); k += 16 }
    segue_prefetch(p + count - 1)
}

/// Texture rows ahead of a group's taps that `gather8` hints (4 to 12 measured alike; without the
/// hints the cube, the flips and the turning card take about a third longer).
let lookahead = 4

/// The four taps of eight pixels that sample consecutive texels of one row from `q` on (a flat,
/// unscaled row): four vector loads, no gathers.
@inline(__always)
func rowTaps8(_ q: UnsafePointer<UInt32>, _ stride: Int) -> (t00: Px8, t10: Px8, t01: Px8, t11: Px8) {
    let r = UnsafeRawPointer(q), down = 4 * stride
    return (r.loadUnaligned(as: Px8.self), r.loadUnaligned(fromByteOffset: 4, as: Px8.self),
            r.loadUnaligned(fromByteOffset: down, as: Px8.self), r.loadUnaligned(fromByteOffset: down + 4, as: Px8.self))
}

/// The left and right texels of eight tap pairs, each pair one 64-bit load (left texel in its low
/// half): the even and the odd 32-bit lanes of the two vectors — two shuffles each.
@inline(__always)
func unzip(_ p: SIMD4<UInt64>, _ q: SIMD4<UInt64>) -> (Px8, Px8) {
    let a = unsafeBitCast(p, to: Px8.self), b = unsafeBitCast(q, to: Px8.self)
    return (Px8(a[0], a[2], a[4], a[6], b[0], b[2], b[4], b[6]), Px8(a[1], a[3], a[5], a[7], b[1], b[3], b[5], b[7]))
}

/// `unzip` for sixteen tap pairs (two-source permutes where there are 512-bit registers).
@inline(__always)
func unzip(_ p: SIMD8<UInt64>, _ q: SIMD8<UInt64>) -> (Px16, Px16) {
    let a = unsafeBitCast(p, to: Px16.self), b = unsafeBitCast(q, to: Px16.self)
    return (Px16(a[0], a[2], a[4], a[6], a[8], a[10], a[12], a[14], b[0], b[2], b[4], b[6], b[8], b[10], b[12], b[14]),
            Px16(a[1], a[3], a[5], a[7], a[9], a[11], a[13], a[15], b[1], b[3], b[5], b[7], b[9], b[11], b[13], b[15]))
}

/// `bilinear` for eight pixels before packing: blue+red and green+alpha as 16-bit lanes, each ≤ 255.
/// `fx`, `fy` hold the fractions (0…255) in their low bytes (the bits above are ignored); the weights are worked out in 16-bit
/// lanes, each pixel's weight in both halves of its pair (fx·fy + 128 ≤ 65153 fits 16 bits, so this is
/// the scalar arithmetic exactly).
@inline(__always)
func bilinear8Lanes(_ t00: Px8, _ t10: Px8, _ t01: Px8, _ t11: Px8, _ fx: Px8, _ fy: Px8) -> (Half16, Half16) {
    let byte = Px8(repeating: 0x00ff_00ff)
    @inline(__always) func both(_ f: Px8) -> Half16 { let m = f & 0xff; return lanes16(m | (m &<< 16)) }
    let wx = both(fx), wy = both(fy)
    let e = (wx &* wy &+ 128) &>> 8
    let b = wx &- e, c = wy &- e, a = 256 &- wx &- wy &+ e
    @inline(__always) func lo(_ t: Px8) -> Half16 { lanes16(t & byte) }
    @inline(__always) func hi(_ t: Px8) -> Half16 { lanes16((t &>> 8) & byte) }
    let rb = (lo(t00) &* a &+ lo(t10) &* b &+ lo(t01) &* c &+ lo(t11) &* e &+ 128) &>> 8
    let ag = (hi(t00) &* a &+ hi(t10) &* b &+ hi(t01) &* c &+ hi(t11) &* e &+ 128) &>> 8
    return (rb, ag)
}

/// Runs `step` over `count` pixels eight at a time (`step(dst, lane, offset)`: the pixels at `dst`,
/// whose span indices are `lane`, the first of them `offset` pixels into the span). The last 1…7 run as
/// one more step on an eight-pixel window of the span's `row` (the whole row the span lies in;
/// `lastWindow`); rows narrower than eight pixels go through a scratch window.
@inline(__always)
func eightAtATime(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, first: Int, within row: UnsafeMutableBufferPointer<UInt32>,
                  _ step: (UnsafeMutablePointer<UInt32>, F8, Int) -> Void) {
    let iota = I8(0, 1, 2, 3, 4, 5, 6, 7)
    var lane = F8(0, 1, 2, 3, 4, 5, 6, 7) + Float(first)
    var i = 0
    while i + 8 <= count {
        step(dst + i, lane, i)
        lane += 8
        i += 8
    }
    guard i < count else { return }
    if lastWindow(iota, dst, count, done: i, first: first, within: row, Px8.self, step) { return }
    // A row narrower than eight pixels: through a scratch window.
    let rest = count - i
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { scratch in
        let s = scratch.baseAddress!
        for k in 0..<rest { s[k] = dst[i + k] }
        step(s, spanLanes(iota, from: first + i, first: first, last: first + count - 1), i)
        for k in 0..<rest { dst[i + k] = s[k] }
    }
}

/// Span indices start, start+1, … (one a lane of `iota`'s width) clamped to first…last, as floats
/// (exact below 2²³: the integer in the low mantissa bits of 2²³).
@inline(__always)
func spanLanes<I: SIMD, F: SIMD>(_ iota: I, from start: Int, first: Int, last: Int) -> F where I.Scalar == Int32, F.Scalar == Float {
    let n = iota &+ Int32(start), lo = I(repeating: Int32(first)), hi = I(repeating: Int32(last))
    let d = n &- hi, m = hi &+ (d & (d &>> 31))
    let e = m &- lo, c = lo &+ (e & ~(e &>> 31))
    return unsafeBitCast(c | 0x4b00_0000, to: F.self) - 8_388_608
}

/// The pixels from `done` to `count` of a span, fewer than a window (`iota`'s width, eight or sixteen),
/// as one `step` on a window of `row`: from the tail's first pixel where the row has room, else ending
/// at its last, reaching back before it. Window lanes outside the span repeat the span's end pixels
/// (so every tap stays inside the texture), and the pixels outside the tail are put back afterwards,
/// so only the tail's own pixels change — each computed from the destination as it was. False,
/// having done nothing, where neither window lies inside the row.
@inline(__always)
func lastWindow<I: SIMD, F: SIMD, P: SIMD>(_ iota: I, _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, done i: Int, first: Int,
                                            within row: UnsafeMutableBufferPointer<UInt32>, _: P.Type,
                                            _ step: (UnsafeMutablePointer<UInt32>, F, Int) -> Void) -> Bool
    where I.Scalar == Int32, F.Scalar == Float, P.Scalar == UInt32 {
    let width = I.scalarCount, rest = count - i
    let x = dst + i - row.baseAddress!
    let window: Int                                    // where the window starts, from dst + i
    if x + width <= row.count { window = 0 } else if x + rest >= width { window = rest - width } else { return false }
    let w = dst + i + window
    let before = UnsafeRawPointer(w).loadUnaligned(as: P.self)
    step(w, spanLanes(iota, from: first + i + window, first: first, last: first + count - 1), i + window)
    let after = UnsafeRawPointer(w).loadUnaligned(as: P.self)
    // Keep `after` in the tail's lanes (window lanes −window ..< rest − window), `before` elsewhere.
    let k = iota &+ Int32(window)
    let inTail = unsafeBitCast((~k & (k &- Int32(rest))) &>> 31, to: P.self)
    UnsafeMutableRawPointer(w).storeBytes(of: (after & inTail) | (before & ~inTail), as: P.self)
    return true
}

/// Plain mesh span: bilinear samples at the planes' positions for pixels first..<first+count, rgb
/// times a constant `shade` (256 = none; a cube face or a turning card darkening — c·shade/256 never
/// exceeds alpha, so nothing needs clamping), times `opacity`, composited over `dst` (the span's
/// pixel `first`). Reference: `sampleInside` then `modulatePixel(_, shade, 0, 256)` when shaded,
/// then `put(_, opacity)`. Only one of shade and opacity may differ from full.
@inline(__always)
func meshSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
              _ planes: SpanPlanes, first: Int, within row: UnsafeMutableBufferPointer<UInt32>, opacity: UInt32, shade: UInt16 = 256,
              alongRows: Bool? = nil) {
    // Sixteen a step (MeshSpans16), the last 0…15 pixels eight a step.
    let done = meshSpan16(dst, count, tex, stride, planes, first: first, opacity: opacity, shade: shade,
                          alongRows: alongRows ?? planes.stepsAlongRows(first: first, count: count))
    let dst = dst + done, count = count - done, first = first + done
    let mulRB = Half16(repeating: shade)
    var mulAG = Half16(repeating: 256)
    for k in 0..<8 { mulAG[2 * k] = shade }
    eightAtATime(dst, count, first: first, within: row) { d, lane, _ in
        let (x, y) = planes.positions8(lane)
        let (t00, t10, t01, t11) = gather8(tex, stride, x, y)
        var (rb, ag) = bilinear8Lanes(t00, t10, t01, t11, unsafeBitCast(x, to: Px8.self), unsafeBitCast(y, to: Px8.self))
        if shade != 256 { rb = (rb &* mulRB &+ 128) &>> 8; ag = (ag &* mulAG &+ 128) &>> 8 }
        putLanes8(d, rb, ag, opacity: opacity)
    }
}

/// A mesh span with per-vertex shade, highlight and alpha (8.16-scaled 1/256 units stepped linearly:
/// the value used is `x >> 16`): bilinear samples as in `meshSpan`, each multiplied by shade, lit by
/// highlight and faded by alpha, composited over `dst`. `uniform` is a one-colour texture's colour
/// (iris blades, shadows): every tap is that colour and bilinear weights summing to 256 give it back
/// exactly, so such spans take `uniformShadedSpan` (UniformSpan), no taps at all. `translated`: the row is flat and unscaled (a page lying still
/// in a shadow) — pixel i samples at translated + (256·i, 0), consecutive texels, read with vector
/// loads, as `translatedSpan` does for unshaded rows. Reference: `sampleInside` + `modulatePixel` +
/// `put` per pixel.
@inline(__always)
func shadedSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                _ planes: SpanPlanes, first: Int, within row: UnsafeMutableBufferPointer<UInt32>,
                _ SH: inout Int, _ HL: inout Int, _ AL: inout Int, _ dSH: Int, _ dHL: Int, _ dAL: Int,
                uniform: UInt32? = nil, translated start: (x: Int32, y: Int32)? = nil, alongRows: Bool? = nil) {
    // The factors of eight pixels as 32-bit lanes (8.16); spans whose factors could leave 32 bits on
    // the way (absurd gradients) take the scalar loop.
    if !factorsFitLanes(count, SH, HL, AL, dSH, dHL, dAL) {
        for i in 0..<count {
            let s: UInt32
            if let c = uniform { s = c } else {
                let p = start.map { (x: $0.x + 256 * Int32(i), y: $0.y) } ?? planes.position(first + i)
                s = sampleInside(tex, stride, Int(p.x) << 16, Int(p.y) << 16)
            }
            put(dst + i, modulatePixel(s, SH >> 16, HL >> 16, AL >> 16), 255)
            SH += dSH; HL += dHL; AL += dAL
        }
        return
    }
    let (SH0, HL0, AL0) = (SH, HL, AL)
    let (lights, fades) = spanLightsAndFades(count, HL0, dHL, AL0, dAL)
    SH += count * dSH; HL += count * dHL; AL += count * dAL
    let shade = FactorRamp(SH0, dSH), highlight = FactorRamp(HL0, dHL), alpha = FactorRamp(AL0, dAL)
    if let c = uniform {
        uniformShadedSpan(dst, count, c, first: first, within: row, shade: shade, highlight: lights ? highlight : nil,
                          alpha: fades ? alpha : nil)
        return
    }
    let onTexels = start.map { ($0.x | $0.y) & 0xff == 0 } ?? false
    // At the planes' positions: sixteen a step (MeshSpans16), the last 9…15 pixels as one more step
    // of sixteen on a window (`lastWindow`: one step where eight a step took two), fewer eight a step.
    let along = start == nil && (alongRows ?? planes.stepsAlongRows(first: first, count: count))
    let done = start != nil ? 0
        : shadedSpan16(dst, count, tex, stride, planes, first: first, shade: shade, highlight: lights ? highlight : nil,
                       alpha: fades ? alpha : nil, alongRows: along)
    if start == nil && count - done > 8 {
        let iota = I16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let drawn = lastWindow(iota, dst, count, done: done, first: first, within: row, Px16.self) { (d, lane: F16, offset) in
            let (x, y) = planes.positions16(lane)
            let (rb, ag) = samples16(tex, stride, x, y, alongRows: along, window: windowTapsAvailable)
            putShaded16(d, rb, ag, offset: offset, shade: shade, highlight: lights ? highlight : nil, alpha: fades ? alpha : nil)
        }
        if drawn { return }
    }
    eightAtATime(dst + done, count - done, first: first + done, within: row) { d, lane, rest in
        let offset = done + rest
        let rb: Half16, ag: Half16
        if let p = start {
            // A flat, unscaled row: pixel i samples at `start` + (i, 0) texels. Eight pixels of the
            // span in a row are four vector loads; a tail window (lanes clamped) gathers.
            let i = unsafeBitCast(lane + 8_388_608, to: I8.self) &- 0x4b00_0000 &- Int32(first)
            let t00: Px8, t10: Px8, t01: Px8, t11: Px8
            if i[0] == Int32(offset) && i[7] == Int32(offset + 7) {
                (t00, t10, t01, t11) = rowTaps8(tex + Int(p.y >> 8) * stride + Int(p.x >> 8) + offset, stride)
            } else {
                (t00, t10, t01, t11) = gather8(tex, stride, I8(repeating: p.x) &+ (i &<< 8), I8(repeating: p.y))
            }
            // On whole texels (a page lying still) the sample is the texel: no weighting.
            (rb, ag) = onTexels ? lanePairs(t00)
                : bilinear8Lanes(t00, t10, t01, t11, Px8(repeating: UInt32(truncatingIfNeeded: p.x)), Px8(repeating: UInt32(truncatingIfNeeded: p.y)))
        } else {
            let (x, y) = planes.positions8(lane)
            let (t00, t10, t01, t11) = gather8(tex, stride, x, y)
            (rb, ag) = bilinear8Lanes(t00, t10, t01, t11, unsafeBitCast(x, to: Px8.self), unsafeBitCast(y, to: Px8.self))
        }
        let (orb, oag) = modulate8(rb, ag, shade: shade.at(offset), highlight: lights ? highlight.at(offset) : nil,
                                   alpha: fades ? alpha.at(offset) : nil)
        putLanes8(d, orb, oag, opacity: 255)
    }
}

/// Whether shade, highlight and alpha in 8.16 (starting at SH, HL, AL, stepping dSH, dHL, dAL a
/// pixel) stay within 32-bit lanes over a span of `count` pixels and its last group's overhang.
@inline(__always) func factorsFitLanes(_ count: Int, _ SH: Int, _ HL: Int, _ AL: Int, _ dSH: Int, _ dHL: Int, _ dAL: Int) -> Bool {
    (count + 8) * max(abs(dSH), abs(dHL), abs(dAL)) + max(abs(SH), abs(HL), abs(AL)) < 1 << 30
}

/// Whether any of `count` pixels is lit (highlight above 0) or faded (alpha below 256). The factors
/// are linear along the span, so its ends decide; spans with neither skip that arithmetic — a zero
/// highlight and a full alpha (× 256) change nothing.
@inline(__always) func spanLightsAndFades(_ count: Int, _ HL: Int, _ dHL: Int, _ AL: Int, _ dAL: Int) -> (lights: Bool, fades: Bool) {
    let lastHL = HL + (count - 1) * dHL, lastAL = AL + (count - 1) * dAL
    return (HL >> 16 > 0 || lastHL >> 16 > 0, AL >> 16 < 256 || lastAL >> 16 < 256)
}

/// A factor along a span (8.16, starting at v0, stepping d a pixel), read eight pixels at a time.
/// The lane steps 0, d, …, 7d are multiplied out once per span (baseline x86-64 has no 32-bit vector
/// multiply), so each group of eight costs one add.
struct FactorRamp {
    let v0: Int, d: Int
    let steps: I8
    @inline(__always) init(_ v0: Int, _ d: Int) {
        self.v0 = v0; self.d = d
        steps = I8(0, 1, 2, 3, 4, 5, 6, 7) &* Int32(truncatingIfNeeded: d)
    }
    /// The factor at the pixels `offset` … `offset + 7` of the span, as 0…256 lanes.
    @inline(__always) func at(_ offset: Int) -> I8 {
        clamp256((steps &+ Int32(truncatingIfNeeded: v0 + offset * d)) &>> 16)
    }
    /// The factor at pixel `i` of the span, 0…256 (lane k of `at(i - k)`).
    @inline(__always) func value(_ i: Int) -> Int { min(max((v0 + i * d) >> 16, 0), 256) }
}

/// Branch-free clamp to 0…256 on 32-bit lanes (the generic pointwiseMin/Max are not inlined).
@inline(__always) func clamp256<V: SIMD>(_ x: V) -> V where V.Scalar == Int32 {
    let c = x & ~(x &>> 31), d = c &- 256
    return 256 &+ (d & (d &>> 31))
}

/// Eight texels as 16-bit lane pairs (blue+red, green+alpha): what `bilinear8Lanes` gives for
/// samples on whole texels (both fractions 0: weights 256, 0, 0, 0, and (c·256 + 128) >> 8 = c).
@inline(__always) func lanePairs(_ t: Px8) -> (Half16, Half16) {
    let mask = Px8(repeating: 0x00ff_00ff)
    return (lanes16(t & mask), lanes16((t &>> 8) & mask))
}

/// `lanePairs` for sixteen texels.
@inline(__always) func lanePairs(_ t: Px16) -> (Half32, Half32) {
    let mask = Px16(repeating: 0x00ff_00ff)
    return (lanes32(t & mask), lanes32((t &>> 8) & mask))
}

/// Eight samples (16-bit lane pairs) multiplied by shade, lit by highlight (white × alpha) and faded
/// by alpha — per-lane factors in 1/256, each 0…256 — as `modulatePixel` does one at a time. A nil
/// highlight or alpha is 0 or 256 on every lane, which change nothing, so their arithmetic is skipped.
@inline(__always)
func modulate8(_ rb: Half16, _ ag: Half16, shade sh: I8, highlight hl: I8?, alpha al: I8?) -> (Half16, Half16) {
    @inline(__always) func both(_ w: I8) -> Half16 { let u = unsafeBitCast(w, to: Px8.self); return lanes16(u | (u &<< 16)) }
    // c·shade + a·highlight + 128 needs 17 bits, so it is halved as it is summed (`segue_avg16`,
    // which rounds up: the lift is a·highlight + 127): ⌊(x + y)/256⌋ = ⌊((x + (y − 1) + 1)/2)/128⌋.
    @inline(__always) func lit(_ c: Half16, _ sh: Half16, _ lift: Half16, _ a: Half16) -> Half16 {
        segue_min16(a, segue_avg16(c &* sh, lift) &>> 7)
    }
    let alpha = pixels32(ag) &>> 16
    let aa = lanes16(alpha | (alpha &<< 16))
    // Colour lanes take shade and highlight; the alpha lanes of `ag` shade 1 (256) and no
    // highlight, so they come out as a, then × alpha like the rest.
    let shRB = both(sh), shAG = lanes16(unsafeBitCast(sh, to: Px8.self) | Px8(repeating: 256 << 16))
    var orb: Half16, oag: Half16
    if let hl {
        let liftRB = aa &* both(hl) &+ 127, liftAG = aa &* lanes16(unsafeBitCast(hl, to: Px8.self)) &+ 127
        orb = lit(rb, shRB, liftRB, aa); oag = lit(ag, shAG, liftAG, aa)
    } else {
        // `lit` with a zero highlight (lift 128): the halved sum is the rounded product.
        orb = segue_min16(aa, (rb &* shRB &+ 128) &>> 8); oag = segue_min16(aa, (ag &* shAG &+ 128) &>> 8)
    }
    if let al {
        let alB = both(al)
        orb = (orb &* alB &+ 128) &>> 8; oag = (oag &* alB &+ 128) &>> 8
    }
    return (orb, oag)
}
