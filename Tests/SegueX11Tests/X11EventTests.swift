// X11EventTests: real input through the server (xdotool drives XTEST) comes out as platform-
// neutral events — buttons, window coordinates, server times in seconds, compressed motion,
// keys with their text — and the window manager's close request becomes `.close`.

import CX11
import Testing
@testable import SegueX11

extension X11ServerTests {
@Suite struct X11EventTests {
    @Test func pointerPressDragReleaseWithCompressedMotion() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        #expect(try server.run("xdotool", ["mousemove", "10", "20", "mousedown", "1",
                                           "mousemove", "30", "40", "mousemove", "40", "50", "mousemove", "50", "60",
                                           "mouseup", "1"]) == 0)
        XSync(window.display, False)        // every event xdotool caused is now queued for us
        #expect(window.waitForEvents(timeout: 30))   // already queued: returns at once
        let events = window.events()
        guard events.count == 4,
              case .pointerMoved(let first) = events[0], case .pointerDown(let down) = events[1],
              case .pointerMoved(let moved) = events[2], case .pointerUp(let up) = events[3] else {
            Issue.record("unexpected events \(events)")
            return
        }
        #expect(first.x == 10 && first.y == 20 && first.button == nil)
        #expect(down.x == 10 && down.y == 20 && down.button == .left && down.buttons.isEmpty)
        #expect(moved.x == 50 && moved.y == 60 && moved.buttons == [.left], "motion compressed to the latest")
        #expect(up.x == 50 && up.y == 60 && up.button == .left && up.buttons == [.left])
        #expect(first.time > 0 && first.time <= down.time && down.time <= moved.time && moved.time <= up.time)
    }

    @Test func rightAndMiddleButtons() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        try server.run("xdotool", ["mousemove", "5", "6", "click", "3", "click", "2"])
        let events = collectEvents(window) { if case .pointerUp(let p) = $0 { return p.button == .middle } else { return false } }
        let buttons = events.compactMap { event -> X11Event.Button? in
            if case .pointerDown(let p) = event { return p.button } else { return nil }
        }
        #expect(buttons == [.right, .middle])
    }

    @Test func keysArriveWithKeysymAndText() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        // No window manager: focus follows the pointer, so put it over the window first.
        try server.run("xdotool", ["mousemove", "20", "20", "key", "s", "shift+s", "space", "Left", "Right",
                                   "question", "h", "q", "Escape"])
        let events = collectEvents(window) { if case .key(let k) = $0 { return k.name == .escape } else { return false } }
        let keys = events.compactMap { event -> X11Event.Key? in if case .key(let k) = event { return k } else { return nil } }
        #expect(keys.map(\.text) == ["s", "S", " ", "", "", "?", "h", "q", "\u{1b}"])
        #expect(keys.map(\.name) == [nil, nil, .space, .left, .right, nil, nil, nil, .escape])
        #expect(keys.count > 1 && keys[1].modifiers == [.shift] && keys[1].keysym == 0x53)
        #expect(keys.first?.keysym == 0x73)
    }

    @Test func windowManagerCloseRequestBecomesClose() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        // What a window manager sends when the user clicks the close box.
        let wm = try #require(XOpenDisplay(server.display))
        defer { XCloseDisplay(wm) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window.window
        event.xclient.message_type = XInternAtom(wm, "WM_PROTOCOLS", False)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: XInternAtom(wm, "WM_DELETE_WINDOW", False))
        XSendEvent(wm, window.window, False, 0, &event)
        XFlush(wm)
        let events = collectEvents(window) { $0 == .close }
        #expect(events.contains(.close))
    }

    @Test func windowDestroyedByAnotherClientBecomesCloseAndStaysQuiet() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        let other = try #require(XOpenDisplay(server.display))
        defer { XCloseDisplay(other) }
        XDestroyWindow(other, window.window)
        XSync(other, False)
        let events = collectEvents(window) { $0 == .close }
        #expect(events.contains(.close))
        // Presenting into, and closing, a window that is gone must raise no X error.
        let errors = X11ErrorHandlers.trap(window.display) {
            fillPattern(window.backBuffer())
            window.present()
        }
        #expect(errors == 0)
        window.close()
    }

    @Test func titleIsSetForBothWindowManagerConventions() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        window.title = "Segue — Cube"
        XSync(window.display, False)
        var name: UnsafeMutablePointer<CChar>?
        #expect(XFetchName(window.display, window.window, &name) != 0)
        #expect(name.map { String(cString: $0) }?.hasPrefix("Segue") == true)
        XFree(name)
        var type: UInt = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(window.display, "_NET_WM_NAME", False)
        XGetWindowProperty(window.display, window.window, property, 0, 256, False, XInternAtom(window.display, "UTF8_STRING", False),
                           &type, &format, &count, &after, &data)
        let text = data.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(count)), as: UTF8.self) }
        XFree(data)
        #expect(text == "Segue — Cube")
        var protocols: UnsafeMutablePointer<Atom>?
        var protocolCount: Int32 = 0
        #expect(XGetWMProtocols(window.display, window.window, &protocols, &protocolCount) != 0)
        #expect(protocolCount == 1 && protocols?[0] == window.wmDeleteWindow)
        XFree(protocols)
    }

    @Test func waitingTimesOutWhenNothingHappens() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        _ = window.events()
        #expect(window.waitForEvents(timeout: 0.02) == false)
        #expect(window.events().isEmpty)
        // Presenting produces only internal completions, never user-visible events.
        fillPattern(window.backBuffer())
        window.present()
        window.waitUntilPresented()
        #expect(window.waitForEvents(timeout: 0) == false)
    }
}
}
