// Hot reload, library level: the watcher sees an edit of the scene file or of an image it names,
// a valid edit replaces the scene and the screens on screen rebuild in place (navigation kept), an
// invalid edit keeps the last good scene and holds the error; polling looks at most every 0.5 s.
import Foundation
import Testing
@testable import Segue

@MainActor
@Suite struct SceneReloadTests {
    static func scene(title: String, background: String = "#FFFFFF") -> String {
        #"{"screens": {"a": {"title": "\#(title)", "background": "\#(background)", "image": "bg.png", "statusBar": false,"#
            + ##" "elements": [{"button": "Next", "frame": [0, 700, 390, 100], "action": {"push": "b"}}]}, "b": {"background": "#00FF00"}}}"##
    }

    @Test func validEditReloadsInvalidEditKeepsTheLastGoodScene() throws {
        let scratch = SceneScratch()
        try scratch.png("bg.png", color: .systemRed)
        let path = scratch.write("s.json", Self.scene(title: "One"))
        let watcher = try SceneWatcher(path: path)
        #expect(watcher.scene.screens[0].title == "One")
        #expect(!watcher.check())  // nothing changed

        scratch.write("s.json", Self.scene(title: "Two, longer"))
        #expect(watcher.check())
        #expect(watcher.scene.screens[0].title == "Two, longer")
        #expect(watcher.error == nil)

        scratch.write("s.json", Self.scene(title: "Three").replacingOccurrences(of: "[0, 700, 390, 100]", with: "[0, 700, -390, 100]"))
        #expect(watcher.check())
        #expect(watcher.scene.screens[0].title == "Two, longer")  // kept
        #expect(watcher.error?.place == "screens.a.elements[0].frame[2]")

        scratch.write("s.json", Self.scene(title: "Four"))
        #expect(watcher.check())
        #expect(watcher.error == nil)
        #expect(watcher.scene.screens[0].title == "Four")

        // An image it names changed: reloaded with the new pixels.
        try scratch.png("bg.png", color: .systemBlue, size: 16)
        #expect(watcher.check())
        #expect(watcher.scene.screens[0].backgroundImage?.bitmap.width == 16)

        // The image vanishes: an error naming it; the scene stays.
        try FileManager.default.removeItem(atPath: scratch.path("bg.png"))
        #expect(watcher.check())
        #expect(watcher.error?.message.contains("no such file") == true)
        #expect(watcher.scene.screens[0].backgroundImage?.bitmap.width == 16)

        // A scene naming an image that does not exist yet, then the image appears: reloaded.
        scratch.write("s.json", Self.scene(title: "Five").replacingOccurrences(of: "bg.png", with: "later.png"))
        #expect(watcher.check())
        #expect(watcher.error?.place == "screens.a.image")
        #expect(!watcher.check())
        try scratch.png("later.png", color: .systemGreen, size: 4)
        #expect(watcher.check())
        #expect(watcher.error == nil)
        #expect(watcher.scene.screens[0].title == "Five")
    }

    @Test func pollingLooksAtMostEveryHalfSecond() throws {
        let scratch = SceneScratch()
        try scratch.png("bg.png", color: .systemRed)
        let path = scratch.write("s.json", Self.scene(title: "One"))
        let watcher = try SceneWatcher(path: path)
        #expect(!watcher.poll(now: 10))
        scratch.write("s.json", Self.scene(title: "Two"))
        #expect(!watcher.poll(now: 10.2))  // too soon to look
        #expect(watcher.poll(now: 10.5))
        #expect(watcher.scene.screens[0].title == "Two")
    }

    @Test func screensOnScreenRebuildInPlace() throws {
        let scratch = SceneScratch()
        try scratch.png("bg.png", color: .systemRed)
        let path = scratch.write("s.json", Self.scene(title: "One", background: "#FFFFFF"))
        let watcher = try SceneWatcher(path: path)
        SceneRunner.install(watcher.scene)
        defer { DemoScreen.removeCustomScreens { $0.origin == .scene } }
        let window = Window(size: Size(width: 195, height: 422))
        let nav = SceneRunner.rootController(for: watcher.scene, size: window.bounds.size)
        window.rootViewController = nav
        window.advance(by: 0.01)
        // The screen's image is red, aspect-filled over everything.
        let before = window.renderedBitmap()
        #expect(Color(premultipliedPixel: before.row(300)[100]).red > 0.9)

        // Push "b" by clicking the scene's button (bottom of the screen).
        window.pointerDown(at: Point(x: 100, y: 380))
        window.pointerUp(at: Point(x: 100, y: 380))
        window.advance(by: 1)
        #expect(nav.viewControllers.count == 2)
        let pushed = window.renderedBitmap()
        #expect(Color(premultipliedPixel: pushed.row(200)[100]).green > 0.9)

        // Edit "b" to blue: it rebuilds where it is, the stack stays.
        scratch.write("s.json", Self.scene(title: "One").replacingOccurrences(of: "#00FF00", with: "#0000FF"))
        #expect(watcher.check())
        SceneRunner.install(watcher.scene)
        DemoScreenView.reloadAll(in: window)
        window.advance(by: 0.01)
        let after = window.renderedBitmap()
        #expect(nav.viewControllers.count == 2)
        let c = Color(premultipliedPixel: after.row(200)[100])
        #expect(c.blue > 0.9 && c.green < 0.1)
    }

    @Test func bannerNamesTheError() {
        let e = SceneError(file: "s.json", place: "screens.a", message: "expected an object, got 3")
        let banner = SceneWatcher.banner(for: e, width: 640)
        #expect(banner.frame.size.width == 640)
        #expect((banner.subviews.first as? Label)?.text?.contains("s.json: screens.a: expected an object") == true)
        #expect(!banner.isUserInteractionEnabled)
    }
}
