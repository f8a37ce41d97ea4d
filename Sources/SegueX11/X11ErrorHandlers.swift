// X11ErrorHandlers: Xlib's two process-wide error hooks. Protocol errors (a failed XShmAttach on a
// remote display, a window already gone) are recorded, and only printed when nobody trapped them —
// Xlib's default would exit the process. A lost connection is fatal by Xlib's design (the IO error
// handler must not return), so it prints one line and exits with code 1 instead of a core dump.

import CX11
#if canImport(Glibc)
import Glibc
#endif

enum X11ErrorHandlers {
    /// The error code of the last protocol error seen while trapping (0 = none).
    nonisolated(unsafe) static var trappedCode: UInt8 = 0
    /// True while `trap` runs its body: errors are recorded, not printed.
    nonisolated(unsafe) static var trapping = false
    nonisolated(unsafe) static var installed = false
    /// The name printed before the lost-connection message (the executable's name).
    nonisolated(unsafe) static var programName: String = {
        let path = CommandLine.arguments.first ?? "segue"
        return path.split(separator: "/").last.map(String.init) ?? path
    }()

    /// Installs both handlers once per process; also turns on Xlib's thread locks (must precede
    /// every other Xlib call) so separate connections on separate threads stay safe.
    static func install() {
        guard !installed else { return }
        installed = true
        XInitThreads()
        XSetErrorHandler { _, event in
            guard let event else { return 0 }
            if X11ErrorHandlers.trapping {
                if X11ErrorHandlers.trappedCode == 0 { X11ErrorHandlers.trappedCode = event.pointee.error_code }
            } else {
                let e = event.pointee
                X11ErrorHandlers.printLine("X error \(e.error_code) (request \(e.request_code).\(e.minor_code))")
            }
            return 0
        }
        XSetIOErrorHandler { _ in
            X11ErrorHandlers.printLine("lost the connection to the X server")
            exit(1)
        }
    }

    /// Writes "program: message" to stderr in one write (safe in an error handler).
    static func printLine(_ message: String) {
        let line = Array("\(programName): \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Runs `body`, syncs so the server has answered, and returns the first protocol error code
    /// the body caused (0 when it succeeded).
    static func trap(_ display: OpaquePointer, _ body: () -> Void) -> UInt8 {
        XSync(display, False)
        trappedCode = 0
        trapping = true
        body()
        XSync(display, False)
        trapping = false
        return trappedCode
    }
}
