// Minified mesh draws read halved textures (Bitmap+Levels, MeshFootprint): the halvings are exact
// per-byte means, kept until the bitmap's contents change, chosen per axis from the mesh's least
// footprint, and a draw at a level is exactly the draw of that level with its texel units — so a
// page squeezed four texels to a pixel reads grey where its fine stripes would otherwise alias to
// solid black and white runs.

import Testing
@testable import Segue

struct TextureLevelTests {
    /// A texture of random premultiplied texels.
    static func noise(_ w: Int, _ h: Int, seed: UInt64) -> Bitmap {
        var rng = SplitMix(seed: seed)
        let b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let r = rng.next(), a = UInt32(r & 0xff)
                func channel(_ s: UInt64) -> UInt32 { a == 0 ? 0 : UInt32((r >> s) & 0xff) % (a + 1) }
                b[x, y] = a << 24 | channel(8) << 16 | channel(16) << 8 | channel(24)
            }
        }
        return b
    }

    static func mean(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for s in Swift.stride(from: 0, through: 24, by: 8) {
            let x = (a >> UInt32(s)) & 0xff, y = (b >> UInt32(s)) & 0xff
            out |= ((x + y + 1) / 2) << UInt32(s)
        }
        return out
    }

    @Test(arguments: [1, 2, 15, 31, 32, 33, 47, 64, 77])
    func halvingAcrossAveragesColumnPairs(width: Int) {
        let t = Self.noise(width, 3, seed: UInt64(width))
        let h = t.halved(x: 1, y: 0)
        #expect(h.width == (width + 1) / 2 && h.height == 3)
        for y in 0..<3 {
            for j in 0..<h.width {
                #expect(h[j, y] == Self.mean(t[2 * j, y], t[min(2 * j + 1, width - 1), y]), "texel \(j), \(y)")
            }
        }
    }

    @Test(arguments: [1, 2, 5, 8])
    func halvingDownAveragesRowPairs(height: Int) {
        let t = Self.noise(37, height, seed: UInt64(100 + height))
        let h = t.halved(x: 0, y: 1)
        #expect(h.width == 37 && h.height == (height + 1) / 2)
        for y in 0..<h.height {
            for x in 0..<37 { #expect(h[x, y] == Self.mean(t[x, 2 * y], t[x, min(2 * y + 1, height - 1)])) }
        }
    }

    @Test(arguments: [(1, 0), (0, 2), (2, 1), (3, 3)])
    func onePassLevelsEqualTheHalvingsInTurn(kx: Int, ky: Int) {
        let t = Self.noise(75, 37, seed: UInt64(kx * 10 + ky))
        var chain = t                                      // across first, then down
        for _ in 0..<kx { chain = chain.halved(x: 1, y: 0) }
        for _ in 0..<ky { chain = chain.halved(x: 0, y: 1) }
        let made = t.halved(x: kx, y: ky)
        #expect(made.width == chain.width && made.height == chain.height)
        #expect(made.maxChannelDifference(to: chain) == 0)
    }

    @Test func aBitmapKeepsItsLastTenLevels() {
        let t = Self.noise(64, 32, seed: 9)
        let kept = [(1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (3, 2)]
        #expect(kept.count == Bitmap.levelsKept)
        let made = kept.map { t.level(x: $0.0, y: $0.1) }
        for (k, b) in zip(kept, made) { #expect(t.level(x: k.0, y: k.1) === b) }
        _ = t.level(x: 3, y: 1)                          // (1, 0), the least recently asked for of eleven: dropped
        for (k, b) in zip(kept, made).dropFirst() { #expect(t.level(x: k.0, y: k.1) === b) }
        #expect(t.level(x: 1, y: 0) !== made[0])
    }

    /// A cube's and a flipping card's first frame plans every level their turn reads (`LevelPlan`)
    /// and makes only those it draws from; each later frame makes at most one more besides those it
    /// draws from, and each is made once: after the first few frames, every frame finds its levels
    /// kept, whatever the moment.
    @Test(arguments: [TransitionType.cube, .oglFlip])
    func aTurningPageHasItsLevelsMadeOneAFrameFromTheSecond(type: TransitionType) {
        let pages = EffectTestPages.make(width: 320, height: 200, text: false)
        let effect = type.makeEffect()
        func frame(_ p: Double) -> EffectFrame { EffectFrame(old: pages.old, new: pages.new, progress: p, size: Size(width: 320, height: 200)) }
        func made() -> Int { pages.old.levelsMade + pages.new.levelsMade }
        func planned() -> Int { [pages.old, pages.new].map { $0.plannedLevels.keys.count }.reduce(0, +) }
        // Progress 0 draws the old page flat: no level read, none made — but every one planned.
        effect.draw(frame(0), in: Canvas(target: Bitmap(width: 320, height: 200)))
        #expect(made() == 0 && planned() >= 2)
        var counts: [Int] = []
        for k in 1..<100 {
            let before = made()
            effect.draw(frame(Double(k) / 100), in: Canvas(target: Bitmap(width: 320, height: 200)))
            counts.append(made() - before)
        }
        // One a frame from the plan, the first frames one more each at most (a face or the card, read
        // before the plan's turn came); then none: each made once.
        #expect(made() == planned())
        #expect(counts.allSatisfy { $0 <= 2 })
        #expect(counts.dropFirst(planned()).allSatisfy { $0 == 0 })
    }

    @Test func levelsMadeFromKeptLevelsOrInBandsAreTheSame() {
        let t = Self.noise(1100, 1000, seed: 12)             // over a megapixel: made in bands
        let fromScratch = [(3, 0), (2, 1), (0, 2), (1, 3), (3, 2)].map { t.halved(x: $0.0, y: $0.1) }
        #expect(t.halved(x: 2, y: 1, threads: 3).maxChannelDifference(to: fromScratch[1]) == 0)
        _ = t.level(x: 2, y: 0)
        #expect(t.level(x: 3, y: 0).maxChannelDifference(to: fromScratch[0]) == 0)    // from (2, 0), across
        #expect(t.level(x: 2, y: 1).maxChannelDifference(to: fromScratch[1]) == 0)    // from (2, 0), down
        _ = t.level(x: 0, y: 1)
        #expect(t.level(x: 0, y: 2).maxChannelDifference(to: fromScratch[2]) == 0)    // from (0, 1), not (2, 1)
        #expect(t.level(x: 3, y: 2).maxChannelDifference(to: fromScratch[4]) == 0)    // from (3, 0), down twice
        #expect(t.level(x: 1, y: 3, threads: 2).maxChannelDifference(to: fromScratch[3]) == 0)
    }

    @Test func levelsAreKeptUntilTheContentsChange() {
        let t = Self.noise(64, 32, seed: 7)
        let a = t.level(x: 2, y: 1)
        #expect(a.width == 16 && a.height == 16)
        #expect(t.level(x: 2, y: 1) === a)
        #expect(t.level(x: 0, y: 0) === t)
        // Drawing into the texture (a Canvas), filling it, or writing a texel drops the old levels.
        _ = Canvas(target: t)
        let b = t.level(x: 2, y: 1)
        #expect(b !== a)
        t.fill(0xff10_2030)
        #expect(t.level(x: 1, y: 0)[3, 5] == 0xff10_2030)
        t[6, 5] = 0xff00_0000; t[7, 5] = 0xff00_0000
        #expect(t.level(x: 1, y: 0)[3, 5] == 0xff00_0000)
        t.pixels[6 + 5 * t.stride] = 0xffff_ffff
        t.contentsChanged()
        #expect(t.level(x: 1, y: 0)[3, 5] == Self.mean(0xffff_ffff, 0xff00_0000))
    }

    /// A quad over screen box (x0, y0)–(x1, y1) showing texture box (0, 0)–(u1, v1), with a feathered
    /// skirt along its right edge (u, v repeated one pixel out: a triangle that maps no texture area).
    static func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, u1: Float, v1: Float, skirt: Bool = true) -> Mesh {
        var m = Mesh()
        let a = MeshVertex(x: x0, y: y0, u: 0, v: 0), b = MeshVertex(x: x1, y: y0, u: u1, v: 0)
        let c = MeshVertex(x: x1, y: y1, u: u1, v: v1), d = MeshVertex(x: x0, y: y1, u: 0, v: v1)
        m.appendQuad(a, b, c, d)
        if skirt { m.appendSkirt(b, c, inside: a) }
        return m
    }

    @Test func halvingsFollowTheLeastFootprintPerAxis() {
        let limit = (x: 4, y: 4)
        #expect(Self.quad(0, 0, 100, 100, u1: 100, v1: 100).minification(limit: limit) == (0, 0))
        #expect(Self.quad(0, 0, 100, 100, u1: 400, v1: 100).minification(limit: limit) == (2, 0))
        #expect(Self.quad(0, 0, 100, 100, u1: 130, v1: 290).minification(limit: limit) == (0, 2))  // 1.3 → 0, 2.9 → 2
        #expect(Self.quad(0, 0, 10, 10, u1: 2000, v1: 2000).minification(limit: (x: 3, y: 1)) == (3, 1))
        // The skirt's degenerate texture map does not pull the choice to zero.
        #expect(Self.quad(0, 0, 100, 100, u1: 400, v1: 100, skirt: false).minification(limit: limit) == (2, 0))
        // In perspective, the least squeezed corner decides: a page turned about its left edge, its
        // far side 1/3 the height, reads ~2.7 texels a pixel at the near edge, more at the far one.
        var m = Mesh()
        m.appendQuad(MeshVertex(x: 0, y: 0, w: 1, u: 0, v: 0), MeshVertex(x: 100, y: 33, w: 3, u: 800, v: 0),
                     MeshVertex(x: 100, y: 67, w: 3, u: 800, v: 100), MeshVertex(x: 0, y: 100, w: 1, u: 0, v: 100))
        let f = Mesh.footprint(m.vertices[0], m.vertices[1], m.vertices[2])!
        #expect(f.u > 2 && f.u < 3)
        #expect(m.minification(limit: limit).x == 1)
    }

    @Test func aMinifiedDrawIsTheDrawOfItsLevel() {
        let t = Self.noise(400, 120, seed: 11)
        let squeezed = Self.quad(10.3, 5.6, 110.3, 105.6, u1: 400, v1: 120)     // 4 texels a pixel across
        let a = Bitmap(width: 128, height: 112, fill: 0xff80_8080), b = a.copy()
        Canvas(target: a).draw(squeezed, texture: t)
        var atLevel = squeezed
        for k in atLevel.vertices.indices { atLevel.vertices[k].u /= 4 }
        #expect(atLevel.minification(limit: (4, 4)) == (0, 0))
        Canvas(target: b).draw(atLevel, texture: t.level(x: 2, y: 0))
        #expect(a.maxChannelDifference(to: b) == 0)
    }

    @Test func aDrawOverLessThanASixteenthOfTheTextureReadsItWhole() {
        // Making a level reads every texel: a 20×20 draw of a 400×120 texture is not worth one.
        let t = Self.noise(400, 120, seed: 13)
        let small = Self.quad(3, 4, 23, 24, u1: 400, v1: 120)
        let a = Bitmap(width: 32, height: 32, fill: 0xff80_8080), b = a.copy()
        Canvas(target: a).draw(small, texture: t)
        MeshRasterizer(target: b, clip: PixelRect(x0: 0, y0: 0, x1: 32, y1: 32), texture: t, opacity: 1, cullBackFaces: false).draw(small)
        #expect(a.maxChannelDifference(to: b) == 0)
        #expect(t.levels.isEmpty)
    }

    /// A plan (`LevelPlan`) gives a draw too small to be worth a level of its own (a cube's face seen
    /// nearly edge-on) the level it wants, and the draw then reads it: the draw of that level, not the
    /// page — made by the draw itself where the plan has not made it yet.
    @Test func aSmallDrawReadsTheLevelAPlanMadeForIt() {
        let t = Self.noise(400, 120, seed: 14)
        let small = Self.quad(3, 4, 23, 24, u1: 400, v1: 120)           // 20 texels a pixel across, 6 down
        let canvas = Canvas(target: Bitmap(width: 32, height: 32, fill: 0xff80_8080))
        #expect(canvas.levelHalvings(small, t, box: Canvas.bounds(of: small)) == (0, 0))
        var plan = LevelPlan()
        plan.note(small, t, on: canvas)
        plan.schedule()
        let h = canvas.levelHalvings(small, t, box: Canvas.bounds(of: small))
        #expect(h == (4, 3) && t.isPlanned(x: 4, y: 3) && !t.keepsLevel(x: 4, y: 3))
        let b = Bitmap(width: 32, height: 32, fill: 0xff80_8080)
        canvas.draw(small, texture: t)
        #expect(t.keepsLevel(x: 4, y: 3))
        var atLevel = small
        for k in atLevel.vertices.indices { atLevel.vertices[k].u /= 16; atLevel.vertices[k].v /= 8 }
        Canvas(target: b).draw(atLevel, texture: t.level(x: 4, y: 3))
        #expect(canvas.target.maxChannelDifference(to: b) == 0)
        // New contents: the plan was for the old ones.
        t.contentsChanged()
        #expect(canvas.levelHalvings(small, t, box: Canvas.bounds(of: small)) == (0, 0))
    }

    @Test func fineStripesSqueezedReadGreyNotAliased() {
        // Columns alternating black and white, one texel each, squeezed 4:1 across: every pixel
        // covers two pairs, so it should be mid-grey; sampling the full texture would land on whole
        // runs of one colour.
        let t = Bitmap(width: 400, height: 40)
        for y in 0..<40 { for x in 0..<400 { t[x, y] = x % 2 == 0 ? 0xff00_0000 : 0xffff_ffff } }
        let out = Bitmap(width: 100, height: 40, fill: 0xff00_ff00)
        Canvas(target: out).draw(Self.quad(0, 0, 100, 40, u1: 400, v1: 40, skirt: false), texture: t)
        for y in 5..<35 {
            for x in 5..<95 {
                let g = Int((out[x, y] >> 8) & 0xff)
                #expect(abs(g - 128) <= 2, "pixel \(x), \(y): \(g)")
            }
        }
    }
}
