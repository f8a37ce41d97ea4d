// CPUCheck: refuses, with a message, to run a library built for AVX2 (see Package.swift) on a CPU
// without it — instead of dying on an illegal instruction mid-frame. This module is built for baseline
// x86-64, so the check itself runs anywhere; it must run before any drawing.
import Foundation
import Segue

enum CPUCheck {
    /// Whether a /proc/cpuinfo text lists AVX2 among the CPU's flags.
    static func listsAVX2(_ cpuinfo: String) -> Bool {
        guard let flags = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return false }
        return flags.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" }).contains("avx2")
    }

    /// The error to report when this build cannot run on this CPU, or nil when it can.
    static func problem(requiresAVX2: Bool = InstructionSet.requiresAVX2,
                        cpuinfo: () -> String? = { try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) }) -> String? {
        guard requiresAVX2, let info = cpuinfo(), !listsAVX2(info) else { return nil }
        return "this build of Segue uses AVX2, which this CPU lacks; rebuild it here (swift build -c release), "
            + "or with SEGUE_PORTABLE=1 for a binary that runs on any x86-64"
    }
}
