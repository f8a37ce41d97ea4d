// Bitmap transposed: a texture read across its rows — a page mirrored or turned past 45° on the
// screen, as the back of a curling page is — takes a new cache line nearly every pixel, and sixteen
// neighbouring pixels' taps lie in as many rows, too far apart for a window of the texture (CGather):
// each tap is a load of its own. Read through its transposed copy (texel (x, y) at (y, x)) with u and
// v trading places, the same pixels walk along rows. Bilinear filtering is symmetric in its axes
// (the weights are wx, wy and wx·wy; taps t10 and t01 trade places with them), and a texel's
// inside-the-texture tests are per axis, so the samples are the same bit for bit.
// The copy is made on first use for these contents — 8×8 blocks turned in registers, in 64×64 tiles
// that stay in cache, in bands on the draw's threads — and kept with the bitmap like its levels. A turned
// image's strips (TurnedStrips) ask for it only for contents asked for once before
// (`transposedIfSteady`): a snapshot turning frame after frame, not a texture redrawn every frame,
// which would pay a page-sized copy per frame; and while the image turns towards 45° they make it a
// twelfth a frame ahead of need (`prepareTransposedIfSteady`).

extension Bitmap {
    /// Whether a transposed copy of these contents is made already (all of it).
    var hasTransposedCopy: Bool { transposedCopy?.version == contentVersion && transposedMade == width }

    /// `transposed(threads:)` for contents it was asked for already (or has a copy of): nil on the
    /// first ask for these contents. Not thread-safe, as `transposed`.
    func transposedIfSteady(threads: Int = 1) -> Bitmap? {
        if hasTransposedCopy || transposedAsked == contentVersion { return transposed(threads: threads) }
        transposedAsked = contentVersion
        return nil
    }

    /// Makes the next `rows` rows of the transposed copy for steady contents (`transposedIfSteady`'s
    /// rule: asked about before): a draw that will soon read the copy — a card turning towards 45° —
    /// spreads its making over frames rather than leaving it all to the frame that first reads it.
    func prepareTransposedIfSteady(rows: Int) {
        guard transposedAsked == contentVersion else { transposedAsked = contentVersion; return }
        let out = transposedStarted(), end = min(width, transposedMade + rows)
        guard transposedMade < end else { return }
        makeTransposedRows(out, transposedMade..<end)
        transposedMade = end
    }

    /// The bitmap's texel (x, y) at (y, x): made on first use for these contents (on up to `threads`
    /// threads; what `prepareTransposedIfSteady` made of it already kept), then kept while they
    /// last. Not thread-safe: ask on the drawing thread before a draw splits.
    func transposed(threads: Int = 1) -> Bitmap {
        let out = transposedStarted(), first = transposedMade
        if first < width {
            inBands(width - first, threads: threads, pixels: (width - first) * height, TransposedRows(bitmap: self, out: out, first: first))
            transposedMade = width
        }
        return out
    }

    /// The transposed copy for these contents, begun: its storage, and the rows made of it so far
    /// (`transposedMade`), none for new contents.
    private func transposedStarted() -> Bitmap {
        if let t = transposedCopy, t.version == contentVersion { return t.bitmap }
        let out = Bitmap(uninitializedWidth: height, height: width)   // every texel written before it is read
        transposedCopy = (contentVersion, out)
        transposedMade = 0
        return out
    }

    /// Rows `band` of the transposed copy `out` (columns of self): blocks of 8×8 texels read as eight
    /// vector rows and turned by three rounds of two-source shuffles (`transposed8x8`), in tiles of
    /// 64×64; the ragged edges texel by texel.
    fileprivate func makeTransposedRows(_ out: Bitmap, _ band: Range<Int>) {
        let src = pixels, s = stride, dst = out.pixels, d = out.stride, h = height
        @inline(__always) func texels(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) {
            for x in x0..<x1 {
                let o = dst + x * d
                for y in y0..<y1 { o[y] = src[y * s + x] }
            }
        }
        @inline(__always) func block(_ x: Int, _ y: Int) {
            @inline(__always) func row(_ k: Int) -> Px8 { UnsafeRawPointer(src + (y + k) * s + x).loadUnaligned(as: Px8.self) }
            let t = transposed8x8((row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7)))
            @inline(__always) func put(_ k: Int, _ v: Px8) { UnsafeMutableRawPointer(dst + (x + k) * d + y).storeBytes(of: v, as: Px8.self) }
            put(0, t.0); put(1, t.1); put(2, t.2); put(3, t.3); put(4, t.4); put(5, t.5); put(6, t.6); put(7, t.7)
        }
        // 64×64-texel tiles, whose source lines and copy lines both stay in the first-level cache.
        let h8 = h / 8 * 8, x8 = band.lowerBound + (band.count / 8) * 8
        var tx = band.lowerBound
        while tx < x8 {
            let tx1 = min(tx + 64, x8)
            var ty = 0
            while ty < h8 {
                let ty1 = min(ty + 64, h8)
                var y = ty
                while y < ty1 {
                    var x = tx
                    while x < tx1 { block(x, y); x += 8 }
                    y += 8
                }
                ty = ty1
            }
            tx = tx1
        }
        texels(x8, band.upperBound, 0, h)
        texels(band.lowerBound, x8, h8, h)
    }
}

/// The 8×8 block of texels whose rows are `r`, transposed: its columns as rows. Three rounds of
/// two-source lane shuffles — pairs of texels, then pairs of pairs, then halves — which the compiler
/// turns into permutes (no lane-by-lane inserts).
@inline(__always)
func transposed8x8(_ r: (Px8, Px8, Px8, Px8, Px8, Px8, Px8, Px8)) -> (Px8, Px8, Px8, Px8, Px8, Px8, Px8, Px8) {
    // Round 1: texels of two rows interleaved — (a0 b0 a1 b1 a2 b2 a3 b3), (a4 b4 … a7 b7).
    @inline(__always) func zip1(_ a: Px8, _ b: Px8) -> (Px8, Px8) {
        (Px8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]), Px8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]))
    }
    // Round 2: pairs of two such interleaved — (a0 b0 c0 d0 a1 b1 c1 d1), (a2 b2 c2 d2 a3 b3 c3 d3).
    @inline(__always) func zip2(_ p: Px8, _ q: Px8) -> (Px8, Px8) {
        (Px8(p[0], p[1], q[0], q[1], p[2], p[3], q[2], q[3]), Px8(p[4], p[5], q[4], q[5], p[6], p[7], q[6], q[7]))
    }
    // Round 3: halves — (a0 … d0 e0 … h0), (a1 … d1 e1 … h1).
    @inline(__always) func zip4(_ p: Px8, _ q: Px8) -> (Px8, Px8) {
        (Px8(p[0], p[1], p[2], p[3], q[0], q[1], q[2], q[3]), Px8(p[4], p[5], p[6], p[7], q[4], q[5], q[6], q[7]))
    }
    let (ab03, ab47) = zip1(r.0, r.1), (cd03, cd47) = zip1(r.2, r.3)
    let (ef03, ef47) = zip1(r.4, r.5), (gh03, gh47) = zip1(r.6, r.7)
    let (abcd01, abcd23) = zip2(ab03, cd03), (abcd45, abcd67) = zip2(ab47, cd47)
    let (efgh01, efgh23) = zip2(ef03, gh03), (efgh45, efgh67) = zip2(ef47, gh47)
    let (c0, c1) = zip4(abcd01, efgh01), (c2, c3) = zip4(abcd23, efgh23)
    let (c4, c5) = zip4(abcd45, efgh45), (c6, c7) = zip4(abcd67, efgh67)
    return (c0, c1, c2, c3, c4, c5, c6, c7)
}

/// `transposed`'s ranges: rows first + range of the copy.
private struct TransposedRows: RangeWork {
    let bitmap: Bitmap, out: Bitmap, first: Int
    func run(_ range: Range<Int>) { bitmap.makeTransposedRows(out, first + range.lowerBound ..< first + range.upperBound) }
}
