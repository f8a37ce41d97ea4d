// `segue render`: a screen, or a transition at one moment, as a contact sheet or as a numbered frame
// sequence — all headless, through the same Window, controllers and compositor the viewer uses.
import Foundation
import Segue

@MainActor
enum RenderCommand {
    static let options: [OptionSpec] = [
        OptionSpec(name: "screen", kind: .value, help: "render this demo screen (segue list screens)"),
        OptionSpec(name: "transition", kind: .value, help: "render this transition (segue list transitions)"),
        OptionSpec(name: "subtype", kind: .value, help: "fromLeft, fromRight, fromTop or fromBottom (CATransition types)"),
        OptionSpec(name: "from", kind: .value, help: "the screen the transition starts on (default inbox)"),
        OptionSpec(name: "to", kind: .value, help: "the screen it ends on (default photos)"),
        OptionSpec(name: "at", kind: .value, help: "one frame at this progress, 0…1"),
        OptionSpec(name: "sheet", kind: .value, help: "a contact sheet of N evenly spaced frames (2…64)"),
        OptionSpec(name: "frames", kind: .value, help: "N frames as DIR/frame-0001.png … (2…1000)"),
        OptionSpec(name: "size", kind: .value, help: "WIDTHxHEIGHT in pixels (default 1280x800)"),
        OptionSpec(name: "out", kind: .value, help: "the PNG file (or the folder, with --frames) to write"),
    ]
    static var help: String {
        """
        usage: segue render --screen NAME [--size WxH] --out FILE.png
               segue render --transition NAME [--subtype S] [--from SCREEN] [--to SCREEN] [--size WxH]
                            (--at P --out FILE.png | --sheet N --out FILE.png | --frames N --out DIR)
        Renders without an X server. Progress 0 is exactly the first screen, 1 exactly the second.
        \(Commands.describe(options))
        """
    }

    static func run(_ args: [String]) throws -> Int32 {
        let p = try parse(args, command: "render", options: options)
        let size = try p.size("size", default: (1280, 800))
        guard let out = p.value("out") else { throw UsageError("render needs --out (see 'segue help render')") }
        if let name = p.value("screen") {
            _ = try choose(name, from: DemoScreen.names, what: "screen")
            let window = Window(size: Size(width: Double(size.width), height: Double(size.height)))
            window.addSubview(DemoScreen.view(named: name, size: window.bounds.size)!)
            try write(window.renderedBitmap(), to: out)
            return 0
        }
        guard let name = p.value("transition") else {
            throw UsageError("render needs --screen NAME or --transition NAME (see 'segue help render')")
        }
        let entry = try transition(name, subtype: p.value("subtype"))
        let from = try choose(p.value("from") ?? "inbox", from: DemoScreen.names, what: "screen")
        let to = try choose(p.value("to") ?? "photos", from: DemoScreen.names, what: "screen")
        let modes = ["at", "sheet", "frames"].filter { p.has($0) }
        guard modes.count == 1 else { throw UsageError("render --transition needs exactly one of --at, --sheet, --frames") }
        let fractions: [Double]
        switch modes[0] {
        case "at": fractions = [try p.double("at", default: 0, range: 0...1)]
        case "sheet": fractions = steps(try p.int("sheet", default: 8, range: 2...64))
        default: fractions = steps(try p.int("frames", default: 8, range: 2...1000))
        }
        guard let session = TransitionSession(entry: entry, size: Size(width: Double(size.width), height: Double(size.height)),
                                              from: from, to: to) else {
            throw UsageError("'\(name)' is a seed app; it plays in the viewer (segue --play \(name))")
        }
        session.begin()
        var frames: [Bitmap] = []
        let progress = Progress(total: fractions.count, label: "rendering \(name)")
        for f in fractions {
            let b = Bitmap(width: size.width, height: size.height)
            session.render(atFraction: f, into: b)
            frames.append(b)
            progress.step()
        }
        progress.done()
        switch modes[0] {
        case "at":
            try write(frames[0], to: out)
        case "sheet":
            let title = entry.name + (p.value("subtype").map { " · \($0)" } ?? "") + "  (\(from) → \(to))"
            let sheet = ContactSheet.make(title: title, frames: frames,
                                          captions: fractions.map { String(format: "%.3g", $0) }, scale: 320.0 / Double(size.width))
            try write(sheet, to: out)
        default:
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for (i, b) in frames.enumerated() { try write(b, to: "\(out)/frame-\(String(format: "%04d", i + 1)).png") }
        }
        return 0
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

    static func write(_ b: Bitmap, to path: String) throws {
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
