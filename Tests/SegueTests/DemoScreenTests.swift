// The demo's screens come from the bundled scene file: it decodes with every screen the demo names, each
// builds at small and 4K sizes with real content, and a missing or broken file leaves the demo working
// (blank named screens, views-N untouched) instead of crashing.
import Foundation
import Testing
@testable import Segue

@MainActor
@Suite struct DemoScreenTests {
    @Test func bundledDemoSceneDecodesWithEveryScreen() throws {
        let scene = try #require(DemoScreen.bundled)
        #expect(Set(scene.screens.map(\.name)) == Set(DemoScreen.names))
        #expect(scene.layout == .scale)
        #expect(scene.files.count == 1 && scene.files[0].hasSuffix("Assets/scenes/demo.scene.json"))
    }

    @Test(arguments: [Size(width: 640, height: 400), Size(width: 3840, height: 2160)])
    func everyScreenBuildsAtSize(_ size: Size) throws {
        for name in DemoScreen.names {
            let v = try #require(DemoScreen.view(named: name, size: size), "\(name)")
            #expect(v.bounds.size == size)
            #expect(v.subviews.count >= 8, "\(name) has \(v.subviews.count) views")
            #expect(DemoScreen.wantsControls(name))  // the demo's own screens keep the floating controls
            // Everything lies within the screen horizontally (layout from the size given, no overflow).
            for sub in v.subviews where sub.bounds.width > 0 {
                #expect(sub.frame.minX >= -0.5 && sub.frame.maxX <= size.width + 0.5, "\(name): \(sub.frame)")
            }
        }
    }

    @Test func screensScaleWithTheWindow() throws {
        // The same design at twice the size: the inbox title is twice as large and as far in.
        func title(_ size: Size) throws -> Label {
            let v = try #require(DemoScreen.view(named: "inbox", size: size))
            return try #require(v.subviews.compactMap { $0 as? Label }.first { $0.text == "Inbox" })
        }
        let small = try title(Size(width: 640, height: 400)), big = try title(Size(width: 1280, height: 800))
        #expect(big.font.pointSize == 2 * small.font.pointSize)
        #expect(big.frame.minX == 2 * small.frame.minX)
    }

    @Test func missingOrBrokenSceneIsReportedNotFatal() throws {
        let scratch = SceneScratch()
        #expect(DemoScreen.load(path: scratch.path("demo.scene.json")) == nil)
        #expect(DemoScreen.load(path: scratch.write("demo.scene.json", #"{"screens": {"inbox": {"statusBar": 3}}}"#)) == nil)
        let partial = DemoScreen.load(path: scratch.write("demo.scene.json", #"{"screens": {"inbox": {}}}"#))
        #expect(partial?.screens.count == 1)  // usable; the missing screens were named on stderr
        #expect(DemoScreen.view(named: "views-12", size: Size(width: 320, height: 200))?.subviews.count == 12)
    }
}
