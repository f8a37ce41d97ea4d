// GIF export decoded back by ImageMagick: frame count, size, delays in centiseconds, looping, and the
// pixels themselves — exactly, for images of at most 256 colours on the 5-bit grid (so quantization is
// lossless and any LZW mistake shows), closely for a real transition frame.
import Foundation
import Testing
@testable import Segue

@Suite struct GIFExportTests {
    static func tool(_ name: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") { return "\(dir)/\(name)" }
        return nil
    }

    /// Runs an ImageMagick tool; fails the test when ImageMagick is not installed (Scripts/test installs it).
    static func run(_ name: String, _ args: [String]) throws -> String {
        guard let path = tool(name) else { throw GIFTestFailure(description: "ImageMagick '\(name)' is not installed") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    struct GIFTestFailure: Error, CustomStringConvertible { var description: String }

    /// A bitmap of `colors` distinct 5-bit-grid colours in a noisy pattern (long LZW runs of codes).
    static func noise(width: Int, height: Int, colors: Int, seed: UInt64) -> Bitmap {
        var rng = SplitMix(seed: seed)
        let palette: [UInt32] = (0..<colors).map { i in
            let r = UInt32((i * 7) % 32) * 255 / 31, g = UInt32((i * 13 / 3) % 32) * 255 / 31, b = UInt32(i % 32) * 255 / 31
            return 0xFF00_0000 | r << 16 | g << 8 | b
        }
        let b = Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = b.row(y)
            for x in 0..<width { row[x] = palette[(x / 3 + y) % 5 == 0 ? 0 : rng.below(colors)] }
        }
        return b
    }

    @Test func framesSizeDelaysAndLoopSurviveImageMagick() throws {
        let dir = NSTemporaryDirectory() + "segue-gif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<5).map { Self.noise(width: 61, height: 37, colors: 40 + 50 * $0, seed: UInt64($0)) }
        let bytes = GIF.encode(frames: frames, delays: [0.5, 1.0 / 30, 1.0 / 30, 1.0 / 30, 1])
        let path = dir + "/t.gif"
        try OutputFile.write(bytes, to: path)
        #expect(OutputFile.isWrittenBySegue(path))
        let info = try Self.run("identify", ["-format", "%w %h %T %n\n", path])
        // 1/30 s three times: 3, 4, 3 centiseconds (cumulative rounding, no drift).
        #expect(info.split(separator: "\n") == ["61 37 50 5", "61 37 3 5", "61 37 4 5", "61 37 3 5", "61 37 100 5"])
        let verbose = try Self.run("identify", ["-verbose", path + "[0]"])
        #expect(verbose.contains("Iterations: 0"))  // NETSCAPE2.0 loop count 0: forever
        // Every frame's pixels come back exactly.
        for (i, frame) in frames.enumerated() {
            let raw = dir + "/f\(i).rgb"
            _ = try Self.run("convert", [path + "[\(i)]", "-depth", "8", "rgb:" + raw])
            let back = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
            #expect(back.count == 61 * 37 * 3)
            var mismatches = 0
            for y in 0..<37 {
                for x in 0..<61 {
                    let p = frame.row(y)[x], k = (y * 61 + x) * 3
                    if back[k] != UInt8((p >> 16) & 0xFF) || back[k + 1] != UInt8((p >> 8) & 0xFF) || back[k + 2] != UInt8(p & 0xFF) {
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0, "frame \(i)")
        }
    }

    @Test func largeFrameFillsTheCodeTableAndClears() throws {
        // 200×200 of 256 colours: well over 4,096 LZW codes, so the encoder clears and restarts.
        let dir = NSTemporaryDirectory() + "segue-gif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frame = Self.noise(width: 200, height: 200, colors: 256, seed: 7)
        let path = dir + "/big.gif", raw = dir + "/big.rgb"
        try OutputFile.write(GIF.encode(frames: [frame], delays: [0.1]), to: path)
        _ = try Self.run("convert", [path, "-depth", "8", "rgb:" + raw])
        let back = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        #expect(back.count == 200 * 200 * 3)
        var same = true
        for i in 0..<(200 * 200) where back.count == 120_000 {
            let p = frame.row(i / 200)[i % 200]
            if back[i * 3] != UInt8((p >> 16) & 0xFF) || back[i * 3 + 2] != UInt8(p & 0xFF) { same = false; break }
        }
        #expect(same)
    }

    @Test func medianCutKeepsAPhotoClose() {
        let image = Image.hero(size: Size(width: 120, height: 80), style: .dusk, seed: 3).bitmap
        let (palette, indices) = GIF.quantize(image)
        var error = 0.0
        for i in 0..<(120 * 80) {
            let p = image.row(i / 120)[i % 120], k = Int(indices[i]) * 3
            let dr = Double(palette[k]) - Double((p >> 16) & 0xFF), dg = Double(palette[k + 1]) - Double((p >> 8) & 0xFF)
            let db = Double(palette[k + 2]) - Double(p & 0xFF)
            error += (dr * dr + dg * dg + db * db) / 3
        }
        let rmse = (error / Double(120 * 80)).squareRoot()
        #expect(rmse < 6, "RMS error \(rmse)")
    }

    @Test func lzwOfEmptyAndSingleSymbols() {
        // Clear, (symbol), end — packed LSB first at 9 bits.
        #expect(GIF.lzw([], minCodeSize: 8) == [0x00, 0x03, 0x02])
        #expect(GIF.lzw([7], minCodeSize: 8) == [0x00, 0x0F, 0x04, 0x04])
    }
}
