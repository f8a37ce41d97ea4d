import Testing
@testable import Segue
import Foundation

/// A frame strip of the seed-style spring, drawn from presentation values with plain filled rects
/// (the compositor is another area's). Row 1: damping 0.4 — the block overshoots the target line and
/// settles; row 2: damping 1.0 — it never crosses. Set SEGUE_ARTIFACTS=dir to write the PNG.
@MainActor @Suite struct AnimationFrameStripTests {
    static let frames = 16, cellW = 80, cellH = 60, travel = 48.0, block = 12

    func fill(_ b: Bitmap, _ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ c: Color) {
        for y in max(0, y0)..<min(b.height, y0 + h) { for x in max(0, x0)..<min(b.width, x0 + w) { b[x, y] = c.premultipliedPixel } }
    }

    /// Presentation x of a view springing `travel` points over 1 s, sampled at the strip's frame times.
    func samples(damping: Double, times: [Double]) -> [Double] {
        let w = Window(size: Size(width: 100, height: 100))
        let v = View(frame: Rect(x: 0, y: 0, width: Double(Self.block), height: Double(Self.block)))
        w.addSubview(v)
        View.animate(withDuration: 1, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: 0,
                     options: [], animations: { v.frame.origin.x = Self.travel }, completion: nil)
        return times.map { t in w.advance(to: t); return v.layer.presentation()!.frame.minX }
    }

    @Test func springStripOvershootsOnlyWhenUnderDamped() throws {
        let times = (0..<Self.frames).map { Double($0) / Double(Self.frames - 1) * 0.75 }
        let plotH = 160
        let b = Bitmap(width: Self.frames * Self.cellW, height: 2 * Self.cellH + plotH, fill: Color.white.premultipliedPixel)
        var crossed = [false, false]
        let dense = (0...300).map { Double($0) / 300 }
        for (row, damping) in [0.4, 1.0].enumerated() {
            let xs = samples(damping: damping, times: times)
            for (i, x) in xs.enumerated() {
                let ox = i * Self.cellW + 8, oy = row * Self.cellH
                fill(b, i * Self.cellW, oy, 1, Self.cellH, .lightGray)                       // cell edge
                fill(b, ox + Int(Self.travel) + Self.block, oy + 6, 1, Self.cellH - 12, .red) // target's right edge
                fill(b, ox + Int(x.rounded()), oy + 24, Self.block, Self.block, row == 0 ? .systemBlue : .systemGreen)
                if x > Self.travel + 0.5 { crossed[row] = true }
            }
            // The plot: progress against time, the target at 1 as a grey line.
            let ys = samples(damping: damping, times: dense)
            let base = 2 * Self.cellH + plotH - 20, scale = 100.0
            fill(b, 0, base - Int(scale), b.width, 1, .gray)
            for (j, x) in ys.enumerated() {
                let px = j * (b.width - 1) / 300, py = base - Int((x / Self.travel * scale).rounded())
                fill(b, px, py - 1, 2, 3, row == 0 ? .systemBlue : .systemGreen)
            }
        }
        #expect(crossed == [true, false])
        if let dir = ProcessInfo.processInfo.environment["SEGUE_ARTIFACTS"] {
            try PNG.write(b, to: dir + "/spring-strip.png")
        }
    }
}
