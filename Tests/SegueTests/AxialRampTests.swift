// `Canvas.fill(convex:ramp:)` fills a convex polygon with colours along one direction, a span a row
// and eight pixels a step. These tests pin it to a pixel-by-pixel reference written here from the
// definition (centre inside the polygon, colour at the rounded ramp position, source-over), and the
// vector loop to the scalar one (FastPaths off).

import Foundation
import Testing
@testable import Segue

struct AxialRampTests {
    /// A convex polygon: `n` points at increasing angles around a centre, at random radii.
    static func polygon(_ rng: inout SplitMix) -> [(x: Double, y: Double)] {
        let cx = Double.random(in: -20...120, using: &rng), cy = Double.random(in: -20...90, using: &rng)
        let n = Int.random(in: 3...6, using: &rng), turn = Double.random(in: 0...(2 * .pi), using: &rng)
        let rx = Double.random(in: 2...90, using: &rng), ry = Double.random(in: 2...70, using: &rng)
        return (0..<n).map { k in
            let a = turn + 2 * .pi * Double(k) / Double(n)
            return (cx + rx * cos(a), cy + ry * sin(a))
        }
    }

    /// Whether point (x, y) is inside the convex polygon (strictly, away from its edges by `margin`).
    static func inside(_ p: [(x: Double, y: Double)], _ x: Double, _ y: Double, margin: Double) -> Bool? {
        var sign = 0.0
        var near = false
        for k in p.indices {
            let a = p[k], b = p[(k + 1) % p.count]
            let ex = b.x - a.x, ey = b.y - a.y, len = (ex * ex + ey * ey).squareRoot()
            let c = (ex * (y - a.y) - ey * (x - a.x)) / len
            if abs(c) < margin { near = true; continue }
            if sign == 0 { sign = c > 0 ? 1 : -1 } else if (c > 0 ? 1 : -1) != sign { return false }
        }
        return near ? nil : true
    }

    @Test func matchesThePixelByPixelDefinition() {
        var rng = SplitMix(seed: 7)
        var filled = 0
        for trial in 0..<300 {
            let target = Bitmap(width: 100, height: 70)
            for y in 0..<70 { for x in 0..<100 { target.row(y)[x] = 0xff00_0000 | UInt32(truncatingIfNeeded: (x * 37 + y * 91) & 0xffffff) } }
            let before = Bitmap(width: 100, height: 70)
            for y in 0..<70 { for x in 0..<100 { before.row(y)[x] = target.row(y)[x] } }
            let corners = Self.polygon(&rng)
            // Ramps from gentle (across the whole polygon) to steep (a few pixels), any direction.
            let n = Int.random(in: 1...300, using: &rng)
            let pixels = (0..<n).map { _ in
                let a = UInt32.random(in: 0...255, using: &rng)
                return a << 24 | (UInt32.random(in: 0...a, using: &rng) << 16) | (UInt32.random(in: 0...a, using: &rng) << 8)
            }
            let fx = Double.random(in: -0.3...0.3, using: &rng), fy = Double.random(in: -0.3...0.3, using: &rng)
            let ramp = AxialRamp(pixels: pixels, f0: Double.random(in: -3...3, using: &rng), fx: fx, fy: fy)
            var canvas = Canvas(target: target)
            if trial % 3 == 0 { canvas.clip = PixelRect(x0: 13, y0: 9, x1: 81, y1: 57) }
            canvas.fill(convex: corners, ramp: ramp)
            for y in 0..<70 {
                for x in 0..<100 {
                    let xc = Double(x) + 0.5, yc = Double(y) + 0.5
                    let clipped = x < canvas.clip.x0 || x >= canvas.clip.x1 || y < canvas.clip.y0 || y >= canvas.clip.y1
                    guard let covered = Self.inside(corners, xc, yc, margin: 1e-6) else { continue }
                    let t = min(1, max(0, ramp.f0 + fx * xc + fy * yc))
                    // Rounding of the ramp position may go either way right at a half step.
                    let exact = t * Double(n - 1), k = Int(exact.rounded())
                    let ambiguous = abs(exact - exact.rounded(.down) - 0.5) < 2e-3
                    let expected = covered && !clipped ? over(pixels[k], before.row(y)[x]) : before.row(y)[x]
                    if !ambiguous { #expect(target.row(y)[x] == expected, "trial \(trial) pixel (\(x), \(y))") }
                    if covered && !clipped { filled += 1 }
                }
            }
        }
        #expect(filled > 100_000)
    }

    @Test func vectorLoopMatchesScalarLoop() {
        var rng = SplitMix(seed: 19)
        for _ in 0..<200 {
            let pixels = (0..<Int.random(in: 1...256, using: &rng)).map { _ in
                let a = UInt32.random(in: 0...255, using: &rng)
                return a << 24 | (UInt32.random(in: 0...a, using: &rng) << 8) | UInt32.random(in: 0...a, using: &rng)
            }
            let count = Int.random(in: 1...200, using: &rng)
            let start = Int.random(in: -3_000_000...20_000_000, using: &rng), step = Int.random(in: -600_000...600_000, using: &rng)
            var a = (0..<count).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) | 0xff00_0000 }
            var b = a
            pixels.withUnsafeBufferPointer { lut in
                a.withUnsafeMutableBufferPointer { rampSpan($0.baseAddress!, count, lut, start: start, step: step) }
                FastPaths.$enabled.withValue(false) {
                    b.withUnsafeMutableBufferPointer { rampSpan($0.baseAddress!, count, lut, start: start, step: step) }
                }
            }
            #expect(a == b, "count \(count) start \(start) step \(step)")
        }
    }

    /// A fill big enough to go in bands on two threads draws what one thread draws, over the target
    /// or over an image beneath.
    @Test func twoThreadsDrawWhatOneDraws() {
        var rng = SplitMix(seed: 9)
        for trial in 0..<4 {
            // The first a quad over most of the canvas (well past the size that goes in bands).
            let corners = trial == 0 ? [(x: 20.3, y: 10.6), (x: 680.2, y: 40.1), (x: 650.7, y: 440.4), (x: 40.5, y: 400.9)]
                : Self.polygon(&rng).map { (x: $0.x * 6, y: $0.y * 5) }
            let pixels = (0..<256).map { UInt32($0) << 24 }
            let ramp = AxialRamp(pixels: pixels, f0: 0.1, fx: Double.random(in: -0.01...0.01, using: &rng), fy: 0.002)
            // Over the target, and over an image beneath (the curl's page underneath).
            let image = Bitmap(width: 640, height: 420)
            for y in 0..<420 { for x in 0..<640 { image.row(y)[x] = 0xff00_0000 | UInt32(truncatingIfNeeded: x * 2654435761 ^ y * 40503) & 0xff_ffff } }
            for beneath in [nil, (image: image, dx: 30, dy: 12)] as [(image: Bitmap, dx: Int, dy: Int)?] {
                let one = Bitmap(width: 700, height: 450, fill: 0xff33_6699), two = Bitmap(width: 700, height: 450, fill: 0xff33_6699)
                Canvas(target: one).fill(convex: corners, ramp: ramp, beneath: beneath)
                var canvas = Canvas(target: two)
                canvas.threads = 2
                canvas.fill(convex: corners, ramp: ramp, beneath: beneath)
                #expect(FastPathTests.maxDifference(one, two) == 0)
            }
        }
    }

    /// Over an opaque image beneath (`beneath`: its pixel (x − dx, y − dy) under device pixel (x, y)),
    /// the fill is the image copied and the ramp filled over it, where the polygon lies on the image;
    /// elsewhere the target is left alone (the curl's page underneath and its shadow in one pass).
    @Test func overAnImageBeneathIsTheImageCopiedThenFilled() {
        var rng = SplitMix(seed: 41)
        for trial in 0..<150 {
            let image = Bitmap(width: 60, height: 45)
            for y in 0..<45 { for x in 0..<60 { image.row(y)[x] = 0xff00_0000 | UInt32.random(in: 0...0xff_ffff, using: &rng) } }
            let dx = Int.random(in: -10...40, using: &rng), dy = Int.random(in: -10...25, using: &rng)
            let corners = Self.polygon(&rng)
            let pixels = (0..<256).map { UInt32(($0 * 7 + trial) % 256) << 24 }
            let ramp = AxialRamp(pixels: pixels, f0: 0.2, fx: Double.random(in: -0.05...0.05, using: &rng),
                                 fy: Double.random(in: -0.05...0.05, using: &rng))
            let fused = Bitmap(width: 100, height: 70, fill: 0xff20_3040), twoPasses = Bitmap(width: 100, height: 70, fill: 0xff20_3040)
            var canvas = Canvas(target: fused)
            if trial % 3 == 0 { canvas.clip = PixelRect(x0: 13, y0: 9, x1: 81, y1: 57) }
            canvas.fill(convex: corners, ramp: ramp, beneath: (image: image, dx: dx, dy: dy))
            // The image copied where the polygon covers a pixel of it, then the ramp over the polygon there.
            let onImage = PixelRect(x0: dx, y0: dy, x1: dx + 60, y1: dy + 45).intersection(canvas.clip)
            let marks = Bitmap(width: 100, height: 70)
            var clipped = Canvas(target: marks)
            clipped.clip = onImage
            clipped.fill(convex: corners, ramp: AxialRamp(pixels: [0xffff_ffff], f0: 0, fx: 0, fy: 0))
            for y in 0..<70 { for x in 0..<100 where marks.row(y)[x] != 0 { twoPasses.row(y)[x] = image.row(y - dy)[x - dx] } }
            var second = Canvas(target: twoPasses)
            second.clip = onImage
            second.fill(convex: corners, ramp: ramp)
            #expect(FastPathTests.maxDifference(fused, twoPasses) == 0, "trial \(trial)")
        }
    }
}

