// Golden images: a rendered Bitmap compared with a PNG under Tests/SegueTests/Goldens/, per channel,
// within a small tolerance. Goldens are found through #filePath (the source tree), so a failing
// comparison can write `<name>.actual.png` and `<name>.diff.png` next to the expected file for a person
// to look at. Run with SEGUE_UPDATE_GOLDENS=1 to (re)write the expected files instead.
import Foundation
import Testing
@testable import Segue

/// Where golden PNGs live (the source folder, writable).
func goldensDirectory(file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens").path
}

/// The result of comparing two bitmaps channel by channel.
struct GoldenComparison {
    var maxDifference: Int
    var pixelsOver: Int
    var diff: Bitmap
}

/// Per-channel comparison; the diff image shows differences ×8 on black, opaque.
func compareBitmaps(_ actual: Bitmap, _ expected: Bitmap, tolerance: Int) -> GoldenComparison? {
    guard actual.width == expected.width, actual.height == expected.height else { return nil }
    let diff = Bitmap(width: actual.width, height: actual.height, fill: 0xff00_0000)
    var worst = 0, over = 0
    for y in 0..<actual.height {
        for x in 0..<actual.width {
            let a = actual[x, y], e = expected[x, y]
            if a == e { continue }
            var d = 0, px: UInt32 = 0xff00_0000
            for s in [0, 8, 16, 24] as [UInt32] {
                let c = abs(Int((a >> s) & 0xff) - Int((e >> s) & 0xff))
                d = max(d, c)
                px |= UInt32(min(255, c * 8)) << (s == 24 ? 8 : s)
            }
            worst = max(worst, d)
            if d > tolerance { over += 1 }
            diff[x, y] = px
        }
    }
    return GoldenComparison(maxDifference: worst, pixelsOver: over, diff: diff)
}

/// Expects `bitmap` to match the golden `name` within `tolerance` levels per channel.
func expectGolden(_ bitmap: Bitmap, _ name: String, tolerance: Int = 2,
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    let dir = goldensDirectory()
    let path = "\(dir)/\(name).png", actualPath = "\(dir)/\(name).actual.png", diffPath = "\(dir)/\(name).diff.png"
    let fm = FileManager.default
    if ProcessInfo.processInfo.environment["SEGUE_UPDATE_GOLDENS"] == "1" {
        try PNG.write(bitmap, to: path)
        try? fm.removeItem(atPath: actualPath); try? fm.removeItem(atPath: diffPath)
        return
    }
    guard fm.fileExists(atPath: path) else {
        try PNG.write(bitmap, to: actualPath)
        Issue.record("golden \(name).png is missing (actual written; run with SEGUE_UPDATE_GOLDENS=1 to accept)",
                     sourceLocation: sourceLocation)
        return
    }
    let expected = try PNG.read(path: path)
    guard let c = compareBitmaps(bitmap, expected, tolerance: tolerance) else {
        try PNG.write(bitmap, to: actualPath)
        Issue.record("golden \(name): size \(bitmap.width)×\(bitmap.height), expected \(expected.width)×\(expected.height)",
                     sourceLocation: sourceLocation)
        return
    }
    if c.maxDifference > tolerance {
        try PNG.write(bitmap, to: actualPath)
        try PNG.write(c.diff, to: diffPath)
        Issue.record("golden \(name): \(c.pixelsOver) pixels differ by more than \(tolerance) (max \(c.maxDifference)); see \(actualPath)",
                     sourceLocation: sourceLocation)
    } else {
        try? fm.removeItem(atPath: actualPath); try? fm.removeItem(atPath: diffPath)
    }
}
