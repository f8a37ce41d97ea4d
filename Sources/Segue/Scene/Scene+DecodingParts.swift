// Scene decoding of the richer parts — generated pictures (landscapes, gradients), shadows, borders,
// the status bar's size and style, grids — with the same rule as the rest: every key known, every value
// checked, every error at its JSON path saying what was expected.

extension SceneDecoder {
    /// Most cells a grid repeats to, and most columns.
    static let maxGridCells = 10_000
    static let maxGridColumns = 1_000

    /// A PNG path, `{"generated": "landscape", …}` or `{"gradient": [colours], …}`.
    mutating func picture(_ v: JSONValue, _ path: String) throws(SceneError) -> Scene.Picture {
        guard case .object(let members) = v else {
            guard case .string = v else {
                throw fail(path, "expected an image path, {\"generated\": \"landscape\", …} or {\"gradient\": [colours], …}, got \(v.kindName)")
            }
            return .file(try image(v, path))
        }
        if members.contains(where: { $0.0 == "generated" }) {
            let o = try object(v, path, allowed: ["generated", "style", "seed", "seedStep"])
            let kind = try string(o["generated"]!, join(path, "generated"))
            guard kind == "landscape" else { throw fail(join(path, "generated"), "unknown generator \(o["generated"]!.kindName); valid: landscape") }
            var style: Image.HeroStyle?
            if let s = o["style"] {
                let name = try string(s, join(path, "style"))
                guard let st = Image.HeroStyle(rawValue: name) else {
                    throw fail(join(path, "style"), "unknown style \(s.kindName); valid: \(Image.HeroStyle.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                style = st
            }
            func integer(_ key: String, _ range: ClosedRange<Double>) throws(SceneError) -> Int {
                guard let j = o[key] else { return 0 }
                let n = try number(j, join(path, key), range)
                guard n == n.rounded() else { throw fail(join(path, key), "expected a whole number, got \(j.kindName)") }
                return Int(n)
            }
            return .landscape(style: style, seed: try integer("seed", 0...1_000_000_000), seedStep: try integer("seedStep", 0...1_000_000))
        }
        guard members.contains(where: { $0.0 == "gradient" }) else {
            throw fail(path, "a picture object needs 'generated' or 'gradient'")
        }
        let o = try object(v, path, allowed: ["gradient", "locations", "start", "end"])
        let gp = join(path, "gradient")
        guard case .array(let cs) = o["gradient"]!, (2...16).contains(cs.count) else {
            throw fail(gp, "expected an array of 2 to 16 colours, got \(o["gradient"]!.kindName)")
        }
        var colors: [Color] = []
        for (i, c) in cs.enumerated() { colors.append(try color(c, "\(gp)[\(i)]")) }
        var locations: [Double]?
        if let l = o["locations"] {
            let lp = join(path, "locations")
            guard case .array(let a) = l, a.count == colors.count else { throw fail(lp, "expected \(colors.count) numbers (one per colour), got \(l.kindName)") }
            var out: [Double] = []
            for (i, x) in a.enumerated() {
                let n = try number(x, "\(lp)[\(i)]", 0...1)
                guard n >= (out.last ?? 0) else { throw fail("\(lp)[\(i)]", "locations must not decrease") }
                out.append(n)
            }
            locations = out
        }
        func point(_ key: String, _ d: Point) throws(SceneError) -> Point {
            guard let j = o[key] else { return d }
            guard case .array(let a) = j, a.count == 2 else { throw fail(join(path, key), "expected [x, y] from 0 to 1, got \(j.kindName)") }
            return Point(x: try number(a[0], "\(join(path, key))[0]", 0...1), y: try number(a[1], "\(join(path, key))[1]", 0...1))
        }
        return .gradient(colors: colors, locations: locations, start: try point("start", Point(x: 0.5, y: 0)), end: try point("end", Point(x: 0.5, y: 1)))
    }

    /// `true`, `false` or `{"opacity": …, "radius": …, "offset": [dx, dy]}` (design points).
    func shadow(_ v: JSONValue, _ path: String) throws(SceneError) -> Scene.Shadow? {
        if case .bool(let b) = v { return b ? Scene.Shadow() : nil }
        guard case .object = v else { throw fail(path, "expected true, false or {\"opacity\", \"radius\", \"offset\"}, got \(v.kindName)") }
        let o = try object(v, path, allowed: ["opacity", "radius", "offset"])
        var s = Scene.Shadow()
        if let j = o["opacity"] { s.opacity = try number(j, join(path, "opacity"), 0...1) }
        if let j = o["radius"] { s.radius = try number(j, join(path, "radius"), 0...1000) }
        if let j = o["offset"] {
            guard case .array(let a) = j, a.count == 2 else { throw fail(join(path, "offset"), "expected [dx, dy], got \(j.kindName)") }
            s.offset = Size(width: try number(a[0], "\(join(path, "offset"))[0]", -1000...1000),
                            height: try number(a[1], "\(join(path, "offset"))[1]", -1000...1000))
        }
        return s
    }

    /// `borderWidth` (design points) and `borderColor` (default black), or none.
    func border(_ o: [String: JSONValue], _ path: String) throws(SceneError) -> Scene.Border? {
        guard let w = o["borderWidth"] else {
            if o["borderColor"] != nil { throw fail(join(path, "borderColor"), "a border colour needs a 'borderWidth'") }
            return nil
        }
        return Scene.Border(width: try number(w, join(path, "borderWidth"), 0...1000),
                            color: try o["borderColor"].map { j throws(SceneError) in try color(j, join(path, "borderColor")) } ?? .black)
    }

    /// `true`, `false` or `{"size": clock points, "style": "lightContent" | "darkContent"}`.
    func statusBar(_ v: JSONValue, _ path: String, into s: inout Scene.Screen) throws(SceneError) {
        if case .bool(let b) = v { s.statusBar = b; return }
        guard case .object = v else { throw fail(path, "expected true, false or {\"size\", \"style\"}, got \(v.kindName)") }
        let o = try object(v, path, allowed: ["size", "style"])
        s.statusBar = true
        if let j = o["size"] { s.statusBarSize = try number(j, join(path, "size"), 0.1...1000) }
        if let j = o["style"] {
            switch try string(j, join(path, "style")) {
            case "lightContent": s.statusBarLight = true
            case "darkContent": s.statusBarLight = false
            default: throw fail(join(path, "style"), "expected \"lightContent\" or \"darkContent\", got \(j.kindName)")
            }
        }
    }

    /// A grid element's cells and layout keys.
    mutating func grid(_ o: [String: JSONValue], _ path: String) throws(SceneError) -> Scene.Grid {
        let gp = join(path, "grid")
        guard case .array(let cellValues) = o["grid"]!, !cellValues.isEmpty else {
            throw fail(gp, "expected an array of cells (each an array of elements), got \(o["grid"]!.kindName)")
        }
        var g = Scene.Grid(cells: [])
        for (i, c) in cellValues.enumerated() { g.cells.append(try elements(c, "\(gp)[\(i)]")) }
        func count(_ key: String, _ range: ClosedRange<Double>) throws(SceneError) -> Int? {
            guard let j = o[key] else { return nil }
            let n = try number(j, join(path, key), range)
            guard n == n.rounded() else { throw fail(join(path, key), "expected a whole number, got \(j.kindName)") }
            return Int(n)
        }
        g.columns = try count("columns", 1...Double(Self.maxGridColumns))
        g.minColumns = try count("minColumns", 1...Double(Self.maxGridColumns)) ?? 1
        g.count = try count("count", 0...Double(Self.maxGridCells))
        if let j = o["cellWidth"] {
            guard g.columns == nil else { throw fail(join(path, "cellWidth"), "give 'columns' or 'cellWidth', not both") }
            g.cellWidth = try number(j, join(path, "cellWidth"), 0.01...Scene.maxCoordinate)
        }
        if let j = o["cellHeight"] {
            if case .string("square") = j { g.squareCells = true }
            else { g.cellHeight = try length(j, join(path, "cellHeight"), 0.01...Scene.maxCoordinate) }
        }
        if let j = o["gap"] { g.gap = try number(j, join(path, "gap"), 0...Scene.maxCoordinate) }
        if let j = o["repeat"] { g.repeats = try bool(j, join(path, "repeat")) }
        if let j = o["overflow"] {
            switch try string(j, join(path, "overflow")) {
            case "drop": g.clip = false
            case "clip": g.clip = true
            default: throw fail(join(path, "overflow"), "expected \"drop\" or \"clip\", got \(j.kindName)")
            }
        }
        return g
    }
}
