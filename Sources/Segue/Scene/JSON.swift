// JSON: a small strict parser (RFC 8259) that knows where it is. Syntax errors name the line and
// column; limits on size, nesting depth and string length are checked while reading, so hostile input
// (megabytes of brackets, a 1 GB string) is refused early and never recurses past the depth limit.
import Foundation

/// A parsed JSON value; objects keep their keys in file order for messages.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// What the value is, for "expected …, got …" messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)"
        case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

public struct JSONSyntaxError: Error, CustomStringConvertible, Equatable {
    public let line: Int, column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

public enum JSON {
    /// Largest document accepted, in bytes.
    public static let maxBytes = 4 * 1_048_576
    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 64

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var p = Parser(bytes: bytes)
        if bytes.count > maxBytes {
            throw JSONSyntaxError(line: 1, column: 1, message: "document is \(bytes.count) bytes; the limit is \(maxBytes)")
        }
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < bytes.count { throw p.error("unexpected '\(p.printable(bytes[p.i]))' after the end of the document") }
        return v
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        func error(_ m: String) -> JSONSyntaxError {
            var line = 1, col = 1, k = 0
            while k < min(i, bytes.count) {
                if bytes[k] == 0x0A { line += 1; col = 1 } else if bytes[k] & 0xC0 != 0x80 { col += 1 }
                k += 1
            }
            return JSONSyntaxError(line: line, column: col, message: m)
        }

        func printable(_ b: UInt8) -> String {
            b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : String(format: "\\x%02X", b)
        }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            guard i < bytes.count else { throw error("unexpected end of the document; expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                guard depth < JSON.maxDepth else { throw error("nested deeper than \(JSON.maxDepth) levels") }
                i += 1; skipSpace()
                var members: [(String, JSONValue)] = []
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw unexpected("a \"key\" in quotes") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw unexpected("':' after the key") }
                    i += 1; skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of the document; expected ',' or '}'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    throw unexpected("',' or '}'")
                }
            case UInt8(ascii: "["):
                guard depth < JSON.maxDepth else { throw error("nested deeper than \(JSON.maxDepth) levels") }
                i += 1; skipSpace()
                var items: [JSONValue] = []
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of the document; expected ',' or ']'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    throw unexpected("',' or ']'")
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw unexpected("a value (object, array, string, number, true, false or null)")
            }
        }

        func unexpected(_ expected: String) -> JSONSyntaxError {
            i < bytes.count ? error("expected \(expected), found '\(printable(bytes[i]))'") : error("unexpected end of the document; expected \(expected)")
        }

        mutating func literal(_ word: String) throws(JSONSyntaxError) {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw unexpected("a value") }
            i += w.count
        }

        mutating func number() throws(JSONSyntaxError) -> Double {
            let start = i
            func digits(_ p: inout Parser) -> Int { let s = p.i; while p.i < p.bytes.count, (0x30...0x39).contains(p.bytes[p.i]) { p.i += 1 }; return p.i - s }
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { throw unexpected("a digit") }
            if bytes[i] == 0x30 { i += 1 } else { _ = digits(&self) }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits(&self) > 0 else { throw unexpected("a digit after '.'") }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits(&self) > 0 else { throw unexpected("a digit in the exponent") }
            }
            guard i - start <= 64, let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
                i = start
                throw error("number out of range")
            }
            return v
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            i += 1  // opening quote
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else { throw error("unterminated string") }
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; break }
                if b < 0x20 { throw error("control character in a string (write it as \\n, \\t or \\u00XX)") }
                if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
                i += 1
                guard i < bytes.count else { throw error("unterminated string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    out.append(contentsOf: Array(String(Character(UnicodeScalar(code)!)).utf8))
                default:
                    i -= 1
                    throw error("unknown escape '\\\(printable(e))'")
                }
            }
            guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not valid UTF-8") }
            return s
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard i + 4 <= bytes.count else { throw error("unterminated \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: throw error("expected 4 hex digits after \\u")
                }
                v = v << 4 | d
                i += 1
            }
            return v
        }
    }
}
