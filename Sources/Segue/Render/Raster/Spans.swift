// Spans: the row loops every primitive ends in. Constant-colour spans fill (`update(repeating:)`, a
// memset-like store) when opaque and blend with a precomputed inverse alpha otherwise; image rows copy
// runs of opaque texels and blend only the rest, so an opaque snapshot drawn at opacity 1 costs a copy.
// Both go sixteen pixels a step (one register with AVX-512): the navigation slides, a page's copy and
// the translucent dimming over the page sliding away, held at progress 0.6 took 0.83–0.85× the time
// of eight a step (ten runs each; at 0.3 the same time). `dimmedRow` is a page's copy and the dimming
// over it in one pass (Canvas+HeldCopy).

/// Source-over of the constant premultiplied `pixel` onto `count` pixels at `dst`.
@inline(__always) @usableFromInline
func blendSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ pixel: UInt32) {
    guard count > 0 else { return }
    let a = pixel >> 24
    if a == 255 { dst.update(repeating: pixel, count: count); return }
    if pixel == 0 { return }
    let inv = UInt64(255 - a)
    var i = 0
    if count >= 16 {
        let mask = Px16(repeating: 0x00ff_00ff), src = Px16(repeating: pixel)
        let inv32 = h32(UInt16(255 - a))
        while i + 16 <= count {
            let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px16.self)
            let out = src &+ (pixels16(div255(lanes32(d & mask) &* inv32))
                              | (pixels16(div255(lanes32((d &>> 8) & mask) &* inv32)) &<< 8))
            UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Px16.self)
            i += 16
        }
    }
    while i < count { dst[i] = pixel &+ pack(div255(expand(dst[i]) &* inv)); i += 1 }
}

/// Source-over of `count` source pixels onto `dst`, each source first multiplied by `opacity`/255.
@inline(__always) @usableFromInline
func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32) {
    guard count > 0, opacity > 0 else { return }
    if opacity == 255 {
        // Sixteen at a time: opaque runs are copies, anything else a vector source-over.
        var i = 0
        while i + 16 <= count {
            let s = UnsafeRawPointer(src + i).loadUnaligned(as: Px16.self)
            if allOpaque(s) {
                UnsafeMutableRawPointer(dst + i).storeBytes(of: s, as: Px16.self)
            } else {
                let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Px16.self)
                UnsafeMutableRawPointer(dst + i).storeBytes(of: Px16(lowHalf: over8(s.lowHalf, d.lowHalf, opacity: 255),
                                                                     highHalf: over8(s.highHalf, d.highHalf, opacity: 255)), as: Px16.self)
            }
            i += 16
        }
        while i + 8 <= count {
            let s = UnsafeRawPointer(src + i).loadUnaligned(as: Px8.self)
            // (A scalar and-reduction: Swift's SIMD `==` does not compile to one compare here.)
            let q = src + i
            let opaque = (q[0] & q[1] & q[2] & q[3] & q[4] & q[5] & q[6] & q[7]) >> 24 == 255
            let out = opaque ? s : over8(s, UnsafeRawPointer(dst + i).loadUnaligned(as: Px8.self), opacity: 255)
            UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Px8.self)
            i += 8
        }
        while i < count { dst[i] = over(src[i], dst[i]); i += 1 }
    } else {
        blendRowVector(dst, src, count, opacity: opacity)
    }
}

/// `blendRow(dst, a, count, opacity: 255)` then `blendSpan(dst, count, pixel)` — a page and the
/// translucent dimming over it — in one pass: each group of sixteen goes through the two loops' steps
/// in registers, and the destination is written once. Both give each pixel the same value however a
/// row is grouped, so the pixels are those of the two loops.
@inline(__always)
func dimmedRow(_ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ pixel: UInt32, _ count: Int) {
    var i = 0
    if pixel >> 24 < 255 {
        let mask = Px16(repeating: 0x00ff_00ff), src = Px16(repeating: pixel), inv = h32(UInt16(255 - pixel >> 24))
        while i + 16 <= count {
            let s = UnsafeRawPointer(a + i).loadUnaligned(as: Px16.self)
            let d: Px16
            if allOpaque(s) {
                d = s
            } else {
                let under = UnsafeRawPointer(dst + i).loadUnaligned(as: Px16.self)
                d = Px16(lowHalf: over8(s.lowHalf, under.lowHalf, opacity: 255), highHalf: over8(s.highHalf, under.highHalf, opacity: 255))
            }
            let out = src &+ (pixels16(div255(lanes32(d & mask) &* inv)) | (pixels16(div255(lanes32((d &>> 8) & mask) &* inv)) &<< 8))
            UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Px16.self)
            i += 16
        }
    }
    blendRow(dst + i, a + i, count - i, opacity: 255)
    blendSpan(dst + i, count - i, pixel)
}
