// X11ConnectionTests: no display is an error the CLI can print in one line; a server that goes
// away mid-run ends the process with one line and exit code 1, never a crash or a hang.

import CX11
import Foundation
import Testing
@testable import SegueX11

extension X11ServerTests {
@Suite struct X11ConnectionTests {
    @Test func noDisplayNameIsAClearError() {
        #expect(throws: X11Error.noDisplay) { try X11Window(title: "t", width: 10, height: 10, display: "") }
        #expect(X11Error.noDisplay.description.contains("DISPLAY is not set"))
    }

    @Test func unreachableDisplayIsAClearError() throws {
        // A display number with no server: the first whose socket does not exist.
        let number = try #require((200..<400).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") })
        #expect(throws: X11Error.cannotOpenDisplay(":\(number)")) {
            try X11Window(title: "t", width: 10, height: 10, display: ":\(number)")
        }
        #expect(X11Error.cannotOpenDisplay(":7").description.contains("cannot open the X display \":7\""))
    }

    @Test func losingTheServerExitsWithOneLineAndCodeOne() throws {
        let server = try XvfbServer.start()
        var ready: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        #expect(pipe(&ready) == 0 && pipe(&errors) == 0)
        let child = fork()
        if child == 0 {
            // The child: a window waiting for events forever, until the server dies.
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)        // test threads block signals; we need SIGALRM
            alarm(20)                                   // never hang the suite
            dup2(errors[1], 2)
            close(ready[0]); close(errors[0])
            guard let window = try? X11Window(title: "doomed", width: 50, height: 50, display: server.display) else { _exit(3) }
            fillPattern(window.backBuffer())
            window.present()
            var byte: UInt8 = 1
            _ = write(ready[1], &byte, 1)
            while true {
                window.waitForEvents(timeout: nil)
                _ = window.events()
            }
        }
        close(ready[1]); close(errors[1])
        var byte: UInt8 = 0
        #expect(read(ready[0], &byte, 1) == 1, "the child could not open its window")
        server.stop()
        var status: Int32 = 0
        waitpid(child, &status, 0)
        var output = [UInt8](repeating: 0, count: 4096)
        let count = read(errors[0], &output, output.count)
        close(ready[0]); close(errors[0])
        let text = String(decoding: output.prefix(max(0, count)), as: UTF8.self)
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        #expect(exited && code == 1, "status \(status)")
        #expect(text.hasSuffix(": lost the connection to the X server\n"), "stderr was \(text)")
        #expect(text.split(separator: "\n").count == 1)
    }
}
}
