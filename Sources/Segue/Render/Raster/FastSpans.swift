// FastSpans: `translatedSpan`, the inner loop of the commonest image draw — an image moved by a
// fractional offset (a slide between whole pixels, a flat page in a mesh). Every pixel has the same
// bilinear weights and its four taps are consecutive texels of two rows, so the taps are four
// unaligned vector loads and the weights four broadcast constants — no gathers, eight pixels a step.
// Bit-identical to its reference, `bilinearSpan` with steps (1, 0) (FastPathTests pin that); on whole
// texels at full opacity it is `blendRow`, copies where the texels are opaque.
// `scaledRow` is its cousin for an image scaled but not turned (a card flying to a button): the taps
// still come from one pair of rows, the columns' taps and weights looked up, worked out once for all
// rows of a draw; sixteen pixels whose columns lie within sixty-three texels (a scale above about a
// quarter) read them from a window of two vector loads a row, four past thirty-one texels (CGather,
// on AVX-512: fly-to-button and
// fly-from-button p99 0.65–0.7× the time of a 64-bit load per tap pair); without it, sixteen pixels
// of a scale between about 0.88 and 1.14 read them from four shifted vector loads a row (`shiftedTaps`:
// on AVX2, fly-to-button held at 0.05 0.85× the time). `affineSpan` takes any
// other affine span (a small turned image; a big one's rows only beside its strips, TurnedStrips)
// through the mesh kernels' tap gather and weights, sixteen
// pixels a step (MeshSpans16), its 8.24 positions split so that 32-bit lanes step them exactly. A
// turned texture is read across its rows, a new cache line nearly every pixel; where eight pixels'
// rows do not step evenly (8·dv far from a whole number) the hardware prefetchers lose the pattern
// and a rotation's frame took up to twice as long at such angles, so `affineSpan` hints the taps 48
// pixels ahead itself. The mesh kernels are in MeshSpans.

import CPrefetch
import CGather

/// A switch for tests: off (`FastPaths.$enabled.withValue(false) { … }`), draws on that task take the
/// reference loops and the compositor draws every layer directly (same pixels, slower). Task-local, so
/// tests running in parallel never see each other's setting.
enum FastPaths {
    @TaskLocal static var enabled = true
}

/// Source-over of `count` pixels of the texture row at `src` (texel (x, y) at src[x], the next row
/// `stride` further) sampled at the constant sub-texel phase (fx, fy) ∈ 0…255, times `opacity`.
@inline(__always) @usableFromInline
func translatedSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>, _ stride: Int,
                    fx: UInt32, fy: UInt32, opacity: UInt32) {
    if fx == 0 && fy == 0 && opacity == 255 {
        // On whole texels (a page lying still): the texels themselves, a copy where they are opaque.
        return blendRow(dst, src, count, opacity: 255)
    }
    if fx == 0 || fy == 0 {
        // A slide along one axis: two taps (the other pair's weights are zero).
        return twoTapSpan(dst, count, src, fy == 0 ? 1 : stride, weight: fy == 0 ? fx : fy, opacity: opacity)
    }
    let w11 = (fx &* fy &+ 128) >> 8
    let w10 = fx &- w11, w01 = fy &- w11, w00 = 256 &- fx &- fy &+ w11
    let a = Half16(repeating: UInt16(w00)), b = Half16(repeating: UInt16(w10))
    let c = Half16(repeating: UInt16(w01)), e = Half16(repeating: UInt16(w11))
    let mask = Px8(repeating: 0x00ff_00ff)
    @inline(__always) func lo(_ t: Px8) -> Half16 { lanes16(t & mask) }
    @inline(__always) func hi(_ t: Px8) -> Half16 { lanes16((t &>> 8) & mask) }
    @inline(__always) func load(_ p: UnsafePointer<UInt32>) -> Px8 { UnsafeRawPointer(p).loadUnaligned(as: Px8.self) }
    var i = 0
    while i + 8 <= count {
        let q = src + i
        let t00 = load(q), t10 = load(q + 1), t01 = load(q + stride), t11 = load(q + stride + 1)
        let rb = (lo(t00) &* a &+ lo(t10) &* b &+ lo(t01) &* c &+ lo(t11) &* e &+ 128) &>> 8
        let ag = (hi(t00) &* a &+ hi(t10) &* b &+ hi(t01) &* c &+ hi(t11) &* e &+ 128) &>> 8
        putLanes8(dst + i, rb, ag, opacity: opacity)
        i += 8
    }
    let fx64 = UInt64(fx), fy64 = UInt64(fy)
    while i < count {
        let q = src + i
        put(dst + i, bilinear(q[0], q[1], q[stride], q[stride + 1], fx64, fy64), opacity)
        i += 1
    }
}

/// rgb × shade, + white × highlight × alpha (kept premultiplied), then everything × alpha; the
/// factors are in 1/256 units (256 = 1) and clamped to 0…256.
@inline(__always) @usableFromInline
func modulatePixel(_ p: UInt32, _ shade: Int, _ highlight: Int, _ alpha: Int) -> UInt32 {
    let a = Int(p >> 24)
    if a == 0 { return 0 }
    let sh = min(max(shade, 0), 256), al = min(max(alpha, 0), 256)
    let lift = a * min(max(highlight, 0), 256) + 128
    @inline(__always) func ch(_ s: UInt32) -> UInt32 {
        let lit = min(a, (Int((p >> s) & 0xff) * sh + lift) >> 8)
        return UInt32((lit * al + 128) >> 8) << s
    }
    return UInt32((a * al + 128) >> 8) << 24 | ch(16) | ch(8) | ch(0)
}

/// `translatedSpan` with one phase zero: each pixel blends texel x with the one `step` further
/// (1: the next texel, `stride`: the one below) by `weight` ∈ 0…255 — bilinear's formula with the
/// other two weights zero, so the same pixels with half the loads and multiplies.
@inline(__always) @usableFromInline
func twoTapSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>, _ step: Int,
                weight: UInt32, opacity: UInt32) {
    let a = Half16(repeating: UInt16(256 - weight)), b = Half16(repeating: UInt16(weight))
    let mask = Px8(repeating: 0x00ff_00ff)
    @inline(__always) func lo(_ t: Px8) -> Half16 { lanes16(t & mask) }
    @inline(__always) func hi(_ t: Px8) -> Half16 { lanes16((t &>> 8) & mask) }
    @inline(__always) func load(_ p: UnsafePointer<UInt32>) -> Px8 { UnsafeRawPointer(p).loadUnaligned(as: Px8.self) }
    var i = 0
    while i + 8 <= count {
        let t0 = load(src + i), t1 = load(src + i + step)
        let rb = (lo(t0) &* a &+ lo(t1) &* b &+ 128) &>> 8
        let ag = (hi(t0) &* a &+ hi(t1) &* b &+ 128) &>> 8
        putLanes8(dst + i, rb, ag, opacity: opacity)
        i += 8
    }
    let w = UInt64(weight)
    while i < count {
        let q = src + i
        put(dst + i, step == 1 ? bilinear(q[0], q[1], 0, 0, w, 0) : bilinear(q[0], 0, q[step], 0, 0, w), opacity)
        i += 1
    }
}

/// `bilinearSpan` for a row of a scaled, unturned image (dV = 0), its columns looked up: pixel i's
/// left tap is texel column `columns[i]` and its horizontal weight `fractions[i]` — the same on every
/// row, so worked out once per draw — and all pixels sample the row pair at V (8.24): sixteen pixels
/// from a window of the pair (`windowTaps`) where their columns fit one, else from four shifted
/// vector loads a row where the scale is near one (`shiftedTaps`), else each tap pair one 64-bit load.
/// A row costs the tap loads and the weighting only; the same pixels.
@inline(__always) @usableFromInline
func scaledRow(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
               _ V: Int, columns: UnsafePointer<UInt32>, fractions: UnsafePointer<UInt32>, opacity: UInt32) {
    let top = UnsafeRawPointer(tex + (V >> 24) * stride), down = 4 * stride
    let fy = Px8(repeating: UInt32(truncatingIfNeeded: V >> 16) & 0xff)
    var i = 0
    // Sixteen a step (the same arithmetic as eight, lane for lane), then eight, then one by one.
    // Where the columns step about four texels a pixel or less (a scale above about a quarter), sixteen
    // pixels' taps are first tried from a window of the row pair (`windowTaps`).
    let window = count >= 16 && stepsFitWindow(Int(columns[count - 1]) - Int(columns[0]), 0, in: count - 1, unit: 1)
    let rows = I16(repeating: Int32(truncatingIfNeeded: V >> 24))
    while i + 16 <= count {
        @inline(__always) func pairs(_ below: Int) -> (Px16, Px16) {
            @inline(__always) func pair(_ k: Int) -> UInt64 {
                top.loadUnaligned(fromByteOffset: 4 * Int(columns[i + k]) + below, as: UInt64.self)
            }
            return unzip(SIMD8(pair(0), pair(1), pair(2), pair(3), pair(4), pair(5), pair(6), pair(7)),
                         SIMD8(pair(8), pair(9), pair(10), pair(11), pair(12), pair(13), pair(14), pair(15)))
        }
        let cols = UnsafeRawPointer(columns + i).loadUnaligned(as: I16.self)
        let windowed = window ? windowTaps(tex, stride, columns: cols, rows: rows, hints: 0) : nil
        let (t00, t10, t01, t11) = windowed ?? shiftedTaps(top, stride, cols)
            ?? { let (a, b) = pairs(0), (c, d) = pairs(down); return (a, b, c, d) }()
        let fx = UnsafeRawPointer(fractions + i).loadUnaligned(as: Px16.self)
        let (rb, ag) = bilinear16Lanes(t00, t10, t01, t11, fx, Px16(repeating: fy[0]))
        putLanes16(dst + i, rb, ag, opacity: opacity)
        i += 16
    }
    while i + 8 <= count {
        @inline(__always) func pair(_ k: Int, _ below: Int = 0) -> UInt64 {
            top.loadUnaligned(fromByteOffset: 4 * Int(columns[i + k]) + below, as: UInt64.self)
        }
        let (t00, t10) = unzip(SIMD4(pair(0), pair(1), pair(2), pair(3)), SIMD4(pair(4), pair(5), pair(6), pair(7)))
        let (t01, t11) = unzip(SIMD4(pair(0, down), pair(1, down), pair(2, down), pair(3, down)),
                               SIMD4(pair(4, down), pair(5, down), pair(6, down), pair(7, down)))
        let fx = UnsafeRawPointer(fractions + i).loadUnaligned(as: Px8.self)
        let (rb, ag) = bilinear8Lanes(t00, t10, t01, t11, fx, fy)
        putLanes8(dst + i, rb, ag, opacity: opacity)
        i += 8
    }
    while i < count {
        put(dst + i, sampleInside(tex, stride, Int(columns[i]) << 24 | Int(fractions[i]) << 16, V), opacity)
        i += 1
    }
}

/// Whether this build reads a magnified row's taps by AVX2's permute (`magnifiedGroups`): release builds
/// for AVX2 without AVX-512 (which reads them from its window); debug builds wherever the CPU has
/// AVX2, so that the tests run it. The demo's music screen draws two gradients made at a quarter of
/// their size (its 1920 × 1080 background, its 807 × 807 card): 5.6 ms of its snapshot with the
/// tap-pair loads, 3.1 ms with the permutes (samples of one render, one core, the Zen 2 of 2026-12-07).
#if SEGUE_AVX512
let rowTaps8Available = false
#elseif SEGUE_AVX2
let rowTaps8Available = true
#elseif DEBUG
let rowTaps8Available = segue_row_taps8_available() != 0
#else
let rowTaps8Available = false
#endif

/// `scaledRow`'s groups of sixteen for a magnified row (the same arguments), their taps read by AVX2's permute: each half
/// of eight from the eight texels of each row from its least column (`segue_row_taps8`, CGather).
/// Draws groups from the row's start while their taps fit, and returns where it stopped (a multiple
/// of sixteen); `scaledRow` draws the rest. (A loop of its own: inside `scaledRow`'s, the 6.3
/// compiler crashed emitting `scaledRow`.)
@inline(__always)
func magnifiedGroups(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                     _ V: Int, columns: UnsafePointer<UInt32>, fractions: UnsafePointer<UInt32>, opacity: UInt32) -> Int {
    let row = UnsafePointer(tex + (V >> 24) * stride), fys = Px16(repeating: UInt32(truncatingIfNeeded: V >> 16) & 0xff)
    var taps = (Px16(), Px16(), Px16(), Px16())
    var i = 0
    while i + 16 <= count {
        let fits = withUnsafeMutableBytes(of: &taps) {
            let c = UnsafeRawPointer(columns + i).assumingMemoryBound(to: Int32.self)
            let out = $0.baseAddress!.assumingMemoryBound(to: UInt32.self)
            return segue_row_taps8(row, stride, c, out, 16) != 0 && segue_row_taps8(row, stride, c + 8, out + 8, 16) != 0
        }
        guard fits else { break }
        let fx = UnsafeRawPointer(fractions + i).loadUnaligned(as: Px16.self)
        let (rb, ag) = bilinear16Lanes(taps.0, taps.1, taps.2, taps.3, fx, fys)
        putLanes16(dst + i, rb, ag, opacity: opacity)
        i += 16
    }
    return i
}

/// The taps of sixteen pixels of a scaled row whose left tap columns are `cols`, where those step by
/// one texel but for at most two steps of none or of two (an image drawn between about 0.88 and 1.14 of
/// its size: the fly seeds' pages): lane k's columns are a fixed start + k + j with j = 0, 1 or 2, so
/// its taps are lane k of one of four vector loads from that start on — four loads and two selects a
/// row instead of sixteen tap-pair loads and their unzip. The same texels; nil (drawn otherwise) for
/// other steps, or where the four loads would leave the row's stride.
@inline(__always)
func shiftedTaps(_ top: UnsafeRawPointer, _ stride: Int, _ cols: I16) -> (Px16, Px16, Px16, Px16)? {
    let iota = I16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    // Each lane's column less its place (lane 0's column first); the columns are monotonic, so the
    // least is lane 0's or lane 15's.
    let d = cols &- iota &- cols[0], lo = min(0, Int(d[15]))
    let start = Int(cols[0]) + lo
    let j = d &- Int32(lo)
    // Every j 0, 1 or 2: none outside 0…3, and none 3 (both low bits set).
    guard start >= 0, start + 19 <= stride, !anyNonzero((j & ~3) | (j & (j &>> 1) & 1)) else { return nil }
    // Lanes of all ones where j is 1, 2 or 0 (bitwise: the selects are ands and ors).
    let ju = unsafeBitCast(j, to: Px16.self), one = 0 &- (ju & 1), two = 0 &- (ju &>> 1), none = ~(one | two)
    @inline(__always) func row(_ below: Int) -> (Px16, Px16) {
        let p = top + 4 * start + below
        let l0 = p.loadUnaligned(as: Px16.self), l1 = p.loadUnaligned(fromByteOffset: 4, as: Px16.self)
        let l2 = p.loadUnaligned(fromByteOffset: 8, as: Px16.self), l3 = p.loadUnaligned(fromByteOffset: 12, as: Px16.self)
        return ((l0 & none) | (l1 & one) | (l2 & two), (l1 & none) | (l2 & one) | (l3 & two))
    }
    let (t00, t10) = row(0), (t01, t11) = row(4 * stride)
    return (t00, t10, t01, t11)
}

/// `bilinearSpan` sixteen pixels a step: pixel i samples at (U + i·dU, V + i·dV) in 8.24, every tap
/// inside the texture, composited over `dst` — the same pixels. Positions go to the kernels in 1/256
/// texel, (U + i·dU) >> 16, worked out exactly in 32-bit lanes from U's and dU's parts above and
/// below bit 16 (the low parts' sum carries into the high). Draws the whole groups of sixteen, then
/// one of eight if one is left, and returns how many pixels that is, with U and V stepped past them;
/// the caller finishes the last few. Textures must pass `SpanPlanes.fitsKernels`.
@inline(__always) @usableFromInline
func affineSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                _ U: inout Int, _ V: inout Int, _ dU: Int, _ dV: Int, opacity: UInt32) -> Int {
    // Lane k's step k·d, split at bit 16 (see above), for sixteen lanes and for eight.
    @inline(__always) func steps(_ d: Int) -> (high: I16, low: I16) {
        let iota = I16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        return (iota &* Int32(truncatingIfNeeded: d >> 16), iota &* Int32(truncatingIfNeeded: d & 0xffff))
    }
    @inline(__always) func positions(_ P: Int, _ steps: (high: I16, low: I16)) -> I16 {
        let low = I16(repeating: Int32(truncatingIfNeeded: P & 0xffff)) &+ steps.low
        return I16(repeating: Int32(truncatingIfNeeded: P >> 16)) &+ steps.high &+ (low &>> 16)
    }
    let su = steps(dU), sv = steps(dV)
    // About one texel right a pixel (a card barely turned): `consecutive`'s test is worth making.
    let along = abs(dU - 1 << 24) <= 1 << 17 && abs(dV) <= 1 << 17
    // A loop each with and without `consecutive`'s test and the window (constants in each: `specialized`).
    @inline(__always) func groups(_ along: Bool, _ window: Bool) -> Int {
        var i = 0
        while i + 16 <= count {
            let x = positions(U, su), y = positions(V, sv)
            hintAhead(tex, stride, positions(U &+ affineHintPixels &* dU, su), positions(V &+ affineHintPixels &* dV, sv))
            let (t00, t10, t01, t11) = gather16(tex, stride, x, y, alongRows: along, window: window)
            let (rb, ag) = bilinear16Lanes(t00, t10, t01, t11, unsafeBitCast(x, to: Px16.self), unsafeBitCast(y, to: Px16.self))
            putLanes16(dst + i, rb, ag, opacity: opacity)
            U &+= 16 &* dU; V &+= 16 &* dV
            i += 16
        }
        return i
    }
    var i = specialized(along, stepsFitWindow(dU, dV, in: 1, unit: 1 << 24), groups)
    if i + 8 <= count {
        let x = positions(U, su).lowHalf, y = positions(V, sv).lowHalf
        let (t00, t10, t01, t11) = gather8(tex, stride, x, y)
        let (rb, ag) = bilinear8Lanes(t00, t10, t01, t11, unsafeBitCast(x, to: Px8.self), unsafeBitCast(y, to: Px8.self))
        putLanes8(dst + i, rb, ag, opacity: opacity)
        U &+= 8 &* dU; V &+= 8 &* dV
        i += 8
    }
    return i
}

/// How many pixels ahead `affineSpan` hints its taps (rotating-dismiss at fixed angles, worst of
/// eleven, one noisy run each, eight-pixel groups: none 13.2 ms, 16 px 10.3, 32 7.2, 48 7.4, 64 7.8,
/// 96 9.5, 128 8.1).
let affineHintPixels = 48

/// Hints the tap lines of sixteen pixels to come, at positions (x, y): every other lane's top and
/// bottom taps and the row below them — where a turned texture is read across its rows, they cover
/// the rows the sixteen read, the skipped lanes' too when pixels step more than half a row (a card
/// turned past 30°). Against two rows a lane, three series of six interleaved rounds of whole
/// rotating-dismiss transitions: p99 0.78–0.87×, p50 0.93–0.96× the time.
@inline(__always) func hintAhead(_ tex: UnsafeMutablePointer<UInt32>, _ stride: Int, _ x: I16, _ y: I16) {
    let i = tapIndices(x, y, stride)
    let base = UnsafeRawPointer(tex), down = 4 * stride
    for k in Swift.stride(from: 0, to: 16, by: 2) {
        let p = base + 4 * Int(i[k])
        segue_prefetch(p); segue_prefetch(p + down); segue_prefetch(p + 2 * down)
    }
}
