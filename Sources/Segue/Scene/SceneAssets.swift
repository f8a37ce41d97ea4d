// SceneAssets: where the scenes that ship with Segue live, found from any working directory and from
// an installed binary: next to the executable (Assets/scenes, then ../share/segue/scenes), then the
// source tree this binary was built from (#filePath). A name like "example" means example.scene.json.
import Foundation

public enum SceneAssets {
    /// Folders searched for bundled scenes, in order.
    public static var folders: [String] {
        var out: [String] = []
        let exe = OutputFile.split(URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().path).folder
        if !exe.isEmpty {
            out.append(exe + "/Assets/scenes")
            out.append(exe + "/../share/segue/scenes")
        }
        // Sources/Segue/Scene/SceneAssets.swift → the package root.
        var root = #filePath
        for _ in 0..<4 { root = OutputFile.split(root).folder }
        out.append(root + "/Assets/scenes")
        return out
    }

    /// `value` itself when it names a file, else the bundled `value.scene.json` (or `value`) if there is one.
    public static func locate(_ value: String) -> String {
        if FileManager.default.fileExists(atPath: value) || value.contains("/") { return value }
        for dir in folders {
            for name in [value + ".scene.json", value] {
                let path = dir + "/" + name
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue { return path }
            }
        }
        return value
    }

    /// The names of the bundled scenes (without ".scene.json").
    public static var names: [String] {
        var out: [String] = []
        for dir in folders {
            for f in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where f.hasSuffix(".scene.json") {
                let n = String(f.dropLast(".scene.json".count))
                if !out.contains(n) { out.append(n) }
            }
        }
        return out.sorted()
    }
}
