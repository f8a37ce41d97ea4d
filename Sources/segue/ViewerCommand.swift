// `segue` / `segue view`: the viewer. Opens the X11 host, runs the demo app in a Window, and drives it
// with a fixed-timestep frame scheduler: every frame shows the scene at its target time, late frames
// are counted as dropped, and when nothing changes the loop sleeps on the X connection.
import Foundation
import Segue
import SegueX11

@MainActor
enum ViewerCommand {
    static let options: [OptionSpec] = [
        OptionSpec(name: "fps", kind: .value, help: "display rate in frames per second (default 60)"),
        OptionSpec(name: "size", kind: .value, help: "window size WIDTHxHEIGHT (default 1280x800)"),
        OptionSpec(name: "no-shm", kind: .flag, help: "present with XPutImage instead of MIT-SHM"),
        OptionSpec(name: "play", kind: .value, help: "start by playing this transition (segue list transitions)"),
        OptionSpec(name: "hud", kind: .flag, help: "start with the HUD shown"),
        OptionSpec(name: "slow", kind: .flag, help: "start in slow motion"),
    ]
    static var help: String {
        """
        usage: segue [view] [--fps N] [--size WxH] [--no-shm] [--play NAME] [--hud] [--slow]
        Opens the viewer. Click a button to present with its transition; drag the right half to present
        with a page curl under your finger; drag from the left edge to pop.
        Keys: \(Viewer.keyHelp.map { "\($0.0) \($0.1)" }.joined(separator: "; ")).
        \(Commands.describe(options))
        """
    }

    static func run(_ args: [String]) throws -> Int32 {
        let p = try parse(args, command: "view", options: options)
        let fps = try p.double("fps", default: 60, range: 1...1000)
        let size = try p.size("size", default: (1280, 800))
        if let name = p.value("play") { _ = try choose(name, from: DemoCatalog.all.map(\.name), what: "transition") }
        let host: X11Window
        do {
            host = try X11Window(title: "Segue", width: size.width, height: size.height,
                                 options: .init(useSharedMemory: !p.has("no-shm")))
        } catch let e as X11Error {
            throw UsageError("\(e) — the viewer needs an X display; 'segue render' and 'segue bench' work without one")
        }
        let viewer = Viewer(host: host, fps: fps)
        viewer.hudVisible = p.has("hud")
        if p.has("slow") { viewer.setRate(0.1) }
        if let name = p.value("play") { _ = viewer.app.play(name) }
        viewer.run()
        host.close()
        return 0
    }
}
