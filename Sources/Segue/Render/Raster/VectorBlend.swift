// VectorBlend: the row blends that dominate full-frame work (crossfades, translucent snapshots),
// eight pixels at a time. Pixels stay 32-bit (SIMD8<UInt32>); masking splits each into its blue+red
// and green+alpha byte pairs, which viewed as SIMD16<UInt16> are sixteen 16-bit lanes that one
// 16-bit multiply scales together (the vector form of PixelMath's trick). Only shifts, ands, 16-bit
// multiplies and adds are used — all baseline SSE2 — and no widening conversions, which Swift does
// not inline. The arithmetic (exact rounding ÷255) equals the scalar path bit for bit.

@usableFromInline typealias Px8 = SIMD8<UInt32>
@usableFromInline typealias Half16 = SIMD16<UInt16>

@inline(__always) @usableFromInline func lanes16(_ v: Px8) -> Half16 { unsafeBitCast(v, to: Half16.self) }
@inline(__always) @usableFromInline func pixels32(_ v: Half16) -> Px8 { unsafeBitCast(v, to: Px8.self) }

@inline(__always) @usableFromInline
func div255(_ x: Half16) -> Half16 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// `src·o + dst·(1 − src.alpha·o)` for eight pixels (`opacity` 255 skips the source scaling).
@inline(__always) @usableFromInline
func over8(_ s: Px8, _ d: Px8, opacity: UInt32) -> Px8 {
    let mask = Px8(repeating: 0x00ff_00ff)
    var srb = lanes16(s & mask), sag = lanes16((s &>> 8) & mask)
    if opacity != 255 {
        let o = Half16(repeating: UInt16(opacity))
        srb = div255(srb &* o); sag = div255(sag &* o)
    }
    // Alpha sits in the high 16 bits of each green+alpha pair; copy it to both halves.
    let a = pixels32(sag) &>> 16
    let inv = Half16(repeating: 255) &- lanes16(a | (a &<< 16))
    let drb = div255(lanes16(d & mask) &* inv), dag = div255(lanes16((d &>> 8) & mask) &* inv)
    return pixels32(srb &+ drb) | (pixels32(sag &+ dag) &<< 8)
}

/// `dst = src·o + dst·(1 − src.alpha·o)` over `count` pixels; vector body, scalar tail.
@inline(__always) @usableFromInline
func blendRowVector(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32) {
    var i = 0
    while i + 8 <= count {
        let s = UnsafeRawPointer(src + i).loadUnaligned(as: Px8.self)
        let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px8.self)
        UnsafeMutableRawPointer(dst + i).storeBytes(of: over8(s, d, opacity: opacity), as: Px8.self)
        i += 8
    }
    while i < count {
        let s = opacity == 255 ? src[i] : scale(src[i], opacity)
        dst[i] = s &+ scale(dst[i], 255 - (s >> 24))
        i += 1
    }
}
