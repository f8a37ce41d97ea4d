// A mesh read mostly across its texture's rows (by area on the screen: a page turned past 45°, the
// back of a curling page) is drawn from the texture's transposed copy, u and v trading places; pages
// turned about a vertical or horizontal axis (cube, flips) are not, and a feathered edge's skirt,
// which maps no area of texture, does not count. The copy is the texture with x and y swapped, kept
// while the texture's contents last, and the picture drawn from it is the same bit for bit.

import Foundation
import Testing
@testable import Segue

struct TransposedTextureTests {
    /// A `w`×`h` page turned `angle` in the screen about (cx, cy), in perspective, with a skirt along one side.
    static func page(turned angle: Double, w: Double = 400, h: Double = 300, at cx: Double = 500, _ cy: Double = 400) -> Mesh {
        var m = Mesh()
        appendPage(&m, turned: angle, w: w, h: h, at: cx, cy)
        return m
    }

    static func appendPage(_ m: inout Mesh, turned angle: Double, w: Double, h: Double, at cx: Double, _ cy: Double) {
        let c = cos(angle), s = sin(angle)
        func v(_ u: Double, _ vv: Double) -> MeshVertex {
            let x = u - w / 2, y = vv - h / 2, q = 1 + 0.0003 * x
            return MeshVertex(x: Float(cx + (x * c - y * s) / q), y: Float(cy + (x * s + y * c) / q), w: Float(q),
                              u: Float(u), v: Float(vv))
        }
        let a = v(0, 0), b = v(w, 0), d = v(w, h), e = v(0, h)
        m.appendQuad(a, b, d, e)
        m.appendSkirt(b, d, inside: a)
    }

    @Test func onlyPagesTurnedPastFortyFiveDegreesReadAcrossTheirRows() {
        #expect(!Self.page(turned: 0).readsAcrossTextureRows)
        #expect(!Self.page(turned: 0.6).readsAcrossTextureRows)
        #expect(Self.page(turned: 1.0).readsAcrossTextureRows)
        #expect(Self.page(turned: .pi / 2).readsAcrossTextureRows)
        #expect(!Self.page(turned: .pi).readsAcrossTextureRows)
    }

    @Test func theLargerPartOnTheScreenDecides() {
        var mostlyAlong = Self.page(turned: 0, w: 400, h: 300)
        Self.appendPage(&mostlyAlong, turned: .pi / 2, w: 100, h: 80, at: 200, 200)
        #expect(!mostlyAlong.readsAcrossTextureRows)
        var mostlyAcross = Self.page(turned: .pi / 2, w: 400, h: 300)
        Self.appendPage(&mostlyAcross, turned: 0, w: 100, h: 80, at: 200, 200)
        #expect(mostlyAcross.readsAcrossTextureRows)
    }

    /// A bitmap of distinct texels (some translucent), `w`×`h`.
    static func texture(_ w: Int, _ h: Int, seed: UInt64) -> Bitmap {
        var rng = SplitMix(seed: seed)
        let b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt32(x % 7 == 0 ? 128 : 255), c = UInt32(truncatingIfNeeded: rng.next()) & 0x00ff_ffff
                // Premultiplied: every channel at most alpha.
                let r = min(a, (c >> 16) & 0xff), g = min(a, (c >> 8) & 0xff), bl = min(a, c & 0xff)
                b.row(y)[x] = a << 24 | r << 16 | g << 8 | bl
            }
        }
        return b
    }

    @Test(arguments: [(37, 23, 1), (1100, 1000, 2)])
    func theCopyIsTheTextureWithItsAxesSwapped(w: Int, h: Int, threads: Int) {
        let t = Self.texture(w, h, seed: 5)
        let c = t.transposed(threads: threads)
        #expect(c.width == h && c.height == w)
        var mismatches = 0
        for y in 0..<h { for x in 0..<w where c.row(x)[y] != t.row(y)[x] { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    @Test func theCopyIsKeptWhileTheContentsLast() {
        let t = Self.texture(40, 30, seed: 6)
        let first = t.transposed()
        #expect(t.transposed() === first)
        t[3, 4] = 0xff12_3456
        let second = t.transposed()
        #expect(second !== first)
        #expect(second[4, 3] == 0xff12_3456)
    }

    /// A copy made a part at a time ahead of need (`prepareTransposedIfSteady`) — only for contents
    /// asked about before, and begun again when they change — is the whole copy once finished.
    @Test func aCopyMadeInPartsIsTheWholeCopy() {
        let t = Self.texture(53, 29, seed: 8)
        t.prepareTransposedIfSteady(rows: 10)
        #expect(!t.hasTransposedCopy && t.transposedCopy == nil, "the first ask only notes the contents")
        for _ in 0..<3 { t.prepareTransposedIfSteady(rows: 10) }
        #expect(t.transposedMade == 30 && !t.hasTransposedCopy)
        t[50, 2] = 0xff65_4321                          // new contents: begun again, the note too
        t.prepareTransposedIfSteady(rows: 10)
        #expect(!t.hasTransposedCopy && t.transposedCopy?.version != t.contentVersion, "contents not asked about yet: nothing made")
        for _ in 0..<4 { t.prepareTransposedIfSteady(rows: 12) }
        #expect(t.transposedMade == 48 && !t.hasTransposedCopy)
        let c = t.transposed()
        #expect(t.hasTransposedCopy && t.transposedMade == 53)
        var mismatches = 0
        for y in 0..<29 { for x in 0..<53 where c.row(x)[y] != t.row(y)[x] { mismatches += 1 } }
        #expect(mismatches == 0)
        #expect(c[2, 50] == 0xff65_4321)
    }

    /// The page turned 1 rad drawn through the canvas (which reads the transposed copy) and through
    /// the rasterizer straight from the texture: the same pixels.
    @Test(arguments: [1.0, .pi / 2, 2.2])
    func drawingFromTheCopyGivesTheSamePixels(angle: Double) {
        let texture = Self.texture(400, 300, seed: 7)
        let mesh = Self.page(turned: angle)
        #expect(mesh.readsAcrossTextureRows)
        let viaCopy = Bitmap(width: 1000, height: 800, fill: 0xff20_3040)
        Canvas(target: viaCopy).draw(mesh, texture: texture)
        let direct = Bitmap(width: 1000, height: 800, fill: 0xff20_3040)
        MeshRasterizer(target: direct, clip: PixelRect(x0: 0, y0: 0, x1: 1000, y1: 800), texture: texture, opacity: 1,
                       cullBackFaces: false).draw(mesh)
        var differing = 0, drawn = 0
        for y in 0..<800 {
            for x in 0..<1000 {
                if viaCopy.row(y)[x] != direct.row(y)[x] { differing += 1 }
                if direct.row(y)[x] != 0xff20_3040 { drawn += 1 }
            }
        }
        #expect(drawn > 100_000)
        #expect(differing == 0)
    }
}
