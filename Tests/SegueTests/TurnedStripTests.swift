// CTurnedStrip's loop (`segue_turned_strip16`, what `TurnedStrips.draw` runs on a CPU with AVX-512)
// pinned to the Swift loop it stands for (`drawLanes`), bit for bit: strips of images turned either
// way, shallow and deep (past six drops the Swift loop picks a row's lanes by a gather from the ring),
// along the image's rows and through its transposed copy's, with groups inside the window and past
// it (scaled down, so that the taps spread), rows each strip draws and rows it skips, at full and
// partial opacity, over opaque and translucent pixels.
import Foundation
import Testing
@testable import Segue

@Suite(.enabled(if: cLoopsAvailable, "CTurnedStrip needs AVX-512 F and BW"))
struct TurnedStripTests {
    @Test func theCLoopEqualsTheSwiftLoop() {
        var rng = SplitMix(seed: 21)
        let (opaque, translucent) = FastPathTests.textures(200, 150, &rng)
        let area = PixelRect(x0: 0, y0: 0, x1: 160, y1: 120)
        let storage = UnsafeMutablePointer<Int32>.allocate(capacity: StripRows.capacity(area))
        defer { storage.deallocate() }
        let ring = UnsafeMutablePointer<Px16>.allocate(capacity: TurnedStrips.ring)
        defer { ring.deallocate() }
        var drawn = 0, shallow = 0, deep = 0
        for trial in 0..<300 {
            // A turn of ±3…56° at a scale of 0.6…2.2 (past 1.7 some groups' taps leave the window).
            let angle = Double.random(in: 3...56, using: &rng) * (trial % 2 == 0 ? 1 : -1) * .pi / 180
            let scale = trial % 5 == 0 ? Double.random(in: 1.7...2.2, using: &rng) : Double.random(in: 0.6...1.4, using: &rng)
            let (cs, sn) = (cos(angle) * scale, sin(angle) * scale)
            let u = (fixed(cs), fixed(sn)), v = (fixed(-sn), fixed(cs))
            guard let plan = TurnedStrips.plan(u: u, v: v, copy: { trial % 3 == 0 ? opaque.transposed() : nil }) else { continue }
            let tex = plan.copy ?? (trial % 4 == 1 ? translucent : opaque)
            let (dC, dCy, dR, dRy) = plan.copy == nil ? (u.0, u.1, v.0, v.1) : (v.0, v.1, u.0, u.1)
            // The image's centre at the area's, in 8.24 (texel centres at integers).
            let C00 = fixed(Double(tex.width) / 2 - 80 * Double(dC) / 16_777_216 - 60 * Double(dCy) / 16_777_216)
            let R00 = fixed(Double(tex.height) / 2 - 80 * Double(dR) / 16_777_216 - 60 * Double(dRy) / 16_777_216)
            // Each row leaves a random run of whole strips (some none) to the strips.
            let layout = StripRows(storage, area)
            for y in area.y0..<area.y1 {
                let a = Int.random(in: -20...170, using: &rng), b = Int.random(in: -20...170, using: &rng)
                _ = layout.note(row: y, inner: max(0, min(a, b)), min(160, max(a, b)))
            }
            let opacity: UInt32 = trial % 4 == 0 ? UInt32.random(in: 1...254, using: &rng) : 255
            let c = FastPathTests.randomBitmap(area.x1, area.y1, &rng), swift = c.copy()
            for m in 0..<layout.count {
                let rows = layout.rows(ofStrip: m), x0 = (layout.firstStrip + m) << 4
                guard !rows.isEmpty else { continue }
                drawn += 1
                if plan.strips.depth > TurnedStrips.selectsUpTo { deep += 1 } else { shallow += 1 }
                for (target, lanes) in [(c, false), (swift, true)] {
                    let draw = lanes ? plan.strips.drawLanes : plan.strips.draw
                    draw(target, m, layout, rows, C00 + x0 * dC, R00 + x0 * dR, dCy, dRy, tex.pixels, tex.stride, tex.width,
                         tex.height, opacity, ring)
                }
            }
            #expect(Array(UnsafeBufferPointer(start: c.pixels, count: c.stride * c.height))
                    == Array(UnsafeBufferPointer(start: swift.pixels, count: swift.stride * swift.height)), "trial \(trial)")
        }
        // Both ways of picking a row's lanes were drawn, many times.
        #expect(drawn > 1000 && shallow > 200 && deep > 200, "\(drawn) strips: \(shallow) shallow, \(deep) deep")
    }
}
