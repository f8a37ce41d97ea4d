// A row warp (the suck's page lying unturned) draws each pixel row as one affine span through the mesh
// kernels, its ends and the pixels past the texture through the clamped sampler; with fast paths off
// every pixel goes through the clamped sampler from the same numbers. These tests pin the two to the
// same pixels — over lines that narrow, fold back, fade and shade or lie a texel a pixel, clipped and
// not — check that a level, unscaled warp shows its texture texel for texel, that two threads draw
// what one does, and that the suck draws, over a turned page, the mesh of the same lines (the same
// picture but for the triangles' kinks).

import Testing
@testable import Segue

struct RowWarpTests {
    /// Lines down a 160 × 100 target, narrowing and shifting at random, one band folding back.
    static func warp(_ rng: inout SplitMix, texture: Bitmap, alpha: Double, shade: Bool) -> RowWarp {
        var w = RowWarp()
        var y = 3.3
        for j in 0...12 {
            let mid = 80 + Double(rng.next() % 200) / 10 - 10, half = 20 + Double(rng.next() % 600) / 10
            w.lines.append(RowWarp.Line(y: y, left: mid - half, right: mid + half, v: Double(texture.height) * Double(j) / 12,
                                        shade: shade ? 0.6 + Double(rng.next() % 40) / 100 : 1, alpha: alpha))
            y += j == 7 ? -4.5 : 7.7 + Double(rng.next() % 30) / 10
        }
        return w
    }

    @Test(arguments: [(1.0, false), (1.0, true), (0.55, true)])
    func fastAndReferencePathsDrawTheSamePixels(alpha: Double, shade: Bool) {
        var rng = SplitMix(seed: shade ? 11 : 12)
        let texture = FastPathTests.randomBitmap(97, 61, &rng)
        // Lines a texel a pixel wide (read as a page lying flat is), at a fractional offset.
        var flat = RowWarp()
        flat.lines = (0...6).map { j in
            RowWarp.Line(y: 7.6 + 13 * Double(j), left: 31.3, right: 31.3 + 97, v: 61 * Double(j) / 6,
                         shade: shade ? 1 - 0.05 * Double(j) : 1, alpha: alpha)
        }
        for (clipped, isFlat) in [(false, false), (true, false), (false, true), (true, true)] {
            let w = isFlat ? flat : Self.warp(&rng, texture: texture, alpha: alpha, shade: shade)
            let fast = FastPathTests.randomBitmap(160, 100, &rng), reference = fast.copy(), before = fast.copy()
            var a = Canvas(target: fast), b = Canvas(target: reference)
            if clipped { a.clip = PixelRect(x0: 20, y0: 11, x1: 131, y1: 77); b.clip = a.clip }
            a.draw(w, texture: texture)
            FastPaths.$enabled.withValue(false) { b.draw(w, texture: texture) }
            #expect(fast.maxChannelDifference(to: reference) == 0, "alpha \(alpha) shade \(shade) clipped \(clipped) flat \(isFlat)")
            // The warp drew something: most of its middle rows changed.
            let changed = (40..<60).reduce(0) { n, y in n + (0..<160).filter { fast.row(y)[$0] != before.row(y)[$0] }.count }
            #expect(changed > 1000, "alpha \(alpha) shade \(shade) clipped \(clipped): \(changed) pixels changed")
        }
    }

    @Test func aLevelUnscaledWarpShowsItsTextureTexelForTexel() {
        var rng = SplitMix(seed: 13)
        let texture = FastPathTests.randomBitmap(97, 61, &rng)
        var w = RowWarp()
        w.lines = [RowWarp.Line(y: 20, left: 30, right: 127, v: 0, shade: 1, alpha: 1),
                   RowWarp.Line(y: 81, left: 30, right: 127, v: 61, shade: 1, alpha: 1)]
        // Over a clear target, source-over leaves each pixel exactly as drawn.
        let out = Bitmap(width: 160, height: 100, fill: 0)
        Canvas(target: out).draw(w, texture: texture)
        for y in 0..<100 {
            for x in 0..<160 {
                let inside = (30..<127).contains(x) && (20..<81).contains(y)
                // Outside, a pixel's feather at most: the row above and below, the column each side.
                let near = (29...127).contains(x) && (19...81).contains(y)
                if inside {
                    #expect(out.row(y)[x] == texture.row(y - 20)[x - 30], "pixel (\(x), \(y))")
                } else if !near {
                    #expect(out.row(y)[x] == 0, "pixel (\(x), \(y))")
                }
            }
        }
    }

    /// Degenerate lines draw nothing (or what is well defined) and never trap: one line, NaN, huge
    /// or collapsed lines, lines all on one screen row, a texture one texel wide (drawn as nothing, as
    /// the warp grid draws it).
    @Test func degenerateWarpsDoNotTrap() {
        let texture = Bitmap(width: 8, height: 8, fill: 0xff11_2233), thin = Bitmap(width: 1, height: 8, fill: 0xff11_2233)
        func line(_ y: Double, _ l: Double, _ r: Double) -> RowWarp.Line { RowWarp.Line(y: y, left: l, right: r, v: y, shade: 1, alpha: 1) }
        // Each case, and whether it covers the target's last pixel (a band reaching far past it).
        let cases: [([RowWarp.Line], Bool)] = [
            ([line(2, 1, 9)], false),
            ([line(.nan, 1, 9), line(8, 1, 9)], false),
            ([line(0, -1e9, 1e9), line(8, -1e9, 1e9)], false),
            ([line(0, -1e6, 1e6), line(8, -1e6, 1e6), line(1e6, 3, 4)], true),
            ([line(0, 5, 5), line(8, 5, 5)], false),
            ([line(4, 1, 9), line(4, 1, 9), line(4, 2, 8)], false),
            ([line(-50, 1, 9), line(-40, 1, 9)], false),
        ]
        for (lines, covers) in cases {
            for t in [texture, thin] {
                let out = Bitmap(width: 16, height: 16, fill: 0xff00_0000)
                var w = RowWarp()
                w.lines = lines
                Canvas(target: out).draw(w, texture: t)
                #expect(out.row(15)[15] == (covers && t.width > 1 ? 0xff11_2233 : 0xff00_0000), "\(lines.map(\.y)) texture \(t.width) wide")
            }
        }
    }

    /// In bands on two threads, the same pixels as on one (a band's rows are its clip's).
    @Test func bandedDrawsMatchSingleThreaded() {
        var rng = SplitMix(seed: 14)
        let texture = FastPathTests.randomBitmap(97, 61, &rng)
        var w = Self.warp(&rng, texture: texture, alpha: 0.8, shade: true)
        w.lines = w.lines.map { var l = $0; l.y *= 6; l.left *= 6; l.right *= 6; return l }
        let one = FastPathTests.randomBitmap(960, 600, &rng), two = one.copy()
        Canvas(target: one).draw(w, texture: texture)
        var c = Canvas(target: two); c.threads = 2
        #expect(c.bandCount(PixelRect(x0: 0, y0: 0, x1: 960, y1: 600)) > 1)
        c.draw(w, texture: texture)
        #expect(one.maxChannelDifference(to: two) == 0)
    }

    /// Over a page mirrored on the screen (not unturned) the suck takes the mesh of the same lines:
    /// mirrored back, it is the row warp's picture but for the two triangles a cell (a few levels on
    /// average at most).
    @Test @MainActor func aTurnedPageTakesTheMeshOfTheSameLines() {
        let new = EffectTestPages.make(width: 160, height: 100).new
        for p in [0.2, 0.5, 0.7] {
            let (straight, mean) = EffectTestPages.mirroredDifference(SuckEffect.init, at: p)
            #expect(mean < 3, "at \(p): mean difference \(mean)")
            let changed = (0..<100).reduce(0) { n, y in n + (0..<160).filter { straight.row(y)[$0] != new.row(y)[$0] }.count }
            #expect(changed > 1000, "at \(p): the old page shows")
        }
    }
}
