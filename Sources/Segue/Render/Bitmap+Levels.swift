// Bitmap levels: a texture read minified — a cube face or a flipping page seen nearly edge-on, four
// or five texels to a pixel — costs a new cache line nearly every pixel for texels that are then
// mostly skipped (aliasing as they go). A level is the bitmap halved along x `kx` times and along y
// `ky` times (each texel the rounded mean of the two it replaces), made once per bitmap contents and
// kept with it, so a mesh drawn minified reads a texture about its own size on screen. The halvings
// are per axis (ripmap levels): a page turned about a vertical axis is squeezed across, not down, and
// keeps its rows. Level texel j covers texels 2j and 2j + 1, so texel-space u maps to u / 2 per
// halving; an odd last texel is averaged with itself.
// Levels are kept per `contentVersion`: drawing into a bitmap through a Canvas, `fill` and the
// subscript setter move it on, and code writing `pixels` directly into a bitmap that may already
// have been drawn from calls `contentsChanged()`.

extension Bitmap {
    /// The bitmap halved `kx` times across and `ky` times down (self for 0, 0): made on first use
    /// for these contents, then kept. Not thread-safe: ask on the drawing thread before a draw splits.
    func level(x kx: Int, y ky: Int) -> Bitmap {
        precondition(kx >= 0 && ky >= 0, "level indices must not be negative")
        if kx == 0 && ky == 0 { return self }
        if levelsVersion != contentVersion { levels.removeAll(keepingCapacity: true); levelsVersion = contentVersion }
        let key = kx << 8 | ky
        if let b = levels[key] { return b }
        let b = kx > 0 ? level(x: kx - 1, y: ky).halvedAcross() : level(x: kx, y: ky - 1).halvedDown()
        levels[key] = b
        return b
    }

    /// Each pair of columns as one texel, their rounded mean per channel.
    func halvedAcross() -> Bitmap {
        let w = (width + 1) / 2
        let out = Bitmap(width: w, height: height)
        for y in 0..<height {
            let s = row(y), d = out.row(y)
            var j = 0
            // Sixteen a step: thirty-two texels, their even and odd columns averaged.
            while 2 * j + 32 <= width {
                let a = UnsafeRawPointer(s + 2 * j).loadUnaligned(as: Px16.self)
                let b = UnsafeRawPointer(s + 2 * j + 16).loadUnaligned(as: Px16.self)
                let (even, odd) = unzip(unsafeBitCast(a, to: SIMD8<UInt64>.self), unsafeBitCast(b, to: SIMD8<UInt64>.self))
                UnsafeMutableRawPointer(d + j).storeBytes(of: meanOfBytes(even, odd), as: Px16.self)
                j += 16
            }
            while j < w {
                d[j] = meanOfBytes(s[2 * j], s[min(2 * j + 1, width - 1)])
                j += 1
            }
        }
        return out
    }

    /// Each pair of rows as one row, their rounded mean per channel.
    func halvedDown() -> Bitmap {
        let h = (height + 1) / 2
        let out = Bitmap(width: width, height: h)
        for y in 0..<h {
            let a = row(2 * y), b = row(min(2 * y + 1, height - 1)), d = out.row(y)
            var x = 0
            while x + 16 <= width {
                let p = UnsafeRawPointer(a + x).loadUnaligned(as: Px16.self), q = UnsafeRawPointer(b + x).loadUnaligned(as: Px16.self)
                UnsafeMutableRawPointer(d + x).storeBytes(of: meanOfBytes(p, q), as: Px16.self)
                x += 16
            }
            while x < width { d[x] = meanOfBytes(a[x], b[x]); x += 1 }
        }
        return out
    }
}

/// The rounded-up mean of each byte of `a` and `b`: ⌈(a + b) / 2⌉ = (a | b) − ((a ^ b) >> 1) without
/// carries between bytes. Premultiplied stays premultiplied (each channel's mean is at most alpha's).
@inline(__always) func meanOfBytes<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar == UInt32 {
    (a | b) &- (((a ^ b) &>> 1) & V(repeating: 0x7f7f_7f7f))
}

@inline(__always) func meanOfBytes(_ a: UInt32, _ b: UInt32) -> UInt32 {
    (a | b) &- (((a ^ b) >> 1) & 0x7f7f_7f7f)
}
