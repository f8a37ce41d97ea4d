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
        OptionSpec(name: "size", kind: .value, help: "window size WIDTHxHEIGHT (default 1280x800, or the scene's shape within it)"),
        OptionSpec(name: "no-shm", kind: .flag, help: "present with XPutImage instead of MIT-SHM"),
        OptionSpec(name: "threads", kind: .value, help: "compositor threads: big draws split into row bands (default: one per core, at most 4)"),
        OptionSpec(name: "play", kind: .value, help: "start by playing this transition (segue list transitions)"),
        OptionSpec(name: "hud", kind: .flag, help: "start with the HUD shown"),
        OptionSpec(name: "slow", kind: .flag, help: "start in slow motion"),
        OptionSpec(name: "scene", kind: .value, help: "show this scene file (JSON) instead of the demo; reloads when it changes"),
        OptionSpec(name: "from", kind: .value, help: "a PNG screenshot to show; a click plays a transition to --to"),
        OptionSpec(name: "to", kind: .value, help: "the PNG screenshot the transitions go to (with --from)"),
    ]
    static var help: String {
        """
        usage: segue [view] [--fps N] [--size WxH] [--no-shm] [--threads N] [--play NAME] [--hud] [--slow]
                    [--scene FILE | --from A.png --to B.png]
        Opens the viewer. Click a button to present with its transition; drag the right half to present
        with a page curl under your finger; drag from the left edge to pop.
        With --from/--to a click on the first screenshot presents the second with --play's transition (or
        each transition in turn), a click on the second goes back. Scene files and screenshots reload
        when they change; an invalid edit keeps the last good scene and shows the error.
        Keys: \(Viewer.keyHelp.map { "\($0.0) \($0.1)" }.joined(separator: "; ")).
        \(Commands.describe(options))
        """
    }

    static func run(_ args: [String]) throws -> Int32 {
        let p = try parse(args, command: "view", options: options)
        let fps = try p.double("fps", default: 60, range: 1...1000)
        let threads = try p.int("threads", default: min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)), range: 1...64)
        let watcher = try sceneWatcher(p)
        let size = try p.size("size", default: RenderCommand.fit(watcher?.scene.designSize, in: (1280, 800)))
        if let name = p.value("play") {
            let valid = watcher == nil ? DemoCatalog.all.map(\.name) : Scene.presentationNames
            _ = try choose(name, from: valid, what: "transition")
        }
        let host: X11Window
        do {
            host = try X11Window(title: "Segue", width: size.width, height: size.height,
                                 options: .init(useSharedMemory: !p.has("no-shm")))
        } catch let e as X11Error {
            throw UsageError("\(e) — the viewer needs an X display; 'segue render' and 'segue bench' work without one")
        }
        let viewer = Viewer(host: host, fps: fps)
        viewer.window.compositor.threads = threads
        viewer.hudVisible = p.has("hud")
        if p.has("slow") { viewer.setRate(0.1) }
        if let watcher { viewer.show(watcher) } else if let name = p.value("play") { _ = viewer.app.play(name) }
        viewer.run()
        host.close()
        return 0
    }

    /// The scene to show (a scene file, or two screenshots), watched for changes; nil for the demo.
    static func sceneWatcher(_ p: ParsedArguments) throws -> SceneWatcher? {
        if let path = p.value("scene") {
            if p.has("from") || p.has("to") { throw UsageError("--scene and --from/--to are two ways to give screens; use one") }
            if p.has("play") { throw UsageError("--play does not apply to --scene: a scene's buttons say which transition they play") }
            do { return try SceneWatcher(path: SceneAssets.locate(path)) } catch { throw UsageError("\(error)") }
        }
        guard p.has("from") || p.has("to") else { return nil }
        guard let a = p.value("from"), let b = p.value("to") else { throw UsageError("--from and --to go together: two PNG screenshots") }
        let transition = p.value("play")
        if let t = transition { _ = try choose(t, from: Scene.presentationNames, what: "transition") }
        let load: (String) throws(SceneError) -> Scene = { _ throws(SceneError) in
            func image(_ path: String) throws(SceneError) -> Image {
                do { return try Image.load(path: path) } catch { throw SceneError(file: path, place: "", message: "\(error)") }
            }
            return Scene.screenshots(from: try image(a), to: try image(b), transition: transition, files: [a, b])
        }
        do { return try SceneWatcher(path: a, loader: load) } catch { throw UsageError(error.message) }
    }
}
