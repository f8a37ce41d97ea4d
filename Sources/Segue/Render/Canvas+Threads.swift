// Canvas threads: a large draw splits its rows into horizontal bands, each band a Canvas with a
// narrower clip doing the ordinary single-threaded work. Bands write disjoint rows and only read
// shared textures, so no locking is needed. There are a few bands per thread, handed out as threads
// come free: a thread that starts late, or a band with more to draw (the roll of a page curl, the near
// half of a cube), no longer leaves the others waiting at the end. Small draws stay on the calling
// thread, where the hand-off would cost more than it saves. The bands run on BandWorkers' threads.

extension Canvas {
    /// Draws below this many pixels stay on one thread.
    static let parallelThreshold = 150_000
    /// Bands per thread (measured at 3840×2160, two threads: one band each left the cube's p50 at
    /// 50 ms, four each 35 ms).
    static let bandsPerThread = 4

    /// How many bands a draw over `r` (within the clip) is split into: 1 for small draws, else a few
    /// per thread, each at least 16 rows.
    func bandCount(_ r: PixelRect) -> Int {
        guard threads > 1, (r.x1 - r.x0) * (r.y1 - r.y0) >= Canvas.parallelThreshold else { return 1 }
        return max(1, min(threads * Canvas.bandsPerThread, (r.y1 - r.y0) / 16))
    }

    /// Runs `body` over bands of `region ∩ clip`, in parallel when worthwhile; each band canvas has
    /// `threads == 1`.
    func banded(_ region: PixelRect, _ body: (Canvas) -> Void) {
        let r = region.intersection(clip)
        guard !r.isEmpty else { return }
        let n = bandCount(r)
        var single = self
        single.threads = 1
        single.held = nil
        guard n > 1 else { return body(single) }
        // The bands' variables on this stack, for BandWorkers' C function (no closure context; and
        // `single` read through a constant: a variable captured by the closure below was boxed).
        struct Split { let canvas: Canvas; let rows: PixelRect; let count: Int; let body: (Canvas) -> Void }
        let canvas = single
        withoutActuallyEscaping(body) { body in
            var split = Split(canvas: canvas, rows: r, count: n, body: body)
            withUnsafePointer(to: &split) { p in
                BandWorkers.shared.perform(n, threads: threads, context: UnsafeRawPointer(p)) { raw, i in
                    let s = raw.assumingMemoryBound(to: Split.self)
                    var band = s.pointee.canvas
                    let r = s.pointee.rows, n = s.pointee.count, h = r.y1 - r.y0
                    band.clip.y0 = r.y0 + h * i / n
                    band.clip.y1 = r.y0 + h * (i + 1) / n
                    s.pointee.body(band)
                }
            }
        }
    }
}

extension Canvas {
    /// Sets every pixel of the clip to `pixel` (no blending), in bands on the canvas's threads: a
    /// 3840×2160 frame's clear is 33 MB of stores, a few milliseconds on one core.
    func clear(to pixel: UInt32) {
        settle()
        banded(clip) { band in
            let c = band.clip
            for y in c.y0..<c.y1 { (band.target.row(y) + c.x0).update(repeating: pixel, count: c.x1 - c.x0) }
        }
    }

    /// `clear(to:)` leaving the `occluded` pixels alone (something opaque drawn next covers them).
    func clear(to pixel: UInt32, leaving occluded: Occlusion) {
        settle()
        banded(clip) { band in
            let c = band.clip
            for y in c.y0..<c.y1 {
                occluded.forEachVisibleRun(row: y, c.x0, c.x1) { (band.target.row(y) + $0).update(repeating: pixel, count: $1 - $0) }
            }
        }
    }
}

/// `body` over `0..<count` split into ranges, in parallel on up to `threads` threads when the work
/// covers a megapixel or more (`pixels`): a copy of a whole bitmap (a level, a transposed copy) made
/// on the drawing thread before a draw splits. The ranges are disjoint, so bodies writing only their
/// own rows or columns may share the output.
func inBands(_ count: Int, threads: Int, pixels: Int, _ body: (Range<Int>) -> Void) {
    let bands = threads > 1 && pixels >= 1 << 20 ? threads * 2 : 1
    guard bands > 1 else { return body(0..<count) }
    struct Split { let count: Int; let bands: Int; let body: (Range<Int>) -> Void }
    withoutActuallyEscaping(body) { body in
        var split = Split(count: count, bands: bands, body: body)
        withUnsafePointer(to: &split) { p in
            BandWorkers.shared.perform(bands, threads: threads, context: UnsafeRawPointer(p)) { raw, i in
                let s = raw.assumingMemoryBound(to: Split.self).pointee
                s.body(s.count * i / s.bands ..< s.count * (i + 1) / s.bands)
            }
        }
    }
}
