// PixelStore: big pixel buffers, recycled. A fresh buffer's first touch costs a page fault for every
// 4 KB page, each page zeroed by the kernel: allocating and filling a 960×1080 level of a turning page
// took 0.7–2.4 ms, more than halving the page into it (0.3–1.4 ms), on the frame that first needed
// it. Bitmaps of `minimumPixels` or more take their storage from here and give it back when freed;
// the store keeps the most recently given back, up to `capacityBytes`, and hands a request the
// smallest it holds of at least the request's size and at most twice it. Thread-safe: bitmaps are
// freed wherever their last reference goes. Idle time can fill it ahead (`keepReady`): the viewer's
// first transition otherwise faults in its snapshots' and first frame's pages.

import Foundation

final class PixelStore: @unchecked Sendable {
    /// The store every bitmap's storage comes from.
    static let shared = PixelStore(minimumPixels: 1 << 16, capacityBytes: 48 << 20)
    /// Smaller buffers come and go through the allocator directly (their pages are few).
    let minimumPixels: Int
    /// Bytes of free buffers kept at most; the oldest go first.
    let capacityBytes: Int

    init(minimumPixels: Int, capacityBytes: Int) {
        self.minimumPixels = minimumPixels
        self.capacityBytes = capacityBytes
    }

    private let lock = NSLock()
    /// Free buffers, the most recently given back last.
    private var free: [(pointer: UnsafeMutablePointer<UInt32>, count: Int)] = []
    private var bytes = 0
    /// Bytes of free buffers held now.
    var bytesHeld: Int { lock.lock(); defer { lock.unlock() }; return bytes }

    /// Storage for at least `count` pixels, and how many it holds (uninitialized, or holding what a
    /// freed bitmap left in it).
    func take(_ count: Int) -> (pointer: UnsafeMutablePointer<UInt32>, count: Int) {
        if count >= minimumPixels {
            lock.lock()
            var fit: Int?
            for i in free.indices where free[i].count >= count && free[i].count <= 2 * count {
                if fit.map({ free[i].count < free[$0].count }) ?? true { fit = i }
            }
            if let i = fit {
                let b = free.remove(at: i)
                bytes -= 4 * b.count
                lock.unlock()
                return b
            }
            lock.unlock()
        }
        return (.allocate(capacity: count), count)
    }

    /// Makes sure the store holds `buffers` free buffers that a request for `count` pixels takes, each
    /// page touched (faulted in and zeroed by the kernel now, not when a frame first writes it), and
    /// says whether it had to make any. For idle time.
    @discardableResult func keepReady(_ count: Int, buffers: Int) -> Bool {
        guard count >= minimumPixels, buffers > 0, 4 * count * buffers <= capacityBytes else { return false }
        lock.lock()
        let held = free.count { $0.count >= count && $0.count <= 2 * count }
        lock.unlock()
        guard held < buffers else { return false }
        for _ in held..<buffers {
            let p = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
            for i in stride(from: 0, to: count, by: 1024) { p[i] = 0 }        // one write a 4 KB page
            give(p, count: count)
        }
        return true
    }

    /// Takes back storage from `take` that nothing uses any more.
    func give(_ pointer: UnsafeMutablePointer<UInt32>, count: Int) {
        guard count >= minimumPixels, 4 * count <= capacityBytes else { pointer.deallocate(); return }
        lock.lock()
        free.append((pointer, count))
        bytes += 4 * count
        var dropped: [UnsafeMutablePointer<UInt32>] = []
        while bytes > capacityBytes {
            let b = free.removeFirst()
            bytes -= 4 * b.count
            dropped.append(b.pointer)
        }
        lock.unlock()
        for p in dropped { p.deallocate() }
    }
}
