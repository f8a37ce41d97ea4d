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

    /// Runs `draw` over bands of `region ∩ clip`, in parallel when worthwhile; each band canvas has
    /// `threads == 1`.
    func banded<Draw: BandDraw>(_ region: PixelRect, _ draw: Draw) {
        let r = region.intersection(clip)
        guard !r.isEmpty else { return }
        let n = bandCount(r)
        var single = self
        single.threads = 1
        single.held = nil
        guard n > 1 else { return draw.draw(in: single) }
        // The split's values on this stack, for the band threads' work (which captures nothing).
        var split = (canvas: single, rows: r, count: n, draw: draw)
        withUnsafePointer(to: &split) { p in
            BandWorkers.shared.perform(n, threads: threads, context: UnsafeRawPointer(p)) { raw, i in
                let s = raw.assumingMemoryBound(to: (canvas: Canvas, rows: PixelRect, count: Int, draw: Draw).self)
                var band = s.pointee.canvas
                let r = s.pointee.rows, n = s.pointee.count, h = r.y1 - r.y0
                band.clip.y0 = r.y0 + h * i / n
                band.clip.y1 = r.y0 + h * (i + 1) / n
                s.pointee.draw.draw(in: band)
            }
        }
    }
}

/// A draw split into bands of rows (`banded`): `draw(in:)` runs once per band, on that band's canvas,
/// on any of the band threads. A value, not a closure: a closure run on other threads has to be
/// made escaping, which costs an allocation (its context) each time; a value goes by pointer.
protocol BandDraw {
    func draw(in band: Canvas)
}

/// `clear(to:)`'s bands.
private struct Clear: BandDraw {
    let pixel: UInt32, occluded: Occlusion?
    func draw(in band: Canvas) {
        let c = band.clip
        for y in c.y0..<c.y1 {
            guard let occluded else { (band.target.row(y) + c.x0).update(repeating: pixel, count: c.x1 - c.x0); continue }
            occluded.forEachVisibleRun(row: y, c.x0, c.x1) { (band.target.row(y) + $0).update(repeating: pixel, count: $1 - $0) }
        }
    }
}

extension Canvas {
    /// Sets every pixel of the clip to `pixel` (no blending), in bands on the canvas's threads: a
    /// 3840×2160 frame's clear is 33 MB of stores, a few milliseconds on one core.
    func clear(to pixel: UInt32) {
        settle()
        banded(clip, Clear(pixel: pixel, occluded: nil))
    }

    /// `clear(to:)` leaving the `occluded` pixels alone (something opaque drawn next covers them).
    func clear(to pixel: UInt32, leaving occluded: Occlusion) {
        settle()
        banded(clip, Clear(pixel: pixel, occluded: occluded))
    }
}

/// `work.run(range)` over `0..<count` split into ranges, in parallel on up to `threads` threads when
/// the work covers a megapixel or more (`pixels`): a copy of a whole bitmap (a level, a transposed
/// copy) made on the drawing thread before a draw splits. The ranges are disjoint, so work writing
/// only its own rows or columns may share the output.
func inBands<Work: RangeWork>(_ count: Int, threads: Int, pixels: Int, _ work: Work) {
    let bands = threads > 1 && pixels >= 1 << 20 ? threads * 2 : 1
    guard bands > 1 else { return work.run(0..<count) }
    var split = (count: count, bands: bands, work: work)
    withUnsafePointer(to: &split) { p in
        BandWorkers.shared.perform(bands, threads: threads, context: UnsafeRawPointer(p)) { raw, i in
            let s = raw.assumingMemoryBound(to: (count: Int, bands: Int, work: Work).self).pointee
            s.work.run(s.count * i / s.bands ..< s.count * (i + 1) / s.bands)
        }
    }
}

/// Work split into ranges of indices (`inBands`), for the same reason as `BandDraw`.
protocol RangeWork {
    func run(_ range: Range<Int>)
}
