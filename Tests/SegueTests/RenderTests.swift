// Render unit tests: 8-bit blending math against Double, the mesh rasterizer's fill rule, and each
// fast path pinned to a straightforward per-pixel reference within one level.
import Testing
import Foundation
@testable import Segue

@Suite struct RenderMathTests {
    @Test func div255IsExactRounding() {
        for x in stride(from: 0, through: 255 * 255, by: 7) {
            let lanes = UInt64(x) | UInt64(x) << 16 | UInt64(255 * 255 - x) << 32
            let r = div255(lanes)
            let expect = (Double(x) / 255).rounded(), other = (Double(255 * 255 - x) / 255).rounded()
            #expect(r & 0xffff == UInt64(expect))
            #expect((r >> 16) & 0xffff == UInt64(expect))
            #expect((r >> 32) & 0xffff == UInt64(other))
        }
    }

    @Test func sourceOverMatchesDouble() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let sa = Int.random(in: 0...255, using: &rng), da = Int.random(in: 0...255, using: &rng)
            let s = Fixtures.pixel(Int.random(in: 0...sa), Int.random(in: 0...sa), Int.random(in: 0...sa), sa)
            let d = Fixtures.pixel(Int.random(in: 0...da), Int.random(in: 0...da), Int.random(in: 0...da), da)
            let got = Reference.unpack(over(s, d))
            let want = Reference.over(Reference.unpack(s), Reference.unpack(d))
            #expect(abs(got.0 - want.0) <= 1 && abs(got.1 - want.1) <= 1 && abs(got.2 - want.2) <= 1 && abs(got.3 - want.3) <= 1)
        }
    }

    /// `Bitmap.isOpaque` (sixteen pixels ANDed a step, the row's tail one by one): one pixel short of
    /// full alpha anywhere — in a step, in the tail, in the last row, under a stride wider than the
    /// row (whose padding is not the bitmap's) — makes it not opaque.
    @Test func isOpaqueFindsAnyPixelShortOfFullAlpha() {
        for width in [1, 15, 16, 17, 37, 64] {
            let b = Bitmap(width: width, height: 3, fill: 0xff20_4060)
            #expect(b.isOpaque)
            for (x, y) in [(0, 0), (width - 1, 0), (width / 2, 1), (width - 1, 2)] {
                b[x, y] = 0xfe20_4060
                #expect(!b.isOpaque, "width \(width), pixel (\(x), \(y))")
                b[x, y] = 0xff20_4060
            }
        }
        let storage = UnsafeMutablePointer<UInt32>.allocate(capacity: 40 * 2)
        defer { storage.deallocate() }
        storage.initialize(repeating: 0, count: 80)                    // clear padding past 33 texels a row
        for y in 0..<2 { for x in 0..<33 { storage[y * 40 + x] = 0xff00_0000 } }
        let wrapped = Bitmap(wrapping: storage, width: 33, height: 2, stride: 40)
        #expect(wrapped.isOpaque)
        storage[40 + 32] = 0x8000_0000
        wrapped.contentsChanged()                                      // pixels written directly say so
        #expect(!wrapped.isOpaque)
    }

    /// The answer is kept for the contents it was given for: asked again it is not looked for, and a
    /// change of the contents asks again. A snapshot its layers paint wholly opaquely is known opaque
    /// without looking; one they do not is looked at.
    @MainActor @Test func isOpaqueIsKeptForItsContents() {
        let b = Bitmap(width: 20, height: 4, fill: 0xff10_2030)
        #expect(b.isOpaque && b.opaqueAnswer == (b.contentVersion, true))
        b.pixels[5] = 0                                                // unannounced: the kept answer stands
        #expect(b.isOpaque)
        b.contentsChanged()
        #expect(!b.isOpaque && b.opaqueAnswer == (b.contentVersion, false))
        b[5, 0] = 0xff00_0000
        #expect(b.isOpaque)

        let page = View(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        page.backgroundColor = .white
        let whole = Compositor().snapshot(page.layer, presentation: false)
        #expect(whole.opaqueAnswer == (whole.contentVersion, true), "known without looking")
        #expect(whole.everyPixelOpaque)
        page.backgroundColor = Color(white: 1, alpha: 0.5)
        let translucent = Compositor().snapshot(page.layer, presentation: false)
        #expect(translucent.opaqueAnswer.version == -1 && !translucent.isOpaque)
    }

    @Test func opaqueAndClearSourcesAreExact() {
        let d = Fixtures.pixel(10, 20, 30, 40)
        #expect(over(Fixtures.pixel(1, 2, 3, 255), d) == Fixtures.pixel(1, 2, 3, 255))
        #expect(over(0, d) == d)
        #expect(scale(d, 255) == d)
        #expect(scale(d, 0) == 0)
    }

    @Test func bilinearOfEqualTexelsIsTheTexel() {
        let p = Fixtures.pixel(200, 100, 50, 220)
        for fx in stride(from: 0, through: 255, by: 17) {
            for fy in stride(from: 0, through: 255, by: 13) {
                #expect(bilinear(p, p, p, p, UInt64(fx), UInt64(fy)) == p)
            }
        }
        // Halfway between black and white is mid grey.
        let w = Fixtures.pixel(255, 255, 255, 255), k = Fixtures.pixel(0, 0, 0, 255)
        #expect(bilinear(k, w, k, w, 128, 0) == Fixtures.pixel(128, 128, 128, 255))
    }
}

@MainActor @Suite struct RenderFillRuleTests {
    /// A texture of one colour at 50 % alpha: a pixel drawn twice shows as darker, a crack as black.
    func halfWhite() -> Bitmap { Bitmap(width: 64, height: 64, fill: Fixtures.pixel(128, 128, 128, 128)) }

    func vertex(_ x: Double, _ y: Double) -> MeshVertex {
        // Texture coordinates well inside, so only coverage matters.
        MeshVertex(x: Float(x), y: Float(y), u: 32, v: 32)
    }

    @Test func sharedEdgesAreCoveredExactlyOnce() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            // A fan around a centre, vertices at arbitrary sub-pixel positions.
            let cx = Double.random(in: 30...34, using: &rng), cy = Double.random(in: 30...34, using: &rng)
            let n = 7
            var verts = [vertex(cx, cy)]
            for k in 0..<n {
                let a = Double(k) / Double(n) * 2 * .pi
                let r = Double.random(in: 18...26, using: &rng)
                verts.append(vertex(cx + r * cos(a), cy + r * sin(a)))
            }
            var idx: [UInt32] = []
            for k in 0..<n { idx += [0, UInt32(1 + k), UInt32(1 + (k + 1) % n)] }
            let target = Bitmap(width: 64, height: 64, fill: 0xff00_0000)
            Canvas(target: target).draw(Mesh(vertices: verts, indices: idx), texture: halfWhite())
            // Inside the inner radius every pixel must be blended exactly once.
            var once = 0
            for y in 0..<64 {
                for x in 0..<64 {
                    let p = target[x, y]
                    #expect(p == 0xff00_0000 || p == Fixtures.pixel(128, 128, 128, 255), "pixel \(x),\(y) = \(String(p, radix: 16))")
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    if dx * dx + dy * dy < 14 * 14 { #expect(p != 0xff00_0000, "crack at \(x),\(y)"); once += 1 }
                }
            }
            #expect(once > 400)
        }
    }

    @Test func integerGridEdgesFollowTopLeftRule() {
        // Two triangles of an axis-aligned square on whole pixels: exactly the 10×10 pixels inside.
        let verts = [vertex(5, 5), vertex(15, 5), vertex(5, 15), vertex(15, 15)]
        let target = Bitmap(width: 20, height: 20, fill: 0xff00_0000)
        Canvas(target: target).draw(Mesh(vertices: verts, indices: [0, 1, 2, 1, 3, 2]), texture: halfWhite())
        for y in 0..<20 {
            for x in 0..<20 {
                let inside = (5..<15).contains(x) && (5..<15).contains(y)
                #expect(target[x, y] == (inside ? Fixtures.pixel(128, 128, 128, 255) : 0xff00_0000), "\(x),\(y)")
            }
        }
    }

    @Test func backFacesAreCulled() {
        let target = Bitmap(width: 20, height: 20)
        let grid = Mesh(columns: 1, rows: 1) { i, j in self.vertex(Double(2 + 10 * i), Double(2 + 10 * j)) }
        Canvas(target: target).draw(grid, texture: halfWhite(), cullBackFaces: true)
        #expect(target[7, 7] != 0, "an unrotated grid faces the viewer")
        let mirrored = Mesh(columns: 1, rows: 1) { i, j in self.vertex(Double(12 - 10 * i), Double(2 + 10 * j)) }
        let t2 = Bitmap(width: 20, height: 20)
        Canvas(target: t2).draw(mirrored, texture: halfWhite(), cullBackFaces: true)
        #expect(t2[7, 7] == 0, "a mirrored grid faces away")
    }

    @Test func shadeHighlightAndAlphaModulate() {
        let tex = Bitmap(width: 8, height: 8, fill: Fixtures.pixel(200, 100, 0, 255))
        func quad(shade: Float = 1, highlight: Float = 0, alpha: Float = 1) -> UInt32 {
            let target = Bitmap(width: 10, height: 10)
            let m = Mesh(columns: 1, rows: 1) { i, j in
                MeshVertex(x: Float(10 * i), y: Float(10 * j), u: 2 + Float(4 * i), v: 2 + Float(4 * j),
                           shade: shade, highlight: highlight, alpha: alpha)
            }
            Canvas(target: target).draw(m, texture: tex)
            return target[5, 5]
        }
        #expect(quad() == Fixtures.pixel(200, 100, 0, 255))
        #expect(quad(shade: 0.5) == Fixtures.pixel(100, 50, 0, 255))
        #expect(quad(highlight: 1) == Fixtures.pixel(255, 255, 255, 255))
        #expect(quad(alpha: 0.5) == Fixtures.pixel(100, 50, 0, 128))
    }
}

@MainActor @Suite struct RenderFastPathTests {
    func maxDiff(_ a: Bitmap, _ b: Bitmap) -> Int { a.maxChannelDifference(to: b) ?? 999 }

    @Test func axisAlignedFillMatchesExactArea() {
        let color = Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.7)
        for r in [Rect(x: 3.3, y: 4.75, width: 20.5, height: 11.1), Rect(x: -2.5, y: 10, width: 8.2, height: 0.4),
                  Rect(x: 10.1, y: 10.2, width: 0.5, height: 30)] {
            let fast = Bitmap(width: 40, height: 40, fill: 0xff40_4040), slow = fast.copy()
            Canvas(target: fast).fill(r, color: color)
            Reference.fillRect(r, pixel: color.premultipliedPixel, into: slow)
            #expect(maxDiff(fast, slow) <= 1, "\(r)")
        }
    }

    @Test func roundedFillSpansMatchPerPixelCoverage() {
        let box = RoundedBox(x0: 3.4, y0: 2.7, x1: 51.2, y1: 40.9, r: 9.5)
        let pixel = Color(red: 1, green: 0.3, blue: 0.1, alpha: 0.8).premultipliedPixel
        let fast = Bitmap(width: 56, height: 44, fill: 0xffff_ffff), slow = fast.copy()
        Canvas(target: fast).fillDevice(box, pixel: pixel)
        for y in 0..<44 { for x in 0..<56 {
            let c = box.coverage(x, y)
            if c > 0 { slow[x, y] = over(scale(pixel, alpha8(c)), slow[x, y]) }
        } }
        #expect(maxDiff(fast, slow) <= 1)
    }

    @Test func blitMatchesReference() {
        let img = Fixtures.card()
        for opacity in [1.0, 0.6] {
            let fast = Bitmap(width: 64, height: 48, fill: 0xff20_4060), slow = fast.copy()
            let t = Transform3D(translationX: 7, y: -3, z: 0)
            Canvas(target: fast).draw(img, transform: t, opacity: opacity)
            Reference.drawImage(img, transform: t, opacity: opacity, into: slow)
            #expect(maxDiff(fast, slow) <= 1, "opacity \(opacity)")
        }
    }

    @Test func affineBilinearMatchesReference() {
        let img = Fixtures.card()
        let t = Transform3D(AffineTransform(rotationAngle: 0.35).scaledBy(x: 1.3, y: 0.9)
            .concatenating(AffineTransform(translationX: 20.3, y: 6.6)))
        for opacity in [1.0, 0.5] {
            let fast = Bitmap(width: 80, height: 64, fill: 0xff10_1010), slow = fast.copy()
            Canvas(target: fast).draw(img, transform: t, opacity: opacity)
            Reference.drawImage(img, transform: t, opacity: opacity, into: slow)
            #expect(maxDiff(fast, slow) <= 1, "opacity \(opacity)")
        }
    }

    @Test func perspectiveMeshMatchesReference() {
        let img = Fixtures.card(width: 64, height: 48)
        // Rotated 50° about y through the card's centre, eye 150 px away, placed at (40, 30).
        var p = Transform3D.identity; p.m34 = -1.0 / 150
        let t = Transform3D(translationX: -32, y: -24, z: 0)
            .concatenating(Transform3D(rotationAngle: 50 * .pi / 180, x: 0, y: 1, z: 0))
            .concatenating(p).concatenating(Transform3D(translationX: 48, y: 34, z: 0))
        let fast = Bitmap(width: 96, height: 72, fill: 0xff10_1010), slow = fast.copy()
        Canvas(target: fast).draw(img, transform: t)
        Reference.drawImage(img, transform: t, opacity: 1, into: slow)
        #expect(maxDiff(fast, slow) <= 1)
    }
}

@MainActor @Suite struct RenderThreadTests {
    /// A full-screen draw on two threads goes in several bands per thread, so a late thread or an
    /// uneven band does not leave the other waiting; small or short draws stay whole or keep 16 rows.
    @Test func bigDrawsSplitIntoSeveralBandsPerThread() {
        var c = Canvas(target: Bitmap(width: 1920, height: 1080)); c.threads = 2
        #expect(c.bandCount(PixelRect(x0: 0, y0: 0, x1: 1920, y1: 1080)) == 8)
        #expect(c.bandCount(PixelRect(x0: 0, y0: 0, x1: 1920, y1: 70)) == 1)      // below the threshold
        #expect(c.bandCount(PixelRect(x0: 0, y0: 0, x1: 1920, y1: 100)) == 6)     // 16 rows a band at least
        c.threads = 1
        #expect(c.bandCount(PixelRect(x0: 0, y0: 0, x1: 1920, y1: 1080)) == 1)
    }

    @Test func bandedDrawsMatchSingleThreaded() {
        let img = Fixtures.card(width: 300, height: 260)
        var p = Transform3D.identity; p.m34 = -1.0 / 400
        let transforms = [
            Transform3D(translationX: 3, y: 5, z: 0),
            Transform3D(AffineTransform(rotationAngle: 0.3).scaledBy(x: 1.6, y: 1.5).concatenating(AffineTransform(translationX: 120, y: 10))),
            Transform3D(translationX: -150, y: -130, z: 0).concatenating(Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0))
                .concatenating(p).concatenating(Transform3D(translationX: 240, y: 220, z: 0)),
        ]
        for t in transforms {
            let one = Bitmap(width: 480, height: 440, fill: 0xff33_3333), two = one.copy()
            Canvas(target: one).draw(img, transform: t, opacity: 0.8)
            var c2 = Canvas(target: two); c2.threads = 2
            c2.draw(img, transform: t, opacity: 0.8)
            #expect(one.maxChannelDifference(to: two) == 0)
        }
    }

    /// The compositor's clear goes in bands too: every pixel of the clip, and none outside it.
    @Test func bandedClearSetsTheClipOnly() {
        let b = Bitmap(width: 700, height: 400, fill: 0xff11_2233)
        var c = Canvas(target: b); c.threads = 2
        c.clip = PixelRect(x0: 5, y0: 3, x1: 690, y1: 398)
        c.clear(to: 0xff00_0000)
        var wrong = 0
        for y in 0..<400 { for x in 0..<700 where b.row(y)[x] != (x >= 5 && x < 690 && y >= 3 && y < 398 ? 0xff00_0000 : 0xff11_2233) { wrong += 1 } }
        #expect(wrong == 0)
    }
}

@MainActor @Suite struct RenderRobustnessTests {
    @Test func degenerateInputsDrawNothingAndDoNotTrap() {
        let target = Bitmap(width: 16, height: 16, fill: 0xff00_0000)
        let c = Canvas(target: target)
        let img = Fixtures.card(width: 8, height: 8)
        var t = Transform3D.identity; t.m11 = .nan
        c.draw(img, transform: t)
        c.draw(img, transform: Transform3D(scaleX: 0, y: 1, z: 1))
        c.draw(Bitmap(width: 0, height: 0), transform: .identity)
        c.fill(Rect(x: 2, y: 2, width: 0, height: 4), color: .white)
        c.fill(Rect(x: 2, y: 2, width: .nan, height: 4), color: .white)
        let bad = [MeshVertex(x: .nan, y: 0, u: 0, v: 0), MeshVertex(x: 10, y: 0, u: 8, v: 0),
                   MeshVertex(x: 0, y: 10, w: -1, u: 0, v: 8), MeshVertex(x: 1e30, y: 1e30, u: .infinity, v: 0)]
        c.draw(Mesh(vertices: bad, indices: [0, 1, 2, 1, 2, 3, 1, 3, 2, 7, 8, 9]), texture: img)
        for y in 0..<16 { for x in 0..<16 { #expect(target[x, y] == 0xff00_0000) } }
    }
}
