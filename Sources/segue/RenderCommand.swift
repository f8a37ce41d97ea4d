// `segue render`: one screen, or a transition, rendered headless into PNG files.
import Foundation
import Segue

@MainActor
enum RenderCommand {
    static let options: [OptionSpec] = [
        OptionSpec(name: "screen", kind: .value, help: "a demo screen (segue list screens)"),
        OptionSpec(name: "size", kind: .value, help: "WIDTHxHEIGHT in pixels (default 1280x800)"),
        OptionSpec(name: "out", kind: .value, help: "the PNG file to write"),
    ]
    static var help: String {
        """
        usage: segue render --screen NAME [--size WxH] --out FILE.png
        Renders without an X server.
        \(Commands.describe(options))
        """
    }

    static func run(_ args: [String]) throws -> Int32 {
        let p = try parse(args, command: "render", options: options)
        let size = try p.size("size", default: (1280, 800))
        guard let out = p.value("out") else { throw UsageError("render needs --out FILE.png") }
        guard let name = p.value("screen") else { throw UsageError("render needs --screen NAME (valid: \(DemoScreen.names.joined(separator: ", ")))") }
        _ = try choose(name, from: DemoScreen.names, what: "screen")
        let window = Window(size: Size(width: Double(size.width), height: Double(size.height)))
        window.addSubview(DemoScreen.view(named: name, size: window.bounds.size)!)
        let bitmap = window.renderedBitmap()
        do { try PNG.write(bitmap, to: out) } catch { throw UsageError("\(error)") }
        return 0
    }
}
