// X11TestSupport: what the real-window tests share — reading a window's pixels back from the
// server (XGetImage), a known test pattern, and waiting for events with a generous deadline
// (waiting on the connection, never sleeping).

import CX11
import Testing
@testable import SegueX11

/// Every suite that starts an X server, run one test at a time: they share Xlib's process-wide
/// error handlers, and one forks.
@Suite(.serialized) enum X11ServerTests {}

/// A pattern where neighbouring pixels and the three channels all differ.
func patternPixel(x: Int, y: Int, alpha: UInt32 = 0xff) -> UInt32 {
    alpha << 24 | UInt32((x * 7 + y) & 0xff) << 16 | UInt32((y * 5) & 0xff) << 8 | UInt32((x + 3 * y) & 0xff)
}

func fillPattern(_ buffer: BackBuffer, alpha: UInt32 = 0xff) {
    for y in 0..<buffer.height {
        for x in 0..<buffer.width { buffer.pixels[y * buffer.stride + x] = patternPixel(x: x, y: y, alpha: alpha) }
    }
}

/// The window's pixels as the server holds them, rows packed, in server pixel layout; channels
/// the visual lacks (alpha at depth 24) are masked off.
func readBack(_ window: X11Window) -> [UInt32]? {
    window.waitUntilPresented()
    XSync(window.display, False)
    guard let image = XGetImage(window.display, window.window, 0, 0, UInt32(window.width), UInt32(window.height),
                                UInt.max, ZPixmap) else { return nil }
    defer { _ = image.pointee.f.destroy_image(image) }
    guard image.pointee.bits_per_pixel == 32 else { return nil }
    let w = Int(image.pointee.width), h = Int(image.pointee.height)
    let rowBytes = Int(image.pointee.bytes_per_line)
    let mask: UInt32 = window.depth == 32 ? 0xffff_ffff : 0x00ff_ffff
    let data = UnsafeMutableRawPointer(image.pointee.data!)
    var out = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h {
        let row = (data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
        for x in 0..<w { out[y * w + x] = row[x] & mask }
    }
    return out
}

/// The pattern as the server should hold it for this window.
func expectedPattern(_ window: X11Window, alpha: UInt32 = 0xff) -> [UInt32] {
    let mask: UInt32 = window.depth == 32 ? 0xffff_ffff : 0x00ff_ffff
    var out = [UInt32]()
    out.reserveCapacity(window.width * window.height)
    for y in 0..<window.height {
        for x in 0..<window.width { out.append(window.pixelFormat.convert(patternPixel(x: x, y: y, alpha: alpha)) & mask) }
    }
    return out
}

/// Collects events until `done` holds for one of them or 10 s pass; returns all collected.
func collectEvents(_ window: X11Window, until done: (X11Event) -> Bool) -> [X11Event] {
    var all: [X11Event] = []
    let deadline = monotonicSeconds() + 10
    while monotonicSeconds() < deadline {
        window.waitForEvents(timeout: deadline - monotonicSeconds())
        let batch = window.events()
        all += batch
        if batch.contains(where: done) { break }
    }
    return all
}

/// Opens a window and waits for its first Expose (mapped, ready to be drawn and read back).
func openWindow(_ server: XvfbServer, width: Int = 160, height: Int = 120,
                options: X11Window.Options = .init()) throws -> X11Window {
    let window = try X11Window(title: "Segue test", width: width, height: height, display: server.display, options: options)
    _ = collectEvents(window) { $0 == .expose }
    return window
}

/// Renders the pattern, presents, and returns the server's pixels.
func presentPattern(_ window: X11Window, alpha: UInt32 = 0xff) -> [UInt32]? {
    fillPattern(window.backBuffer(), alpha: alpha)
    window.present()
    return readBack(window)
}

/// Where two rasters differ: nil when equal, else a short description (never the whole arrays).
func firstDifference(_ a: [UInt32], _ b: [UInt32], width: Int) -> String? {
    guard a.count == b.count else { return "sizes differ: \(a.count) vs \(b.count) pixels" }
    guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
    let count = a.indices.filter { a[$0] != b[$0] }.count
    return "\(count) pixels differ, first at (\(i % width), \(i / width)): \(String(a[i], radix: 16)) vs \(String(b[i], radix: 16))"
}
