// GeneratedImageCache: generated images (landscapes, gradients, layers' blurred shadows) kept by the
// parameters that make them, least recently used out first, within a byte budget — as UIImage(named:)
// keeps the images it loads.
// A generated picture is a pure function of its parameters, so a screen built again (the demo builds
// its destination screen each time it is presented) gets the same pixels without making them again:
// tens of milliseconds at 1080p, most of a transition's start. Images in use by live views cost nothing
// extra here; the budget bounds only what the cache alone keeps alive. Cached images are shared: their
// bitmaps must not be drawn into.

import Foundation

final class GeneratedImageCache: @unchecked Sendable {
    /// Room for a 4K screen's pictures and more: the demo's photo grid at 3840×2160 is 32 landscapes
    /// of 470 × 470, 28 MB. With 24 MB they evicted each other as they were made, and every
    /// transition to that screen made them all again — 100–270 ms of its start at 4K, 8–44 ms with
    /// this budget; at 1080p and 1440p the cache never held 24 MB, and peak RSS is the same.
    static let shared = GeneratedImageCache(budget: 96 << 20)

    /// Bytes of pixels the cache may hold.
    let budget: Int
    private let lock = NSLock()
    private var entries: [AnyHashable: (image: Image, used: Int)] = [:]
    private var bytes = 0, clock = 0

    init(budget: Int) { self.budget = budget }

    /// The cached image for `key`, or `make()`'s, kept if it fits the budget. `make` runs outside the
    /// lock (two threads may both make a missing image; either result is the same picture).
    func image(_ key: AnyHashable, make: () -> Image) -> Image {
        if let hit = lookUp(key) { return hit }
        let image = make()
        store(image, for: key)
        return image
    }

    /// Whether the cache keeps `bitmap` (as a cached image's pixels) alive.
    func holds(_ bitmap: Bitmap) -> Bool { lock.withLock { entries.values.contains { $0.image.bitmap === bitmap } } }

    var count: Int { lock.withLock { entries.count } }
    var storedBytes: Int { lock.withLock { bytes } }

    private func lookUp(_ key: AnyHashable) -> Image? {
        lock.withLock {
            guard let e = entries[key] else { return nil }
            clock += 1
            entries[key] = (e.image, clock)
            return e.image
        }
    }

    /// Bytes of pixels an image holds.
    private static func size(_ image: Image) -> Int { 4 * image.bitmap.width * image.bitmap.height }

    private func store(_ image: Image, for key: AnyHashable) {
        let size = Self.size(image)
        guard size <= budget else { return }
        lock.withLock {
            if entries[key] != nil { return }
            while bytes + size > budget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                bytes -= Self.size(oldest.value.image)
                entries[oldest.key] = nil
            }
            clock += 1
            entries[key] = (image, clock)
            bytes += size
        }
    }
}
