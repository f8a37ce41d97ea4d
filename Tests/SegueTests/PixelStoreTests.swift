// Big pixel buffers are recycled (PixelStore): a buffer given back is handed to the next request it
// fits (at least the request, at most twice it), small ones are not kept, the store never holds more
// than its capacity (the oldest go first), and a bitmap made over recycled storage still starts as
// its fill, while a halved level (which starts uninitialized) has every texel written.

import Testing
@testable import Segue

struct PixelStoreTests {
    @Test func aGivenBackBufferServesTheNextRequestItFits() {
        let store = PixelStore(minimumPixels: 1000, capacityBytes: 1 << 20)
        let a = store.take(10_000)
        #expect(a.count == 10_000)
        store.give(a.pointer, count: a.count)
        #expect(store.bytesHeld == 40_000)
        // Larger than the buffer, or less than half of it: a new buffer each, the free one stays.
        let big = store.take(10_001), half = store.take(4_999)
        #expect(big.pointer != a.pointer && half.pointer != a.pointer)
        #expect(store.bytesHeld == 40_000)
        // Half of it or more: the free buffer, with its whole size.
        let fit = store.take(5_000)
        #expect(fit.pointer == a.pointer && fit.count == 10_000)
        #expect(store.bytesHeld == 0)
        for b in [big, half, fit] { b.pointer.deallocate() }
    }

    /// Idle time fills the store ahead: the buffers it makes serve the next requests, and once they are
    /// there it has nothing to do; one taken, it makes one again.
    @Test func keepReadyFillsTheStoreAhead() {
        let store = PixelStore(minimumPixels: 1000, capacityBytes: 1 << 20)
        #expect(store.keepReady(10_000, buffers: 3))
        #expect(store.bytesHeld == 120_000)
        #expect(!store.keepReady(10_000, buffers: 3), "held already")
        #expect(!store.keepReady(9_000, buffers: 3), "they fit a smaller request too")
        let a = store.take(10_000)
        #expect(store.bytesHeld == 80_000)
        #expect(store.keepReady(10_000, buffers: 3) && store.bytesHeld == 120_000)
        #expect(!store.keepReady(500, buffers: 3) && !store.keepReady(100_000, buffers: 3), "too small to keep, too big to hold")
        a.pointer.deallocate()
        for _ in 0..<3 { store.take(10_000).pointer.deallocate() }
        #expect(store.bytesHeld == 0)
    }

    @Test func theSmallestFittingBufferIsTaken() {
        let store = PixelStore(minimumPixels: 1000, capacityBytes: 1 << 20)
        let large = store.take(9_000), small = store.take(6_000)
        store.give(large.pointer, count: large.count)
        store.give(small.pointer, count: small.count)
        let got = store.take(5_000)
        #expect(got.pointer == small.pointer)
        got.pointer.deallocate()
        store.take(5_000).pointer.deallocate()            // the large one
        #expect(store.bytesHeld == 0)
    }

    @Test func smallBuffersAreNotKept() {
        let store = PixelStore(minimumPixels: 1000, capacityBytes: 1 << 20)
        let b = store.take(999)
        store.give(b.pointer, count: b.count)
        #expect(store.bytesHeld == 0)
    }

    @Test func theStoreKeepsAtMostItsCapacityDroppingTheOldest() {
        let store = PixelStore(minimumPixels: 1000, capacityBytes: 100_000)
        let first = store.take(10_000), second = store.take(10_000), third = store.take(10_000)
        for b in [first, second, third] { store.give(b.pointer, count: b.count) }
        // 120 000 bytes given back: the first went.
        #expect(store.bytesHeld == 80_000)
        let x = store.take(10_000), y = store.take(10_000)
        #expect(Set([x.pointer, y.pointer]) == Set([second.pointer, third.pointer]))
        // A buffer bigger than the whole capacity is not kept at all.
        let huge = store.take(30_000)
        store.give(huge.pointer, count: huge.count)
        #expect(store.bytesHeld == 0)
        x.pointer.deallocate(); y.pointer.deallocate()
    }

    @Test func aBitmapOverRecycledStorageStartsAsItsFill() {
        let w = 300, h = 250                               // above the shared store's minimum
        do { _ = Bitmap(width: w, height: h, fill: 0xff12_3456) }
        let b = Bitmap(width: w, height: h, fill: 0x8000_0080)
        for y in 0..<h { for x in 0..<w where b[x, y] != 0x8000_0080 { Issue.record("pixel (\(x), \(y)) is \(b[x, y])"); return } }
    }

    @Test func aBigLevelHasEveryTexelWritten() {
        // The level (300 × 250 texels) is made in uninitialized storage, possibly a freed bitmap's.
        do { _ = Bitmap(width: 300, height: 250, fill: 0xffff_ffff) }
        let t = TextureLevelTests.noise(600, 250, seed: 11)
        let l = t.halved(x: 1, y: 0)
        #expect(l.width == 300 && l.height == 250)
        for y in 0..<250 {
            for x in 0..<300 where l[x, y] != TextureLevelTests.mean(t[2 * x, y], t[2 * x + 1, y]) {
                Issue.record("texel (\(x), \(y))"); return
            }
        }
    }
}
