// The viewer with a user's scene and screenshots, in a private Xvfb: a valid edit of the scene file
// reloads on screen, an invalid one keeps the last good scene under a red error banner, the next good
// edit removes it; a click on a screenshot presents the other one.
import Foundation
import Segue
import Testing

extension X11ServerTests {
    @Suite(.serialized) struct SceneViewerTests {
        static func scene(_ color: String, frameWidth: Int = 100) -> String {
            ##"{"size": [320, 200], "screens": {"a": {"background": "\##(color)", "statusBar": false,"##
                + ##" "elements": [{"card": "#FFFFFF", "frame": [10, 150, \##(frameWidth), 40], "shadow": false}],"##
                + ##" "tap": {"present": "b", "transition": "fade", "duration": 0.2}},"##
                + ##" "b": {"background": "#00FF00", "statusBar": false, "tap": "dismiss"}}}"##
        }

        static func write(_ text: String, to path: String) {
            let temp = path + ".tmp"
            FileManager.default.createFile(atPath: temp, contents: Data(text.utf8))
            rename(temp, path)
        }

        static func at(_ px: [UInt32], _ x: Int, _ y: Int) -> UInt32 { px[y * 320 + x] }

        @Test func hotReloadValidAndInvalidEdits() throws {
            let dir = NSTemporaryDirectory() + "segue-scene-viewer-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let path = dir + "/s.json"
            Self.write(Self.scene("#FF0000"), to: path)
            let server = try XvfbServer.start(width: 640, height: 480)
            defer { server.stop() }
            let viewer = try ViewerProcess(server: server, arguments: ["--size", "320x200", "--scene", path])
            try viewer.waitForPixels("the red scene") { w, _, px in w == 320 && Self.at(px, 160, 100) == 0xFF0000 }

            Self.write(Self.scene("#0000FF"), to: path)
            try viewer.waitForPixels("the blue scene after a valid edit") { _, _, px in Self.at(px, 160, 100) == 0x0000FF }

            Self.write(Self.scene("#00FFFF", frameWidth: -5), to: path)
            let banner = try viewer.waitForPixels("the error banner") { _, _, px in
                let p = Self.at(px, 4, 4)
                return (p >> 16) & 0xFF > 150 && p & 0xFF < 80
            }
            #expect(Self.at(banner, 160, 150) == 0x0000FF)  // the last good scene stays under it
            #expect(viewer.process.isRunning)

            Self.write(Self.scene("#FFFF00"), to: path)
            try viewer.waitForPixels("the banner gone after a good edit") { _, _, px in
                Self.at(px, 4, 4) == 0xFFFF00 && Self.at(px, 160, 100) == 0xFFFF00
            }

            try viewer.click(160, 60)
            try viewer.waitForPixels("screen b presented by the tap") { _, _, px in Self.at(px, 160, 100) == 0x00FF00 }
        }

        /// A viewer at 320×200 showing two screenshots, red (a) then blue (b), with `extra` arguments;
        /// `body` drives it once the first is on screen.
        static func withScreenshots(_ extra: [String] = [], _ body: (ViewerProcess) throws -> Void) throws {
            let dir = NSTemporaryDirectory() + "segue-shots-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try PNG.write(Bitmap(width: 32, height: 20, fill: 0xFFFF_0000), to: dir + "/a.png")
            try PNG.write(Bitmap(width: 32, height: 20, fill: 0xFF00_00FF), to: dir + "/b.png")
            let server = try XvfbServer.start(width: 640, height: 480)
            defer { server.stop() }
            let viewer = try ViewerProcess(server: server, arguments: ["--size", "320x200", "--from", dir + "/a.png", "--to", dir + "/b.png"] + extra)
            try viewer.waitForPixels("the first screenshot") { w, _, px in w == 320 && Self.at(px, 160, 100) == 0xFF0000 }
            try body(viewer)
        }

        @Test func twoScreenshotsClickThereAndBack() throws {
            try Self.withScreenshots(["--play", "crossDissolve"]) { viewer in
                try viewer.click(160, 100)
                try viewer.waitForPixels("the second screenshot") { _, _, px in Self.at(px, 160, 100) == 0x0000FF }
                try viewer.click(160, 100)
                try viewer.waitForPixels("back to the first") { _, _, px in Self.at(px, 160, 100) == 0xFF0000 }
            }
        }

        @Test func draggingAScreenshotCurlsItUnderTheFinger() throws {
            try Self.withScreenshots { viewer in
                let window = "\(viewer.windowID)"
                try viewer.xdotool("mousemove", "--window", window, "300", "100")
                try viewer.xdotool("mousedown", "1")
                func drag(from start: Int, to end: Int) throws {
                    for x in stride(from: start, through: end, by: -15) {
                        usleep(16_000)
                        try viewer.xdotool("mousemove", "--window", window, "\(x)", "100")
                    }
                }
                // Held still a third of the way: the page is curled part way, both screens visible (past
                // about half the width the page's own back covers what is left of its front).
                try drag(from: 290, to: 200)
                try viewer.waitForPixels("the page curling under the finger") { _, _, px in
                    px.contains(0xFF0000) && px.contains(0x0000FF)
                }
                try drag(from: 185, to: 110)
                try viewer.xdotool("mouseup", "1")
                try viewer.waitForPixels("the second screenshot after release past half") { _, _, px in Self.at(px, 160, 100) == 0x0000FF }
            }
        }
    }
}
