// PixelMath: 8-bit premultiplied arithmetic on a whole pixel at once. A BGRA pixel is spread into a
// UInt64 with one 16-bit lane per channel (B, R, G, A from the low end), so one 64-bit multiply
// scales all four channels and one add sums them: the "SIMD within a register" trick, which needs
// no vector types and compiles to a handful of integer instructions on any CPU. Division by 255 is
// the exact rounding form (x + 128 + ((x + 128) >> 8)) >> 8, applied lane-wise.

@usableFromInline let laneMask: UInt64 = 0x00ff_00ff_00ff_00ff
@usableFromInline let laneHalf: UInt64 = 0x0080_0080_0080_0080

/// Spreads a packed pixel into four 16-bit lanes.
@inline(__always) @usableFromInline
func expand(_ p: UInt32) -> UInt64 {
    let x = UInt64(p)
    return (x & 0x00ff_00ff) | ((x & 0xff00_ff00) << 24)
}

/// Packs four lanes (each ≤ 255) back into a pixel.
@inline(__always) @usableFromInline
func pack(_ x: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (x & 0x00ff_00ff) | ((x >> 24) & 0xff00_ff00))
}

/// Lane-wise x / 255, rounded; every lane must be ≤ 255·255.
@inline(__always) @usableFromInline
func div255(_ x: UInt64) -> UInt64 {
    let t = x &+ laneHalf
    return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
}

/// `p` with every channel multiplied by `a`/255.
@inline(__always) @usableFromInline
func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
    pack(div255(expand(p) &* UInt64(a)))
}

/// Source-over: `src + dst·(1 − src.alpha)`, premultiplied.
@inline(__always) @usableFromInline
func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let sa = src >> 24
    if sa == 255 { return src }
    if sa == 0 { return src == 0 ? dst : src &+ dst }
    return src &+ scale(dst, 255 - sa)
}

/// Bilinear blend of four texels with 8-bit fractions `fx`, `fy` (0…255 of the way to the next texel).
@inline(__always) @usableFromInline
func bilinear(_ t00: UInt32, _ t10: UInt32, _ t01: UInt32, _ t11: UInt32, _ fx: UInt64, _ fy: UInt64) -> UInt32 {
    let w11 = (fx &* fy &+ 128) >> 8
    let w10 = fx &- w11, w01 = fy &- w11
    let w00 = 256 &- fx &- fy &+ w11
    let s = expand(t00) &* w00 &+ expand(t10) &* w10 &+ expand(t01) &* w01 &+ expand(t11) &* w11
    return pack(((s &+ laneHalf) >> 8) & laneMask)
}

/// An 8-bit opacity (0…255) from a Double.
@inline(__always) @usableFromInline
func alpha8(_ opacity: Double) -> UInt32 {
    UInt32((min(max(opacity, 0), 1) * 255).rounded())
}
