// FastSpans: the inner loops of the two commonest cases the general samplers handled a pixel (or four)
// at a time, now eight or four lanes wide with no per-pixel branching. Each is bit-identical to the
// reference loop it replaces (the tests in FastPathTests pin that):
// - `translatedSpan`: an image moved by a fractional offset (a slide between whole pixels). Every
//   pixel has the same bilinear weights and its four taps are consecutive texels of two rows, so the
//   taps are four unaligned vector loads and the weights four broadcast constants — no gathers.
//   Reference: `bilinearSpan` with steps (1, 0).
// - `shadedSpan`: a mesh span with per-vertex shade, highlight and alpha (cube faces, flips, curls,
//   ripples): four samples gathered and bilinear-weighted as in `bilinearSpan`, then `modulate` and
//   source-over done lane-wise. Reference: the scalar `sampleInside` + `modulate` + `put` loop.
//   Unit-scale axis-aligned segments (flat pages, calm water) load their taps as consecutive texels.

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
    let w11 = (fx &* fy &+ 128) >> 8
    let w10 = fx &- w11, w01 = fy &- w11, w00 = 256 &- fx &- fy &+ w11
    let a = Half16(repeating: UInt16(w00)), b = Half16(repeating: UInt16(w10))
    let c = Half16(repeating: UInt16(w01)), e = Half16(repeating: UInt16(w11))
    let mask = Px8(repeating: 0x00ff_00ff)
    let o = Half16(repeating: UInt16(opacity))
    @inline(__always) func lo(_ t: Px8) -> Half16 { lanes16(t & mask) }
    @inline(__always) func hi(_ t: Px8) -> Half16 { lanes16((t &>> 8) & mask) }
    @inline(__always) func load(_ p: UnsafePointer<UInt32>) -> Px8 { UnsafeRawPointer(p).loadUnaligned(as: Px8.self) }
    var i = 0
    while i + 8 <= count {
        let q = src + i
        let t00 = load(q), t10 = load(q + 1), t01 = load(q + stride), t11 = load(q + stride + 1)
        var rb = (lo(t00) &* a &+ lo(t10) &* b &+ lo(t01) &* c &+ lo(t11) &* e &+ 128) &>> 8
        var ag = (hi(t00) &* a &+ hi(t10) &* b &+ hi(t01) &* c &+ hi(t11) &* e &+ 128) &>> 8
        if opacity == 255 {
            // All taps opaque (a snapshot's interior): the samples are opaque, so they replace the
            // destination — no read of it at all.
            let m = t00 & t10 & t01 & t11
            if (m[0] & m[1] & m[2] & m[3] & m[4] & m[5] & m[6] & m[7]) >> 24 == 255 {
                UnsafeMutableRawPointer(dst + i).storeBytes(of: pixels32(rb) | (pixels32(ag) &<< 8), as: Px8.self)
                i += 8
                continue
            }
        }
        if opacity != 255 { rb = div255(rb &* o); ag = div255(ag &* o) }
        let al = pixels32(ag) &>> 16
        let inv = Half16(repeating: 255) &- lanes16(al | (al &<< 16))
        let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px8.self)
        let out = pixels32(rb &+ div255(lo(d) &* inv)) | (pixels32(ag &+ div255(hi(d) &* inv)) &<< 8)
        UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Px8.self)
        i += 8
    }
    let fx64 = UInt64(fx), fy64 = UInt64(fy)
    while i < count {
        let q = src + i
        put(dst + i, bilinear(q[0], q[1], q[stride], q[stride + 1], fx64, fy64), opacity)
        i += 1
    }
}

/// A mesh span with every tap inside the texture: bilinear samples at 8.24 (U, V) stepped
/// quadratically as in `bilinearSpan`, each multiplied by shade, lit by highlight and faded by alpha
/// (8.24-scaled 1/256 units stepped linearly: the value used is `x >> 16`), composited over `dst`.
@inline(__always) @usableFromInline
func shadedSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                _ U: inout Int, _ V: inout Int, _ dU: inout Int, _ dV: inout Int, _ ddU: Int, _ ddV: Int,
                _ SH: inout Int, _ HL: inout Int, _ AL: inout Int, _ dSH: Int, _ dHL: Int, _ dAL: Int,
                uniform: UInt32? = nil, contiguous: Bool = false) {
    typealias I4 = SIMD4<Int32>
    // Branch-free min and clamp on small lanes (the generic pointwiseMin/Max are not inlined).
    @inline(__always) func minimum(_ a: I4, _ b: I4) -> I4 { let d = a &- b; return b &+ (d & (d &>> 31)) }
    @inline(__always) func unit(_ x: I4) -> I4 { minimum(x & ~(x &>> 31), I4(repeating: 256)) }
    @inline(__always) func factor(_ v: Int, _ d: Int) -> I4 {
        I4(Int32(truncatingIfNeeded: v >> 16), Int32(truncatingIfNeeded: (v &+ d) >> 16),
           Int32(truncatingIfNeeded: (v &+ 2 &* d) >> 16), Int32(truncatingIfNeeded: (v &+ 3 &* d) >> 16))
    }
    var i = 0
    while i + 4 <= count {
        let u0 = U, v0 = V
        let u1 = u0 &+ dU, v1 = v0 &+ dV, e1 = dU &+ ddU, f1 = dV &+ ddV
        let u2 = u1 &+ e1, v2 = v1 &+ f1, e2 = e1 &+ ddU, f2 = f1 &+ ddV
        let u3 = u2 &+ e2, v3 = v2 &+ f2, e3 = e2 &+ ddU, f3 = f2 &+ ddV
        U = u3 &+ e3; V = v3 &+ f3; dU = e3 &+ ddU; dV = f3 &+ ddV
        var t00: Px4, t10: Px4, t01: Px4, t11: Px4
        if let c = uniform {
            // A one-colour texture (iris blades, shadows): every tap is that colour, and bilinear
            // weights summing to 256 give it back exactly — no gathers.
            t00 = Px4(repeating: c); t10 = t00; t01 = t00; t11 = t00
        } else if contiguous {
            // Unit steps along the row (dU = 1 texel, dV = ddU = ddV = 0): the four pixels' taps are
            // consecutive texels, four unaligned vector loads.
            let q = tex + (v0 >> 24) * stride + (u0 >> 24)
            @inline(__always) func load(_ p: UnsafeMutablePointer<UInt32>) -> Px4 { UnsafeRawPointer(p).loadUnaligned(as: Px4.self) }
            t00 = load(q); t10 = load(q + 1); t01 = load(q + stride); t11 = load(q + stride + 1)
        } else {
            let q0 = tex + (v0 >> 24) * stride + (u0 >> 24), q1 = tex + (v1 >> 24) * stride + (u1 >> 24)
            let q2 = tex + (v2 >> 24) * stride + (u2 >> 24), q3 = tex + (v3 >> 24) * stride + (u3 >> 24)
            t00 = Px4(q0[0], q1[0], q2[0], q3[0]); t10 = Px4(q0[1], q1[1], q2[1], q3[1])
            t01 = Px4(q0[stride], q1[stride], q2[stride], q3[stride])
            t11 = Px4(q0[stride + 1], q1[stride + 1], q2[stride + 1], q3[stride + 1])
        }
        let fx = (Px4(UInt32(truncatingIfNeeded: u0), UInt32(truncatingIfNeeded: u1), UInt32(truncatingIfNeeded: u2),
                      UInt32(truncatingIfNeeded: u3)) &>> 16) & 0xff
        let fy = (Px4(UInt32(truncatingIfNeeded: v0), UInt32(truncatingIfNeeded: v1), UInt32(truncatingIfNeeded: v2),
                      UInt32(truncatingIfNeeded: v3)) &>> 16) & 0xff
        let sh = unit(factor(SH, dSH))
        let al = unit(factor(AL, dAL))
        let hl = unit(factor(HL, dHL))
        SH &+= 4 &* dSH; HL &+= 4 &* dHL; AL &+= 4 &* dAL
        // modulate on the 16-bit lanes of the bilinear result (SSE2 multiplies 16-bit lanes natively,
        // 32-bit ones only in halves). c·shade + a·highlight + 128 needs 17 bits, so the two products
        // are halved before adding, keeping the carry of their low bits: ⌊(x + y)/256⌋ =
        // ⌊(⌊x/2⌋ + ⌊y/2⌋ + (x ∧ y ∧ 1))/128⌋ exactly.
        let (rb, ag) = bilinear4Lanes(t00, t10, t01, t11, fx, fy)
        @inline(__always) func both(_ w: I4) -> Half8 { let u = unsafeBitCast(w, to: Px4.self); return unsafeBitCast(u | (u &<< 16), to: Half8.self) }
        @inline(__always) func min16(_ x: Half8, _ y: Half8) -> Half8 {
            let d = unsafeBitCast(x &- y, to: SIMD8<Int16>.self)
            return y &+ unsafeBitCast(d & (d &>> 15), to: Half8.self)
        }
        @inline(__always) func lit(_ c: Half8, _ sh: Half8, _ lift: Half8, _ a: Half8) -> Half8 {
            let x = c &* sh
            return min16(a, ((x &>> 1) &+ (lift &>> 1) &+ (x & lift & 1)) &>> 7)
        }
        let alpha = unsafeBitCast(ag, to: Px4.self) &>> 16
        let aa = unsafeBitCast(alpha | (alpha &<< 16), to: Half8.self)
        let alB = both(al)
        // Colour lanes take shade and highlight; the alpha lanes of `ag` shade 1 (256) and no
        // highlight, so they come out as a, then × alpha like the rest.
        let shRB = both(sh), liftRB = aa &* both(hl) &+ 128
        let shAG = unsafeBitCast(unsafeBitCast(sh, to: Px4.self) | Px4(repeating: 256 << 16), to: Half8.self)
        let hlAG = unsafeBitCast(unsafeBitCast(hl, to: Px4.self), to: Half8.self)
        let liftAG = aa &* hlAG &+ 128
        let orb = (lit(rb, shRB, liftRB, aa) &* alB &+ 128) &>> 8
        let oag = (lit(ag, shAG, liftAG, aa) &* alB &+ 128) &>> 8
        // put(…, 255): v + dst·(255 − v.alpha); exact for opaque and empty v alike. Four opaque
        // results replace the destination without reading it.
        let va = unsafeBitCast(oag, to: Px4.self) &>> 16
        if va[0] & va[1] & va[2] & va[3] == 255 {
            UnsafeMutableRawPointer(dst + i).storeBytes(of: unsafeBitCast(orb, to: Px4.self) | (unsafeBitCast(oag, to: Px4.self) &<< 8), as: Px4.self)
            i += 4
            continue
        }
        let inv = Half8(repeating: 255) &- unsafeBitCast(va | (va &<< 16), to: Half8.self)
        let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px4.self)
        let mask = Px4(repeating: 0x00ff_00ff)
        let drb = div255(unsafeBitCast(d & mask, to: Half8.self) &* inv)
        let dag = div255(unsafeBitCast((d &>> 8) & mask, to: Half8.self) &* inv)
        let out = unsafeBitCast(orb &+ drb, to: Px4.self) | (unsafeBitCast(oag &+ dag, to: Px4.self) &<< 8)
        UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Px4.self)
        i += 4
    }
    while i < count {
        let s = sampleInside(tex, stride, U, V)
        put(dst + i, modulatePixel(s, SH >> 16, HL >> 16, AL >> 16), 255)
        U &+= dU; V &+= dV; dU &+= ddU; dV &+= ddV
        SH &+= dSH; HL &+= dHL; AL &+= dAL
        i += 1
    }
}

/// Bilinear blend of four pixels' taps (the vector form of `bilinear`).
@inline(__always) @usableFromInline
func bilinear4(_ t00: Px4, _ t10: Px4, _ t01: Px4, _ t11: Px4, _ fx: Px4, _ fy: Px4) -> Px4 {
    let (rb, ag) = bilinear4Lanes(t00, t10, t01, t11, fx, fy)
    return unsafeBitCast(rb, to: Px4.self) | (unsafeBitCast(ag, to: Px4.self) &<< 8)
}

/// `bilinear4` before packing: blue+red and green+alpha as 16-bit lanes, each ≤ 255.
@inline(__always) @usableFromInline
func bilinear4Lanes(_ t00: Px4, _ t10: Px4, _ t01: Px4, _ t11: Px4, _ fx: Px4, _ fy: Px4) -> (Half8, Half8) {
    let w11 = (fx &* fy &+ 128) &>> 8
    let w10 = fx &- w11, w01 = fy &- w11, w00 = 256 &- fx &- fy &+ w11
    @inline(__always) func both(_ w: Px4) -> Half8 { unsafeBitCast(w | (w &<< 16), to: Half8.self) }
    let a = both(w00), b = both(w10), c = both(w01), e = both(w11)
    let mask = Px4(repeating: 0x00ff_00ff)
    @inline(__always) func lo(_ t: Px4) -> Half8 { unsafeBitCast(t & mask, to: Half8.self) }
    @inline(__always) func hi(_ t: Px4) -> Half8 { unsafeBitCast((t &>> 8) & mask, to: Half8.self) }
    let rb = (lo(t00) &* a &+ lo(t10) &* b &+ lo(t01) &* c &+ lo(t11) &* e &+ 128) &>> 8
    let ag = (hi(t00) &* a &+ hi(t10) &* b &+ hi(t01) &* c &+ hi(t11) &* e &+ 128) &>> 8
    return (rb, ag)
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
