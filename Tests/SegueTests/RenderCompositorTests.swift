// Compositor behaviour: texture caching, occlusion, culling, snapshots and content overrides.
import Testing
import Foundation
@testable import Segue

@MainActor @Suite struct RenderCompositorTests {
    func rotatedCard() -> (root: Layer, card: Layer, dot: Layer) {
        let root = makeLayer(Rect(x: 0, y: 0, width: 80, height: 60), .white)
        let card = makeLayer(Rect(x: 20, y: 10, width: 40, height: 40), .systemBlue)
        card.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        let dot = makeLayer(Rect(x: 5, y: 5, width: 10, height: 10), .systemRed)
        card.addSublayer(dot)
        root.addSublayer(card)
        return (root, card, dot)
    }

    @Test func flattenedSubtreeIsReusedUntilItChanges() {
        let (root, card, dot) = rotatedCard()
        let comp = Compositor()
        let target = Bitmap(width: 80, height: 60)
        comp.render(root, into: target)
        #expect(comp.statistics.texturesRendered == 1)
        comp.render(root, into: target)
        #expect(comp.statistics.texturesRendered == 0)
        #expect(comp.statistics.texturesReused == 1)
        // Moving or turning the card only moves its texture.
        card.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        card.position = Point(x: 41, y: 31)
        comp.render(root, into: target)
        #expect(comp.statistics.texturesRendered == 0)
        // A change inside the subtree re-renders it, and the result matches a fresh compositor.
        dot.backgroundColor = .systemGreen
        comp.render(root, into: target)
        #expect(comp.statistics.texturesRendered == 1)
        let fresh = Bitmap(width: 80, height: 60)
        Compositor().render(root, into: fresh)
        #expect(target.maxChannelDifference(to: fresh) == 0)
    }

    @Test func opaqueFullCoverHidesWhatIsBeneath() {
        let root = makeLayer(Rect(x: 0, y: 0, width: 40, height: 30), .red)
        for i in 0..<5 { root.addSublayer(makeLayer(Rect(x: Double(i), y: 0, width: 10, height: 10), .green)) }
        let screen = makeLayer(Rect(x: 0, y: 0, width: 40, height: 30), .white)
        root.addSublayer(screen)
        let comp = Compositor()
        let target = Bitmap(width: 40, height: 30)
        comp.render(root, into: target)
        #expect(comp.statistics.layersOccluded == 5)
        #expect(comp.statistics.layersDrawn == 2)
        #expect(target[3, 3] == Color.white.premultipliedPixel)
    }

    /// A clear container whose pages together cover it (a slide mid-way: one page leaving on the left,
    /// one coming in on the right) hides what lies beneath it like one opaque page would.
    @Test func pagesSideBySideInAClearContainerHideWhatIsBeneath() {
        let root = makeLayer(Rect(x: 0, y: 0, width: 40, height: 30), .red)
        let under = makeLayer(Rect(x: 0, y: 0, width: 40, height: 30), .green)
        let container = makeLayer(Rect(x: 0, y: 0, width: 40, height: 30))
        container.addSublayer(makeLayer(Rect(x: -13, y: 0, width: 40, height: 30), .white))
        container.addSublayer(makeLayer(Rect(x: 27, y: 0, width: 40, height: 30), .systemBlue))
        root.addSublayer(under)
        root.addSublayer(container)
        let comp = Compositor()
        let target = Bitmap(width: 40, height: 30)
        comp.render(root, into: target)
        #expect(comp.statistics.layersOccluded == 1)
        #expect(target[26, 3] == Color.white.premultipliedPixel && target[27, 3] == Color.systemBlue.premultipliedPixel)
        // With a gap between the pages, what is beneath shows through it.
        container.sublayers[1].frame.origin.x = 28
        comp.render(root, into: target)
        #expect(comp.statistics.layersOccluded == 0)
        #expect(target[27, 3] == Color.green.premultipliedPixel)
    }

    @Test func hiddenTransparentAndOffscreenLayersAreSkipped() {
        let root = makeLayer(Rect(x: 0, y: 0, width: 40, height: 30))
        let hidden = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), .green); hidden.isHidden = true
        let clear = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), .green); clear.opacity = 0
        let away = makeLayer(Rect(x: 100, y: 0, width: 10, height: 10), .green)
        for l in [hidden, clear, away] { root.addSublayer(l) }
        let comp = Compositor()
        let target = Bitmap(width: 40, height: 30)
        comp.render(root, into: target, background: .blue)
        #expect(comp.statistics.layersDrawn == 1)
        #expect(target[5, 5] == Color.blue.premultipliedPixel)
    }

    @Test func zPositionOrdersSiblings() {
        let root = makeLayer(Rect(x: 0, y: 0, width: 20, height: 20))
        let a = makeLayer(Rect(x: 0, y: 0, width: 20, height: 20), .red); a.zPosition = 1
        let b = makeLayer(Rect(x: 0, y: 0, width: 20, height: 20), .green)
        root.addSublayer(a); root.addSublayer(b)
        let target = Bitmap(width: 20, height: 20)
        Compositor().render(root, into: target)
        #expect(target[10, 10] == Color.red.premultipliedPixel)
    }

    @Test func snapshotIsTheLayerAloneInItsBounds() {
        let (_, card, _) = rotatedCard()
        card.opacity = 0.5
        let snap = Compositor().snapshot(card)
        #expect(snap.width == 40 && snap.height == 40)
        // Neither rotation nor opacity applies: the corner is the card's own opaque blue.
        #expect(snap[0, 0] == Color.systemBlue.premultipliedPixel)
        #expect(snap[10, 10] == Color.systemRed.premultipliedPixel)
    }

    /// A snapshot whose layer paints all of it opaquely takes its storage uncleared (a screen's
    /// snapshot, 8 MB at 1080p, was cleared and painted over); one that leaves pixels clear is cleared.
    /// Either way none of what the storage held shows — here recycled buffers full of magenta.
    @Test func snapshotsNeverShowWhatTheirStorageHeld() {
        let magenta: UInt32 = 0xffff_00ff
        let w = 320, h = 240                                          // past PixelStore's minimum
        func dirtyTheStore() { for _ in 0..<4 { _ = Bitmap(width: w, height: h, fill: magenta) } }
        func spot(_ over: Layer) {
            let s = makeLayer(Rect(x: 100, y: 80, width: 60, height: 40), .systemRed)
            s.opacity = 0.5
            over.addSublayer(s)
        }
        let opaque = makeLayer(Rect(x: 0, y: 0, width: Double(w), height: Double(h)), .white)
        spot(opaque)
        let clear = makeLayer(Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
        spot(clear)
        let comp = Compositor()
        #expect(comp.paintsWholly(opaque, opaque.model, .identity, width: w, height: h))
        #expect(!comp.paintsWholly(clear, clear.model, .identity, width: w, height: h))
        // A snapshot draws the layer's own content, whatever draws in its place on screen (a
        // running transition snapshotting the screen it covers).
        opaque.contentOverride = Override()
        #expect(comp.paintsWholly(opaque, opaque.model, .identity, width: w, height: h))
        dirtyTheStore()
        let a = comp.snapshot(opaque)
        dirtyTheStore()
        let b = comp.snapshot(clear)
        var magentas = 0, opaqueGaps = 0, clearStray = 0
        for y in 0..<h {
            for x in 0..<w {
                if a[x, y] == magenta || b[x, y] == magenta { magentas += 1 }
                if a[x, y] >> 24 != 0xff { opaqueGaps += 1 }
                let inSpot = x >= 100 && x < 160 && y >= 80 && y < 120
                if !inSpot && b[x, y] != 0 { clearStray += 1 }
            }
        }
        #expect(magentas == 0 && opaqueGaps == 0 && clearStray == 0)
        #expect(a[10, 10] == Color.white.premultipliedPixel && a[130, 100] != Color.white.premultipliedPixel)
    }

    /// A turned opaque layer hides a box inside it: every corner of the box lies at least the margin
    /// inside the parallelogram, whatever the turn and the scale, and a square turned 45° hides the
    /// square inscribed in it (its side / √2, less the margin).
    @Test func aTurnedLayersBoxLiesInsideIt() {
        var rng = SplitMix(seed: 11)
        var found = 0
        for _ in 0..<300 {
            let angle = Double.random(in: 0..<Double.pi, using: &rng)
            let (w, h) = (Double.random(in: 60...500, using: &rng), Double.random(in: 60...500, using: &rng))
            let (sx, sy) = (Double.random(in: 0.5...2, using: &rng), Double.random(in: 0.5...2, using: &rng))
            let o = (x: Double.random(in: -200...600, using: &rng), y: Double.random(in: -200...600, using: &rng))
            let u = (x: w * sx * cos(angle), y: w * sx * sin(angle)), v = (x: -h * sy * sin(angle), y: h * sy * cos(angle))
            guard let box = Compositor.inscribedBox(corner: Point(x: o.x, y: o.y), Point(x: o.x + u.x, y: o.y + u.y),
                                                    Point(x: o.x + v.x, y: o.y + v.y)) else { continue }
            found += 1
            // Distance of a point inside from each side's line: the parallelogram's sides are o + t·u,
            // o + v + t·u, o + t·v, o + u + t·v.
            func inside(_ x: Double, _ y: Double) -> Double {
                func distance(_ a: (x: Double, y: Double), _ d: (x: Double, y: Double), _ other: (x: Double, y: Double)) -> Double {
                    let n = (x: -d.y, y: d.x), len = (d.x * d.x + d.y * d.y).squareRoot()
                    let side = ((other.x - a.x) * n.x + (other.y - a.y) * n.y) >= 0 ? 1.0 : -1.0
                    return side * ((x - a.x) * n.x + (y - a.y) * n.y) / len
                }
                let ov = (x: o.x + v.x, y: o.y + v.y), ou = (x: o.x + u.x, y: o.y + u.y)
                return min(distance(o, u, ov), distance(ov, u, o), distance(o, v, ou), distance(ou, v, o))
            }
            for (x, y) in [(box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)] {
                #expect(inside(Double(x), Double(y)) >= Double(Compositor.turnedMargin) - 1e-6, "box \(box) at \(angle)")
            }
        }
        #expect(found > 150)
        let r = 100 / 2.squareRoot()
        // A 100-pixel square turned 45° about (200, 200 + r): corners (200, 200), (200 + r, 200 + r),
        // (200 − r, 200 + r), (200, 200 + 2r); the box inscribed in it is (100 − 2·2)/√2 ≈ 67.9 a side.
        let diamond = Compositor.inscribedBox(corner: Point(x: 200, y: 200), Point(x: 200 + r, y: 200 + r), Point(x: 200 - r, y: 200 + r))
        #expect(diamond.map { abs(($0.x1 - $0.x0) - 67) <= 2 && abs(($0.y1 - $0.y0) - 67) <= 2 } == true, "\(String(describing: diamond))")
    }

    /// What a turned opaque card hides is not drawn beneath it — the same pixels as drawing all of it.
    @Test func aTurnedOpaqueCardHidesWhatLiesBeneathIt() {
        func scene() -> Layer {
            let root = makeLayer(Rect(x: 0, y: 0, width: 400, height: 300), .white)
            root.addSublayer(makeLayer(Rect(x: 120, y: 100, width: 160, height: 100), .systemRed))
            let card = makeLayer(Rect(x: 60, y: 40, width: 280, height: 220), .systemBlue)
            card.transform = Transform3D(rotationAngle: 0.35, x: 0, y: 0, z: 1)
            card.addSublayer(makeLayer(Rect(x: 20, y: 20, width: 40, height: 40), .systemGreen))
            root.addSublayer(card)
            return root
        }
        let fast = Bitmap(width: 400, height: 300), reference = Bitmap(width: 400, height: 300)
        let root = scene()
        Compositor().render(root, into: fast)
        FastPaths.$enabled.withValue(false) { Compositor().render(root, into: reference) }
        #expect(FastPathTests.maxDifference(fast, reference) <= 1)
        // The box it hides is big: most of the red box beneath and of the white around lies in it.
        let comp = Compositor()
        let card = root.sublayers[1]
        let s = card.model
        let m = s.toSuperlayer(anchorPoint: card.anchorPoint, parentSublayerTransform: .identity, parentPivot: .zero)
        let box = comp.turnedOpaqueBox(card, s, m, opacity: 1)
        #expect(box.map { $0.x1 - $0.x0 > 150 && $0.y1 - $0.y0 > 100 } == true, "\(String(describing: box))")
    }

    final class Override: LayerContentOverride {
        var calls: [(Transform3D, Double, Rect)] = []
        func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect) {
            calls.append((layerToDevice, opacity, bounds))
            canvas.fill(bounds, color: .black, opacity: opacity, transform: layerToDevice)
        }
    }

    @Test func contentOverrideDrawsInsteadOfTheLayer() {
        let root = makeLayer(Rect(x: 0, y: 0, width: 40, height: 30), .white)
        let screen = makeLayer(Rect(x: 10, y: 5, width: 20, height: 20), .systemRed)
        screen.addSublayer(makeLayer(Rect(x: 0, y: 0, width: 5, height: 5), .green))
        root.addSublayer(screen)
        let o = Override()
        screen.contentOverride = o
        screen.opacity = 0.5
        let target = Bitmap(width: 40, height: 30)
        Compositor().render(root, into: target)
        #expect(o.calls.count == 1)
        #expect(o.calls.first?.0 == Transform3D(translationX: 10, y: 5, z: 0))
        #expect(o.calls.first?.1 == 0.5)
        #expect(target[11, 6] == Fixtures.pixel(127, 127, 127, 255))
    }

    @Test func groupOpacityAtSubpixelOffsetMatchesALeaf() {
        // A group whose one child fills it looks like a leaf of the same opacity, edges included:
        // the offscreen texture keeps the sub-pixel phase and is blitted, not resampled.
        func scene(group: Bool) -> Bitmap {
            renderScene(width: 40, height: 30) { root in
                let frame = Rect(x: 7.5, y: 3.25, width: 20.5, height: 17)
                if group {
                    let g = makeLayer(frame)
                    g.addSublayer(makeLayer(Rect(x: 0, y: 0, width: frame.width, height: frame.height), .systemIndigo))
                    g.opacity = 0.5
                    root.addSublayer(g)
                } else {
                    let l = makeLayer(frame, .systemIndigo)
                    l.opacity = 0.5
                    root.addSublayer(l)
                }
            }
        }
        #expect((scene(group: true).maxChannelDifference(to: scene(group: false)) ?? 99) <= 1)
    }

    @Test func translatedLayersDrawDirectlyOnWholePixels() {
        // A fractional position lands on the nearest whole pixel: crisp edges, no texture made.
        let root = makeLayer(Rect(x: 0, y: 0, width: 20, height: 10))
        root.addSublayer(makeLayer(Rect(x: 2.5, y: 0, width: 10, height: 10), .white))
        let comp = Compositor()
        let target = Bitmap(width: 20, height: 10)
        comp.render(root, into: target, background: .black)
        #expect(comp.statistics.texturesRendered == 0)
        #expect(target[2, 5] == Color.black.premultipliedPixel)
        #expect(target[3, 5] == Color.white.premultipliedPixel)
        #expect(target[12, 5] == Color.white.premultipliedPixel)
        #expect(target[13, 5] == Color.black.premultipliedPixel)
    }
}

@MainActor @Suite struct RenderPerspectiveEdgeTests {
    @Test func imageReachingBehindTheEyeMatchesReference() {
        // A wide image turned 75° under a strong perspective: its near end passes behind the eye and
        // must be clipped there (the reference skips points with w ≤ 0), not smeared or mirrored.
        let img = Fixtures.card(width: 200, height: 40)
        var p = Transform3D.identity; p.m34 = -1.0 / 60
        let t = Transform3D(translationX: -100, y: -20, z: 0)
            .concatenating(Transform3D(rotationAngle: 75 * .pi / 180, x: 0, y: 1, z: 0))
            .concatenating(p).concatenating(Transform3D(translationX: 50, y: 30, z: 0))
        #expect(t.apply(x: 0, y: 0).w < 0 || t.apply(x: 200, y: 0).w < 0, "the setup reaches behind the eye")
        let fast = Bitmap(width: 100, height: 60, fill: 0xff00_0000), slow = fast.copy()
        Canvas(target: fast).draw(img, transform: t)
        Reference.drawImage(img, transform: t, opacity: 1, into: slow)
        var lit = 0, off = 0
        for y in 0..<60 { for x in 0..<100 {
            if fast[x, y] != 0xff00_0000 { lit += 1 }
            let a = Reference.unpack(fast[x, y]), b = Reference.unpack(slow[x, y])
            if max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2)) > 2 { off += 1 }
        } }
        #expect(lit > 300)
        #expect(off <= 6, "\(off) pixels differ from the reference")
    }

    @Test func cardTurnedPastNinetyDegreesShowsItsMirroredBack() {
        let root = makeLayer(Rect(x: 0, y: 0, width: 60, height: 40))
        var p = Transform3D.identity; p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let card = makeLayer(Rect(x: 10, y: 5, width: 40, height: 30), .white)
        card.addSublayer(makeLayer(Rect(x: 0, y: 0, width: 10, height: 30), .systemRed))
        card.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        root.addSublayer(card)
        let target = Bitmap(width: 60, height: 40)
        Compositor().render(root, into: target, background: .black)
        // The red strip, on the card's left, appears on the right when seen from behind.
        #expect(target[46, 20] == Color.systemRed.premultipliedPixel)
        #expect(target[14, 20] == Color.white.premultipliedPixel)
    }
}
