// Frame lengths as small expressions: a number is design points; "P%" is a percentage of the enclosing
// space (the screen, or a grid cell) along the coordinate's own axis, "P%w"/"P%h" along a named one;
// "Npx" is N window pixels (hairlines: "max(0.1, 1px)"); + − × ÷, parentheses, min(a, b) and max(a, b) combine them — "100% - 16", "min(42%w, 100%h - 22)".
// Parsed once when the scene is decoded (errors name the character), evaluated per window size.

extension Scene.Length {
    /// The length in design points inside a space of `space` design points; `horizontal` is the axis of
    /// the coordinate it stands for, `pixel` the design points a window pixel spans along it.
    /// Non-finite results (a division by zero) give 0.
    public func value(in space: Size, horizontal: Bool, pixel: Double = 1) -> Double {
        func f(_ l: Scene.Length) -> Double { l.value(in: space, horizontal: horizontal, pixel: pixel) }
        let v: Double
        switch self {
        case .points(let p): v = p
        case .pixels(let n): v = n * pixel
        case .percent(let p, let axis): v = p / 100 * ((axis ?? horizontal) ? space.width : space.height)
        case .sum(let a, let b): v = f(a) + f(b)
        case .difference(let a, let b): v = f(a) - f(b)
        case .product(let a, let b): v = f(a) * f(b)
        case .quotient(let a, let b): v = f(a) / f(b)
        case .minimum(let a, let b): v = Swift.min(f(a), f(b))
        case .maximum(let a, let b): v = Swift.max(f(a), f(b))
        case .negated(let a): v = -f(a)
        }
        return v.isFinite ? v : 0
    }

    /// Parses an expression; the error says what was expected at which character (1-based).
    static func parse(_ text: String) -> Result<Scene.Length, LengthSyntaxError> {
        var p = LengthParser(chars: Array(text.unicodeScalars))
        return Result { () throws(LengthSyntaxError) in
            let e = try p.expression(depth: 0)
            p.skipSpaces()
            guard p.i == p.chars.count else { throw p.error("expected + - * / or the end") }
            return e
        }
    }
}

struct LengthSyntaxError: Error {
    let message: String
}

/// Recursive descent over the characters: expression := term (± term)*, term := unary (×÷ unary)*,
/// unary := −unary | primary, primary := number [px | % [w|h]] | min(e, e) | max(e, e) | (e).
struct LengthParser {
    let chars: [Unicode.Scalar]
    var i = 0
    static let maxDepth = 32

    func error(_ expected: String) -> LengthSyntaxError {
        let found = i < chars.count ? "'\(chars[i])' at character \(i + 1)" : "the end"
        return LengthSyntaxError(message: "\(expected), found \(found)")
    }

    mutating func skipSpaces() { while i < chars.count, chars[i] == " " { i += 1 } }

    mutating func take(_ c: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard i < chars.count, chars[i] == c else { return false }
        i += 1
        return true
    }

    mutating func expression(depth: Int) throws(LengthSyntaxError) -> Scene.Length {
        guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
        var e = try term(depth: depth)
        while true {
            if take("+") { e = .sum(e, try term(depth: depth)) }
            else if take("-") { e = .difference(e, try term(depth: depth)) }
            else { return e }
        }
    }

    mutating func term(depth: Int) throws(LengthSyntaxError) -> Scene.Length {
        var e = try unary(depth: depth)
        while true {
            if take("*") { e = .product(e, try unary(depth: depth)) }
            else if take("/") { e = .quotient(e, try unary(depth: depth)) }
            else { return e }
        }
    }

    mutating func unary(depth: Int) throws(LengthSyntaxError) -> Scene.Length {
        if take("-") {
            guard depth + 1 < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
            return .negated(try unary(depth: depth + 1))
        }
        return try primary(depth: depth)
    }

    mutating func primary(depth: Int) throws(LengthSyntaxError) -> Scene.Length {
        skipSpaces()
        if take("(") {
            let e = try expression(depth: depth + 1)
            guard take(")") else { throw error("expected ')'") }
            return e
        }
        for (name, both) in [("min", Scene.Length.minimum), ("max", Scene.Length.maximum)] {
            let word = Array(name.unicodeScalars)
            if i + word.count <= chars.count, Array(chars[i..<i + word.count]) == word {
                i += word.count
                guard take("(") else { throw error("expected '(' after \(name)") }
                let a = try expression(depth: depth + 1)
                guard take(",") else { throw error("expected ',' between the two values of \(name)") }
                let b = try expression(depth: depth + 1)
                guard take(")") else { throw error("expected ')'") }
                return both(a, b)
            }
        }
        let start = i
        while i < chars.count, ("0"..."9").contains(chars[i]) || chars[i] == "." { i += 1 }
        guard i > start else { throw error("expected a number, '(', min( or max(") }
        guard let n = Double(String(String.UnicodeScalarView(chars[start..<i]))), n.isFinite, n <= 1e6 else {
            i = start
            throw error("expected a number up to 1000000")
        }
        if i + 1 < chars.count, chars[i] == "p", chars[i + 1] == "x" { i += 2; return .pixels(n) }
        guard i < chars.count, chars[i] == "%" else { return .points(n) }
        i += 1
        if i < chars.count, chars[i] == "w" { i += 1; return .percent(n, horizontal: true) }
        if i < chars.count, chars[i] == "h" { i += 1; return .percent(n, horizontal: false) }
        return .percent(n, horizontal: nil)
    }
}
