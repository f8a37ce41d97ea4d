// The `segue` tool's CPU check: a build of the library for AVX2 (or AVX-512) refuses, with a message
// naming what is missing, to run on a CPU whose flags lack it; a baseline build runs anywhere;
// /proc/cpuinfo's flag line is parsed whole.
import Testing
@testable import segue

@Suite struct CPUCheckTests {
    let withAVX512 = "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse2 avx avx2 bmi2 avx512f avx512dq avx512bw avx512vl\nbogomips\t: 4000\n"
    let withAVX2 = "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse2 avx avx2 bmi2\nbogomips\t: 4000\n"
    let withoutAVX2 = "processor\t: 0\nflags\t\t: fpu sse2 sse4_2 avx\n"
    let avx512 = ["avx2", "avx512f", "avx512bw", "avx512vl", "avx512dq"]

    @Test func parsesTheFlagsLine() {
        #expect(CPUCheck.flags(withAVX2).contains("avx2"))
        #expect(!CPUCheck.flags(withoutAVX2).contains("avx2"))
        #expect(!CPUCheck.flags("flags\t\t: fpu avx2x\n").contains("avx2"))
        #expect(CPUCheck.flags("").isEmpty)
    }

    @Test func refusesABuildOnlyWhereTheCPULacksWhatItUses() {
        let message = CPUCheck.problem(requires: ["avx2"], cpuinfo: { withoutAVX2 })
        #expect(message?.contains("AVX2") == true && message?.contains("SEGUE_PORTABLE=1") == true)
        #expect(CPUCheck.problem(requires: ["avx2"], cpuinfo: { withAVX2 }) == nil)
        #expect(CPUCheck.problem(requires: [], cpuinfo: { withoutAVX2 }) == nil)
        // An AVX-512 build on an AVX2-only CPU names the extensions it lacks.
        let wide = CPUCheck.problem(requires: avx512, cpuinfo: { withAVX2 })
        #expect(wide?.contains("AVX512BW") == true && wide?.contains("AVX2,") == false)
        #expect(CPUCheck.problem(requires: avx512, cpuinfo: { withAVX512 }) == nil)
        // No /proc/cpuinfo (another kernel): nothing to go by, so no refusal.
        #expect(CPUCheck.problem(requires: ["avx2"], cpuinfo: { nil }) == nil)
    }
}
