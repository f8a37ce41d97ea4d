// The viewer as a person uses it: the real `segue` binary in a private Xvfb, real clicks and drags
// through xdotool, the window's pixels read back and compared with the same app rendered headless.
import CX11
import Foundation
import Segue
import Testing

extension X11ServerTests {
    @Suite(.serialized) struct ViewerTests {
        static let size = Size(width: 640, height: 400)
        static let sizeArgument = "640x400"

        /// The demo app rendered headless after `setup`, as 0x00RRGGBB pixels.
        @MainActor static func headless(_ setup: @MainActor (DemoApp) -> Void = { _ in }) -> [UInt32] {
            let window = Window(size: size)
            let app = DemoApp(window: window)
            window.advance(by: 0.1)
            setup(app)
            window.advance(by: 3)
            let b = window.renderedBitmap()
            var out = [UInt32](repeating: 0, count: b.width * b.height)
            for y in 0..<b.height { for x in 0..<b.width { out[y * b.width + x] = b[x, y] & 0xffffff } }
            return out
        }

        /// A private X server with the viewer showing its home screen (checked against the headless render).
        static func launchAtHome(_ extra: [String] = [], screen: (Int, Int) = (800, 600)) async throws
            -> (XvfbServer, ViewerProcess, [UInt32]) {
            let server = try XvfbServer.start(width: screen.0, height: screen.1)
            var viewer: ViewerProcess?
            do {
                let v = try ViewerProcess(server: server, arguments: ["--size", sizeArgument] + extra)
                viewer = v
                let home = await headless()
                try v.waitForPixels("the home screen") { _, _, px in maxDifference(px, home) <= 2 }
                return (server, v, home)
            } catch {
                viewer?.stop()
                server.stop()
                throw error
            }
        }

        /// Centre of the home screen's button titled `title`, in window pixels.
        @MainActor static func homeButton(_ title: String) -> (Int, Int)? {
            let window = Window(size: size)
            let app = DemoApp(window: window)
            window.layoutIfNeeded()
            func find(_ v: View) -> View? {
                if let b = v as? Button, b.currentTitle == title { return b }
                for s in v.subviews { if let f = find(s) { return f } }
                return nil
            }
            guard let b = find(app.home.view) else { return nil }
            let c = b.convert(Point(x: b.bounds.midX, y: b.bounds.midY), to: nil)
            return (Int(c.x), Int(c.y))
        }

        @Test func clickingAHomeButtonPresentsItsScreen() async throws {
            let (server, viewer, home) = try await Self.launchAtHome()
            defer { viewer.stop(); server.stop() }
            let button = try #require(await Self.homeButton("fade"))
            try viewer.click(button.0, button.1)
            let presented = await Self.headless { _ = $0.play("fade") }
            try viewer.waitForPixels("the presented inbox") { _, _, px in maxDifference(px, presented) <= 2 }
            #expect(presented != home)
        }

        /// A viewer left idle answers a click at once. It used to freeze, spinning, for as long as it
        /// had sat idle: the sleep was taken for a stall (hundreds of frames reported dropped) and the
        /// click's transition waited for window time to come round again.
        @Test func aClickAfterSittingIdleAnimatesAtOnce() async throws {
            let (server, viewer, _) = try await Self.launchAtHome()
            defer { viewer.stop(); server.stop() }
            let button = try #require(await Self.homeButton("fade"))
            let presented = await Self.headless { _ = $0.play("fade") }
            // The pointer goes to the button first: its motion is the last thing the viewer hears
            // before sleeping, so the press is the first event it wakes to.
            try viewer.xdotool("mousemove", "--window", "\(viewer.windowID)", "\(button.0)", "\(button.1)")
            _ = try viewer.waitUntilStill()
            let idleFrom = viewer.stderrLines.count
            sleep(3)  // 180 frame times with nothing to draw
            try viewer.xdotool("mousedown", "1")  // where the pointer already is: no motion first
            usleep(60_000)
            try viewer.xdotool("mouseup", "1")
            try viewer.waitForPixels("the presented inbox") { _, _, px in maxDifference(px, presented) <= 2 }
            // Frames after the sleep report what they dropped (SEGUE_TRACE's "frame … dropped=N …").
            let dropped = viewer.stderrLines.dropFirst(idleFrom).filter { $0.hasPrefix("frame ") }.map { line in
                line.split(separator: " ").first { $0.hasPrefix("dropped=") }.flatMap { Int($0.dropFirst(8)) } ?? 0
            }
            #expect(!dropped.isEmpty)
            #expect(dropped.reduce(0, +) < 60, "the idle sleep was counted as dropped frames: \(dropped)")
        }

        @Test func edgeDragPastHalfPopsAndAShortDragCancelsExactly() async throws {
            let (server, viewer, home) = try await Self.launchAtHome()
            defer { viewer.stop(); server.stop() }
            let button = try #require(await Self.homeButton("navigationPush"))
            try viewer.click(button.0, button.1)
            let pushed = await Self.headless { _ = $0.play("navigationPush") }
            try viewer.waitForPixels("the pushed screen") { _, _, px in maxDifference(px, pushed) <= 2 }
            let before = try viewer.waitUntilStill()

            // A short drag from the edge, back again, held still, released: the pop is cancelled.
            try viewer.drag(stride(from: 2, through: 120, by: 12).map { ($0, 200) } + stride(from: 110, through: 20, by: -15).map { ($0, 200) },
                            holdAtEnd: 0.25)
            // A cancelled pop returns the screen exactly (not approximately) once it settles.
            try viewer.waitForPixels("the pushed screen back, exactly") { _, _, px in maxDifference(px, before) == 0 }

            // A drag past half the width: the pop completes and home comes back.
            try viewer.drag(stride(from: 2, through: 420, by: 14).map { ($0, 200) }, holdAtEnd: 0.1)
            try viewer.waitForPixels("home after the pop") { _, _, px in maxDifference(px, home) <= 2 }
        }

        @Test func resizingMidTransitionKeepsGoingAtTheNewSize() async throws {
            let (server, viewer, _) = try await Self.launchAtHome(["--slow"], screen: (1024, 768))
            defer { viewer.stop(); server.stop() }
            let button = try #require(await Self.homeButton("cube"))
            try viewer.click(button.0, button.1)
            usleep(500_000)  // slow motion: the cube is a tenth of the way through
            try viewer.xdotool("windowsize", "\(viewer.windowID)", "900", "560")
            try viewer.waitForPixels(timeout: 60, "a frame at the new size") { w, h, px in
                // The area the window gained (right of the old 640 columns) is drawn, not left black —
                // any pixel there: mid-turn, the cube's faces do not cover every one.
                guard w == 900 && h == 560 else { return false }
                for y in Swift.stride(from: 0, to: 560, by: 4) {
                    for x in 640..<900 where px[y * 900 + x] != 0 { return true }
                }
                return false
            }
            #expect(viewer.process.isRunning)
        }

        @Test func closingTheWindowMidTransitionExitsCleanly() async throws {
            let (server, viewer, _) = try await Self.launchAtHome(["--slow"])
            defer { viewer.stop(); server.stop() }
            let button = try #require(await Self.homeButton("pageCurl"))
            try viewer.click(button.0, button.1)
            usleep(400_000)
            try viewer.xdotool("windowclose", "\(viewer.windowID)")
            let status = viewer.waitForExit(timeout: 10)
            #expect(status == 0, "exit status \(String(describing: status)); stderr: \(viewer.stderr)")
        }

        @Test func withoutSharedMemoryThePixelsAreTheSame() async throws {
            let server = try XvfbServer.start(width: 800, height: 600)
            defer { server.stop() }
            let home = await Self.headless()
            let shm = try ViewerProcess(server: server, arguments: ["--size", Self.sizeArgument])
            defer { shm.stop() }
            let a = try shm.waitForPixels("the home screen (MIT-SHM)") { _, _, px in maxDifference(px, home) <= 2 }
            kill(shm.process.processIdentifier, SIGKILL)
            _ = shm.waitForExit()
            let plain = try ViewerProcess(server: server, arguments: ["--size", Self.sizeArgument, "--no-shm"])
            defer { plain.stop() }
            let b = try plain.waitForPixels("the home screen (XPutImage)") { _, _, px in maxDifference(px, home) <= 2 }
            #expect(a == b)
        }

        @Test func anIdleViewerSleeps() async throws {
            let (server, viewer, _) = try await Self.launchAtHome()
            defer { viewer.stop(); server.stop() }
            _ = try viewer.waitUntilStill()
            // Idle, it first builds once each demo screen it has not shown (`DemoApp.warmNextScreen`:
            // 0.2 s of CPU here at this size); then it sleeps.
            let shown = viewer.cpuSeconds
            usleep(3_000_000)
            let warming = viewer.cpuSeconds - shown
            #expect(warming < 1.5, "warming the demo screens took \(warming) s of CPU")
            let start = viewer.cpuSeconds
            usleep(3_000_000)
            let used = viewer.cpuSeconds - start
            #expect(used < 0.06, "idle viewer used \(used) s of CPU in 3 s (limit 2 % of a core)")
        }

        @Test func extremeWindowSizesNeitherCrashNorStick() async throws {
            let (server, viewer, home) = try await Self.launchAtHome()
            defer { viewer.stop(); server.stop() }
            try viewer.xdotool("windowsize", "\(viewer.windowID)", "1", "1")
            try viewer.waitForPixels("a 1×1 frame") { w, h, _ in w == 1 && h == 1 }
            try viewer.xdotool("windowsize", "\(viewer.windowID)", "10000", "10000")
            // Larger than the screen: XGetImage cannot read it back, so the proof is that it keeps
            // running and comes back to the exact home screen afterwards.
            let deadline = Date().addingTimeInterval(60)
            while viewer.size.width != 10000 && Date() < deadline { usleep(50_000) }
            #expect(viewer.size.width == 10000 && viewer.size.height == 10000)
            usleep(3_000_000)
            #expect(viewer.process.isRunning, "the viewer survives a 10000×10000 window: \(viewer.stderr)")
            try viewer.xdotool("windowsize", "\(viewer.windowID)", Self.sizeArgument.split(separator: "x").map(String.init)[0],
                               Self.sizeArgument.split(separator: "x").map(String.init)[1])
            try viewer.waitForPixels(timeout: 60, "the home screen again") { _, _, px in maxDifference(px, home) <= 2 }
        }

        @Test func losingTheXServerEndsTheViewerWithOneLineAndCode1() async throws {
            let (server, viewer, _) = try await Self.launchAtHome()
            defer { viewer.stop() }
            viewer.closeConnection()
            server.stop()
            let status = viewer.waitForExit(timeout: 20)
            #expect(status == 1, "exit status \(String(describing: status))")
            let lines = viewer.stderr.split(separator: "\n").filter { !$0.hasPrefix("wait ") && !$0.hasPrefix("woke ") && !$0.hasPrefix("frame ") }
            #expect(lines == ["segue: lost the connection to the X server"], "stderr: \(lines)")
        }

        @Test func withoutADisplayItSaysSoAndExitsWith2() throws {
            let binary = try #require(ViewerProcess.binary)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = nil
            p.environment = env
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(p.terminationStatus == 2)
            #expect(text.split(separator: "\n").count == 1)
            #expect(text.contains("segue render"))
        }
    }
}
