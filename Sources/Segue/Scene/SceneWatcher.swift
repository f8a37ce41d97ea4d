// SceneWatcher: hot reload by polling. The viewer asks at most every `interval` seconds; the watcher
// compares the modification time and size of the scene file and of every image it names, and reloads
// when one changed. A failed reload keeps the last good scene and holds the error for a banner.
import Foundation

@MainActor
public final class SceneWatcher {
    public let path: String
    /// Seconds between two looks at the files.
    public static let interval = 0.5
    /// The last scene that loaded.
    public private(set) var scene: Scene
    /// Why the newest version of the file could not be used (nil when it is the one shown).
    public private(set) var error: SceneError?
    /// How the scene was loaded: the file's path → Scene (replaceable for tests).
    private let loader: (String) throws(SceneError) -> Scene
    private var stamps: [String: String] = [:]
    private var lastPoll = -Double.infinity

    /// Loads the scene once; a file that does not load now is the caller's error to report.
    public init(path: String, loader: @escaping (String) throws(SceneError) -> Scene = { p throws(SceneError) in try Scene.load(path: p) }) throws(SceneError) {
        self.path = path
        self.loader = loader
        scene = try loader(path)
        stamps = Self.stamps(of: scene.files + [path])
    }

    /// Checks the files when `interval` has passed since the last look; true when the scene or the error changed.
    public func poll(now: Double) -> Bool {
        guard now - lastPoll >= Self.interval else { return false }
        lastPoll = now
        return check()
    }

    /// Checks the files now; true when the scene or the error changed.
    public func check() -> Bool {
        let watched = Array(stamps.keys)
        let current = Self.stamps(of: watched)
        guard current != stamps else { return false }
        stamps = current
        do {
            let s = try loader(path)
            scene = s
            error = nil
            stamps = Self.stamps(of: s.files + [path])
        } catch {
            self.error = error
            // Watch what the failed load looked for too (a missing image), keeping what was watched.
            for f in error.files where stamps[f] == nil { stamps[f] = Self.stamps(of: [f])[f] }
        }
        return true
    }

    /// A fingerprint per file: modification time and size, or "missing".
    static func stamps(of files: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for f in files {
            var st = stat()
            out[f] = stat(f, &st) == 0 ? "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec):\(st.st_size):\(st.st_ino)" : "missing"
        }
        return out
    }

    /// A red banner across the top of a window of `width` showing `error` (hot reload's failure view).
    public static func banner(for error: SceneError, width: Double) -> View {
        let pad = 12.0
        let font = Font.systemFont(ofSize: 14, weight: .semibold)
        let text = "Scene not reloaded — \(error.description)"
        let label = Label(frame: Rect(x: pad, y: pad, width: max(1, width - 2 * pad), height: font.lineHeight * 4 + 2))
        label.text = text
        label.font = font
        label.textColor = .white
        label.numberOfLines = 4
        let v = View(frame: Rect(x: 0, y: 0, width: width, height: label.frame.size.height + 2 * pad))
        v.backgroundColor = Color(hex: 0xC62828, alpha: 0.94)
        v.isUserInteractionEnabled = false
        v.addSubview(label)
        return v
    }
}
