// Row runs: a grid row drawn as bands and runs (MeshRuns) gives exactly the pixels of drawing its
// triangles one at a time — with shade, highlight and alpha varying per vertex, cells reaching past
// the texture's edge, rows that fold over themselves, and a translucent texture over a busy
// destination.

import Testing
@testable import Segue

struct MeshRunTests {
    /// A `cols` × `rows` grid of small cells over a 160 × 100 page, texture coordinates displaced
    /// like water, each vertex with its own shade, highlight and alpha; `fold` pulls the grid's
    /// middle columns back over their neighbours.
    static func grid(_ rng: inout SplitMix, cols: Int, rows: Int, fold: Bool, reach: Float = 0) -> Mesh {
        var m = Mesh()
        func unit() -> Float { Float(rng.next() % 1000) / 1000 }
        for j in 0...rows {
            for i in 0...cols {
                var x = Float(i) * 160 / Float(cols) + 3.3
                if fold && i == cols / 2 { x -= 40 }
                let y = Float(j) * 100 / Float(rows) + 2.7
                let u = Float(i) * 97 / Float(cols) + (unit() - 0.5) * 3 - reach * (i == 0 ? 1 : 0)
                let v = Float(j) * 61 / Float(rows) + (unit() - 0.5) * 3
                m.vertices.append(MeshVertex(x: x, y: y, u: min(97, max(0, u)), v: min(61, max(0, v)),
                                             shade: 0.7 + 0.3 * unit(), highlight: unit() < 0.5 ? 0 : 0.4 * unit(),
                                             alpha: unit() < 0.7 ? 1 : 0.5 + 0.5 * unit()))
            }
        }
        for j in 0..<rows { for i in 0..<cols { m.appendGridCell(j * (cols + 1) + i, stride: cols + 1) } }
        return m
    }

    /// The mesh's triangles drawn one by one, each as a mesh of its own (no bands).
    static func oneByOne(_ m: Mesh, texture: Bitmap, into b: Bitmap, opacity: Double) {
        var i = 0
        while i + 2 < m.indices.count {
            var t = Mesh()
            t.vertices = [m.vertices[Int(m.indices[i])], m.vertices[Int(m.indices[i + 1])], m.vertices[Int(m.indices[i + 2])]]
            t.indices = [0, 1, 2]
            Canvas(target: b).draw(t, texture: texture, opacity: opacity)
            i += 3
        }
    }

    @Test(arguments: [(false, 1.0), (true, 1.0), (false, 0.6)])
    func runsDrawTheSamePixelsAsTrianglesOneByOne(fold: Bool, opacity: Double) {
        var rng = SplitMix(seed: fold ? 3 : 4)
        let texture = FastPathTests.randomBitmap(97, 61, &rng)
        for (cols, rows) in [(16, 10), (24, 6), (9, 9)] {
            let mesh = Self.grid(&rng, cols: cols, rows: rows, fold: fold, reach: 2)
            let runs = FastPathTests.randomBitmap(170, 110, &rng), single = runs.copy()
            Canvas(target: runs).draw(mesh, texture: texture, opacity: opacity)
            Self.oneByOne(mesh, texture: texture, into: single, opacity: opacity)
            #expect(runs.maxChannelDifference(to: single) == 0, "\(cols)×\(rows), fold \(fold), opacity \(opacity)")
        }
    }

    /// A page lying flat and unscaled (a texel a pixel, at a fractional offset) whose middle cells are
    /// shaded and whose outer cells are merged into long quads, as the page under a curl lies in its
    /// shadow: the shaded cells' rows go as runs that read consecutive texels, and give exactly the
    /// pixels of drawing the triangles one at a time.
    @Test(arguments: [false, true])
    func flatShadedPageDrawsTheSamePixelsAsTrianglesOneByOne(lit: Bool) {
        var rng = SplitMix(seed: lit ? 12 : 13)
        let texture = FastPathTests.randomBitmap(200, 120, &rng)
        let cols = 12, rows = 6, stride = cols + 1
        var mesh = Mesh()
        for j in 0...rows {
            for i in 0...cols {
                let u = Float(i) * 180 / Float(cols) + 5, v = Float(j) * 100 / Float(rows) + 5
                let inShadow = (3...10).contains(i)
                mesh.vertices.append(MeshVertex(x: u + 2.25, y: v + 1.5, u: u, v: v,
                                                shade: inShadow ? 0.55 + 0.05 * Float((i * 7 + j * 3) % 9) : 1,
                                                highlight: lit && inShadow ? 0.02 * Float(i % 4) : 0, alpha: 1))
            }
        }
        for j in 0..<rows {
            mesh.appendGridRow(j, columns: cols, stride: stride) { a in (3..<10).contains(a % stride) ? .single : .mergeable }
        }
        let runs = FastPathTests.randomBitmap(210, 130, &rng), single = runs.copy()
        Canvas(target: runs).draw(mesh, texture: texture)
        Self.oneByOne(mesh, texture: texture, into: single, opacity: 1)
        #expect(runs.maxChannelDifference(to: single) == 0)
    }
}
