// ViewerProcess: the real `segue` binary running against a private Xvfb, driven by xdotool like a
// person would, its window read back with XGetImage. Waits poll with deadlines, so a broken viewer
// fails the test instead of hanging it.
import CX11
import Foundation
import Segue
import Testing

final class ViewerProcess {
    let server: XvfbServer
    let process: Process
    let stderrPath: String
    private let connection: OpaquePointer
    private(set) var windowID: UInt = 0

    /// The `segue` executable next to the test bundle's build products (`swift build` makes it first).
    static var binary: String? {
        if let env = ProcessInfo.processInfo.environment["SEGUE_BINARY"] { return env }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for config in ["debug", "release"] {
            let path = root.appendingPathComponent(".build/\(config)/segue").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(server: XvfbServer, arguments: [String]) throws {
        guard let binary = Self.binary else {
            throw Failure(description: "the segue binary is not built: run `swift build --product segue` first (Scripts/test does)")
        }
        self.server = server
        guard let c = XOpenDisplay(server.display) else { throw Failure(description: "cannot open \(server.display)") }
        connection = c
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["view"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = server.display
        env["SEGUE_TRACE"] = "1"
        p.environment = env
        stderrPath = FileManager.default.temporaryDirectory.appendingPathComponent("segue-viewer-\(UUID().uuidString).err").path
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        process = p
        windowID = try waitForWindow()
    }

    private var stopped = false
    private var connectionOpen = true

    /// Closes this test's own connection (before the server is taken away under the viewer).
    func closeConnection() {
        guard connectionOpen else { return }
        connectionOpen = false
        XCloseDisplay(connection)
    }

    /// Ends the viewer and closes this test's connection. Call it before stopping the server: a
    /// connection to a server that is gone makes Xlib end the whole test process.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        closeConnection()
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    deinit { stop() }

    /// The viewer's stderr (its loop trace included): the last lines only.
    var stderr: String {
        stderrLines.suffix(20).joined(separator: "\n")
    }

    /// Every line the viewer has written to stderr so far.
    var stderrLines: [Substring] {
        ((try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// The top-level window titled "Segue".
    private func waitForWindow() throws -> UInt {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            guard process.isRunning else { throw Failure(description: "segue exited early: \(stderr)") }
            var root: CX11.Window = 0, parent: CX11.Window = 0
            var children: UnsafeMutablePointer<CX11.Window>?
            var count: UInt32 = 0
            XQueryTree(connection, XDefaultRootWindow(connection), &root, &parent, &children, &count)
            if let children {
                defer { XFree(children) }
                for i in 0..<Int(count) {
                    var name: UnsafeMutablePointer<CChar>?
                    if XFetchName(connection, children[i], &name) != 0, let name {
                        defer { XFree(name) }
                        if String(cString: name) == "Segue" { return children[i] }
                    }
                }
            }
            usleep(50_000)
        }
        throw Failure(description: "no Segue window appeared within 30 s: \(stderr)")
    }

    /// The window's size now.
    var size: (width: Int, height: Int) {
        var a = XWindowAttributes()
        XGetWindowAttributes(connection, windowID, &a)
        return (Int(a.width), Int(a.height))
    }

    /// The window's pixels (0x00RRGGBB), rows packed.
    func pixels() -> (width: Int, height: Int, data: [UInt32]) {
        XSync(connection, False)
        let (w, h) = size
        guard let image = XGetImage(connection, windowID, 0, 0, UInt32(w), UInt32(h), UInt.max, ZPixmap) else { return (0, 0, []) }
        defer { _ = image.pointee.f.destroy_image(image) }
        let rowBytes = Int(image.pointee.bytes_per_line)
        let data = UnsafeMutableRawPointer(image.pointee.data!)
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = (data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { out[y * w + x] = row[x] & 0xffffff }
        }
        return (w, h, out)
    }

    /// Polls until `condition` holds on the window's pixels, or fails after `timeout` seconds.
    @discardableResult
    func waitForPixels(timeout: Double = 60, _ what: String,
                       _ condition: (_ w: Int, _ h: Int, _ px: [UInt32]) -> Bool) throws -> [UInt32] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [UInt32] = []
        while Date() < deadline {
            let p = pixels()
            last = p.data
            if condition(p.width, p.height, p.data) { return p.data }
            guard process.isRunning else { throw Failure(description: "segue exited while waiting for \(what): \(stderr)") }
            usleep(50_000)
        }
        let saved = saveForInspection(last, named: what)
        throw Failure(description: "timed out waiting for \(what); the last frame read is \(saved); viewer stderr: \(stderr)")
    }

    /// Writes 0x00RRGGBB pixels of the window's size as a PNG under the temporary folder, for a person to look at.
    func saveForInspection(_ px: [UInt32], named what: String) -> String {
        let (w, h) = size
        guard px.count == w * h, w > 0 else { return "unavailable (\(px.count) pixels)" }
        let b = Bitmap(width: w, height: h)
        for i in 0..<px.count { b.pixels[i] = 0xff00_0000 | px[i] }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("segue-viewer-\(what.filter { $0.isLetter || $0.isNumber }).png").path
        return (try? PNG.write(b, to: path)).map { path } ?? "unwritable"
    }

    /// Waits until two reads 300 ms apart are identical (nothing animating).
    func waitUntilStill(timeout: Double = 20) throws -> [UInt32] {
        var previous = pixels().data
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            usleep(300_000)
            let now = pixels().data
            if now == previous { return now }
            previous = now
        }
        throw Failure(description: "the window never stopped changing within \(timeout) s")
    }

    /// xdotool against this server.
    func xdotool(_ args: String...) throws {
        let status = try server.run("xdotool", args)
        if status != 0 { throw Failure(description: "xdotool \(args.joined(separator: " ")) failed with \(status)") }
    }

    func click(_ x: Int, _ y: Int) throws {
        try xdotool("mousemove", "--window", "\(windowID)", "\(x)", "\(y)")
        try xdotool("mousedown", "1")
        usleep(60_000)
        try xdotool("mouseup", "1")
    }

    /// A drag through `points`, ~60 Hz, holding still `holdAtEnd` seconds before releasing.
    func drag(_ points: [(Int, Int)], holdAtEnd: Double = 0) throws {
        guard let first = points.first else { return }
        try xdotool("mousemove", "--window", "\(windowID)", "\(first.0)", "\(first.1)")
        try xdotool("mousedown", "1")
        for p in points.dropFirst() {
            usleep(16_000)
            try xdotool("mousemove", "--window", "\(windowID)", "\(p.0)", "\(p.1)")
        }
        if holdAtEnd > 0 { usleep(useconds_t(holdAtEnd * 1e6)) }
        try xdotool("mouseup", "1")
    }

    /// CPU seconds the viewer has used (user + system).
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits for the process to exit; nil if it did not within `timeout`.
    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

/// Largest per-channel difference of two 0x00RRGGBB images of the same size.
func maxDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
    guard a.count == b.count else { return 255 }
    var worst = 0
    for i in 0..<a.count where a[i] != b[i] {
        for s in [0, 8, 16] as [UInt32] {
            worst = max(worst, abs(Int((a[i] >> s) & 0xff) - Int((b[i] >> s) & 0xff)))
        }
    }
    return worst
}
