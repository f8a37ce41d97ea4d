// snapshotView(afterScreenUpdates:): a frozen picture of a view, drawn scaled into its own frame.
// An opaque snapshot hides what lies beneath it — the compositor culls that — with the pixels the
// reference drawing (no culling) gives, wherever the snapshot sits.
import Testing
@testable import Segue

@MainActor struct SnapshotViewTests {
    /// A 240×160 window: a striped page underneath, and a card (opaque or not) to snapshot.
    func scene(opaqueCard: Bool) -> (window: Window, card: View) {
        let w = Window(size: Size(width: 240, height: 160))
        let page = View(frame: Rect(x: 0, y: 0, width: 240, height: 160))
        page.backgroundColor = .white
        for i in 0..<8 {
            let stripe = View(frame: Rect(x: Double(i) * 30, y: 0, width: 15, height: 160))
            stripe.backgroundColor = i % 2 == 0 ? .systemBlue : .systemRed
            page.addSubview(stripe)
        }
        w.addSubview(page)
        let card = View(frame: Rect(x: 0, y: 0, width: 240, height: 160))
        card.backgroundColor = opaqueCard ? .systemGray : Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        let dot = View(frame: Rect(x: 40, y: 30, width: 60, height: 40))
        dot.backgroundColor = .systemGreen
        card.addSubview(dot)
        return (w, card)
    }

    @Test func aSnapshotLooksLikeTheViewItWasTakenOf() throws {
        let (w, card) = scene(opaqueCard: true)
        w.addSubview(card)
        let live = w.renderedBitmap()
        let snap = try #require(card.snapshotView(afterScreenUpdates: true))
        card.removeFromSuperview()
        w.addSubview(snap)
        #expect(w.renderedBitmap().maxChannelDifference(to: live) == 0)
    }

    /// Rendered when taken, as UIKit does: even a content bitmap the original shares and later paints
    /// over in place does not show in it, and the frame that first shows it renders nothing new.
    @Test func aSnapshotIsRenderedWhenTaken() throws {
        let (w, card) = scene(opaqueCard: true)
        let picture = Bitmap(width: 40, height: 40, fill: 0xff00_00ff)
        let dot = View(frame: Rect(x: 120, y: 60, width: 40, height: 40))
        dot.layer.contents = picture
        card.addSubview(dot)
        w.addSubview(card)
        let live = w.renderedBitmap()
        let snap = try #require(card.snapshotView(afterScreenUpdates: true))
        picture.fill(0xffff_0000)
        card.removeFromSuperview()
        w.addSubview(snap)
        #expect(w.renderedBitmap().maxChannelDifference(to: live) == 0)
    }

    @Test func anOpaqueSnapshotHidesWhatIsBeneathWithTheSamePixels() throws {
        for opaque in [true, false] {
            for frame in [Rect(x: 0, y: 0, width: 240, height: 160), Rect(x: 30.5, y: 20.25, width: 120.5, height: 80),
                          Rect(x: -20, y: 10, width: 300, height: 100.75), Rect(x: 200, y: 150, width: 25, height: 25)] {
                let (w, card) = scene(opaqueCard: opaque)
                let snap = try #require(card.snapshotView(afterScreenUpdates: true))
                w.addSubview(snap)
                snap.frame = frame
                #expect(snap.layer.contentOverride?.paintsBoundsOpaquely == opaque)
                let fast = w.renderedBitmap()
                let ref = FastPaths.$enabled.withValue(false) { w.renderedBitmap() }
                #expect(fast.maxChannelDifference(to: ref) == 0, "opaque \(opaque), frame \(frame)")
            }
        }
    }
}
