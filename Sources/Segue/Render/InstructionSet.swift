// InstructionSet: what the library's release build was compiled for. Where the building CPU has AVX2,
// Package.swift compiles the library for that CPU (the kernels' eight-lane SIMD types become single
// registers, and with AVX-512 the sixteen-lane ones too); such a build cannot run on a CPU without
// those extensions, so a host checks before drawing anything. Reading this constant runs no vector
// code: the check belongs in a module built for baseline x86-64.

public enum InstructionSet {
    /// The /proc/cpuinfo flags of the vector extensions this build of the library executes (and so
    /// needs the CPU to have); empty for a baseline build. Inlined into the caller, so reading it runs
    /// the caller's code, not the library's.
    @inlinable @inline(__always) public static var required: [String] {
        #if SEGUE_AVX512
        return ["avx2", "avx512f", "avx512bw", "avx512vl", "avx512dq"]
        #elseif SEGUE_AVX2
        return ["avx2"]
        #else
        return []
        #endif
    }
}
