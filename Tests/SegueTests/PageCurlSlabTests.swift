// The page curl is drawn as slabs between lines parallel to its axis, each slab's corners on a line
// shared with the next bit for bit. Where two pieces meet they must leave no pinhole: over a page
// underneath of pure green, a white page must show no lone green pixel (a crack between two pieces
// shows the page beneath) at any progress of the three curls.

import Testing
@testable import Segue

@MainActor
struct PageCurlSlabTests {
    /// Pixels where green shows through with none of its eight neighbours green: holes in the page.
    static func pinholes(_ b: Bitmap) -> [(Int, Int)] {
        func green(_ x: Int, _ y: Int) -> Bool {
            let p = b.row(y)[x]
            let r = Int((p >> 16) & 0xff), g = Int((p >> 8) & 0xff)
            return g > r + 40
        }
        var holes: [(Int, Int)] = []
        for y in 1..<(b.height - 1) {
            for x in 1..<(b.width - 1) where green(x, y) {
                var lone = true
                for dy in -1...1 { for dx in -1...1 where (dx != 0 || dy != 0) && green(x + dx, y + dy) { lone = false } }
                if lone { holes.append((x, y)) }
            }
        }
        return holes
    }

    @Test(arguments: [(640, 400), (517, 389)])
    func slabsLeaveNoPinholes(size: (Int, Int)) {
        let (w, h) = size
        let page = Bitmap(width: w, height: h, fill: 0xffff_ffff), beneath = Bitmap(width: w, height: h, fill: 0xff00_ff00)
        var drawn = 0
        for (name, effect, direction) in [("pageCurl", PageCurlEffect(), 1.0), ("pageUnCurl", PageCurlEffect(direction: .unCurl), -1.0),
                                          ("partialCurl", PageCurlEffect.partial(), 1.0)] {
            for k in 1..<16 {
                let p = Double(k) / 16
                let out = Bitmap(width: w, height: h, fill: 0xff00_00ff)
                let (old, new) = direction > 0 ? (page, beneath) : (beneath, page)
                effect.draw(EffectFrame(old: old, new: new, progress: p, size: Size(width: Double(w), height: Double(h))),
                            in: Canvas(target: out))
                let holes = Self.pinholes(out)
                #expect(holes.isEmpty, "\(name) \(w)×\(h) at \(p): pinholes at \(holes.prefix(5))")
                drawn += 1
            }
        }
        #expect(drawn == 45)
    }
}
