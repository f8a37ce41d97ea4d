// Scene files: the example decodes; every hand-made mistake names its file, its place (line and
// column, or JSON path) and what was expected; the limits (size, depth, numbers, durations) hold.
import Foundation
import Testing
@testable import Segue

/// A scratch folder per test, removed at the end.
final class SceneScratch {
    let dir: String
    init() {
        dir = NSTemporaryDirectory() + "segue-scene-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: dir) }
    func path(_ name: String) -> String { dir + "/" + name }
    @discardableResult func write(_ name: String, _ text: String) -> String {
        let p = path(name)
        _ = FileManager.default.createFile(atPath: p, contents: Data(text.utf8))
        return p
    }
    /// A small PNG Segue wrote.
    @discardableResult func png(_ name: String, color: Color, size: Int = 8) throws -> String {
        let p = path(name)
        try PNG.write(Bitmap(width: size, height: size, fill: color.premultipliedPixel), to: p)
        return p
    }
}

@MainActor
@Suite struct SceneDecodingTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenes").path

    func decode(_ text: String, base: String = "/nonexistent") -> Result<Scene, SceneError> {
        Result { () throws(SceneError) in try Scene.decode(Array(text.utf8), file: "s.json", baseDirectory: base) }
    }

    func error(_ text: String, base: String = "/nonexistent") -> SceneError? {
        if case .failure(let e) = decode(text, base: base) { return e }
        return nil
    }

    @Test func exampleSceneDecodesAndBuilds() throws {
        let scene = try Scene.load(path: Self.assets + "/example.scene.json")
        #expect(scene.screens.map(\.name) == ["home", "detail", "map"])
        #expect(scene.start == "home")
        #expect(scene.files.count == 2)  // the scene file and sunset.png (loaded once)
        guard case .button(_, _, _, _, _, let action?) = scene.screen(named: "home")!.elements[2].kind else {
            Issue.record("expected a button"); return
        }
        #expect(action == .present(screen: "detail", transition: Scene.Presentation(name: "cube", subtype: .fromRight, duration: 0.7)))
        let v = try #require(scene.view(forScreen: "home", size: Size(width: 195, height: 422)))
        #expect(v.bounds.size == Size(width: 195, height: 422))
        #expect(v.subviews.count > 5)
    }

    @Test func bundledScenesAreFoundByName() throws {
        let path = SceneAssets.locate("example")
        #expect(path.hasSuffix("Assets/scenes/example.scene.json"))
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(SceneAssets.names.contains("example"))
        #expect(SceneAssets.locate("no-such-scene") == "no-such-scene")
        #expect(SceneAssets.locate("./example") == "./example")  // a path is taken as given
    }

    @Test func missingFontFamilyFallsBackWithOneWarning() throws {
        let json = #"{"screens": {"a": {"elements": [{"label": "Hello", "frame": [0, 0, 200, 40], "font": "No Such Family 9121"},"#
            + #" {"button": "Go", "frame": [0, 50, 200, 40], "font": "No Such Family 9121", "weight": "bold"}]}}}"#
        let scene = try decode(json).get()
        #expect(scene.screens[0].elements[0].fontFamily == "No Such Family 9121")
        let v = try #require(scene.view(forScreen: "a", size: Size(width: 390, height: 844)))
        _ = scene.view(forScreen: "a", size: Size(width: 200, height: 400))
        let label = v.subviews.compactMap { $0 as? Label }.first { $0.text == "Hello" }
        #expect(label?.font.lineHeight ?? 0 > 0)  // a face stands in
        #expect(FontRegistry.shared.warnings.filter { $0.contains("No Such Family 9121") }.count == 1)
    }

    @Test func minimalSceneGetsDefaults() throws {
        let s = try decode(#"{"screens": {"only": {}}}"#).get()
        #expect(s.start == "only")
        #expect(s.designSize == Size(width: 390, height: 844))
        #expect(s.screens[0].background == .white)
        #expect(s.screens[0].statusBar)
    }

    /// (JSON, expected place, a phrase of the message).
    nonisolated static let cases: [(String, String, String)] = [
        ("", "line 1, column 1", "expected a value"),
        ("{", "line 1, column 2", "expected a \"key\""),
        ("{\n  \"screens\": {\n    \"a\": {,}\n  }\n}", "line 3, column 11", "expected a \"key\" in quotes, found ','"),
        (#"{"screens": {"a": {}}} x"#, "line 1, column 24", "after the end"),
        (#"{"screens": {"a": {}}, "screens": {}}"#, "screens", "key given twice"),
        (#"{"screen": {}}"#, "screen", "unknown key 'screen'; valid: size, layout, start, screens"),
        (#"{}"#, "top level", "missing key 'screens'"),
        (#"[]"#, "top level", "expected an object, got an array"),
        (#"{"screens": []}"#, "screens", "expected an object (screen name → screen)"),
        (#"{"screens": {}}"#, "screens", "at least one screen"),
        (##"{"screens": {"a": {"colour": "#fff"}}}"##, "screens.a.colour", "unknown key 'colour'"),
        (##"{"screens": {"a": {"background": "#ggg"}}}"##, "screens.a.background", "expected a colour"),
        (#"{"screens": {"a": {"background": 12}}}"#, "screens.a.background", "expected a string, got 12"),
        (#"{"screens": {"a": {"elements": {}}}}"#, "screens.a.elements", "expected an array of elements"),
        (#"{"screens": {"a": {"elements": [{}]}}}"#, "screens.a.elements[0]", "needs one of the keys label, button, card, image"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "button": "y", "frame": [0,0,1,1]}]}}}"#, "screens.a.elements[0]", "not label and button"),
        (#"{"screens": {"a": {"elements": [{"label": "x"}]}}}"#, "screens.a.elements[0]", "missing key 'frame'"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0, "w", 10]}]}}}"#, "screens.a.elements[0].frame[2]", "expected a number, got \"w\" (as an expression: expected a number, '(', min( or max(, found 'w' at character 1)"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0, -1, 10]}]}}}"#, "screens.a.elements[0].frame[2]", "from 0 to 3120, got -1"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0, 1e9, 10]}]}}}"#, "screens.a.elements[0].frame[2]", "from 0 to 3120"),
        (#"{"size": [10, 20], "screens": {"a": {"elements": [{"label": "x", "frame": [0, -81, 1, 1]}]}}}"#, "screens.a.elements[0].frame[1]", "from -80 to 100, got -81"),
        (#"{"screens": {"a": {"elements": [{"card": "white", "frame": [0, 0, 10]}]}}}"#, "screens.a.elements[0].frame", "expected [x, y, width, height], got an array"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0]}]}}}"#, "screens.a.elements[0].frame", "expected [x, y, width, height] or [x, y, width]"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0, 1, 1], "size": 0}]}}}"#, "screens.a.elements[0].size", "from 1 to 1000, got 0"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0, 1, 1], "weight": "fat"}]}}}"#, "screens.a.elements[0].weight", "valid: ultraLight"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0, 1, 1], "align": "middle"}]}}}"#, "screens.a.elements[0].align", "valid: left, center, right"),
        (#"{"size": [0, 10], "screens": {"a": {}}}"#, "size[0]", "from 1 to 100000, got 0"),
        (#"{"size": [1e400, 10], "screens": {"a": {}}}"#, "line 1, column 11", "number out of range"),
        (#"{"size": [NaN, 10], "screens": {"a": {}}}"#, "line 1, column 11", "expected a value"),
        (#"{"size": [-Infinity, 10], "screens": {"a": {}}}"#, "line 1, column 12", "expected a digit"),
        (#"{"start": "b", "screens": {"a": {}}}"#, "start", "no screen named 'b'; screens: a"),
        (#"{"screens": {"a": {"tap": "jump"}}}"#, "screens.a.tap", "expected \"pop\", \"dismiss\""),
        (#"{"screens": {"a": {"tap": {"present": "b"}}}}"#, "screens.a.tap", "no screen named 'b'"),
        (#"{"screens": {"a": {"tap": {"go": "a"}}}}"#, "screens.a.tap", "needs 'present' or 'push'"),
        (#"{"screens": {"a": {"tap": {"present": "a", "transition": "warp"}}}}"#, "screens.a.tap.transition", "valid: fade, moveIn"),
        (#"{"screens": {"a": {"tap": {"present": "a", "subtype": "up"}}}}"#, "screens.a.tap.subtype", "valid: fromLeft, fromRight"),
        (#"{"screens": {"a": {"tap": {"present": "a", "duration": -1}}}}"#, "screens.a.tap.duration", "from 0.01 to 60, got -1"),
        (#"{"screens": {"a": {"tap": {"present": "a", "duration": 0}}}}"#, "screens.a.tap.duration", "from 0.01 to 60, got 0"),
        (#"{"screens": {"a": {"tap": {"present": "a", "duration": 100000}}}}"#, "screens.a.tap.duration", "from 0.01 to 60"),
        (#"{"screens": {"a": {"elements": [{"button": "b", "frame": [0,0,1,1], "action": {"push": "zz"}}]}}}"#, "screens.a.elements[0].action", "no screen named 'zz'"),
        (#"{"screens": {"a": {"elements": [{"card": "white", "frame": [0,0,1,1], "elements": [{"button": "b", "frame": [0,0,1,1], "action": {"push": "zz"}}]}]}}}"#,
         "screens.a.elements[0].elements[0].action", "no screen named 'zz'"),
        (#"{"screens": {"a": {"image": "missing.png"}}}"#, "screens.a.image", "no such file"),
        (#"{"screens": {"a": {"image": ""}}}"#, "screens.a.image", "empty string"),
        (#"{"screens": {"a": {"title": "\ud800"}}}"#, "line 1, column 36", "unpaired surrogate"),
        ("{\"screens\": {\"a\": {\"title\": \"tab\there\"}}}", "line 1, column 33", "control character"),
        (#"{"screens": {"a": {"title": "\q"}}}"#, "line 1, column 31", "unknown escape"),
        (#"{"screens": {"a": {"statusBar": "yes"}}}"#, "screens.a.statusBar", "expected true, false or {\"size\", \"style\"}"),
        (#"{"screens": {"log in": {"statusBar": 1}}}"#, "screens[\"log in\"].statusBar", "expected true, false or {\"size\", \"style\"}"),
        (#"{"screens": {"a.b": {"tap": {"push": "c"}}}}"#, "screens[\"a.b\"].tap", "no screen named 'c'"),
        (#"{"screens": {"a": {"statusBar": tru}}}"#, "line 1, column 33", "expected a value"),
        (#"{"screens": {"a": {"elements": [{"image": "x.png", "frame": [0,0,1,1], "mode": "stretch"}]}}}"#, "screens.a.elements[0].mode", "expected \"fill\" or \"fit\""),
    ]

    @Test(arguments: cases.indices)
    func handMadeMistakeNamesItsPlace(_ i: Int) {
        let (json, place, phrase) = Self.cases[i]
        guard let e = error(json) else { Issue.record("case \(i) decoded: \(json)"); return }
        #expect(e.file == "s.json")
        #expect(e.place == place, "case \(i): \(e)")
        #expect(e.message.contains(phrase), "case \(i): \(e)")
        #expect(!e.description.contains("\n"))
    }

    @Test func deepNestingIsRefusedWithoutRecursingFurther() {
        let deep = String(repeating: "[", count: 100_000)
        let e = error(deep)
        #expect(e?.place == "line 1, column 65")
        #expect(e?.message.contains("nested deeper than 64") == true)
        let object = String(repeating: "{\"a\":", count: 70)
        #expect(error(object)?.message.contains("nested deeper than 64") == true)
    }

    @Test func hugeDocumentsAndStringsAreRefused() throws {
        let big = "{\"screens\": {\"a\": {\"title\": \"" + String(repeating: "x", count: JSON.maxBytes) + "\"}}}"
        #expect(error(big)?.message.contains("the limit is \(JSON.maxBytes)") == true)
        let long = "{\"screens\": {\"a\": {\"title\": \"" + String(repeating: "x", count: 300) + "\"}}}"
        #expect(error(long)?.place == "screens.a.title")
        let scratch = SceneScratch()
        let path = scratch.write("big.json", String(repeating: " ", count: JSON.maxBytes + 1))
        #expect(throws: SceneError(file: path, place: "", message: "the file is \(JSON.maxBytes + 1) bytes; the limit for a scene file is \(JSON.maxBytes)")) {
            try Scene.load(path: path)
        }
    }

    @Test func filesThatAreNotSceneFiles() throws {
        let scratch = SceneScratch()
        #expect(throws: SceneError(file: scratch.dir, place: "", message: "is a directory; expected a scene file (.json)")) {
            try Scene.load(path: scratch.dir)
        }
        #expect(throws: SceneError(file: scratch.path("nope.json"), place: "", message: "no such file")) {
            try Scene.load(path: scratch.path("nope.json"))
        }
        #expect(throws: SceneError(file: "/dev/zero", place: "", message: "not a regular file (a device, pipe or socket)")) {
            try Scene.load(path: "/dev/zero")
        }
        // Images: relative to the scene file; a directory, a corrupt PNG, a JPEG are named as such.
        try FileManager.default.createDirectory(atPath: scratch.path("folder.png"), withIntermediateDirectories: true)
        scratch.write("bad.png", "not a png")
        _ = FileManager.default.createFile(atPath: scratch.path("photo.png"), contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0]))
        for (name, phrase) in [("folder.png", "it is a directory"), ("bad.png", "not a valid PNG"), ("photo.png", "JPEG images are not supported")] {
            let path = scratch.write("s.json", #"{"screens": {"a": {"image": "\#(name)"}}}"#)
            do {
                _ = try Scene.load(path: path)
                Issue.record("\(name) loaded")
            } catch {
                #expect(error.place == "screens.a.image")
                #expect(error.message.contains(phrase), "\(error)")
            }
        }
        try scratch.png("ok.png", color: .systemRed)
        let ok = try Scene.load(path: scratch.write("s.json", #"{"screens": {"a": {"image": "ok.png"}}}"#))
        #expect(ok.screens[0].backgroundImage?.bitmap.width == 8)
        #expect(ok.files == [scratch.path("s.json"), scratch.path("ok.png")])
    }

    @Test func tooManyElementsAreRefused() {
        let element = #"{"label": "x", "frame": [0,0,1,1]}"#
        let json = #"{"screens": {"a": {"elements": ["# + Array(repeating: element, count: Scene.maxElements + 1).joined(separator: ",") + "]}}}"
        #expect(error(json)?.message.contains("more than \(Scene.maxElements) elements") == true)
    }

    @Test func jsonParserReadsValuesExactly() throws {
        let v = try JSON.parse(Array(#" {"a": [1, -2.5e1, true, false, null, "\u00e9\n\ud83d\ude00"]} "#.utf8))
        #expect(v == .object([("a", .array([.number(1), .number(-25), .bool(true), .bool(false), .null, .string("é\n😀")]))]))
        #expect(throws: JSONSyntaxError.self) { try JSON.parse(Array("01".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSON.parse(Array("[1,]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSON.parse([0x22, 0xFF, 0x22]) }  // invalid UTF-8 in a string
    }
}
