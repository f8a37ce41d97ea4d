// PixelRegion, the occlusion culling's "what still shows": checked pixel by pixel against its
// definition — the clip less every rectangle taken away — over random cuts.
import Testing
@testable import Segue

struct PixelRegionTests {
    @Test func aCutInTheMiddleLeavesFourBandsAroundIt() {
        let r = PixelRegion(PixelRect(x0: 0, y0: 0, x1: 100, y1: 50)).subtracting(PixelRect(x0: 30, y0: 10, x1: 60, y1: 40))
        #expect(r.pieces == [PixelRect(x0: 0, y0: 0, x1: 100, y1: 10), PixelRect(x0: 0, y0: 10, x1: 30, y1: 40),
                             PixelRect(x0: 60, y0: 10, x1: 100, y1: 40), PixelRect(x0: 0, y0: 40, x1: 100, y1: 50)])
    }

    @Test func aCutAcrossAWholeSideLeavesOneRectangle() {
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 50)
        #expect(PixelRegion(clip).subtracting(PixelRect(x0: 30, y0: -1, x1: 120, y1: 60)).pieces == [PixelRect(x0: 0, y0: 0, x1: 30, y1: 50)])
        #expect(PixelRegion(clip).subtracting(PixelRect(x0: -5, y0: 20, x1: 100, y1: 50)).pieces == [PixelRect(x0: 0, y0: 0, x1: 100, y1: 20)])
        #expect(PixelRegion(clip).subtracting(clip).isEmpty)
        #expect(PixelRegion(clip).subtracting(PixelRect(x0: 200, y0: 0, x1: 300, y1: 50)).pieces == [clip])
    }

    @Test func piecesAreDisjointAndCoverExactlyWhatShowsOrSkipACut() {
        var rng = SplitMix(seed: 7)
        func rect(_ n: Int) -> PixelRect {
            let x = Int(rng.next() % UInt64(n)), y = Int(rng.next() % UInt64(n))
            return PixelRect(x0: x, y0: y, x1: x + Int(rng.next() % 24) + 1, y1: y + Int(rng.next() % 24) + 1)
        }
        let clip = PixelRect(x0: 2, y0: 3, x1: 37, y1: 31)
        for _ in 0..<300 {
            var region = PixelRegion(clip)
            var cuts: [PixelRect] = []
            for _ in 0..<Int(rng.next() % 5) {
                let c = rect(40)
                let next = region.subtracting(c)
                // A cut is taken whole or, past the piece limit, not at all.
                if next.pieces != region.pieces || c.intersection(clip).isEmpty { cuts.append(c) }
                region = next
            }
            #expect(region.pieces.count <= PixelRegion.maximumPieces)
            for y in 0..<40 {
                for x in 0..<40 {
                    let inside = region.pieces.filter { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }.count
                    let shows = clip.contains(PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1))
                        && !cuts.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
                    #expect(inside == (shows ? 1 : 0), "pixel \(x), \(y)")
                }
            }
        }
    }
}
