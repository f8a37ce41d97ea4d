// VectorBlend: the row loops that dominate full-frame work — crossfades and translucent snapshots
// eight pixels at a time, the reference affine bilinear span four at a time. Pixels stay
// 32-bit (SIMD8<UInt32>); masking splits each into its blue+red and green+alpha byte pairs, which
// viewed as SIMD16<UInt16> are 16-bit lanes that one 16-bit multiply scales together (the vector
// form of PixelMath's trick). Only shifts, ands, 16-bit multiplies and adds are used — all baseline
// SSE2 — and no widening conversions, which Swift does not inline; the exact rounding ÷255 is one
// multiply-high (CLanes), where it was two shifts and two adds. The arithmetic equals the scalar path
// bit for bit, except that runs of opaque source pixels under an opacity take a one-division lerp
// (closer to exact; the crossfade's inner loop).

import CLanes

@usableFromInline typealias Px8 = SIMD8<UInt32>
@usableFromInline typealias Half16 = SIMD16<UInt16>

@inline(__always) @usableFromInline func lanes16(_ v: Px8) -> Half16 { unsafeBitCast(v, to: Half16.self) }
@inline(__always) @usableFromInline func pixels32(_ v: Half16) -> Px8 { unsafeBitCast(v, to: Px8.self) }

/// x/255 rounded, for x ≤ 65152: (t + (t >> 8)) >> 8 with t = x + 128, which is t·257 >> 16 — one
/// multiply-high (CLanes).
@inline(__always) @usableFromInline
func div255(_ x: Half16) -> Half16 { segue_mulhi16(x &+ 128, Half16(repeating: 257)) }

/// `src·o + dst·(1 − src.alpha·o)` for eight pixels (`opacity` 255 skips the source scaling).
@inline(__always) @usableFromInline
func over8(_ s: Px8, _ d: Px8, opacity: UInt32) -> Px8 {
    var (srb, sag) = lanePairs(s)
    if opacity != 255 {
        let o = Half16(repeating: UInt16(opacity))
        srb = div255(srb &* o); sag = div255(sag &* o)
    }
    // Alpha sits in the high 16 bits of each green+alpha pair; copy it to both halves.
    let a = pixels32(sag) &>> 16
    let inv = Half16(repeating: 255) &- lanes16(a | (a &<< 16))
    let (rb, ag) = lanePairs(d)
    let drb = div255(rb &* inv), dag = div255(ag &* inv)
    return pixels32(srb &+ drb) | (pixels32(sag &+ dag) &<< 8)
}

/// Whether all eight pixels have full alpha.
@inline(__always) func allOpaque(_ p: Px8) -> Bool {
    let a = p.lowHalf & p.highHalf, b = a.lowHalf & a.highHalf
    return (b[0] & b[1]) >> 24 == 255
}

/// Whether all sixteen pixels have full alpha: one lane compare and a mask test (CLanes), where the
/// halves' ANDs were a chain of eight extracts, shuffles and ANDs.
@inline(__always) func allOpaque(_ p: Px16) -> Bool { segue_all_at_least16(p, 0xff00_0000) != 0 }

/// `put(v, opacity)` for eight samples given as 16-bit lane pairs (blue+red, green+alpha): v scaled
/// by opacity, then v + dst·(255 − v.alpha) — and the destination unread when all eight come out
/// opaque (a snapshot's interior). The store of every eight-wide span loop.
@inline(__always) @usableFromInline
func putLanes8(_ dst: UnsafeMutablePointer<UInt32>, _ rb: Half16, _ ag: Half16, opacity: UInt32) {
    var rb = rb, ag = ag
    if opacity != 255 {
        let o = Half16(repeating: UInt16(opacity))
        rb = div255(rb &* o); ag = div255(ag &* o)
    }
    let out = pixels32(rb) | (pixels32(ag) &<< 8)
    if allOpaque(out) { UnsafeMutableRawPointer(dst).storeBytes(of: out, as: Px8.self); return }
    let va = pixels32(ag) &>> 16
    let inv = Half16(repeating: 255) &- lanes16(va | (va &<< 16))
    let d = UnsafeRawPointer(dst).loadUnaligned(as: Px8.self)
    let mask = Px8(repeating: 0x00ff_00ff)
    let drb = div255(lanes16(d & mask) &* inv), dag = div255(lanes16((d &>> 8) & mask) &* inv)
    UnsafeMutableRawPointer(dst).storeBytes(of: pixels32(rb &+ drb) | (pixels32(ag &+ dag) &<< 8), as: Px8.self)
}

/// An opaque `s` at opacity `o` (its weights `w` = o and `iw` = 255 − o, in every lane) over `d`: one
/// rounded lerp per channel, s·o + d·(255 − o) — what source-over comes to when the source is opaque.
@inline(__always) @usableFromInline
func lerp8(_ s: Px8, _ d: Px8, _ w: Half16, _ iw: Half16) -> Px8 {
    let mask = Px8(repeating: 0x00ff_00ff)
    let rb = div255(lanes16(s & mask) &* w &+ lanes16(d & mask) &* iw)
    let ag = div255(lanes16((s &>> 8) & mask) &* w &+ lanes16((d &>> 8) & mask) &* iw)
    return pixels32(rb) | (pixels32(ag) &<< 8)
}

/// `dst = src·o + dst·(1 − src.alpha·o)` over `count` pixels; vector body, scalar tail.
@inline(__always) @usableFromInline
func blendRowVector(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32) {
    var i = 0
    let o = Half16(repeating: UInt16(opacity)), io = Half16(repeating: UInt16(255 - opacity))
    while i + 8 <= count {
        let s = UnsafeRawPointer(src + i).loadUnaligned(as: Px8.self)
        let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px8.self)
        let q = src + i
        let out: Px8
        if (q[0] & q[1] & q[2] & q[3] & q[4] & q[5] & q[6] & q[7]) >> 24 == 255 {
            out = lerp8(s, d, o, io)        // opaque sources (snapshots)
        } else {
            out = over8(s, d, opacity: opacity)
        }
        UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Px8.self)
        i += 8
    }
    while i < count {
        let s = opacity == 255 ? src[i] : scale(src[i], opacity)
        dst[i] = s &+ scale(dst[i], 255 - (s >> 24))
        i += 1
    }
}

@usableFromInline typealias Px4 = SIMD4<UInt32>
@usableFromInline typealias Half8 = SIMD8<UInt16>

/// `div255` for four pixels.
@inline(__always) @usableFromInline
func div255(_ x: Half8) -> Half8 { segue_mulhi8(x &+ 128, Half8(repeating: 257)) }

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

/// Bilinear blend of four pixels' taps with 8-bit fractions, composited over `d` with `opacity`
/// (the vector form of `bilinear` then `put`, bit-identical to them). Weights and products fit
/// 16-bit lanes: Σ w = 256 and 255 · 256 < 2¹⁶.
@inline(__always) @usableFromInline
func bilinearOver4(_ t00: Px4, _ t10: Px4, _ t01: Px4, _ t11: Px4, _ fx: Px4, _ fy: Px4, _ d: Px4, opacity: UInt32) -> Px4 {
    var (rb, ag) = bilinear4Lanes(t00, t10, t01, t11, fx, fy)
    if opacity != 255 {
        let o = Half8(repeating: UInt16(opacity))
        rb = div255(rb &* o); ag = div255(ag &* o)
    }
    let mask = Px4(repeating: 0x00ff_00ff)
    let al = unsafeBitCast(ag, to: Px4.self) &>> 16
    let inv = Half8(repeating: 255) &- unsafeBitCast(al | (al &<< 16), to: Half8.self)
    let drb = div255(unsafeBitCast(d & mask, to: Half8.self) &* inv), dag = div255(unsafeBitCast((d &>> 8) & mask, to: Half8.self) &* inv)
    return unsafeBitCast(rb &+ drb, to: Px4.self) | (unsafeBitCast(ag &+ dag, to: Px4.self) &<< 8)
}

/// A span of `count` bilinear samples stepping (U, V) by (dU, dV) in 8.24 (an affine map), with every
/// tap inside the texture, composited over `dst`: the reference the affine kernels are pinned to, and
/// their last few pixels. Gathers are scalar loads built straight into vectors (no stores to the
/// stack), the weighting and blending run four pixels at a time.
@inline(__always) @usableFromInline
func bilinearSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                  _ U: inout Int, _ V: inout Int, _ dU: Int, _ dV: Int, opacity: UInt32) {
    var i = 0
    while i + 4 <= count {
        let u0 = U, v0 = V
        let u1 = u0 &+ dU, v1 = v0 &+ dV, u2 = u1 &+ dU, v2 = v1 &+ dV, u3 = u2 &+ dU, v3 = v2 &+ dV
        U = u3 &+ dU; V = v3 &+ dV
        let q0 = tex + (v0 >> 24) * stride + (u0 >> 24), q1 = tex + (v1 >> 24) * stride + (u1 >> 24)
        let q2 = tex + (v2 >> 24) * stride + (u2 >> 24), q3 = tex + (v3 >> 24) * stride + (u3 >> 24)
        let t00 = Px4(q0[0], q1[0], q2[0], q3[0]), t10 = Px4(q0[1], q1[1], q2[1], q3[1])
        let t01 = Px4(q0[stride], q1[stride], q2[stride], q3[stride])
        let t11 = Px4(q0[stride + 1], q1[stride + 1], q2[stride + 1], q3[stride + 1])
        let fx = (Px4(UInt32(truncatingIfNeeded: u0), UInt32(truncatingIfNeeded: u1), UInt32(truncatingIfNeeded: u2),
                      UInt32(truncatingIfNeeded: u3)) &>> 16) & 0xff
        let fy = (Px4(UInt32(truncatingIfNeeded: v0), UInt32(truncatingIfNeeded: v1), UInt32(truncatingIfNeeded: v2),
                      UInt32(truncatingIfNeeded: v3)) &>> 16) & 0xff
        if opacity == 255 {
            // Every tap opaque (a snapshot's interior): the samples replace the destination unread.
            let m = t00 & t10 & t01 & t11
            if (m[0] & m[1] & m[2] & m[3]) >> 24 == 255 {
                UnsafeMutableRawPointer(dst + i).storeBytes(of: bilinear4(t00, t10, t01, t11, fx, fy), as: Px4.self)
                i += 4
                continue
            }
        }
        let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px4.self)
        UnsafeMutableRawPointer(dst + i).storeBytes(of: bilinearOver4(t00, t10, t01, t11, fx, fy, d, opacity: opacity), as: Px4.self)
        i += 4
    }
    while i < count {
        put(dst + i, sampleInside(tex, stride, U, V), opacity)
        U &+= dU; V &+= dV; i += 1
    }
}

/// `blendRow(dst, a, count, opacity: oa)` then `blendRow(dst, b, count, opacity: ob)` in one pass:
/// each group of eight takes the same path each of those would (copy or lerp for opaque sources,
/// source-over otherwise), so the pixels are identical, but the destination is read and written
/// once — a cross-fade between two snapshots moves 12 bytes a pixel instead of 20. `bothOpaque`
/// (the caller knows every texel of both rows has full alpha, as a fade between two opaque pages
/// does): with `a` at full strength that is a copy of `a` with `b` lerped over it, one lerp per
/// channel with no per-group alpha checks, which were half of the loop's work. Otherwise groups of
/// sixteen whose two sources are both opaque take that lerp too, found with one test of the loaded
/// vectors (the held copies of Canvas+HeldCopy come here without knowing their pages opaque).
@inline(__always) @usableFromInline
func crossfadeRow(_ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ oa: UInt32,
                  _ b: UnsafePointer<UInt32>, _ ob: UInt32, _ count: Int, bothOpaque: Bool = false) {
    @inline(__always) func load(_ p: UnsafePointer<UInt32>) -> Px8 { UnsafeRawPointer(p).loadUnaligned(as: Px8.self) }
    var i = 0
    if bothOpaque && oa == 255 && ob > 0 && ob < 255 {
        let w = Half16(repeating: UInt16(ob)), iw = Half16(repeating: UInt16(255 - ob))
        while i + 8 <= count {
            UnsafeMutableRawPointer(dst + i).storeBytes(of: lerp8(load(b + i), load(a + i), w, iw), as: Px8.self)
            i += 8
        }
    }
    /// One blendRow step: `s` over `d` at opacity `o` (0 leaves `d`).
    @inline(__always) func step(_ s: Px8, _ sOpaque: Bool, _ d: Px8, _ o: UInt32) -> Px8 {
        if o == 0 { return d }
        if o == 255 { return sOpaque ? s : over8(s, d, opacity: 255) }
        guard sOpaque else { return over8(s, d, opacity: o) }
        return lerp8(s, d, Half16(repeating: UInt16(o)), Half16(repeating: UInt16(255 - o)))
    }
    /// The general step for the eight pixels at `k` (`sa`, `sb` their sources).
    @inline(__always) func eight(_ k: Int, _ sa: Px8, _ sb: Px8) {
        // The first image's pass reads the destination only where it is not an opaque copy.
        let aOpaque = allOpaque(sa)
        var d = oa == 255 && aOpaque ? sa : step(sa, aOpaque, load(UnsafePointer(dst + k)), oa)
        d = step(sb, allOpaque(sb), d, ob)
        UnsafeMutableRawPointer(dst + k).storeBytes(of: d, as: Px8.self)
    }
    // Sixteen a step where both sources are opaque there (one vector test for both), else two
    // general steps of eight: the same pixels as eight a step.
    let lerps = oa == 255 && ob > 0 && ob < 255
    let w = Half16(repeating: UInt16(ob)), iw = Half16(repeating: UInt16(255 - ob))
    while i + 16 <= count {
        let sa = UnsafeRawPointer(a + i).loadUnaligned(as: Px16.self), sb = UnsafeRawPointer(b + i).loadUnaligned(as: Px16.self)
        if lerps && allOpaque(sa & sb) {
            UnsafeMutableRawPointer(dst + i).storeBytes(of: Px16(lowHalf: lerp8(sb.lowHalf, sa.lowHalf, w, iw),
                                                                 highHalf: lerp8(sb.highHalf, sa.highHalf, w, iw)), as: Px16.self)
        } else {
            eight(i, sa.lowHalf, sb.lowHalf)
            eight(i + 8, sa.highHalf, sb.highHalf)
        }
        i += 16
    }
    while i + 8 <= count {
        eight(i, load(a + i), load(b + i))
        i += 8
    }
    @inline(__always) func scalar(_ s: UInt32, _ d: UInt32, _ o: UInt32) -> UInt32 {
        if o == 0 { return d }
        if o == 255 { return over(s, d) }
        let v = scale(s, o)
        return v &+ scale(d, 255 - (v >> 24))
    }
    while i < count {
        dst[i] = scalar(b[i], scalar(a[i], dst[i], oa), ob)
        i += 1
    }
}
