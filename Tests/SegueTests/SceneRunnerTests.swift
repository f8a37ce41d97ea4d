// Scene actions played in a headless window: a click on the first screenshot presents the second
// with the chosen effect and a click on the second dismisses it; a drag presents under the finger and
// completes past half the width or cancels short of it; push and pop move along the navigation stack.
import Foundation
import Testing
@testable import Segue

@MainActor
@Suite(.serialized) struct SceneRunnerTests {
    static let red = Image(bitmap: Bitmap(width: 20, height: 20, fill: Color.systemRed.premultipliedPixel))
    static let blue = Image(bitmap: Bitmap(width: 20, height: 20, fill: Color.systemBlue.premultipliedPixel))

    func window(_ scene: Scene) -> (Window, NavigationController) {
        SceneRunner.install(scene)
        let w = Window(size: Size(width: 200, height: 120))
        let nav = SceneRunner.rootController(for: scene, size: w.bounds.size)
        w.rootViewController = nav
        w.advance(by: 0.01)
        return (w, nav)
    }

    func centre(_ w: Window) -> Color { Color(premultipliedPixel: w.renderedBitmap().row(60)[100]) }

    func click(_ w: Window, at p: Point = Point(x: 100, y: 60)) {
        w.pointerDown(at: p)
        w.pointerUp(at: p)
    }

    @Test func clickPresentsAndClickDismisses() {
        let scene = Scene.screenshots(from: Self.red, to: Self.blue, transition: "cube")
        let (w, nav) = window(scene)
        defer { DemoScreen.removeCustomScreens { $0.origin == .scene } }
        #expect(centre(w) == Color(premultipliedPixel: Color.systemRed.premultipliedPixel))
        click(w)
        #expect(w.activeTransition?.name == "cube")
        w.advance(by: 1.5)
        #expect(nav.presentedViewController != nil)
        #expect(centre(w) == Color(premultipliedPixel: Color.systemBlue.premultipliedPixel))
        click(w)
        w.advance(by: 1.5)
        #expect(nav.presentedViewController == nil)
        #expect(centre(w) == Color(premultipliedPixel: Color.systemRed.premultipliedPixel))
    }

    @Test func cyclingPresentsATransitionEachClick() {
        let scene = Scene.screenshots(from: Self.red, to: Self.blue)
        let (w, nav) = window(scene)
        defer { DemoScreen.removeCustomScreens { $0.origin == .scene } }
        var names: [String] = []
        for _ in 0..<3 {
            click(w)
            names.append(w.activeTransition?.name ?? "?")
            w.advance(by: 1.5)
            #expect(nav.presentedViewController != nil)
            click(w)
            w.advance(by: 1.5)
            #expect(nav.presentedViewController == nil)
        }
        #expect(Set(names).count == 3, "\(names)")
    }

    func drag(_ w: Window, from x0: Double, to x1: Double) {
        w.pointerDown(at: Point(x: x0, y: 60))
        for k in 1...10 {
            w.advance(by: 0.05)
            w.pointerMoved(to: Point(x: x0 + (x1 - x0) * Double(k) / 10, y: 60))
        }
        w.advance(by: 0.3)  // slow release: no flick
        w.pointerUp(at: Point(x: x1, y: 60))
        w.advance(by: 2)
    }

    @Test func dragPresentsPastHalfAndCancelsShortOfIt() {
        let scene = Scene.screenshots(from: Self.red, to: Self.blue, transition: "pageCurl")
        let (w, nav) = window(scene)
        defer { DemoScreen.removeCustomScreens { $0.origin == .scene } }
        drag(w, from: 180, to: 140)  // a fifth of the width: cancelled
        #expect(nav.presentedViewController == nil)
        #expect(centre(w) == Color(premultipliedPixel: Color.systemRed.premultipliedPixel))
        drag(w, from: 190, to: 40)  // three quarters: completed
        #expect(nav.presentedViewController != nil)
        #expect(centre(w) == Color(premultipliedPixel: Color.systemBlue.premultipliedPixel))
        click(w)  // back with the reverse effect
        w.advance(by: 2)
        #expect(nav.presentedViewController == nil)
    }

    @Test func pushAndPopFromButtons() throws {
        let json = ##"{"screens": {"a": {"background": "#FF0000", "statusBar": false, "elements": [{"button": "Go", "frame": [0, 0, 390, 844], "action": {"push": "b"}}]},"##
            + ##" "b": {"background": "#0000FF", "statusBar": false, "elements": [{"button": "Back", "frame": [0, 0, 390, 844], "action": "pop"}]}}}"##
        let scene = try Scene.decode(Array(json.utf8), file: "s.json", baseDirectory: "/")
        let (w, nav) = window(scene)
        defer { DemoScreen.removeCustomScreens { $0.origin == .scene } }
        click(w, at: Point(x: 20, y: 100))
        w.advance(by: 1)
        #expect(nav.viewControllers.count == 2)
        #expect((nav.topViewController as? ScreenViewController)?.screenName == "b")
        click(w, at: Point(x: 20, y: 100))
        w.advance(by: 1)
        #expect(nav.viewControllers.count == 1)
    }
}
