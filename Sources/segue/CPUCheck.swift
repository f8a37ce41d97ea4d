// CPUCheck: refuses, with a message, to run a library built for vector extensions (AVX2, AVX-512: see
// Package.swift) on a CPU without them — instead of dying on an illegal instruction mid-frame. This
// module is built for baseline x86-64, so the check itself runs anywhere; it must run before any drawing.
import Foundation
import Segue

enum CPUCheck {
    /// The flags a /proc/cpuinfo text lists for the CPU (its first processor's "flags", `Machine.field`).
    static func flags(_ cpuinfo: String) -> Set<Substring> {
        Set((Machine.field("flags", in: cpuinfo) ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }))
    }

    /// The error to report when this build cannot run on this CPU, or nil when it can.
    static func problem(requires: [String] = InstructionSet.required,
                        cpuinfo: () -> String? = { try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) }) -> String? {
        guard !requires.isEmpty, let info = cpuinfo() else { return nil }
        let has = flags(info), missing = requires.filter { !has.contains(Substring($0)) }
        guard !missing.isEmpty else { return nil }
        return "this build of Segue uses \(missing.map { $0.uppercased() }.joined(separator: ", ")), which this CPU lacks; "
            + "rebuild it here (swift build -c release), or with SEGUE_PORTABLE=1 for a binary that runs on any x86-64"
    }
}
