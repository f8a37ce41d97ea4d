// The render canvas's held copies (Canvas+HeldCopy) pinned to drawing straight away: every sequence
// of draws gives the same pixels, bit for bit, whether the copy beneath was drawn in the same pass as
// what lies over it, or first and alone — and the tests check the shared pass was taken.
import Testing
@testable import Segue

@MainActor @Suite struct HeldCopyTests {
    /// A bitmap of random premultiplied pixels; with `translucent`, a quarter of them part-transparent
    /// (runs of them, so some groups of eight and sixteen are all opaque and some are not).
    static func noise(_ w: Int, _ h: Int, seed: UInt64, translucent: Bool) -> Bitmap {
        var rng = SplitMix(seed: seed)
        let b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a: UInt32 = translucent && (x / 11 + y / 5) % 4 == 0 ? UInt32(rng.below(256)) : 255
                func c() -> UInt32 { a == 0 ? 0 : UInt32(rng.below(Int(a) + 1)) }
                b.row(y)[x] = a << 24 | c() << 16 | c() << 8 | c()
            }
        }
        return b
    }

    /// `draw` on a canvas that holds copies (settled at the end) and on one that does not, over the
    /// same background; returns both results and how many draws were fused.
    func both(width: Int = 120, height: Int = 80, threads: Int = 1, _ draw: (Canvas) -> Void) -> (Bitmap, Bitmap, Int) {
        let background = Self.noise(width, height, seed: 99, translucent: false)
        let straight = background.copy(), holding = background.copy()
        var plain = Canvas(target: straight)
        plain.threads = threads
        draw(plain)
        var canvas = Canvas(target: holding)
        canvas.threads = threads
        let held = HeldCopy()
        canvas.held = held
        draw(canvas)
        canvas.settle()
        return (holding, straight, held.fused)
    }

    static let canvasRect = PixelRect(x0: 0, y0: 0, x1: 120, y1: 80)
    static let a = noise(101, 67, seed: 1, translucent: false)
    static let b = noise(101, 67, seed: 2, translucent: false)
    static let aClear = noise(101, 67, seed: 3, translucent: true)
    static let bClear = noise(101, 67, seed: 4, translucent: true)

    @Test(arguments: [152, 1, 255])
    func aPageFadingInOverAnotherAtTheSamePlace(opacity: Int) {
        let (held, straight, fused) = both { c in
            c.blit(Self.a, x: 7, y: 5, opacity: 255)
            c.blit(Self.b, x: 7, y: 5, opacity: UInt32(opacity))
        }
        #expect(fused == 1)
        #expect(held.maxChannelDifference(to: straight) == 0)
    }

    /// Part-transparent pages, partly off the canvas and overlapping only in part: the copy's rest,
    /// the shared part and the draw's rest. A copy at part opacity is not held — drawn straight away,
    /// with the same pixels. Offsets not a multiple of eight cut the second page's rows off its
    /// vector groups unless the shared part is moved in to them.
    @Test(arguments: [(-13, 7, -13, -3), (30, 20, 0, 0), (10, 0, 10, 50), (0, 0, 43, 30), (-50, 0, 60, 0), (19, 5, 19, 5),
                      (3, 0, 0, 0), (0, 0, 3, 0), (-95, 0, 0, 0)])
    func translucentPagesOverlappingInPart(ax: Int, ay: Int, bx: Int, by: Int) {
        for (oa, ob) in [(255, 255), (255, 90), (200, 255)] {
            let (held, straight, fused) = both { c in
                c.blit(Self.aClear, x: ax, y: ay, opacity: UInt32(oa))
                c.blit(Self.bClear, x: bx, y: by, opacity: UInt32(ob))
            }
            let meet = max(ay, by, 0) < min(ay + 67, by + 67, 80) && max(ax, bx, 0) < min(ax + 101, bx + 101, 120)
            let shares = meet && Canvas.sharedColumns(PixelRect(x0: ax, y0: ay, x1: ax + 101, y1: ay + 67).intersection(Self.canvasRect),
                                                      PixelRect(x0: bx, y0: by, x1: bx + 101, y1: by + 67).intersection(Self.canvasRect),
                                                      opacity: UInt32(ob)) != nil
            #expect(fused == (oa == 255 && shares ? 1 : 0), "\(oa) \(ob)")
            #expect(held.maxChannelDifference(to: straight) == 0, "\(oa) \(ob)")
        }
    }

    /// A translucent page is cut only at whole groups of eight from where its rows start; an opaque
    /// one (or a full-strength one) anywhere.
    @Test func sharedColumnsKeepTheVectorGroups() {
        let page = PixelRect(x0: 0, y0: 0, x1: 1730, y1: 100), over = PixelRect(x0: 0, y0: 0, x1: 1920, y1: 100)
        #expect(Canvas.sharedColumns(page, over, opacity: 152) == PixelRect(x0: 0, y0: 0, x1: 1728, y1: 100))
        #expect(Canvas.sharedColumns(page, over, opacity: 255) == page)
        let right = PixelRect(x0: 13, y0: 0, x1: 1920, y1: 100)
        #expect(Canvas.sharedColumns(right, over, opacity: 152) == PixelRect(x0: 16, y0: 0, x1: 1920, y1: 100))
        #expect(Canvas.sharedColumns(PixelRect(x0: 3, y0: 0, x1: 9, y1: 100), over, opacity: 152) == nil)
    }

    /// The dimming over a page sliding away: a translucent box on whole pixels, over all or part of
    /// the page, over opaque and part-transparent pages (a page at part opacity is not held).
    @Test(arguments: [(0.0, 0.0, 120.0, 80.0), (10.0, 3.0, 70.0, 50.0), (-5.0, -5.0, 33.0, 200.0)])
    func aDimmingBoxOverAPage(x0: Double, y0: Double, x1: Double, y1: Double) {
        for (page, opacity) in [(Self.a, 255), (Self.aClear, 255), (Self.a, 140), (Self.aClear, 77)] {
            let (held, straight, fused) = both { c in
                c.blit(page, x: -9, y: 4, opacity: UInt32(opacity))
                c.fillDevice(RoundedBox(x0: x0, y0: y0, x1: x1, y1: y1, r: 0), pixel: 0x2000_0000)
            }
            #expect(fused == (opacity == 255 ? 1 : 0))
            #expect(held.maxChannelDifference(to: straight) == 0)
        }
    }

    /// What cannot share the pass draws the copy first: a box with a fractional edge or rounded
    /// corners, an opaque box, a turned image, a mesh, a clear.
    @Test func otherDrawsComeAfterTheCopy() {
        let draws: [(Canvas) -> Void] = [
            { $0.fillDevice(RoundedBox(x0: 10.5, y0: 3, x1: 70, y1: 50, r: 0), pixel: 0x2000_0000) },
            { $0.fillDevice(RoundedBox(x0: 10, y0: 3, x1: 70, y1: 50, r: 6), pixel: 0x2000_0000) },
            { $0.fillDevice(RoundedBox(x0: 10, y0: 3, x1: 70, y1: 50, r: 0), pixel: 0xff10_2030) },
            { $0.draw(Self.b, transform: Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1), opacity: 0.7) },
            { $0.draw(Mesh(columns: 1, rows: 1) { i, j in
                MeshVertex(x: Float(10 + 60 * i), y: Float(5 + 50 * j + 9 * i), u: Float(101 * i), v: Float(67 * j)) },
                      texture: Self.bClear, opacity: 0.8) },
            { $0.clear(to: 0xff00_0000) },
        ]
        for (k, draw) in draws.enumerated() {
            let (held, straight, fused) = both { c in
                c.blit(Self.aClear, x: 3, y: 2, opacity: 255)
                draw(c)
            }
            #expect(fused == 0, "draw \(k)")
            #expect(held.maxChannelDifference(to: straight) == 0, "draw \(k)")
        }
    }

    /// A draw through a narrower clip (a piece of the region under an opaque page) shares the pass
    /// only within it; a copy that nothing follows is drawn when the canvas settles.
    @Test func clipPiecesAndACopyLeftAlone() {
        let (held, straight, fused) = both { c in
            c.blit(Self.aClear, x: 0, y: 0, opacity: 255)
            var piece = c
            piece.clip = PixelRect(x0: 20, y0: 10, x1: 60, y1: 70)
            piece.blit(Self.bClear, x: 0, y: 0, opacity: 128)
            c.blit(Self.aClear, x: 50, y: 30, opacity: 255)
        }
        #expect(fused == 1)
        #expect(held.maxChannelDifference(to: straight) == 0)
    }

    /// Big enough to be drawn in bands on two threads.
    @Test func inBandsOnTwoThreads() {
        let a = Self.noise(640, 400, seed: 5, translucent: true), b = Self.noise(640, 400, seed: 6, translucent: false)
        let (held, straight, fused) = both(width: 640, height: 400, threads: 2) { c in
            c.blit(a, x: 0, y: 0, opacity: 255)
            c.blit(b, x: 0, y: 0, opacity: 100)
            c.blit(b, x: -200, y: 0, opacity: 255)
            c.fillDevice(RoundedBox(x0: 0, y0: 0, x1: 440, y1: 400, r: 0), pixel: 0x1a00_0000)
        }
        #expect(fused == 2)
        #expect(held.maxChannelDifference(to: straight) == 0)
    }

    /// Through the compositor: a page, the dimming over it and a translucent page fading in, as the
    /// navigation slides and the cross-dissolve draw them, against the reference drawing.
    @Test(arguments: [0.0, 37.0, 160.0])
    func theCompositorFusesAPageWithWhatLiesOverIt(offset: Double) {
        let root = makeLayer(Rect(x: 0, y: 0, width: 320, height: 240), .black)
        let page = makeLayer(Rect(x: -offset / 3, y: 0, width: 320, height: 240))
        page.contents = Self.noise(320, 240, seed: 7, translucent: false)
        let dim = makeLayer(Rect(x: 0, y: 0, width: 320, height: 240), .black)
        dim.opacity = 0.1
        let fading = makeLayer(Rect(x: offset, y: 0, width: 320, height: 240))
        fading.contents = Self.noise(320, 240, seed: 8, translucent: true)
        fading.opacity = 0.6
        for l in [page, dim, fading] { root.addSublayer(l) }
        let comp = Compositor()
        let fast = Bitmap(width: 320, height: 240)
        comp.render(root, into: fast)
        #expect(comp.statistics.drawsFused == 1)
        let ref = Bitmap(width: 320, height: 240)
        FastPaths.$enabled.withValue(false) { Compositor().render(root, into: ref) }
        #expect(fast.maxChannelDifference(to: ref) == 0)
    }
}
