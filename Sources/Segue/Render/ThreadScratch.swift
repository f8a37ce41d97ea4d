// ThreadScratch: working memory a drawing thread keeps from draw to draw, so that steady frames
// allocate nothing. A draw's scratch (a turned image's strip rows and ring, a scaled image's taps, a
// run's attribute rows, a mesh band's span lists) is per draw and, with row-parallel rendering, per
// thread: each thread that draws holds one ThreadScratch (a pthread key; freed with the thread),
// whose buffers grow to the largest draw seen and are then reused. A buffer is lent by
// `bytes(_:count:)` for the length of one draw, and each use site has its own slot, so that the
// scratch of draws in progress on a thread — which do not nest — never overlap.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ThreadScratch {
    /// The slots, one per kind of use (see `bytes`).
    enum Slot: Int, CaseIterable {
        case stripRows, stripRing, scaledTaps, rowAttributes, rowSegments, warpCells, warpMoving, halvedRows
    }

    private var buffers: [(pointer: UnsafeMutableRawPointer, count: Int)?] = Array(repeating: nil, count: Slot.allCases.count)
    /// A mesh band's lists (MeshRasterizer), taken out while a draw uses them.
    var band: [RasterTriangle] = []
    var spans: [MeshRasterizer.BandSpan] = []
    var sorted: [MeshRasterizer.BandSpan] = []
    var walks: [RowColumns] = []

    deinit { for b in buffers { b?.pointer.deallocate() } }

    /// At least `count` bytes (64-byte aligned) of the slot's buffer, kept for the next draw; its
    /// contents are whatever the last use left.
    func bytes(_ slot: Slot, count: Int) -> UnsafeMutableRawPointer {
        let old = buffers[slot.rawValue]
        if let old, old.count >= count { return old.pointer }
        old?.pointer.deallocate()
        // Doubling: a draw that grows a little every frame (an image scaling up) grows it rarely.
        let n = max(count, 2 * (old?.count ?? 0), 4096)
        let p = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 64)
        buffers[slot.rawValue] = (p, n)
        return p
    }

    /// `count` values of `T` in the slot's buffer.
    func buffer<T>(_ slot: Slot, of: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        bytes(slot, count: count * MemoryLayout<T>.stride).bindMemory(to: T.self, capacity: count)
    }

    /// The calling thread's scratch.
    static var current: ThreadScratch {
        if let p = pthread_getspecific(key) { return Unmanaged<ThreadScratch>.fromOpaque(p).takeUnretainedValue() }
        let s = ThreadScratch()
        pthread_setspecific(key, Unmanaged.passRetained(s).toOpaque())
        return s
    }

    private static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k) { p in
            if let p { Unmanaged<ThreadScratch>.fromOpaque(p).release() }
        }
        return k
    }()
}
