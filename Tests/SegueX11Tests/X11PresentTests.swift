// X11PresentTests: pixels go through the real server unchanged — MIT-SHM and XPutImage alike,
// 24- and 32-bit visuals, fallbacks when MIT-SHM is missing or refused, and across resizes.

import CX11
import Testing
@testable import SegueX11

extension X11ServerTests {
@Suite struct X11PresentTests {
    @Test func sharedMemoryPresentShowsExactPixels() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server, width: 173, height: 91)
        defer { window.close() }
        #expect(window.usesSharedMemory)
        #expect(window.pixelFormat.matchesNative)
        let pixels = try #require(presentPattern(window))
        #expect(firstDifference(pixels, expectedPattern(window), width: window.width) == nil)
    }

    @Test func putImageShowsTheSamePixelsAsSharedMemory() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        // One window at a time: without a window manager both sit at (0, 0) and would overlap.
        let shared = try openWindow(server, width: 120, height: 80)
        let a = try #require(presentPattern(shared))
        #expect(shared.usesSharedMemory)
        shared.close()
        let plain = try openWindow(server, width: 120, height: 80, options: .init(useSharedMemory: false))
        defer { plain.close() }
        let b = try #require(presentPattern(plain))
        #expect(!plain.usesSharedMemory)
        #expect(firstDifference(a, b, width: 120) == nil)
        #expect(firstDifference(b, expectedPattern(plain), width: 120) == nil)
    }

    @Test func fallsBackWhenTheServerHasNoSharedMemory() throws {
        let server = try XvfbServer.start(arguments: ["-extension", "MIT-SHM"])
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        let pixels = try #require(presentPattern(window))
        #expect(!window.usesSharedMemory)
        #expect(firstDifference(pixels, expectedPattern(window), width: window.width) == nil)
    }

    @Test func thirtyTwoBitVisualKeepsAlpha() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        for shm in [true, false] {
            let window = try openWindow(server, options: .init(useSharedMemory: shm, depth: 32))
            defer { window.close() }
            #expect(window.depth == 32)
            #expect(window.usesSharedMemory == shm)
            // Premultiplied half-transparent pattern: channels never exceed alpha.
            let buffer = window.backBuffer()
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    let p = patternPixel(x: x, y: y) & 0x007f_7f7f
                    buffer.pixels[y * buffer.stride + x] = 0x8000_0000 | p
                }
            }
            window.present()
            let pixels = try #require(readBack(window))
            #expect(pixels[0] == 0x8000_0000 | (patternPixel(x: 0, y: 0) & 0x007f_7f7f))
            #expect(pixels[5 * window.width + 9] == 0x8000_0000 | (patternPixel(x: 9, y: 5) & 0x007f_7f7f))
        }
    }

    @Test func doubleBufferingAlternatesAndNeverHandsOutABusyBuffer() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server, width: 64, height: 48)
        defer { window.close() }
        var seen: [UnsafeMutablePointer<UInt32>] = []
        for frame in 0..<6 {
            let buffer = window.backBuffer()
            for index in window.buffers.indices where window.buffers[index].pixels == buffer.pixels {
                #expect(!window.buffers[index].busy, "frame \(frame) got a buffer the server still reads")
            }
            buffer.pixels.update(repeating: 0xff00_0000 | UInt32(frame * 40), count: buffer.stride * buffer.height)
            window.present()
            seen.append(buffer.pixels)
        }
        #expect(seen[0] != seen[1] && seen[0] == seen[2] && seen[1] == seen[3])
        let pixels = try #require(readBack(window))
        #expect(pixels.allSatisfy { $0 == 200 })
    }

    @Test func resizeGivesBuffersOfTheNewSizeEvenWhilePresenting() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        for shm in [true, false] {
            let window = try openWindow(server, width: 100, height: 70, options: .init(useSharedMemory: shm))
            defer { window.close() }
            fillPattern(window.backBuffer())
            window.present()                 // still in flight when the resize lands
            window.resize(width: 211, height: 133)
            let events = collectEvents(window) { if case .resize = $0 { return true } else { return false } }
            #expect(events.contains(.resize(width: 211, height: 133)))
            #expect(!window.redisplay())     // the old frame is the wrong size
            let buffer = window.backBuffer()
            #expect(buffer.width == 211 && buffer.height == 133 && buffer.stride >= 211)
            let pixels = try #require(presentPattern(window))
            #expect(pixels.count == 211 * 133)
            #expect(firstDifference(pixels, expectedPattern(window), width: 211) == nil)
            #expect(window.redisplay())      // the frame just shown can be put again after an Expose
        }
    }

    @Test func sharedMemoryRefusedOverTCPFallsBackToPutImage() throws {
        // Over TCP the server cannot learn our uid, so it refuses to attach a 0600 segment —
        // exactly what happens on a remote display. XShmAttach fails; the window must not.
        let server = try XvfbServer.start(arguments: ["-listen", "tcp"])
        defer { server.stop() }
        let window = try X11Window(title: "tcp", width: 90, height: 60, display: "127.0.0.1:\(server.number)")
        defer { window.close() }
        _ = collectEvents(window) { $0 == .expose }
        #expect(window.shmCompletionType != nil, "the server offers MIT-SHM; only the attach may fail")
        let pixels = try #require(presentPattern(window))
        #expect(!window.usesSharedMemory)
        #expect(firstDifference(pixels, expectedPattern(window), width: window.width) == nil)
    }

    @Test func sharedSegmentsArePrivateAndAlreadyMarkedForRemoval() throws {
        let server = try XvfbServer.start()
        defer { server.stop() }
        let window = try openWindow(server)
        defer { window.close() }
        _ = window.backBuffer()
        for buffer in window.buffers {
            let info = try #require(buffer.segment)
            var stat = shmid_ds()
            #expect(shmctl(info.pointee.shmid, IPC_STAT, &stat) == 0)
            #expect(stat.shm_perm.mode & 0o777 == 0o600)
            #expect(stat.shm_perm.mode & UInt32(SHM_DEST) != 0, "segment not marked IPC_RMID")
        }
    }
}
}
