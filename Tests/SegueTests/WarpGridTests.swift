// A warp grid (the ripple's water) writes its pixels' positions and factors sixteen at a time and samples
// them in the mesh runs' kernel; with fast paths off every pixel is sampled and shaded on its own from
// the same numbers. These tests pin the two to the same pixels — over lattices whose texture positions
// reach past the texture's edges, lit, shaded and translucent, clipped and not — and check that the
// grid covers its rectangle and nothing else, opaquely over an opaque texture even where its positions
// reach past the texture (its edge texels repeat). Cells the caller marks still are copies of their
// texels, the same pixels as the same cells unmarked.

import Testing
@testable import Segue

struct WarpGridTests {
    static func grid(_ rng: inout SplitMix, columns: Int, rows: Int, alpha: Double) -> WarpGrid {
        var g = WarpGrid()
        g.reset(columns: columns, rows: rows, x0: 3.3, y0: 2.6, x1: 150.8, y1: 96.1, alpha: alpha)
        func unit() -> Float { Float(rng.next() % 1000) / 1000 }
        for j in 0...rows {
            for i in 0...columns {
                // A page of 97 × 61 texels stretched over the grid, displaced by up to 4 texels either
                // way (so the border cells reach past the texture).
                let u = Float(i) * 97 / Float(columns) + (unit() - 0.5) * 8
                let v = Float(j) * 61 / Float(rows) + (unit() - 0.5) * 8
                g.append(u: u, v: v, shade: 0.6 + 0.4 * unit(), highlight: unit() < 0.5 ? 0 : 0.5 * unit())
            }
        }
        return g
    }

    @Test(arguments: [1.0, 0.55])
    func fastAndReferencePathsDrawTheSamePixels(alpha: Double) {
        var rng = SplitMix(seed: alpha == 1 ? 5 : 6)
        let texture = FastPathTests.randomBitmap(97, 61, &rng)
        for (columns, rows, clipped) in [(16, 10, false), (7, 5, true), (31, 19, false)] {
            let g = Self.grid(&rng, columns: columns, rows: rows, alpha: alpha)
            let fast = FastPathTests.randomBitmap(160, 100, &rng), reference = fast.copy()
            var a = Canvas(target: fast), b = Canvas(target: reference)
            if clipped { a.clip = PixelRect(x0: 20, y0: 11, x1: 131, y1: 77); b.clip = a.clip }
            a.draw(g, texture: texture)
            FastPaths.$enabled.withValue(false) { b.draw(g, texture: texture) }
            #expect(fast.maxChannelDifference(to: reference) == 0, "\(columns)×\(rows) alpha \(alpha) clipped \(clipped)")
        }
    }

    /// Still water (a lattice point's texture position its own place, unshaded and unlit: the ripple
    /// outside its wave front) shows its texture texel for texel — copied, where the segments are still
    /// — and the reference's pixels, beside water that is not still; half a texel off, it is sampled.
    @Test(arguments: [0, 0.5] as [Float])
    func stillWaterIsItsTexels(offset: Float) {
        var rng = SplitMix(seed: 17)
        let (texture, translucent) = FastPathTests.textures(130, 100, &rng)
        var g = WarpGrid()
        g.reset(columns: 12, rows: 9, x0: 0, y0: 0, x1: 120, y1: 90, alpha: 1)
        for j in 0...9 {
            for i in 0...12 {
                // A displaced, shaded and lit patch round lattice point (6, 4); still water elsewhere.
                let wave = abs(i - 6) <= 1 && abs(j - 4) <= 1
                let d: Float = wave ? Float(rng.next() % 300) / 100 : 0
                g.append(u: Float(10 * i) + offset + d, v: Float(10 * j) + d, shade: wave ? 0.8 : 1, highlight: wave ? 0.3 : 0)
            }
        }
        for t in [translucent, texture] {
            let fast = FastPathTests.randomBitmap(140, 100, &rng), reference = fast.copy()
            Canvas(target: fast).draw(g, texture: t)
            FastPaths.$enabled.withValue(false) { Canvas(target: reference).draw(g, texture: t) }
            #expect(fast.maxChannelDifference(to: reference) == 0)
        }
        // Rows far from the patch are the opaque texture's own texels (with no offset).
        let fast = FastPathTests.randomBitmap(140, 100, &rng)
        Canvas(target: fast).draw(g, texture: texture)
        if offset == 0 {
            for y in [0, 5, 89] { for x in 0..<120 { #expect(fast.row(y)[x] == texture.row(y)[x], "(\(x), \(y))") } }
        }
    }

    /// Points the caller marks still, on a texture lying one to one on whole pixels: the still cells
    /// beside a row's moving ones, and rows of still cells, are copied — the pixels of the same grid
    /// unmarked and of the reference, clipped or not, over an opaque texture and a translucent one.
    @Test func markedStillCellsAreCopiedAsTheirTexels() {
        var rng = SplitMix(seed: 23)
        let (texture, translucent) = FastPathTests.textures(120, 90, &rng)
        func grid(marked: Bool) -> WarpGrid {
            var g = WarpGrid()
            g.reset(columns: 12, rows: 9, x0: 7, y0: 5, x1: 127, y1: 95, alpha: 1)
            var waves = SplitMix(seed: 29)
            for j in 0...9 {
                for i in 0...12 {
                    // Displaced, shaded and lit round lattice points (3, 2) and (8, 3); still elsewhere.
                    let wave = (abs(i - 3) <= 1 && abs(j - 2) <= 1) || (abs(i - 8) <= 1 && abs(j - 3) <= 1)
                    let d: Float = wave ? Float(waves.next() % 300) / 100 : 0
                    g.append(u: Float(10 * i) + d, v: Float(10 * j) + d, shade: wave ? 0.8 : 1, highlight: wave ? 0.3 : 0,
                             still: marked && !wave)
                }
            }
            return g
        }
        let marked = grid(marked: true), unmarked = grid(marked: false)
        for t in [translucent, texture] {
            for clip in [nil, PixelRect(x0: 20, y0: 11, x1: 101, y1: 77), PixelRect(x0: 60, y0: 0, x1: 140, y1: 100),
                         PixelRect(x0: 0, y0: 0, x1: 55, y1: 100)] {
                let fast = FastPathTests.randomBitmap(140, 100, &rng), plain = fast.copy(), reference = fast.copy()
                var a = Canvas(target: fast), b = Canvas(target: plain), c = Canvas(target: reference)
                if let clip { a.clip = clip; b.clip = clip; c.clip = clip }
                a.draw(marked, texture: t)
                b.draw(unmarked, texture: t)
                FastPaths.$enabled.withValue(false) { c.draw(marked, texture: t) }
                #expect(fast.maxChannelDifference(to: plain) == 0)
                #expect(fast.maxChannelDifference(to: reference) == 0)
            }
        }
        // A row of still cells (the grid's last) is the opaque texture's own texels.
        let fast = FastPathTests.randomBitmap(140, 100, &rng)
        Canvas(target: fast).draw(marked, texture: texture)
        for y in [86, 94] { for x in 7..<127 { #expect(fast.row(y)[x] == texture.row(y - 5)[x - 7], "(\(x), \(y))") } }
    }

    @Test func coversItsRectangleAndNothingElse() {
        var rng = SplitMix(seed: 9)
        let texture = Bitmap(width: 97, height: 61, fill: 0xff00_ff00)
        var g = WarpGrid()
        g.reset(columns: 9, rows: 6, x0: 3.3, y0: 2.6, x1: 150.8, y1: 96.1, alpha: 1)
        for j in 0...6 {
            for i in 0...9 {
                // Positions reaching up to three texels past every edge of the texture: its edge
                // texels repeat there, so every covered pixel is opaque green.
                g.append(u: -3 + Float(i) * 103 / 9 + Float(rng.next() % 100) / 100, v: -3 + Float(j) * 67 / 6,
                         shade: 1, highlight: 0)
            }
        }
        let out = Bitmap(width: 160, height: 100, fill: 0xff00_0000)
        Canvas(target: out).draw(g, texture: texture)
        for y in 0..<100 {
            for x in 0..<160 {
                // Pixel centres inside 3.3…150.8 × 2.6…96.1.
                let inside = Double(x) + 0.5 >= 3.3 && Double(x) + 0.5 < 150.8 && Double(y) + 0.5 >= 2.6 && Double(y) + 0.5 < 96.1
                #expect(out.row(y)[x] == (inside ? 0xff00_ff00 : 0xff00_0000), "pixel (\(x), \(y))")
            }
        }
    }

    /// The ripple over a page mirrored on the screen (not unturned) is drawn by the mesh of the same
    /// lattice: mirrored back, it is the warp grid's picture but for the two triangles a cell (a few
    /// levels on average at most).
    @Test @MainActor func aTurnedPageTakesTheMeshOfTheSameLattice() {
        for p in [0.3, 0.5, 0.7] {
            let mean = EffectTestPages.mirroredDifference(RippleEffect.init, at: p).mean
            #expect(mean < 3, "at \(p): mean difference \(mean)")
        }
    }
}
