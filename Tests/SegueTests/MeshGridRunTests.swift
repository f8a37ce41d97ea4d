// Grid runs: a row of flat, equally shaded cells drawn as one quad gives the pixels of drawing it cell
// by cell, and a row whose edges are not straight horizontal lines is never merged.

import Testing
@testable import Segue

struct MeshGridRunTests {
    /// A 6 × 3 grid over a 97 × 61 px page showing `texture` one-to-one, offset by a fraction of a pixel.
    static func grid(texture: Bitmap, tilt: Float = 0) -> Mesh {
        var m = Mesh()
        for j in 0...3 {
            for i in 0...6 {
                let u = Float(i) * 97 / 6, v = Float(j) * 61 / 3
                m.vertices.append(MeshVertex(x: u + 1.3, y: v + 2.6 + tilt * u, u: u, v: v))
            }
        }
        return m
    }

    @Test func aRunDrawsTheSamePixelsAsItsCells() {
        var rng = SplitMix(seed: 11)
        let texture = FastPathTests.randomBitmap(97, 61, &rng)
        var cells = Self.grid(texture: texture), runs = cells
        for j in 0..<3 {
            for i in 0..<6 { cells.appendGridCell(j * 7 + i, stride: 7) }
            runs.appendGridCell(j * 7, stride: 7)
            runs.appendGridRun(j * 7 + 1, count: 5, stride: 7)
        }
        #expect(runs.indices.count == 3 * 2 * 3 * 2)
        let a = Bitmap(width: 100, height: 66), b = Bitmap(width: 100, height: 66)
        Canvas(target: a).draw(cells, texture: texture)
        Canvas(target: b).draw(runs, texture: texture)
        #expect(a.maxChannelDifference(to: b)! <= 1)
    }

    @Test func aSlantedRowStaysCellByCell() {
        let texture = Bitmap(width: 97, height: 61, fill: 0xff80_8080)
        var m = Self.grid(texture: texture, tilt: 0.1)
        m.appendGridRun(0, count: 6, stride: 7)
        #expect(m.indices.count == 6 * 6)
    }
}
