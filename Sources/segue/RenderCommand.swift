// `segue render`: a screen, or a transition at one moment, as a contact sheet or as a numbered frame
// sequence — all headless, through the same Window, controllers and compositor the viewer uses.
import Foundation
import Segue

@MainActor
enum RenderCommand {
    static let options: [OptionSpec] = [
        OptionSpec(name: "screen", kind: .value, help: "render this screen (segue list screens, or one of --scene's)"),
        OptionSpec(name: "transition", kind: .value, help: "render this transition (segue list transitions)"),
        OptionSpec(name: "subtype", kind: .value, help: "fromLeft, fromRight, fromTop or fromBottom (CATransition types)"),
        OptionSpec(name: "from", kind: .value, help: "the screen it starts on: a screen name or a PNG screenshot (default inbox)"),
        OptionSpec(name: "to", kind: .value, help: "the screen it ends on: a screen name or a PNG screenshot (default photos)"),
        OptionSpec(name: "scene", kind: .value, help: "a scene file (JSON), or a bundled scene's name, whose screens --screen, --from and --to may name"),
        OptionSpec(name: "at", kind: .value, help: "one frame at this progress, 0…1"),
        OptionSpec(name: "sheet", kind: .value, help: "a contact sheet of N evenly spaced frames (2…64)"),
        OptionSpec(name: "frames", kind: .value, help: "N frames as DIR/frame-0001.png … (2…1000)"),
        OptionSpec(name: "gif", kind: .value, help: "an animated, looping GIF of the whole transition to this file"),
        OptionSpec(name: "fps", kind: .value, help: "GIF frames per second (1…50, default 25)"),
        OptionSpec(name: "size", kind: .value, help: "WIDTHxHEIGHT in pixels (default: the screens' shape within 1280x800, 640x400 for --gif)"),
        OptionSpec(name: "out", kind: .value, help: "the PNG file (or the folder, with --frames) to write"),
        OptionSpec(name: "force", kind: .flag, help: "overwrite an existing output that Segue did not write"),
    ]
    static var help: String {
        """
        usage: segue render --screen NAME [--scene FILE] [--size WxH] --out FILE.png
               segue render --transition NAME [--subtype S] [--from SCREEN|FILE.png] [--to SCREEN|FILE.png]
                            [--scene FILE] [--size WxH]
                            (--at P --out FILE.png | --sheet N --out FILE.png | --frames N --out DIR | --gif FILE.gif [--fps N])
        Renders without an X server. Progress 0 is exactly the first screen, 1 exactly the second.
        Outputs are written atomically and never over a file Segue did not write, unless --force.
        \(Commands.describe(options))
        """
    }

    static func run(_ args: [String]) throws -> Int32 {
        let p = try parse(args, command: "render", options: options)
        let force = p.has("force")
        let scene = try p.value("scene").map { try loadScene($0) }
        let screens = DemoScreen.names + (scene?.screens.map(\.name) ?? [])
        if let name = p.value("screen") {
            for other in ["transition", "at", "sheet", "frames", "gif", "fps", "from", "to", "subtype"] where p.has(other) {
                throw UsageError("--\(other) does not apply to --screen (it renders one screen)")
            }
            guard let out = p.value("out") else { throw UsageError("render needs --out FILE.png (see 'segue help render')") }
            let screen = try resolveScreen(name, valid: screens, option: "screen")
            let size = try p.size("size", default: fit(aspect(of: screen, scene: scene), in: (1280, 800)))
            try checkOutput(out, force: force)
            let window = Window(size: Size(width: Double(size.width), height: Double(size.height)))
            window.addSubview(DemoScreen.view(named: screen, size: window.bounds.size)!)
            try write(window.renderedBitmap(), to: out, force: force)
            return 0
        }
        guard let name = p.value("transition") else {
            throw UsageError("render needs --screen NAME or --transition NAME (see 'segue help render')")
        }
        let entry = try transition(name, subtype: p.value("subtype"))
        let modes = ["at", "sheet", "frames", "gif"].filter { p.has($0) }
        guard modes.count == 1 else {
            throw UsageError("render --transition needs exactly one of --at, --sheet, --frames, --gif" + (modes.isEmpty ? "" : "; got " + modes.map { "--\($0)" }.joined(separator: " and ")))
        }
        let mode = modes[0]
        if mode == "gif", p.has("out") { throw UsageError("--gif names its own output file; drop --out") }
        if mode != "gif", p.has("fps") { throw UsageError("--fps applies to --gif only") }
        let fps = try p.double("fps", default: 25, range: 1...50)
        let out: String
        if mode == "gif" { out = p.value("gif")! } else {
            guard let o = p.value("out") else { throw UsageError("render needs --out (see 'segue help render')") }
            out = o
        }
        let defaultFrom = scene?.start ?? "inbox"
        let defaultTo = scene.map { s in s.screens.first { $0.name != s.start }?.name ?? s.start } ?? "photos"
        let from = try resolveScreen(p.value("from") ?? defaultFrom, valid: screens, option: "from")
        let to = try resolveScreen(p.value("to") ?? defaultTo, valid: screens, option: "to")
        // Default size: the shape of the user's screens (design size or screenshot), within the usual box.
        let size = try p.size("size", default: fit(aspect(of: from, scene: scene), in: mode == "gif" ? (640, 400) : (1280, 800)))
        // Refuse an output before spending time on rendering it.
        if mode == "frames" { try checkFolder(out) } else { try checkOutput(out, force: force) }
        var fractions: [Double]
        switch mode {
        case "at": fractions = [try p.double("at", default: 0, range: 0...1)]
        case "sheet": fractions = steps(try p.int("sheet", default: 8, range: 2...64))
        case "frames": fractions = steps(try p.int("frames", default: 8, range: 2...1000))
        default: fractions = []
        }
        guard let session = TransitionSession(entry: entry, size: Size(width: Double(size.width), height: Double(size.height)),
                                              from: from, to: to) else {
            throw UsageError("'\(name)' is a seed app; it plays in the viewer (segue --play \(name))")
        }
        session.begin()
        if mode == "gif" { fractions = gifFractions(duration: session.duration, fps: fps) }
        var frames: [Bitmap] = []
        let progress = Progress(total: fractions.count + (mode == "gif" ? 1 : 0), label: "rendering \(name)")
        for f in fractions {
            let b = Bitmap(width: size.width, height: size.height)
            session.render(atFraction: f, into: b)
            frames.append(b)
            progress.step()
        }
        switch mode {
        case "at":
            progress.done()
            try write(frames[0], to: out, force: force)
        case "sheet":
            progress.done()
            let title = entry.name + (p.value("subtype").map { " · \($0)" } ?? "") + "  (\(label(from)) → \(label(to)))"
            let sheet = ContactSheet.make(title: title, frames: frames,
                                          captions: fractions.map { String(format: "%.3g", $0) }, scale: 320.0 / Double(size.width))
            try write(sheet, to: out, force: force)
        case "frames":
            progress.done()
            do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
            catch { throw UsageError("cannot create the folder '\(out)': \(error.localizedDescription)") }
            let paths = frames.indices.map { "\(out)/frame-\(String(format: "%04d", $0 + 1)).png" }
            for path in paths { try checkOutput(path, force: force) }
            for (b, path) in zip(frames, paths) { try write(b, to: path, force: force) }
        default:
            let bytes = GIF.encode(frames: frames, delays: gifDelays(fractions, duration: session.duration))
            progress.step()
            progress.done()
            do { try OutputFile.write(bytes, to: out) } catch { throw UsageError("\(error)") }
        }
        return 0
    }

    /// Sample points of a GIF at `fps` across the run (first and last exactly 0 and 1).
    static func gifFractions(duration: Double, fps: Double) -> [Double] {
        guard duration > 0 else { return [0, 1] }
        let n = max(1, Int((duration * fps).rounded(.up)))
        return (0...n).map { min(1, Double($0) / (duration * fps)) }
    }

    /// How long each GIF frame shows: the time to the next sample; the first held ½ s, the last 1 s.
    static func gifDelays(_ fractions: [Double], duration: Double) -> [Double] {
        fractions.indices.map { i in
            let step = i + 1 < fractions.count ? (fractions[i + 1] - fractions[i]) * duration : 1.0
            return i == 0 ? step + 0.5 : step
        }
    }

    static func label(_ screen: String) -> String { OutputFile.split(screen).name }

    /// Loads and installs a scene file; a bad file is a user error naming the place.
    static func loadScene(_ path: String) throws -> Scene {
        do {
            let s = try Scene.load(path: SceneAssets.locate(path))
            SceneRunner.install(s)
            return s
        } catch { throw UsageError("\(error)") }
    }

    /// A screen name, or a PNG screenshot registered as a screen named by its path.
    static func resolveScreen(_ value: String, valid: [String], option: String) throws -> String {
        if valid.contains(value) { return value }
        let looksLikeFile = value.contains("/") || value.contains(".") || FileManager.default.fileExists(atPath: value)
        guard looksLikeFile else {
            throw UsageError("--\(option): unknown screen '\(value)'; valid: \(valid.joined(separator: ", ")), or a PNG file")
        }
        do {
            let image = try Image.load(path: value)
            DemoScreen.registerImage(image, named: value)
            imageSizes[value] = image.size
        } catch { throw UsageError("--\(option): \(error)") }
        return value
    }

    /// Sizes of the screenshots registered as screens.
    static var imageSizes: [String: Size] = [:]

    /// The shape a screen was designed at: a scene's design size, a screenshot's size; nil for built-in screens.
    static func aspect(of screen: String, scene: Scene?) -> Size? {
        if let s = imageSizes[screen] { return s }
        if let scene, scene.screen(named: screen) != nil { return scene.designSize }
        return nil
    }

    /// `aspect` scaled to fit `box` (whole pixels, at least 1), or `box` itself without one.
    static func fit(_ aspect: Size?, in box: (Int, Int)) -> (Int, Int) {
        guard let a = aspect, a.width >= 1, a.height >= 1 else { return box }
        let k = min(Double(box.0) / a.width, Double(box.1) / a.height)
        return (max(1, Int((a.width * k).rounded())), max(1, Int((a.height * k).rounded())))
    }

    static func checkOutput(_ path: String, force: Bool) throws {
        do { try OutputFile.checkWritable(path, force: force) } catch { throw UsageError("\(error)") }
    }

    static func checkFolder(_ path: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
            throw UsageError("--out '\(path)' is a file; --frames writes into a folder")
        }
    }

    static func steps(_ n: Int) -> [Double] { (0..<n).map { Double($0) / Double(n - 1) } }

    /// The catalogue entry for `name`, with a subtype for the CATransition types that take one.
    static func transition(_ name: String, subtype: String?) throws -> DemoTransition {
        let valid = DemoCatalog.playable.map(\.name)
        guard let entry = DemoCatalog.transition(named: try choose(name, from: valid, what: "transition")) else {
            throw UsageError("unknown transition '\(name)'")
        }
        guard let s = subtype else { return entry }
        let sub = try TransitionSubtype(rawValue: choose(s, from: TransitionSubtype.allCases.map(\.rawValue), what: "subtype"))!
        guard case .effect(let type, _) = entry.kind, type.usesSubtype else {
            throw UsageError("--subtype applies to moveIn, push, reveal, cube and oglFlip, not \(name)")
        }
        return DemoTransition(name: name, kind: .effect(type, sub))
    }

    /// Writes a PNG atomically, refusing to replace a file Segue did not write unless `force`.
    static func write(_ b: Bitmap, to path: String, force: Bool = false) throws {
        try checkOutput(path, force: force)
        do { try PNG.write(b, to: path) } catch { throw UsageError("\(error)") }
    }
}

/// Progress on stderr for runs that take more than a moment, when stderr is a terminal.
final class Progress {
    let total: Int, label: String
    private var done_ = 0
    private let tty = isatty(2) != 0
    init(total: Int, label: String) { self.total = total; self.label = label }
    func step() {
        done_ += 1
        if tty && total > 4 { FileHandle.standardError.write(Data("\r\(label): \(done_)/\(total)".utf8)) }
    }
    func done() { if tty && total > 4 { FileHandle.standardError.write(Data("\n".utf8)) } }
}
