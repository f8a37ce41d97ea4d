// X11Window+Events: reading the X connection without ever blocking the frame loop unexpectedly.
// `waitForEvents` sleeps in poll(2) on the connection's fd (nil timeout = until input, so an idle
// viewer uses no CPU), after flushing and after checking what Xlib has already queued. Events are
// translated into X11Event as they are read; ShmCompletion is consumed here (it frees a buffer).
// Consecutive motions collapse to the latest, resizes to the last size, exposes to one.

import CX11
#if canImport(Glibc)
import Glibc
#endif

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

extension X11Window {
    /// Blocks until an event is ready or `timeout` seconds pass (nil = no limit). Returns true
    /// when `events()` has something. Returns at once if events are already queued.
    @discardableResult
    public func waitForEvents(timeout: Double?) -> Bool {
        guard !isClosed else { return !queue.isEmpty }
        let deadline = timeout.map { monotonicSeconds() + max(0, $0) }
        while true {
            pumpEvents()
            if !queue.isEmpty { return true }
            var remaining: Double? = nil
            if let deadline {
                remaining = deadline - monotonicSeconds()
                if remaining! <= 0 { return false }
            }
            pollConnection(timeout: remaining)
        }
    }

    /// Every event that has arrived, oldest first, without blocking.
    public func events() -> [X11Event] {
        if !isClosed { pumpEvents() }
        defer { queue.removeAll(keepingCapacity: true) }
        return queue
    }

    /// Flushes, then sleeps in poll(2) until the connection is readable or the timeout passes.
    func pollConnection(timeout: Double?) {
        XFlush(display)
        guard XEventsQueued(display, QueuedAlready) == 0 else { return }
        var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        // Milliseconds rounded up, so a wait never ends just before its deadline and spins.
        let milliseconds = timeout.map { Int32(min(86_400_000, (max(0, $0) * 1000).rounded(.up))) } ?? -1
        _ = poll(&fd, 1, milliseconds)
    }

    /// Reads whatever the connection holds (without blocking) and translates it into the queue.
    func pumpEvents() {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            handle(&event)
        }
    }

    private func handle(_ event: inout XEvent) {
        let type = event.type
        if let shmCompletionType, type == shmCompletionType {
            let segment = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee.shmseg }
            }
            completed(segment: segment)
            return
        }
        switch type {
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            guard b.window == window, let button = Self.button(b.button) else { return }
            let pointer = X11Event.Pointer(x: Double(b.x), y: Double(b.y), time: clock.seconds(UInt32(truncatingIfNeeded: b.time)),
                                           button: button, buttons: Self.buttons(b.state), modifiers: Self.modifiers(b.state))
            enqueue(type == ButtonPress ? .pointerDown(pointer) : .pointerUp(pointer))
        case MotionNotify:
            let m = event.xmotion
            guard m.window == window else { return }
            let pointer = X11Event.Pointer(x: Double(m.x), y: Double(m.y), time: clock.seconds(UInt32(truncatingIfNeeded: m.time)),
                                           buttons: Self.buttons(m.state), modifiers: Self.modifiers(m.state))
            enqueue(.pointerMoved(pointer))
        case KeyPress:
            var keysym: KeySym = 0
            var text = [CChar](repeating: 0, count: 32)
            let count = XLookupString(&event.xkey, &text, 31, &keysym, nil)
            let typed = count > 0 ? Self.latin1(text.prefix(Int(count))) : ""
            guard !Self.isModifier(keysym) else { return }     // Shift alone is no command
            let k = event.xkey
            enqueue(.key(X11Event.Key(keysym: UInt32(truncatingIfNeeded: keysym), text: typed,
                                      modifiers: Self.modifiers(k.state), time: clock.seconds(UInt32(truncatingIfNeeded: k.time)))))
        case ConfigureNotify:
            let c = event.xconfigure
            guard c.window == window else { return }
            let w = max(1, Int(c.width)), h = max(1, Int(c.height))
            if w != width || h != height {
                width = w
                height = h
                enqueue(.resize(width: w, height: h))
            }
        case Expose:
            if event.xexpose.count == 0 { enqueue(.expose) }
        case ClientMessage:
            let c = event.xclient
            if c.message_type == wmProtocols, UInt(bitPattern: c.data.l.0) == wmDeleteWindow { enqueue(.close) }
        case DestroyNotify:
            if event.xdestroywindow.window == window {
                windowDestroyed = true
                enqueue(.close)
            }
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
        default:
            break
        }
    }

    /// Appends, collapsing a motion onto a motion just before it, a resize onto any queued
    /// resize, an expose onto any queued expose, and repeated closes.
    private func enqueue(_ event: X11Event) {
        switch event {
        case .pointerMoved:
            if case .pointerMoved = queue.last { queue.removeLast() }
        case .resize:
            queue.removeAll { if case .resize = $0 { return true } else { return false } }
        case .expose:
            if queue.contains(.expose) { return }
        case .close:
            if closeReported { return }
            closeReported = true
        default:
            break
        }
        queue.append(event)
    }

    /// Shift, Control, Alt, Super, Caps/Num lock and the ISO level shifts (IsModifierKey).
    static func isModifier(_ keysym: KeySym) -> Bool {
        (0xffe1...0xffee).contains(keysym) || (0xfe01...0xfe13).contains(keysym) || keysym == 0xff7e || keysym == 0xff7f
    }

    static func button(_ number: UInt32) -> X11Event.Button? {
        switch number {
        case 1: return .left
        case 2: return .middle
        case 3: return .right
        default: return nil          // wheel (4–7) and extra buttons are not reported
        }
    }

    static func buttons(_ state: UInt32) -> X11Event.Buttons {
        var b: X11Event.Buttons = []
        if state & UInt32(Button1Mask) != 0 { b.insert(.left) }
        if state & UInt32(Button2Mask) != 0 { b.insert(.middle) }
        if state & UInt32(Button3Mask) != 0 { b.insert(.right) }
        return b
    }

    static func modifiers(_ state: UInt32) -> X11Event.Modifiers {
        var m: X11Event.Modifiers = []
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { m.insert(.alt) }
        return m
    }

    /// XLookupString yields Latin-1 bytes.
    static func latin1(_ bytes: ArraySlice<CChar>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar(UInt8(bitPattern: $0)) }))
    }
}
