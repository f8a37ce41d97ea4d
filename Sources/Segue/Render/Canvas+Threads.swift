// Canvas threads: a large draw splits its rows into horizontal bands, one per thread, each band a
// Canvas with a narrower clip doing the ordinary single-threaded work. Bands write disjoint rows and
// only read shared textures, so no locking is needed. Small draws stay on the calling thread, where
// the hand-off would cost more than it saves.
import Dispatch

extension Canvas {
    /// Draws below this many pixels stay on one thread.
    static let parallelThreshold = 150_000

    /// Runs `body` over bands of `region ∩ clip`, in parallel when worthwhile; each band canvas has
    /// `threads == 1`.
    func banded(_ region: PixelRect, _ body: (Canvas) -> Void) {
        let r = region.intersection(clip)
        guard !r.isEmpty else { return }
        let n = min(threads, (r.y1 - r.y0) / 16)
        var single = self
        single.threads = 1
        guard n > 1, (r.x1 - r.x0) * (r.y1 - r.y0) >= Canvas.parallelThreshold else { return body(single) }
        let h = r.y1 - r.y0
        let base = single
        withoutActuallyEscaping(body) { body in
            let work = UnsafeSendable(body)
            DispatchQueue.concurrentPerform(iterations: n) { i in
                var band = base
                band.clip.y0 = r.y0 + h * i / n
                band.clip.y1 = r.y0 + h * (i + 1) / n
                work.value(band)
            }
        }
    }
}

/// Carries a value across threads where the caller guarantees the accesses do not conflict.
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
