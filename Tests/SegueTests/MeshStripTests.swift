// Wide mesh draws go in vertical strips only for a texture turned past 45° in the screen (read across
// its rows); pages turned about a vertical or horizontal axis (cube, flips) draw whole rows, and a
// feathered edge's skirt, which maps no area of texture, does not count as turned.

import Foundation
import Testing
@testable import Segue

struct MeshStripTests {
    /// A 400×300 page turned `angle` in the screen, in perspective, with a skirt along one side.
    static func page(turned angle: Double) -> Mesh {
        let c = cos(angle), s = sin(angle)
        func v(_ u: Double, _ vv: Double) -> MeshVertex {
            let x = u - 200, y = vv - 150, w = 1 + 0.0003 * x
            return MeshVertex(x: Float(500 + (x * c - y * s) / w), y: Float(400 + (x * s + y * c) / w), w: Float(w),
                              u: Float(u), v: Float(vv))
        }
        var m = Mesh()
        let a = v(0, 0), b = v(400, 0), d = v(400, 300), e = v(0, 300)
        m.appendQuad(a, b, d, e)
        m.appendSkirt(b, d, inside: a)
        return m
    }

    @Test func onlyPagesTurnedPastFortyFiveDegreesReadAcrossTheirRows() {
        #expect(!Self.page(turned: 0).readsAcrossTextureRows)
        #expect(!Self.page(turned: 0.6).readsAcrossTextureRows)
        #expect(Self.page(turned: 1.0).readsAcrossTextureRows)
        #expect(Self.page(turned: .pi / 2).readsAcrossTextureRows)
        #expect(!Self.page(turned: .pi).readsAcrossTextureRows)
    }
}
