// Machine: what a bench ran on — the CPU's name, family and model (/proc/cpuinfo), its cores, and the
// vector extensions this build's kernels execute — printed above the table and written to `--json`,
// so that numbers from different machines are not compared blind: the same code ran the mesh and
// turned-image rows two to three and a half times slower on an AVX2-only Zen 3 than on an AVX-512
// Zen 4, where the window gather runs (README, Performance).
import Foundation
import Segue

struct Machine: Codable, Equatable {
    /// /proc/cpuinfo's "model name" ("AMD EPYC"), or "unknown CPU".
    var cpu: String
    /// /proc/cpuinfo's "cpu family" and "model" (AMD's family 25 is Zen 3 and Zen 4; 23 Zen 1 and 2).
    var family: Int?, model: Int?
    var cores: Int
    /// The vector extensions the kernels were built for: "avx512", "avx2" or "baseline".
    var vector: String

    /// This machine, as `from` reads a cpuinfo text and `required` names the build's extensions.
    static var current: Machine {
        from(cpuinfo: try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
             cores: ProcessInfo.processInfo.activeProcessorCount, required: InstructionSet.required)
    }

    /// The first processor's `name` in a /proc/cpuinfo text ("name<tabs>: value" lines), or nil.
    static func field(_ name: String, in cpuinfo: String?) -> String? {
        for line in (cpuinfo ?? "").split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    static func from(cpuinfo: String?, cores: Int, required: [String]) -> Machine {
        func field(_ name: String) -> String? { Self.field(name, in: cpuinfo) }
        let vector = required.contains("avx512f") ? "avx512" : required.contains("avx2") ? "avx2" : "baseline"
        return Machine(cpu: field("model name").flatMap { $0.isEmpty ? nil : $0 } ?? "unknown CPU",
                       family: field("cpu family").flatMap { Int($0) }, model: field("model").flatMap { Int($0) },
                       cores: cores, vector: vector)
    }

    /// One line: "AMD EPYC (family 25, model 1), 2 cores, AVX2 kernels".
    var summary: String {
        let id = family.map { f in " (family \(f)" + (model.map { ", model \($0)" } ?? "") + ")" } ?? ""
        let kernels = ["avx512": "AVX-512 kernels", "avx2": "AVX2 kernels"][vector] ?? "baseline x86-64 kernels"
        return "\(cpu)\(id), \(cores) core\(cores == 1 ? "" : "s"), \(kernels)"
    }
}
