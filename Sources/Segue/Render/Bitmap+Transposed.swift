// Bitmap transposed: a texture read across its rows — a page mirrored or turned past 45° on the
// screen, as the back of a curling page is — takes a new cache line nearly every pixel, and sixteen
// neighbouring pixels' taps lie in as many rows, too far apart for a window of the texture (CGather):
// each tap is a load of its own. Read through its transposed copy (texel (x, y) at (y, x)) with u and
// v trading places, the same pixels walk along rows. Bilinear filtering is symmetric in its axes
// (the weights are wx, wy and wx·wy; taps t10 and t01 trade places with them), and a texel's
// inside-the-texture tests are per axis, so the samples are the same bit for bit.
// The copy is made on first use for these contents — in 16×16 tiles, whose rows and columns both
// stay in cache, in bands on the draw's threads — and kept with the bitmap like its levels. A turned
// image's strips (TurnedStrips) ask for it only for contents asked for once before
// (`transposedIfSteady`): a snapshot turning frame after frame, not a texture redrawn every frame,
// which would pay a page-sized copy per frame.

extension Bitmap {
    /// Whether a transposed copy of these contents is made already.
    var hasTransposedCopy: Bool { transposedCopy?.version == contentVersion }

    /// `transposed(threads:)` for contents it was asked for already (or has a copy of): nil on the
    /// first ask for these contents. Not thread-safe, as `transposed`.
    func transposedIfSteady(threads: Int = 1) -> Bitmap? {
        if hasTransposedCopy || transposedAsked == contentVersion { return transposed(threads: threads) }
        transposedAsked = contentVersion
        return nil
    }

    /// The bitmap's texel (x, y) at (y, x): made on first use for these contents (on up to `threads`
    /// threads), then kept while they last. Not thread-safe: ask on the drawing thread before a draw splits.
    func transposed(threads: Int = 1) -> Bitmap {
        if let t = transposedCopy, t.version == contentVersion { return t.bitmap }
        let out = Bitmap(uninitializedWidth: height, height: width)   // every texel written below
        let tile = 16
        let src = pixels, s = stride, dst = out.pixels, d = out.stride, w = width, h = height
        func rows(_ band: Range<Int>) {              // rows of `out`: columns of self
            var x0 = band.lowerBound
            while x0 < band.upperBound {
                let x1 = min(x0 + tile, band.upperBound)
                var y0 = 0
                while y0 < h {
                    let y1 = min(y0 + tile, h)
                    for x in x0..<x1 {
                        let o = dst + x * d
                        for y in y0..<y1 { o[y] = src[y * s + x] }
                    }
                    y0 = y1
                }
                x0 = x1
            }
        }
        inBands(w, threads: threads, pixels: w * h, rows)
        transposedCopy = (contentVersion, out)
        return out
    }
}
