// AllocationCounter: heap allocations made while the bench renders, when the process has a counter.
// The product counts nothing itself; a counter preloaded into the process (Scripts/frame-allocations
// builds one: malloc, calloc, realloc and the aligned allocations, on every thread) exports
// `segue_allocations()`, and the bench finds it by name. Then each transition's row says how many
// allocations its steady frames made — every frame after the first, the calls to render only — which
// is zero where no frame allocates: the "no allocation per frame", checked exactly rather than
// read from a whole process's difference of two runs. `SEGUE_ALLOCATIONS_FROM=K` (with the counter)
// counts the steady frames from the K-th on only: those after a transition's first frames, whose
// caches fill — a number that varied by two from run to run in a page uncurl's first steady frame
// (22 or 24), so that steady frames are checked within one run, not as the difference of two.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum AllocationCounter {
    typealias Count = @convention(c) () -> Int

    /// The preloaded counter's running total, nil without one.
    static let count: Count? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "segue_allocations") else { return nil }
        return unsafeBitCast(symbol, to: Count.self)
        #else
        return nil
        #endif
    }()

    /// The first steady frame counted (1: every one after the start), from `SEGUE_ALLOCATIONS_FROM`.
    static let firstFrame: Int = {
        guard count != nil, let v = ProcessInfo.processInfo.environment["SEGUE_ALLOCATIONS_FROM"], let k = Int(v), k >= 1 else { return 1 }
        return k
    }()
}
