// Command-line parsing: each command declares its options; anything else is a clear error that
// lists what is valid. Every user error ends as one line on stderr and exit code 2.
import Foundation

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

struct OptionSpec {
    enum Kind { case flag, value, repeated }
    let name: String
    let kind: Kind
    let help: String
}

struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    func int(_ name: String, default d: Int, range: ClosedRange<Int>) throws -> Int {
        guard let s = value(name) else { return d }
        guard let v = Int(s), range.contains(v) else {
            throw UsageError("--\(name) wants a whole number from \(range.lowerBound) to \(range.upperBound), not '\(s)'")
        }
        return v
    }

    func double(_ name: String, default d: Double, range: ClosedRange<Double>) throws -> Double {
        guard let s = value(name) else { return d }
        guard let v = Double(s), v.isFinite, range.contains(v) else {
            throw UsageError("--\(name) wants a number from \(range.lowerBound) to \(range.upperBound), not '\(s)'")
        }
        return v
    }

    /// `WxH`, each side 1…16384.
    func size(_ name: String, default d: (Int, Int)) throws -> (width: Int, height: Int) {
        guard let s = value(name) else { return d }
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w), (1...16384).contains(h) else {
            throw UsageError("--\(name) wants WIDTHxHEIGHT with each side from 1 to 16384, e.g. 1280x800, not '\(s)'")
        }
        return (w, h)
    }
}

func parse(_ args: [String], command: String, options: [OptionSpec], positional: Int = 0) throws -> ParsedArguments {
    var out = ParsedArguments()
    var i = 0
    let byName = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
    while i < args.count {
        let a = args[i]
        if a.hasPrefix("--") {
            var name = String(a.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") { inline = String(name[name.index(after: eq)...]); name = String(name[..<eq]) }
            guard let spec = byName[name] else {
                let valid = options.map { "--\($0.name)" }.joined(separator: ", ")
                throw UsageError("unknown option '\(a)' for '\(command)'; valid: \(valid.isEmpty ? "none" : valid)")
            }
            switch spec.kind {
            case .flag:
                if inline != nil { throw UsageError("--\(name) takes no value") }
                out.flags.insert(name)
            case .value, .repeated:
                let v: String
                if let inline { v = inline } else {
                    guard i + 1 < args.count else { throw UsageError("--\(name) needs a value") }
                    i += 1; v = args[i]
                }
                if spec.kind == .value, out.values[name] != nil { throw UsageError("--\(name) given twice") }
                out.values[name, default: []].append(v)
            }
        } else if a.hasPrefix("-") && a.count > 1 && Double(a) == nil {
            throw UsageError("unknown option '\(a)' for '\(command)'; options are spelled --name")
        } else {
            out.positional.append(a)
        }
        i += 1
    }
    if out.positional.count > positional {
        throw UsageError("unexpected argument '\(out.positional[positional])' for '\(command)'")
    }
    return out
}

/// Picks one of `valid`, or fails listing them.
func choose(_ value: String, from valid: [String], what: String) throws -> String {
    guard valid.contains(value) else {
        throw UsageError("unknown \(what) '\(value)'; valid: \(valid.joined(separator: ", "))")
    }
    return value
}
