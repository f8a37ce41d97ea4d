// RowColumns walks a triangle's (or convex polygon's) rows carrying each edge's quotient and
// remainder instead of dividing: every row's columns are exactly `RasterTriangle.columns`', for
// steep, shallow, horizontal and vertical edges, corners off the clip and at negative coordinates.

import Foundation
import Testing
@testable import Segue

struct RowColumnsTests {
    @Test func walkingRowsGivesTheDividedColumns() {
        var rng = SplitMix(seed: 41)
        func coordinate(_ reach: Double) -> Float { Float(Double(rng.next() % 100_000) / 100_000 * reach - reach / 4) }
        let target = Bitmap(width: 200, height: 150), texture = Bitmap(width: 8, height: 8)
        let rasterizer = MeshRasterizer(target: target, clip: PixelRect(x0: 0, y0: 0, x1: 200, y1: 150), texture: texture,
                                        opacity: 1, cullBackFaces: false)
        var checked = 0
        for k in 0..<400 {
            func vertex() -> MeshVertex {
                var x = coordinate(260), y = coordinate(200)
                // Some corners snapped to whole or half pixels: edges through pixel centres, and
                // horizontal and vertical ones.
                if k % 3 == 0 { x = (x * 2).rounded() / 2; y = (y * 2).rounded() / 2 }
                return MeshVertex(x: x, y: y, u: 1, v: 1)
            }
            var a = vertex(), b = vertex(), c = vertex()
            if k % 5 == 0 { b.y = a.y }
            if k % 7 == 0 { c.x = b.x }
            var shapes: [RasterTriangle] = []
            if let t = rasterizer.setUp(a, b, c) { shapes.append(t) }
            // A convex polygon: four to six corners round an ellipse.
            let sides = 4 + k % 3
            let cx = Double(coordinate(200)), cy = Double(coordinate(150)), rx = 5 + Double(rng.next() % 90), ry = 5 + Double(rng.next() % 70)
            let turn = Double(rng.next() % 628) / 100
            let corners = (0..<sides).map { i -> MeshVertex in
                let angle = turn + 6.283 * Double(i) / Double(sides)
                return MeshVertex(x: Float(cx + rx * cos(angle)), y: Float(cy + ry * sin(angle)), u: 1, v: 1)
            }
            if let p = rasterizer.setUp(polygon: Array(0..<sides), of: corners) { shapes.append(p) }
            for var t in shapes {
                withUnsafePointer(to: &t) { t in
                    var walk = RowColumns(t, row: t.pointee.r0)
                    for r in t.pointee.r0...t.pointee.r1 {
                        let walked = walk.next(), divided = RasterTriangle.columns(t, row: r)
                        let same = walked == divided || (walked.0 >= walked.1 && divided.0 >= divided.1)
                        #expect(same, "shape \(k), row \(r): walked \(walked), divided \(divided)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
    }
}
