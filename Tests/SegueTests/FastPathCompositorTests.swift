// The compositor's fast paths pinned to its reference drawing: static subtrees drawn from their
// whole-pixel texture, and siblings clipped under an opaque sliding page or inset card, against the same scene drawn
// directly (FastPaths.enabled off, or a fresh compositor, which never reuses a texture).
import Testing
@testable import Segue

@MainActor @Suite(.serialized) struct FastPathCompositorTests {
    /// A 320×240 window-like tree: a white page with coloured cards (opaque and translucent, one
    /// rounded), and a second opaque page that can slide over it.
    func scene(rounded: Bool = true) -> (root: Layer, page: Layer, cover: Layer) {
        let root = makeLayer(Rect(x: 0, y: 0, width: 320, height: 240), .black)
        let page = makeLayer(Rect(x: 0, y: 0, width: 320, height: 240), .white)
        page.addSublayer(makeLayer(Rect(x: 20, y: 20, width: 120, height: 60), .systemBlue))
        page.addSublayer(makeLayer(Rect(x: 60, y: 100, width: 200, height: 90), Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)))
        page.addSublayer(makeLayer(Rect(x: 200, y: 30, width: 90, height: 50), .systemRed, radius: rounded ? 12 : 0))
        let cover = makeLayer(Rect(x: 0, y: 0, width: 320, height: 240), .systemGray)
        cover.addSublayer(makeLayer(Rect(x: 30, y: 40, width: 100, height: 100), .systemGreen))
        root.addSublayer(page)
        root.addSublayer(cover)
        return (root, page, cover)
    }

    @Test func aStillPageIsDrawnFromItsTextureWithTheSamePixels() {
        let (root, _, cover) = scene()
        cover.isHidden = true
        let comp = Compositor()
        let target = Bitmap(width: 320, height: 240)
        for _ in 0..<3 { comp.render(root, into: target) }
        #expect(comp.statistics.texturesReused >= 1)
        let fresh = Bitmap(width: 320, height: 240)
        FastPaths.$enabled.withValue(false) { Compositor().render(root, into: fresh) }
        #expect(target.maxChannelDifference(to: fresh) == 0)
    }

    /// Straight edges only: a curved edge resampled between pixels differs from one rasterized there
    /// (as a moving layer's backing store does under Core Animation).
    @Test func aPageMovedBetweenPixelsSamplesItsTextureWithinOneLevel() {
        let (root, page, cover) = scene(rounded: false)
        cover.isHidden = true
        let comp = Compositor()
        let target = Bitmap(width: 320, height: 240)
        comp.render(root, into: target)
        comp.render(root, into: target)
        // The page slides by a fraction of a pixel and holds still: from its texture, resampled.
        page.position = Point(x: page.position.x + 17.375, y: page.position.y + 0.5)
        comp.render(root, into: target)
        comp.render(root, into: target)
        #expect(comp.statistics.texturesReused >= 1)
        let fresh = Bitmap(width: 320, height: 240)
        FastPaths.$enabled.withValue(false) { Compositor().render(root, into: fresh) }
        // Axis-aligned cards: bilinear resampling of the sharp texture equals area coverage ±1.
        #expect((target.maxChannelDifference(to: fresh) ?? 99) <= 1)
    }

    @Test func whatASlidingOpaquePageCoversIsClippedAwayWithoutChangingPixels() {
        for x in [0.0, 40.0, 160.5, 300.25] {
            for vertical in [false, true] {
                let (root, _, cover) = scene()
                cover.position = vertical ? Point(x: 160, y: 120 + x * 0.75) : Point(x: 160 + x, y: 120)
                func draw() -> Bitmap {
                    let b = Bitmap(width: 320, height: 240)
                    Compositor().render(root, into: b)
                    return b
                }
                let fast = draw()
                let ref = FastPaths.$enabled.withValue(false) { draw() }
                #expect(fast.maxChannelDifference(to: ref) == 0, "offset \(x) vertical \(vertical)")
            }
        }
    }

    /// A card inset in the middle of the screen (a sheet springing in, at whole and fractional
    /// positions) hides the middle of what lies beneath: drawn around it only, with the same pixels.
    @Test func whatAnInsetOpaqueCardCoversIsClippedAwayWithoutChangingPixels() {
        for (x, y) in [(160.0, 120.0), (161.5, 118.25), (40.0, 200.0), (300.0, 20.0)] {
            let (root, page, cover) = scene()
            cover.bounds = Rect(x: 0, y: 0, width: 180, height: 120)
            cover.position = Point(x: x, y: y)
            page.opacity = 0.5
            let fast = threeFrames(root)
            let ref = FastPaths.$enabled.withValue(false) { threeFrames(root) }
            #expect(fast.maxChannelDifference(to: ref) == 0, "card at \(x), \(y)")
        }
    }

    /// The third of three frames rendered by one compositor (its textures made and reused by then).
    func threeFrames(_ root: Layer) -> Bitmap {
        let b = Bitmap(width: 320, height: 240)
        let comp = Compositor()
        for _ in 0..<3 { comp.render(root, into: b) }
        return b
    }

    /// Records the clips it is drawn with.
    final class Probe: LayerContentOverride {
        var clips: [PixelRect] = []
        func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect) { clips.append(canvas.clip) }
    }

    /// A presentation's shape: the presenter translucent, the sheet inset over it inside a clear
    /// container of its own. The sheet still hides what lies beneath the container — the window's
    /// background, a layer under the presenter — which are drawn around it only, with the same pixels.
    @Test func whatAnInsetCardInAClearContainerCoversIsClippedAway() {
        for (x, y) in [(160.0, 120.0), (161.5, 118.25)] {
            let (root, page, cover) = scene()
            let probe = Probe(), under = makeLayer(Rect(x: 0, y: 0, width: 320, height: 240), .systemBlue)
            under.contentOverride = probe
            root.insertSublayer(under, at: 0)
            let container = makeLayer(Rect(x: 0, y: 0, width: 320, height: 240), nil)
            cover.removeFromSuperlayer()
            container.addSublayer(cover)
            root.addSublayer(container)
            cover.bounds = Rect(x: 0, y: 0, width: 180, height: 120)
            cover.position = Point(x: x, y: y)
            page.opacity = 0.5
            let fast = threeFrames(root)
            let card = PixelRect(x0: Int((x - 90).rounded(.up)), y0: Int((y - 60).rounded(.up)),
                                 x1: Int((x + 90).rounded(.down)), y1: Int((y + 60).rounded(.down)))
            #expect(!probe.clips.isEmpty && probe.clips.allSatisfy { $0.intersection(card).isEmpty }, "card at \(x), \(y)")
            let ref = FastPaths.$enabled.withValue(false) { threeFrames(root) }
            #expect(fast.maxChannelDifference(to: ref) == 0, "card at \(x), \(y)")
        }
    }

}
