// UniformSpan: a shaded span of a one-colour texture (an iris blade, a page's shadow). Every sample
// of such a texture is its colour, so a pixel is `modulatePixel` of that one colour by the span's
// shade, highlight and alpha, and the colour's channels are constants, not lanes: no taps, no lane
// pairs to split and join. An opaque, unfaded colour dark enough that c·shade + 255·highlight + 128
// stays below 2¹⁶ (the iris's graphite blades) goes sixteen pixels a step in 16-bit lanes, a channel
// one multiply, add and shift (`opaque16`); anything else eight a step in 32-bit lanes, where the
// 17-bit sum fits (`modulated8`). Held at the iris's 0.5 on an AVX2 machine (Zen 1), 5.8 ms a frame
// with the general shaded step, 4.1 with eight a step, 3.2 with sixteen. The same pixels as
// `modulatePixel` + `put` (FastPathTests).

/// `modulatePixel(c, shade, highlight, alpha)` for eight pixels of colour `c` (premultiplied, alpha
/// above 0) and their factors as 0…256 lanes; a nil highlight or alpha is 0 or 256 on every lane.
@inline(__always)
func modulated8(_ c: UInt32, shade: I8, highlight: I8?, alpha: I8?) -> Px8 {
    // x·k where both fit 16 bits and so does the product: a 16-bit multiply on the 32-bit lanes
    // (their high halves are zero and stay zero).
    @inline(__always) func mul(_ x: Px8, _ k: Px8) -> Px8 { pixels32(lanes16(x) &* lanes16(k)) }
    @inline(__always) func rounded(_ x: Px8) -> Px8 { (x &+ 128) &>> 8 }
    let a = Px8(repeating: c >> 24), sh = unsafeBitCast(shade, to: Px8.self)
    let lift = highlight.map { mul(a, unsafeBitCast($0, to: Px8.self)) &+ 128 } ?? Px8(repeating: 128)
    let al = alpha.map { unsafeBitCast($0, to: Px8.self) }
    @inline(__always) func channel(_ s: UInt32) -> Px8 {
        let x = (mul(sh, Px8(repeating: (c >> s) & 0xff)) &+ lift) &>> 8
        let lit = x.replacing(with: a, where: x .> a)
        return (al.map { rounded(mul(lit, $0)) } ?? lit) &<< s
    }
    let outA = al.map { rounded(mul(a, $0)) } ?? a
    return outA &<< 24 | channel(16) | channel(8) | channel(0)
}

/// `shadedSpan` for a one-colour texture of colour `c`: pixels first..<first + count of the span at
/// `dst`, with the span's factors read eight pixels at a time — sixteen where `opaque16` may.
@inline(__always)
func uniformShadedSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ c: UInt32, first: Int,
                       within row: UnsafeMutableBufferPointer<UInt32>,
                       shade: FactorRamp, highlight: FactorRamp?, alpha: FactorRamp?) {
    // An alpha-0 colour modulates to 0, which leaves every pixel as it is.
    guard c >> 24 > 0 else { return }
    let opaque = c >> 24 == 255 && alpha == nil
    let done = opaque ? opaque16(dst, count, c, shade: shade, highlight: highlight) : 0
    eightAtATime(dst + done, count - done, first: first + done, within: row) { d, _, rest in
        let offset = done + rest
        let s = modulated8(c, shade: shade.at(offset), highlight: highlight?.at(offset), alpha: alpha?.at(offset))
        if opaque { UnsafeMutableRawPointer(d).storeBytes(of: s, as: Px8.self); return }
        let (rb, ag) = lanePairs(s)
        putLanes8(d, rb, ag, opacity: 255)
    }
}

/// `modulated8` for an opaque colour `c`, unfaded, sixteen pixels a step in 16-bit lanes where every
/// channel's c·shade + 255·highlight + 128 stays below 2¹⁶ along the span (then it is at most 255 after
/// the shift, so the clamp to alpha changes nothing): pixels 0 … 7 of a step in the low halves of the
/// 32-bit lanes, 8 … 15 in the high, so one 16-bit multiply, add and shift make a channel of sixteen,
/// and two masks and shifts put the pixels back in order. Returns how many pixels it drew (count −
/// count % 16, or 0 where the sums could leave 16 bits — a bright colour lit).
@inline(__always)
func opaque16(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ c: UInt32, shade: FactorRamp, highlight: FactorRamp?) -> Int {
    // The factors are linear along the span, so their ends bound them.
    @inline(__always) func most(_ f: FactorRamp?) -> Int { f.map { max($0.value(0), $0.value(count - 1)) } ?? 0 }
    let brightest = Int(max(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff))
    guard count >= 16, brightest * most(shade) + 255 * most(highlight) + 128 <= 0xffff else { return 0 }
    @inline(__always) func channel(_ s: UInt32) -> Half16 { Half16(repeating: UInt16((c >> s) & 0xff)) }
    let (cb, cg, cr) = (channel(0), channel(8), channel(16))
    var i = 0
    while i + 16 <= count {
        @inline(__always) func sixteen(_ f: FactorRamp) -> Half16 {
            lanes16(unsafeBitCast(f.at(i), to: Px8.self) | unsafeBitCast(f.at(i + 8), to: Px8.self) &<< 16)
        }
        let sh = sixteen(shade)
        let lift = highlight.map { sixteen($0) &* 255 &+ 128 } ?? Half16(repeating: 128)
        let b = (sh &* cb &+ lift) &>> 8, g = (sh &* cg &+ lift) &>> 8, r = (sh &* cr &+ lift) &>> 8
        let bg = pixels32(b | g &<< 8), ra = pixels32(r | 0xff00)
        UnsafeMutableRawPointer(dst + i).storeBytes(of: bg & 0xffff | ra &<< 16, as: Px8.self)
        UnsafeMutableRawPointer(dst + i + 8).storeBytes(of: bg &>> 16 | ra & 0xffff_0000, as: Px8.self)
        i += 16
    }
    return i
}
