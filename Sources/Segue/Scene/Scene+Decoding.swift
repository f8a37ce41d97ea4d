// Scene decoding: a scene file's JSON checked by hand, member by member, so every mistake names its
// place — the file, then the line and column (syntax) or the JSON path (`screens.home.elements[2].frame`)
// — and what was expected. Unknown keys are errors too (a typo must not be silently ignored). Numbers
// must be finite and in range; image paths resolve relative to the scene file and are loaded here.
import Foundation

/// A scene file that cannot be used, and exactly where.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public let file: String
    /// "line L, column C" for syntax errors, the JSON path otherwise ("" for the whole file).
    public let place: String
    public let message: String
    /// Files the failed load read or looked for (images included): hot reload watches them too, so
    /// adding a missing image fixes the scene without touching the scene file.
    public var files: [String] = []
    public var description: String { place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)" }
    public init(file: String, place: String, message: String) { self.file = file; self.place = place; self.message = message }

    public static func == (a: SceneError, b: SceneError) -> Bool { a.file == b.file && a.place == b.place && a.message == b.message }
}

extension Scene {
    /// Largest scene file read, in bytes (the JSON limit).
    public static var maxFileBytes: Int { JSON.maxBytes }
    /// Most screens, and most elements on one screen (cards included).
    public static let maxScreens = 200
    public static let maxElements = 2000
    /// Largest design size and corner radius accepted, in design points.
    public static let maxCoordinate = 100_000.0
    /// How far from the screen elements may reach, in design sizes: x from −4 widths to 5 widths, width up
    /// to 8 widths (the same for y and height).
    public static let maxReach = 4.0
    /// Longest transition accepted, in seconds.
    public static let maxDuration = 60.0

    /// Reads, parses and checks a scene file; images are loaded relative to its folder.
    @MainActor public static func load(path: String) throws(SceneError) -> Scene {
        let bytes = try readFile(path)
        return try decode(bytes, file: path, baseDirectory: OutputFile.split(path).folder)
    }

    static func readFile(_ path: String) throws(SceneError) -> [UInt8] {
        func fail(_ m: String) -> SceneError { SceneError(file: path, place: "", message: m) }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw fail("no such file") }
        guard !isDir.boolValue else { throw fail("is a directory; expected a scene file (.json)") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else { throw fail("not a regular file (a device, pipe or socket)") }
        let n = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard n <= JSON.maxBytes else { throw fail("the file is \(n) bytes; the limit for a scene file is \(JSON.maxBytes)") }
        guard let d = FileManager.default.contents(atPath: path) else { throw fail("cannot be read (permissions?)") }
        return [UInt8](d)
    }

    /// Parses and checks scene JSON; `file` names it in errors, `baseDirectory` resolves image paths.
    @MainActor public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String) throws(SceneError) -> Scene {
        let root: JSONValue
        do { root = try JSON.parse(bytes) } catch {
            throw SceneError(file: file, place: "line \(error.line), column \(error.column)", message: error.message)
        }
        var d = SceneDecoder(file: file, base: baseDirectory)
        return try d.scene(root)
    }
}

/// Walks the JSON with its path; every failure is a SceneError at that path.
@MainActor
struct SceneDecoder {
    let file: String
    let base: String
    var images: [String: Image] = [:]
    var files: [String] = []
    var elementCount = 0
    var design = Size(width: 390, height: 844)

    init(file: String, base: String) { self.file = file; self.base = base; files = [file] }

    func fail(_ path: String, _ m: String) -> SceneError {
        SceneError(file: file, place: path.isEmpty ? "top level" : oneLine(path), message: oneLine(m))
    }

    /// Control characters from the file (a screen name with a newline) escaped: an error is one line.
    func oneLine(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return s }
        return String(s.unicodeScalars.map { c in
            switch c {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: c.value < 0x20 || c.value == 0x7F ? "\\u{\(String(c.value, radix: 16))}" : String(c)
            }
        }.joined())
    }

    func object(_ v: JSONValue, _ path: String, allowed: [String]) throws(SceneError) -> [String: JSONValue] {
        guard case .object(let members) = v else { throw fail(path, "expected an object, got \(v.kindName)") }
        var out: [String: JSONValue] = [:]
        for (k, value) in members {
            guard allowed.contains(k) else {
                throw fail(join(path, k), "unknown key '\(k)'; valid: \(allowed.joined(separator: ", "))")
            }
            guard out[k] == nil else { throw fail(join(path, k), "key given twice") }
            out[k] = value
        }
        return out
    }

    /// `path.key`, or `path["key"]` when the key is not a plain name (a screen called "log in").
    func join(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        let quoted = "\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return plain ? (path.isEmpty ? key : "\(path).\(key)") : "\(path)[\(quoted)]"
    }

    func string(_ v: JSONValue, _ path: String, maxLength: Int = 10_000) throws(SceneError) -> String {
        guard case .string(let s) = v else { throw fail(path, "expected a string, got \(v.kindName)") }
        guard s.count <= maxLength else { throw fail(path, "string is \(s.count) characters; the limit is \(maxLength)") }
        return s
    }

    func number(_ v: JSONValue, _ path: String, _ range: ClosedRange<Double>) throws(SceneError) -> Double {
        guard case .number(let n) = v else { throw fail(path, "expected a number, got \(v.kindName)") }
        guard n.isFinite, range.contains(n) else {
            throw fail(path, "expected a number from \(fmt(range.lowerBound)) to \(fmt(range.upperBound)), got \(v.kindName)")
        }
        return n
    }

    func bool(_ v: JSONValue, _ path: String) throws(SceneError) -> Bool {
        guard case .bool(let b) = v else { throw fail(path, "expected true or false, got \(v.kindName)") }
        return b
    }

    func fmt(_ x: Double) -> String { x == x.rounded() ? "\(Int(x))" : "\(x)" }

    mutating func scene(_ v: JSONValue) throws(SceneError) -> Scene {
        let o = try object(v, "", allowed: ["size", "layout", "start", "screens"])
        var layout = Scene.Layout.stretch
        if let l = o["layout"] {
            let s = try string(l, "layout")
            guard let m = Scene.Layout(rawValue: s) else { throw fail("layout", "expected \"stretch\" or \"scale\", got \(l.kindName)") }
            layout = m
        }
        if let s = o["size"] {
            guard case .array(let a) = s, a.count == 2 else { throw fail("size", "expected [width, height], got \(s.kindName)") }
            design = Size(width: try number(a[0], "size[0]", 1...Scene.maxCoordinate), height: try number(a[1], "size[1]", 1...Scene.maxCoordinate))
        }
        guard let sv = o["screens"] else { throw fail("", "missing key 'screens' (an object: screen name → screen)") }
        guard case .object(let members) = sv else { throw fail("screens", "expected an object (screen name → screen), got \(sv.kindName)") }
        guard !members.isEmpty else { throw fail("screens", "expected at least one screen") }
        guard members.count <= Scene.maxScreens else { throw fail("screens", "\(members.count) screens; the limit is \(Scene.maxScreens)") }
        var screens: [Scene.Screen] = []
        for (name, value) in members {
            let path = join("screens", name)
            guard !name.isEmpty, name.count <= 100 else { throw fail(path, "a screen name must be 1 to 100 characters") }
            guard !screens.contains(where: { $0.name == name }) else { throw fail(path, "screen '\(name)' defined twice") }
            screens.append(try screen(name, value, path))
        }
        let names = screens.map(\.name)
        var start = names[0]
        if let s = o["start"] {
            start = try string(s, "start")
            guard names.contains(start) else { throw fail("start", "no screen named '\(start)'; screens: \(names.joined(separator: ", "))") }
        }
        // Every action must name a screen that exists.
        for s in screens {
            if let t = s.tap { try check(t, names, join(join("screens", s.name), "tap")) }
            try checkActions(s.elements, names, join(join("screens", s.name), "elements"))
        }
        return Scene(designSize: design, layout: layout, screens: screens, start: start, files: files)
    }

    func check(_ a: Scene.Action, _ names: [String], _ path: String) throws(SceneError) {
        switch a {
        case .present(let s, _), .push(let s):
            guard names.contains(s) else { throw fail(path, "no screen named '\(s)'; screens: \(names.joined(separator: ", "))") }
        default: break
        }
    }

    func checkActions(_ elements: [Scene.Element], _ names: [String], _ path: String) throws(SceneError) {
        for (i, e) in elements.enumerated() {
            switch e.kind {
            case .button(_, _, _, _, _, let a?): try check(a, names, "\(path)[\(i)].action")
            case .card(_, _, _, let inner): try checkActions(inner, names, "\(path)[\(i)].elements")
            case .grid(let g):
                for (c, cell) in g.cells.enumerated() { try checkActions(cell, names, "\(path)[\(i)].grid[\(c)]") }
            default: break
            }
        }
    }

    mutating func screen(_ name: String, _ v: JSONValue, _ path: String) throws(SceneError) -> Scene.Screen {
        let o = try object(v, path, allowed: ["background", "image", "title", "titleColor", "statusBar", "elements", "tap"])
        var s = Scene.Screen(name: name, background: .white, backgroundPicture: nil, title: nil, titleColor: .label,
                             statusBar: o["image"] == nil, elements: [], tap: nil)
        if let b = o["background"] { s.background = try color(b, join(path, "background")) }
        if let i = o["image"] { s.backgroundPicture = try picture(i, join(path, "image")) }
        if let t = o["title"] { s.title = try string(t, join(path, "title"), maxLength: 200) }
        if let c = o["titleColor"] { s.titleColor = try color(c, join(path, "titleColor")) }
        if let b = o["statusBar"] { try statusBar(b, join(path, "statusBar"), into: &s) }
        if let e = o["elements"] { s.elements = try elements(e, join(path, "elements")) }
        if let t = o["tap"] { s.tap = try action(t, join(path, "tap")) }
        return s
    }

    mutating func elements(_ v: JSONValue, _ path: String) throws(SceneError) -> [Scene.Element] {
        guard case .array(let a) = v else { throw fail(path, "expected an array of elements, got \(v.kindName)") }
        var out: [Scene.Element] = []
        for (i, e) in a.enumerated() { out.append(try element(e, "\(path)[\(i)]")) }
        return out
    }

    static let kinds = ["label", "button", "card", "image", "grid"]

    mutating func element(_ v: JSONValue, _ path: String) throws(SceneError) -> Scene.Element {
        elementCount += 1
        guard elementCount <= Scene.maxElements else { throw fail(path, "more than \(Scene.maxElements) elements in the scene") }
        guard case .object(let members) = v else { throw fail(path, "expected an element object, got \(v.kindName)") }
        let kinds = members.map(\.0).filter { Self.kinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw fail(path, kinds.isEmpty ? "an element needs one of the keys \(Self.kinds.joined(separator: ", "))"
                                           : "an element has exactly one of \(Self.kinds.joined(separator: ", ")), not \(kinds.joined(separator: " and "))")
        }
        let common = ["frame", kind]
        switch kind {
        case "label":
            let o = try object(v, path, allowed: common + ["size", "weight", "color", "align", "lines", "font"])
            return Scene.Element(frame: try frame(o, path, heightOptional: true), kind: .label(
                text: try string(o["label"]!, join(path, "label")),
                size: try o["size"].map { j throws(SceneError) in try number(j, join(path, "size"), 1...1000) } ?? 17,
                weight: try weight(o["weight"], join(path, "weight"), default: .regular),
                color: try o["color"].map { j throws(SceneError) in try color(j, join(path, "color")) } ?? .label,
                align: try align(o["align"], join(path, "align")),
                lines: Int(try o["lines"].map { j throws(SceneError) in try number(j, join(path, "lines"), 0...1000) } ?? 1)),
                fontFamily: try o["font"].map { j throws(SceneError) in try string(j, join(path, "font"), maxLength: 200) })
        case "button":
            let o = try object(v, path, allowed: common + ["size", "weight", "color", "fill", "action", "font"])
            let fill = try o["fill"].map { j throws(SceneError) in try color(j, join(path, "fill")) }
            return Scene.Element(frame: try frame(o, path), kind: .button(
                title: try string(o["button"]!, join(path, "button"), maxLength: 200),
                size: try o["size"].map { j throws(SceneError) in try number(j, join(path, "size"), 1...1000) } ?? 17,
                color: try o["color"].map { j throws(SceneError) in try color(j, join(path, "color")) } ?? (fill == nil ? .systemBlue : .white),
                fill: fill,
                weight: try weight(o["weight"], join(path, "weight"), default: .semibold),
                action: try o["action"].map { j throws(SceneError) in try action(j, join(path, "action")) }),
                fontFamily: try o["font"].map { j throws(SceneError) in try string(j, join(path, "font"), maxLength: 200) })
        case "card":
            let o = try object(v, path, allowed: common + ["radius", "shadow", "elements", "borderWidth", "borderColor"])
            let inner = try o["elements"].map { j throws(SceneError) in try elements(j, join(path, "elements")) } ?? []
            return Scene.Element(frame: try frame(o, path), kind: .card(
                color: try color(o["card"]!, join(path, "card")),
                radius: try o["radius"].map { j throws(SceneError) in try number(j, join(path, "radius"), 0...Scene.maxCoordinate) } ?? 12,
                shadow: try o["shadow"].map { j throws(SceneError) in try shadow(j, join(path, "shadow")) } ?? Scene.Shadow(),
                elements: inner), border: try border(o, path))
        case "grid":
            let o = try object(v, path, allowed: common + ["columns", "cellWidth", "minColumns", "cellHeight", "gap", "repeat", "count", "overflow"])
            return Scene.Element(frame: try frame(o, path), kind: .grid(try grid(o, path)))
        default:
            let o = try object(v, path, allowed: common + ["radius", "mode", "borderWidth", "borderColor"])
            var fit = false
            if let m = o["mode"] {
                let s = try string(m, join(path, "mode"))
                guard s == "fill" || s == "fit" else { throw fail(join(path, "mode"), "expected \"fill\" or \"fit\", got \(m.kindName)") }
                fit = s == "fit"
            }
            return Scene.Element(frame: try frame(o, path), kind: .image(
                try picture(o["image"]!, join(path, "image")),
                radius: try o["radius"].map { j throws(SceneError) in try number(j, join(path, "radius"), 0...Scene.maxCoordinate) } ?? 0,
                fit: fit), border: try border(o, path))
        }
    }

    /// `[x, y, width, height]` (labels may leave out the height): numbers in design points, checked
    /// against the design size here, or expressions ("100% - 16"), kept within reach when evaluated.
    func frame(_ o: [String: JSONValue], _ path: String, heightOptional: Bool = false) throws(SceneError) -> Scene.Frame {
        let p = join(path, "frame")
        let shape = heightOptional ? "[x, y, width, height] or [x, y, width]" : "[x, y, width, height]"
        guard let v = o["frame"] else { throw fail(path, "missing key 'frame' (\(shape) in design points)") }
        guard case .array(let a) = v, a.count == 4 || (heightOptional && a.count == 3) else { throw fail(p, "expected \(shape), got \(v.kindName)") }
        // Elements stay near the screen: within 4 design sizes of it, at most 8 design sizes large
        // (there is no scrolling; larger frames would only cost time to draw).
        let w = design.width, h = design.height, k = Scene.maxReach
        return Scene.Frame(x: try length(a[0], "\(p)[0]", (-k * w)...((k + 1) * w)), y: try length(a[1], "\(p)[1]", (-k * h)...((k + 1) * h)),
                           width: try length(a[2], "\(p)[2]", 0...(2 * k * w)),
                           height: a.count == 4 ? try length(a[3], "\(p)[3]", 0...(2 * k * h)) : nil)
    }

    /// A number in `range`, or an expression string.
    func length(_ v: JSONValue, _ path: String, _ range: ClosedRange<Double>) throws(SceneError) -> Scene.Length {
        guard case .string(let s) = v else {
            guard case .number = v else { throw fail(path, "expected a number or an expression (\"100% - 16\"), got \(v.kindName)") }
            return .points(try number(v, path, range))
        }
        guard s.count <= 200 else { throw fail(path, "an expression is at most 200 characters") }
        switch Scene.Length.parse(s) {
        case .success(let e): return e
        case .failure(let e): throw fail(path, "expected a number, got \(v.kindName) (as an expression: \(e.message))")
        }
    }

    static let weights: [(String, Font.Weight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular), ("medium", .medium),
        ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy),
    ]

    func weight(_ v: JSONValue?, _ path: String, default d: Font.Weight) throws(SceneError) -> Font.Weight {
        guard let v else { return d }
        let s = try string(v, path)
        guard let w = Self.weights.first(where: { $0.0 == s }) else {
            throw fail(path, "unknown weight \(v.kindName); valid: \(Self.weights.map(\.0).joined(separator: ", "))")
        }
        return w.1
    }

    func align(_ v: JSONValue?, _ path: String) throws(SceneError) -> TextAlignment {
        guard let v else { return .left }
        switch try string(v, path) {
        case "left": return .left
        case "center": return .center
        case "right": return .right
        default: throw fail(path, "unknown alignment \(v.kindName); valid: left, center, right")
        }
    }

    static let namedColors: [(String, Color)] = [
        ("white", .white), ("black", .black), ("clear", .clear), ("gray", .gray), ("red", .red), ("label", .label),
        ("secondaryLabel", .secondaryLabel), ("separator", .separator), ("systemBackground", .systemBackground),
        ("secondarySystemBackground", .secondarySystemBackground), ("systemBlue", .systemBlue), ("systemGreen", .systemGreen),
        ("systemRed", .systemRed), ("systemOrange", .systemOrange), ("systemYellow", .systemYellow), ("systemPink", .systemPink),
        ("systemPurple", .systemPurple), ("systemTeal", .systemTeal), ("systemIndigo", .systemIndigo), ("systemGray", .systemGray),
    ]

    /// "#RGB", "#RRGGBB", "#RRGGBBAA" or a UIKit colour name.
    func color(_ v: JSONValue, _ path: String) throws(SceneError) -> Color {
        let s = try string(v, path, maxLength: 40)
        if let named = Self.namedColors.first(where: { $0.0 == s }) { return named.1 }
        let hex = s.hasPrefix("#") ? String(s.dropFirst()) : ""
        if [3, 6, 8].contains(hex.count), let n = UInt32(hex, radix: 16) {
            switch hex.count {
            case 3:
                let r = n >> 8, g = (n >> 4) & 0xF, b = n & 0xF
                return Color(hex: (r * 17) << 16 | (g * 17) << 8 | b * 17)
            case 6: return Color(hex: n)
            default: return Color(hex: n >> 8, alpha: Double(n & 0xFF) / 255)
            }
        }
        throw fail(path, "expected a colour \"#RRGGBB\", \"#RGB\", \"#RRGGBBAA\" or a name (\(Self.namedColors.prefix(6).map(\.0).joined(separator: ", ")), systemBlue, …), got \(v.kindName)")
    }

    mutating func image(_ v: JSONValue, _ path: String) throws(SceneError) -> Image {
        let name = try string(v, path, maxLength: 4096)
        guard !name.isEmpty else { throw fail(path, "expected an image path, got an empty string") }
        let full = name.hasPrefix("/") ? name : (base.isEmpty ? name : (base.hasSuffix("/") ? base + name : base + "/" + name))
        if let cached = images[full] { return cached }
        do {
            let img = try Image.load(path: full)
            images[full] = img
            files.append(full)
            return img
        } catch {
            var e = fail(path, "\(error)")
            e.files = files + [full]
            throw e
        }
    }

    func action(_ v: JSONValue, _ path: String) throws(SceneError) -> Scene.Action {
        if case .string(let s) = v {
            switch s {
            case "pop": return .pop
            case "dismiss": return .dismiss
            default: throw fail(path, "expected \"pop\", \"dismiss\", {\"present\": SCREEN, …} or {\"push\": SCREEN}, got \(v.kindName)")
            }
        }
        guard case .object(let members) = v else {
            throw fail(path, "expected \"pop\", \"dismiss\", {\"present\": SCREEN, …} or {\"push\": SCREEN}, got \(v.kindName)")
        }
        if members.contains(where: { $0.0 == "push" }) {
            let o = try object(v, path, allowed: ["push"])
            return .push(screen: try string(o["push"]!, join(path, "push")))
        }
        guard members.contains(where: { $0.0 == "present" }) else {
            throw fail(path, "an action object needs 'present' or 'push'")
        }
        let o = try object(v, path, allowed: ["present", "transition", "subtype", "duration"])
        var p = Scene.Presentation(name: "coverVertical")
        if let t = o["transition"] {
            let valid = Scene.presentationNames
            p.name = try string(t, join(path, "transition"))
            guard valid.contains(p.name) else {
                throw fail(join(path, "transition"), "unknown transition \(t.kindName); valid: \(valid.joined(separator: ", "))")
            }
        }
        if let s = o["subtype"] {
            let str = try string(s, join(path, "subtype"))
            guard let sub = TransitionSubtype(rawValue: str) else {
                throw fail(join(path, "subtype"), "unknown subtype \(s.kindName); valid: \(TransitionSubtype.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            p.subtype = sub
        }
        if let d = o["duration"] { p.duration = try number(d, join(path, "duration"), 0.01...Scene.maxDuration) }
        return .present(screen: try string(o["present"]!, join(path, "present")), transition: p)
    }
}
