// AllocationCounter: heap allocations made while the bench renders, when the process has a counter.
// The product counts nothing itself; a counter preloaded into the process (Scripts/frame-allocations
// builds one: malloc, calloc, realloc and the aligned allocations, on every thread) exports
// `segue_allocations()`, and the bench finds it by name. Then each transition's row says how many
// allocations its steady frames made — every frame after the first, the calls to render only — which
// is zero where no frame allocates: the "no allocation per frame", checked exactly rather than
// read from a whole process's difference of two runs.

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
}
