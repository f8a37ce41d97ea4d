// InstructionSet: what the library's release build was compiled for. Where the building CPU has AVX2,
// Package.swift compiles the library for it (the kernels' eight-lane SIMD types become single
// registers); such a build cannot run on a CPU without AVX2, so a host checks before drawing anything.
// Reading this constant runs no AVX2 code: the check belongs in a module built for baseline x86-64.

public enum InstructionSet {
    /// Whether this build of the library executes AVX2 instructions (and so needs a CPU that has them).
    /// Inlined into the caller, so reading it runs the caller's code, not the library's.
    @inlinable @inline(__always) public static var requiresAVX2: Bool {
        #if SEGUE_AVX2
        return true
        #else
        return false
        #endif
    }
}
