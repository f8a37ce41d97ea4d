// Convex fans over one plane are rasterized as their polygon (one span a row, not one per triangle):
// the same coverage as the triangles one by one, exactly, and the same colours within two levels on
// random high-contrast texels: the polygon takes the planes of its largest triangle, the triangles
// each their own, equal up to the vertices' float rounding — enough, rarely, for a texture position
// (1/256 texel) and a shade (1/256) each to round the other way in one pixel. (Every effect stays
// within one level of the reference loops: FastPathTests.) Fans whose
// corners are not on one plane, or that fold, are drawn triangle by triangle as before.

import Foundation
import Testing
@testable import Segue

struct MeshPolygonTests {
    /// A convex polygon of `sides` corners around (cx, cy), textured through a projective map (a card
    /// turned in perspective when `perspective`), shaded and lit along a plane, or with a random shade
    /// per corner when `planar` is false.
    static func fan(_ rng: inout SplitMix, sides: Int, perspective: Bool, planar: Bool) -> Mesh {
        func unit() -> Double { Double(rng.next() % 10_000) / 10_000 }
        var m = Mesh()
        let cx = 40 + 80 * unit(), cy = 30 + 40 * unit(), radius = 20 + 25 * unit(), turn = unit() * 6.283
        let tilt = perspective ? 0.001 * (unit() - 0.5) : 0
        for k in 0..<sides {
            let angle = turn + 6.283 * (Double(k) + 0.8 * unit()) / Double(sides)
            let x = cx + radius * cos(angle), y = cy + radius * sin(angle)
            // A projective map of the screen: 1/w, u/w and v/w are planes (a card in perspective);
            // shade and highlight affine in the screen.
            let q = 1 + tilt * (x - 80), w = 1 / q
            let u = (0.3 * x + 0.05 * y + 4) / q, v = (0.02 * x + 0.35 * y + 8) / q
            m.vertices.append(MeshVertex(x: Float(x), y: Float(y), w: Float(w), u: Float(u), v: Float(v),
                                         shade: Float(planar ? 0.6 + 0.003 * x : 0.5 + 0.5 * unit()),
                                         highlight: Float(planar ? 0.002 * y : 0), alpha: 1))
        }
        m.appendFan(from: 0)
        return m
    }

    @Test(arguments: [(false, true), (true, true), (false, false)])
    func fansDrawTheirTrianglesPixels(perspective: Bool, planar: Bool) {
        var rng = SplitMix(seed: perspective ? 21 : planar ? 22 : 23)
        let (texture, _) = FastPathTests.textures(64, 48, &rng)
        for trial in 0..<60 {
            let mesh = Self.fan(&rng, sides: 4 + trial % 3, perspective: perspective, planar: planar)
            let polygon = Bitmap(width: 170, height: 110), triangles = Bitmap(width: 170, height: 110)
            Canvas(target: polygon).draw(mesh, texture: texture)
            MeshRunTests.oneByOne(mesh, texture: texture, into: triangles, opacity: 1)
            #expect(FastPathTests.maxDifference(polygon, triangles) <= 2, "trial \(trial)")
            // Coverage: a pixel is drawn by the polygon exactly when by a triangle.
            var same = true
            for y in 0..<110 { for x in 0..<170 where (polygon.row(y)[x] == 0) != (triangles.row(y)[x] == 0) { same = false } }
            #expect(same, "trial \(trial)")
        }
    }

    @Test func aPlanarQuadIsSetUpAsOnePolygon() {
        var rng = SplitMix(seed: 5)
        let mesh = Self.fan(&rng, sides: 5, perspective: true, planar: true)
        let raster = MeshRasterizer(target: Bitmap(width: 170, height: 110), clip: PixelRect(x0: 0, y0: 0, x1: 170, y1: 110),
                                    texture: Bitmap(width: 64, height: 48), opacity: 1, cullBackFaces: false)
        #expect(raster.setUp(polygon: Array(mesh.vertices.indices), of: mesh.vertices)?.sides == 5)
        // Off its plane (one corner's shade changed), it is not.
        var bent = mesh.vertices
        bent[2].shade += 0.1
        #expect(raster.setUp(polygon: Array(bent.indices), of: bent) == nil)
    }

    /// A fan two of whose corners snap to one point (a curl's slab whose line runs a hair from a page
    /// corner: five corners, two 0.003 px apart) draws its triangles' pixels; the zero-length edge
    /// between them once passed no pixel, and the whole polygon drew nothing.
    @Test func cornersSnappingTogetherAreOneCorner() {
        var rng = SplitMix(seed: 31)
        let (texture, _) = FastPathTests.textures(64, 48, &rng)
        let corners: [(Double, Double)] = [(150, 10), (156, 60), (20, 100), (14.003, 80.001), (14, 80)]
        var mesh = Mesh()
        for (x, y) in corners {
            mesh.vertices.append(MeshVertex(x: Float(x), y: Float(y), u: Float(0.3 * x), v: Float(0.4 * y), shade: 0.5, highlight: 0.2))
        }
        mesh.appendFan(from: 0)
        let polygon = Bitmap(width: 170, height: 110), triangles = Bitmap(width: 170, height: 110)
        Canvas(target: polygon).draw(mesh, texture: texture)
        MeshRunTests.oneByOne(mesh, texture: texture, into: triangles, opacity: 1)
        var drawn = 0, same = true
        for y in 0..<110 {
            for x in 0..<170 {
                if polygon.row(y)[x] != 0 { drawn += 1 }
                if (polygon.row(y)[x] == 0) != (triangles.row(y)[x] == 0) { same = false }
            }
        }
        #expect(drawn > 5000)
        #expect(same)
        #expect(FastPathTests.maxDifference(polygon, triangles) <= 2)
    }
}
