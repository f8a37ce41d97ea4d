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

/// What `segue bench` says it ran on: the CPU's name, family and model from /proc/cpuinfo's first
/// processor, the cores, and the extensions the build's kernels use — in the table's first line and
/// in `--json`.
@Suite struct MachineTests {
    let zen3 = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 1\nmodel name\t: AMD EPYC\nflags\t\t: fpu avx2\n\n"
        + "processor\t: 1\ncpu family\t: 99\nmodel\t\t: 7\nmodel name\t: Other\n"

    @Test func readsTheFirstProcessorsNameFamilyAndModel() {
        let m = Machine.from(cpuinfo: zen3, cores: 2, required: ["avx2"])
        #expect(m == Machine(cpu: "AMD EPYC", family: 25, model: 1, cores: 2, vector: "avx2"))
        #expect(m.summary == "AMD EPYC (family 25, model 1), 2 cores, AVX2 kernels")
        let wide = Machine.from(cpuinfo: zen3, cores: 1, required: ["avx2", "avx512f", "avx512bw"])
        #expect(wide.vector == "avx512" && wide.summary.hasSuffix("1 core, AVX-512 kernels"))
    }

    @Test func saysSoWhenItCannotTell() {
        let m = Machine.from(cpuinfo: nil, cores: 4, required: [])
        #expect(m == Machine(cpu: "unknown CPU", family: nil, model: nil, cores: 4, vector: "baseline"))
        #expect(m.summary == "unknown CPU, 4 cores, baseline x86-64 kernels")
        #expect(Machine.from(cpuinfo: "model name\t:\ncpu family\t: x\n", cores: 1, required: []).summary == "unknown CPU, 1 core, baseline x86-64 kernels")
    }
}
