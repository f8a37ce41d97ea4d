// X11LoopTests: the viewer's intended loop, runnable — wait on the connection until the next
// frame's target time (or input), drain events, render into the back buffer, present; when
// nothing animates, wait with no timeout. A four-frame "animation" renders exactly four frames,
// then the loop idles until the window manager's close request ends it.

import CX11
import Testing
@testable import SegueX11

extension X11ServerTests {
@Suite struct X11LoopTests {
    @Test func intendedLoopRendersOnlyWhatIsNeededAndEndsOnClose() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server, width: 96, height: 64)
        defer { window.close() }
        let wm = try #require(XOpenDisplay(server.display))
        defer { XCloseDisplay(wm) }

        let frameInterval = 1.0 / 60
        let animationFrames = 4
        var rendered = 0
        var nextFrameTime: Double? = monotonicSeconds()     // an animation starts now
        var running = true
        var askedToClose = false
        let giveUp = monotonicSeconds() + 20
        while running && monotonicSeconds() < giveUp {
            // 1. Sleep until the next frame is due or input arrives (nil: idle, no CPU).
            let timeout = nextFrameTime.map { max(0, $0 - monotonicSeconds()) } ?? (giveUp - monotonicSeconds())
            window.waitForEvents(timeout: timeout)
            // 2. Drain events.
            var needsFrame = false
            for event in window.events() {
                switch event {
                case .close: running = false
                case .expose, .resize: needsFrame = true
                default: break
                }
            }
            guard running else { break }
            // 3. Render and present when a frame is due or the window needs one.
            if let due = nextFrameTime, monotonicSeconds() >= due { needsFrame = true }
            if needsFrame {
                let buffer = window.backBuffer()
                let shade = UInt32(rendered * 60)
                for y in 0..<buffer.height { buffer.pixels.advanced(by: y * buffer.stride).update(repeating: 0xff00_0000 | shade << 8, count: buffer.width) }
                window.present()
                rendered += 1
                nextFrameTime = rendered < animationFrames ? (nextFrameTime ?? monotonicSeconds()) + frameInterval : nil
            }
            // The animation is over and the loop idles: the user closes the window.
            if nextFrameTime == nil && !askedToClose {
                askedToClose = true
                var event = XEvent()
                event.xclient.type = ClientMessage
                event.xclient.window = window.window
                event.xclient.message_type = XInternAtom(wm, "WM_PROTOCOLS", False)
                event.xclient.format = 32
                event.xclient.data.l.0 = Int(bitPattern: XInternAtom(wm, "WM_DELETE_WINDOW", False))
                XSendEvent(wm, window.window, False, 0, &event)
                XFlush(wm)
            }
        }
        #expect(!running, "the close request ended the loop")
        #expect(rendered == animationFrames)
        let pixels = try #require(readBack(window))
        #expect(pixels.allSatisfy { $0 == UInt32((animationFrames - 1) * 60) << 8 })
    }
}
}
