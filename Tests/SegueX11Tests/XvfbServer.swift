// XvfbServer: a private X server for one test. Xvfb picks a free display itself and reports it
// on a pipe (-displayfd), so there is no guessing and no sleeping; -terminate makes it exit when
// its last client goes, should the test process die before `stop()`.

import CX11
import Foundation
import Testing

final class XvfbServer {
    let process: Process
    /// A connection held for the server's life, so -terminate fires only when the test process
    /// is gone, not whenever a test closes its last window.
    private var keeper: OpaquePointer?
    /// ":N"
    let display: String
    let number: Int

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts Xvfb with one screen of `width`×`height`×`depth` and any extra arguments.
    static func start(width: Int = 640, height: Int = 480, depth: Int = 24, arguments extra: [String] = []) throws -> XvfbServer {
        let candidates = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb", "/bin/Xvfb"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing(description: "Xvfb is not installed: the X11 tests need it (apt-get install xvfb xdotool)")
        }
        let ready = Pipe()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("segue-xvfb-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let errors = try FileHandle(forWritingTo: log)
        defer { try? errors.close(); try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-displayfd", "3", "-screen", "0", "\(width)x\(height)x\(depth)",
                             "-nolisten", "tcp", "-terminate"] + extra
        // -displayfd 3: Process maps extra descriptors poorly, so hand the pipe over as stdout
        // duplicated onto fd 3 through /bin/sh.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" 3>&1 1>/dev/null", path] + process.arguments!
        process.standardOutput = ready
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = ready.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.waitUntilExit()
            let why = (try? String(contentsOf: log, encoding: .utf8)) ?? ""

            throw Missing(description: "Xvfb did not start: \(why.split(separator: "\n").prefix(3).joined(separator: " / "))")
        }
        return XvfbServer(process: process, number: number)
    }

    private init(process: Process, number: Int) {
        self.process = process
        self.number = number
        display = ":\(number)"
        keeper = XOpenDisplay(display)
    }

    func stop() {
        if let keeper { XCloseDisplay(keeper) }
        keeper = nil
        // SIGKILL: processes spawned from test threads inherit a signal mask blocking SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs a command-line X client (xdotool) against this server and waits for it.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
