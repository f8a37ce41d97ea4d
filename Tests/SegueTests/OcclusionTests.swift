// Occlusion: pixels a draw leaves alone because an opaque draw after it covers them. The page curls
// use it for what the back of the page covers, the suck for what the old page covers of the new one;
// leaving those pixels undrawn must not change the picture, and the occluded range must lie inside
// the cover by its margin.

import Testing
@testable import Segue

struct OcclusionTests {
    /// The polygons' corners as one vertex array and each polygon's range of it.
    static func polygons(_ list: [[(Float, Float)]]) -> (ranges: [Range<Int>], vertices: [MeshVertex]) {
        var vertices: [MeshVertex] = [], ranges: [Range<Int>] = []
        for corners in list {
            ranges.append(vertices.count..<vertices.count + corners.count)
            vertices += corners.map { MeshVertex(x: $0.0, y: $0.1, u: 0, v: 0) }
        }
        return (ranges, vertices)
    }

    @Test func occludedColumnsLieInsideTheCoverByTheMargin() {
        // Two strips abutting along a slanted edge, and a far triangle that is not joined to them.
        let (ranges, vertices) = Self.polygons([[(10, 5), (60, 5), (40, 95), (10, 95)], [(60, 5), (90, 5), (90, 95), (40, 95)],
                                                [(150, 10), (190, 10), (170, 30)]])
        var o = Occlusion()
        o.rebuild(covering: ranges, of: vertices, rows: 0..<100, margin: 3)
        #expect(!o.isEmpty)
        for r in 0..<100 {
            let (c0, c1) = o.columns(row: r)
            guard c0 < c1 else { continue }
            // Rows within the margin of the cover's top and bottom (5, 95) are not occluded.
            #expect(r >= 8 && r <= 91, "row \(r)")
            // The strips together cover 10…90 on every row: occluded pixels' centres at least 3 inside.
            #expect(Double(c0) + 0.5 >= 13 && Double(c1) - 0.5 <= 87, "row \(r): \(c0)..<\(c1)")
        }
        // A middle row is occluded across both strips (the join is no gap).
        let (c0, c1) = o.columns(row: 50)
        #expect(c0 == 13 && c1 == 87)
    }

    @Test func nothingOccludedOutsideItsRowsOrWithoutCover() {
        var o = Occlusion()
        o.rebuild(covering: [], of: [], rows: 0..<50, margin: 3)
        #expect(o.isEmpty)
        let square = Self.polygons([[(0, 0), (100, 0), (100, 100), (0, 100)]])
        o.rebuild(covering: square.ranges, of: square.vertices, rows: 0..<100, margin: 3)
        let (a, b) = o.columns(row: 200)
        #expect(a >= b)
        #expect(o.columns(row: 50) == (3, 97))
    }

    /// The three curls at many progresses, over text pages, with a fractional device placement and at
    /// twice the page's scale: drawn with and without leaving the back's covered pixels alone, the same
    /// pixels (within a level, where a span split at the occluded range restarts its shading).
    @Test(arguments: [(1.0, 320, 200), (2.0, 160, 100)])
    func leavingCoveredPixelsUndrawnChangesNoPixel(scale: Double, width: Int, height: Int) {
        let pages = EffectTestPages.make(width: width, height: height, text: true)
        let device = (Int(Double(width) * scale) + 8, Int(Double(height) * scale) + 8)
        let makes: [() -> PageCurlEffect] = [{ PageCurlEffect() }, { PageCurlEffect(direction: .unCurl) }, { PageCurlEffect.partial() }]
        for (index, make) in makes.enumerated() {
            for k in 1..<20 {
                let frame = EffectFrame(old: pages.old, new: pages.new, progress: Double(k) / 20,
                                        size: Size(width: Double(width), height: Double(height)),
                                        pageToDevice: Transform3D(scaleX: scale, y: scale, z: 1).concatenating(Transform3D(translationX: 3.3, y: 2.6, z: 0)))
                func render(leaving: Bool) -> (Bitmap, PageCurlEffect) {
                    let out = Bitmap(width: device.0, height: device.1, fill: 0xff20_3040)
                    let effect = make()
                    effect.leavesCoveredPixels = leaving
                    effect.draw(frame, in: Canvas(target: out))
                    return (out, effect)
                }
                let (culled, effect) = render(leaving: true), (full, _) = render(leaving: false)
                #expect(FastPathTests.maxDifference(culled, full) <= 1, "scale \(scale) at \(Double(k) / 20)")
                // Mid-way through the page curl the back covers much of the screen: something is left undrawn.
                if index == 0 && k == 10 { #expect(!effect.occlusion.isEmpty) }
            }
        }
    }

    @Test func aWholePixelImageDrawLeavesTheOccludedColumnsAlone() {
        let square = Self.polygons([[(20, 10), (60, 10), (60, 50), (20, 50)]])
        var o = Occlusion()
        o.rebuild(covering: square.ranges, of: square.vertices, rows: 0..<64, margin: 3)
        let image = Bitmap(width: 70, height: 60, fill: 0xff00_ff00)
        for threads in [1, 2] {
            let out = Bitmap(width: 80, height: 64, fill: 0xff20_3040)
            var c = Canvas(target: out)
            c.threads = threads
            c.draw(image, transform: Transform3D(translationX: 4, y: 2, z: 0), occluded: o)
            for y in 0..<64 {
                for x in 0..<80 {
                    let (c0, c1) = o.columns(row: y)
                    let drawn = x >= 4 && x < 74 && y >= 2 && y < 62 && !(x >= c0 && x < c1)
                    #expect(out.row(y)[x] == (drawn ? 0xff00_ff00 : 0xff20_3040), "threads \(threads) pixel (\(x), \(y))")
                }
            }
            // Between pixels the image is sampled, every pixel drawn.
            let between = Bitmap(width: 80, height: 64, fill: 0xff20_3040)
            Canvas(target: between).draw(image, transform: Transform3D(translationX: 4.5, y: 2, z: 0), occluded: o)
            #expect(between.row(30)[40] == 0xff00_ff00)
        }
    }

    /// The suck at many progresses, the pages placed on whole pixels (so the new page is blitted and
    /// leaves what the old page covers undrawn): the same pixels as the reference path, which draws it all.
    @Test func theSuckLeavingTheNewPageCoveredChangesNoPixel() {
        let pages = EffectTestPages.make(width: 320, height: 200, text: true)
        for k in 1..<20 {
            let frame = EffectFrame(old: pages.old, new: pages.new, progress: Double(k) / 20, size: Size(width: 320, height: 200),
                                    pageToDevice: Transform3D(translationX: 4, y: 3, z: 0))
            func render() -> (Bitmap, SuckEffect) {
                let out = Bitmap(width: 330, height: 210, fill: 0xff20_3040)
                let effect = SuckEffect()
                effect.draw(frame, in: Canvas(target: out))
                return (out, effect)
            }
            let (culled, effect) = render()
            let (full, _) = FastPaths.$enabled.withValue(false) { render() }
            #expect(FastPathTests.maxDifference(culled, full) <= 1, "at \(Double(k) / 20)")
            // Early on the old page covers most of the new one: something is left undrawn.
            if k == 3 { #expect(!effect.occlusion.isEmpty) }
        }
    }
}
