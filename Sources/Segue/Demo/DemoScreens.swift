// The demo's screens: the content every transition moves. The five named ones (inbox, photos, weather,
// profile, music) are data — Assets/scenes/demo.scene.json, found with SceneAssets from any working
// directory or an installed binary, parsed once and kept — laid out from the size they are given, so they
// work at 640×400 and at 3840×2160 alike. "views-N" (N small views, for the bench) stays in code.
import Foundation

@MainActor
public enum DemoScreen {
    /// Names accepted by `view(named:size:)`, in display order.
    public static let names = ["inbox", "photos", "weather", "profile", "music"]

    /// A full-size view of the named screen, or nil for an unknown name.
    public static func view(named name: String, size: Size) -> View? {
        if let c = custom.first(where: { $0.name == name }) { return c.build(size) }
        if names.contains(name) {
            // A missing or broken demo scene was reported once; the screen is then a plain white page.
            return bundled?.view(forScreen: name, size: size) ?? root(DemoKit(size: size), .white)
        }
        // "views-N": a screen of N small views, for measuring how cost grows with view count.
        if name.hasPrefix("views-"), let n = Int(name.dropFirst(6)), (1...100_000).contains(n) { return manyViews(DemoKit(size: size), count: n) }
        return nil
    }

    /// The bundled scene the named screens come from (`demo` in SceneAssets' folders).
    public static let sceneName = "demo"

    /// The demo scene, loaded at first use; nil (after one line on stderr) when it is missing or invalid.
    public static var bundled: Scene? {
        if let loaded { return loaded }
        let scene = loadBundled()
        loaded = .some(scene)
        return scene
    }
    private static var loaded: Scene??

    static func loadBundled() -> Scene? {
        // The bundled folders only: a file called "demo" in the working directory is not the demo scene.
        let file = sceneName + ".scene.json"
        guard let path = SceneAssets.folders.map({ $0 + "/" + file }).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            report("segue: demo screens: \(file) not found in \(SceneAssets.folders.joined(separator: ", "))")
            return nil
        }
        return load(path: path)
    }

    /// Loads a demo scene from `path`; nil (after one line on stderr naming the path) when it cannot be used.
    static func load(path: String) -> Scene? {
        do {
            let scene = try Scene.load(path: path)
            let missing = names.filter { scene.screen(named: $0) == nil }
            guard missing.isEmpty else {
                report("segue: \(path): demo screens missing: \(missing.joined(separator: ", "))")
                return scene
            }
            return scene
        } catch {
            report("segue: \(error)")
            return nil
        }
    }

    static func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Where a run-time screen came from.
    public enum Origin: Sendable { case scene, image }
    /// Screens added at run time (a scene file's, screenshots), consulted before the built-in ones.
    private static var custom: [(name: String, origin: Origin, build: (Size) -> View)] = []

    /// Adds (or replaces) a run-time screen: one name, whatever builds it.
    public static func registerCustom(_ name: String, origin: Origin, build: @escaping (Size) -> View) {
        custom.removeAll { $0.name == name }
        custom.append((name, origin, build))
    }

    public static func removeCustomScreens(where predicate: ((name: String, origin: Origin)) -> Bool) {
        custom.removeAll { predicate(($0.name, $0.origin)) }
    }

    /// Registers a screenshot as a screen named by its path: an image filling the screen, aspect-fill.
    public static func registerImage(_ image: Image, named name: String) {
        registerCustom(name, origin: .image) { size in
            let v = ImageView(frame: Rect(origin: .zero, size: size))
            v.backgroundColor = .black
            v.image = image
            v.contentMode = .scaleAspectFill
            v.clipsToBounds = true
            return v
        }
    }

    /// Built-in screens get the demo's floating Back/Push/Dismiss pills; run-time ones (a user's own
    /// screens, whose buttons say what they do) do not.
    public static func wantsControls(_ name: String) -> Bool { !custom.contains { $0.name == name } }

    static func manyViews(_ k: DemoKit, count: Int) -> View {
        let v = root(k, .white)
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let rows = (count + columns - 1) / columns
        let cw = k.size.width / Double(columns), ch = k.size.height / Double(rows)
        let palette: [Color] = [.systemBlue, .systemGreen, .systemOrange, .systemPink, .systemPurple, .systemTeal]
        for i in 0..<count {
            let cell = Rect(x: Double(i % columns) * cw, y: Double(i / columns) * ch, width: cw, height: ch).insetBy(dx: cw * 0.08, dy: ch * 0.08)
            v.addSubview(k.box(cell, color: palette[i % palette.count], radius: min(cell.width, cell.height) * 0.2))
        }
        return v
    }

    static func root(_ k: DemoKit, _ color: Color) -> View {
        let v = View(frame: Rect(origin: .zero, size: k.size))
        v.backgroundColor = color
        return v
    }
}
