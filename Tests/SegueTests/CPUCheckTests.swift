// The `segue` tool's CPU check: an AVX2 build of the library refuses, with a message, to run on a
// CPU whose flags lack AVX2; a baseline build runs anywhere; /proc/cpuinfo's flag line is parsed whole.
import Testing
@testable import segue

@Suite struct CPUCheckTests {
    let withAVX2 = "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse2 avx avx2 bmi2\nbogomips\t: 4000\n"
    let withoutAVX2 = "processor\t: 0\nflags\t\t: fpu sse2 sse4_2 avx\n"

    @Test func parsesTheFlagsLine() {
        #expect(CPUCheck.listsAVX2(withAVX2))
        #expect(!CPUCheck.listsAVX2(withoutAVX2))
        #expect(!CPUCheck.listsAVX2("flags\t\t: fpu avx2x\n"))
        #expect(!CPUCheck.listsAVX2(""))
    }

    @Test func refusesAnAVX2BuildOnlyWhereTheCPULacksIt() {
        let message = CPUCheck.problem(requiresAVX2: true, cpuinfo: { withoutAVX2 })
        #expect(message?.contains("AVX2") == true && message?.contains("SEGUE_PORTABLE=1") == true)
        #expect(CPUCheck.problem(requiresAVX2: true, cpuinfo: { withAVX2 }) == nil)
        #expect(CPUCheck.problem(requiresAVX2: false, cpuinfo: { withoutAVX2 }) == nil)
        // No /proc/cpuinfo (another kernel): nothing to go by, so no refusal.
        #expect(CPUCheck.problem(requiresAVX2: true, cpuinfo: { nil }) == nil)
    }
}
