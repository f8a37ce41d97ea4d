// Spans: the row loops every primitive ends in. Constant-colour spans fill (`update(repeating:)`, a
// memset-like store) when opaque and blend with a precomputed inverse alpha otherwise; image rows copy
// runs of opaque texels and blend only the rest, so an opaque snapshot drawn at opacity 1 costs a copy.

/// Source-over of the constant premultiplied `pixel` onto `count` pixels at `dst`.
@inline(__always) @usableFromInline
func blendSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ pixel: UInt32) {
    guard count > 0 else { return }
    let a = pixel >> 24
    if a == 255 { dst.update(repeating: pixel, count: count); return }
    if pixel == 0 { return }
    let inv = UInt64(255 - a)
    var i = 0
    if count >= 8 {
        let mask = Px8(repeating: 0x00ff_00ff), src = Px8(repeating: pixel)
        let inv16 = Half16(repeating: UInt16(255 - a))
        while i + 8 <= count {
            let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px8.self)
            let out = src &+ (pixels32(div255(lanes16(d & mask) &* inv16))
                              | (pixels32(div255(lanes16((d &>> 8) & mask) &* inv16)) &<< 8))
            UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Px8.self)
            i += 8
        }
    }
    while i < count { dst[i] = pixel &+ pack(div255(expand(dst[i]) &* inv)); i += 1 }
}

/// Source-over of `count` source pixels onto `dst`, each source first multiplied by `opacity`/255.
@inline(__always) @usableFromInline
func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32) {
    guard count > 0, opacity > 0 else { return }
    if opacity == 255 {
        var i = 0
        while i < count {
            // Copy runs of opaque texels four at a time.
            if i + 4 <= count, (src[i] & src[i + 1] & src[i + 2] & src[i + 3]) >> 24 == 255 {
                dst[i] = src[i]; dst[i + 1] = src[i + 1]; dst[i + 2] = src[i + 2]; dst[i + 3] = src[i + 3]
                i += 4
                continue
            }
            dst[i] = over(src[i], dst[i])
            i += 1
        }
    } else {
        blendRowVector(dst, src, count, opacity: opacity)
    }
}
