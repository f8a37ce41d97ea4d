// The frame after a CATransition: the effect's snapshot of the new state is handed to the window's
// compositor, so that frame is a blit — with exactly the pixels a full redraw gives — and a change
// made afterwards is drawn, never hidden behind the old snapshot.

import Testing
@testable import Segue

@MainActor
struct TransitionSettleTests {
    /// A screen with enough layers that a redraw and a blit differ in work: a grid of cards.
    final class CardsController: ViewController {
        let tint: Color
        init(_ tint: Color) { self.tint = tint; super.init() }
        override func viewDidLoad() {
            view.backgroundColor = .white
            for i in 0..<12 {
                let card = View(frame: Rect(x: Double(10 + (i % 4) * 95), y: Double(10 + (i / 4) * 70), width: 85, height: 60))
                card.backgroundColor = tint
                card.layer.cornerRadius = 8
                view.addSubview(card)
            }
        }
    }

    func playFade(in window: Window) {
        let t = Transition()
        t.duration = 0.3
        t.type = .fade
        window.layer.add(t, forKey: nil)
        window.rootViewController!.present(CardsController(.systemBlue), animated: false)
        // Frames until the one that ends it (or the end timer does).
        for _ in 0..<20 where window.layer.contentOverride != nil { window.advance(by: 0.04); _ = window.renderedBitmap() }
        #expect(window.layer.contentOverride == nil, "the transition is over")
    }

    @Test func theFrameAfterATransitionIsTheSnapshotWithARedrawsPixels() {
        let window = Window(size: Size(width: 400, height: 240))
        window.rootViewController = CardsController(.systemRed)
        _ = window.renderedBitmap()
        playFade(in: window)
        let settled = window.renderedBitmap()  // the first frame after it
        // (Statistics count one frame.)
        #expect(window.compositor.statistics.texturesReused == 1, "drawn from the handed-over snapshot")
        #expect(window.compositor.statistics.texturesRendered == 0)
        #expect(window.compositor.statistics.layersDrawn == 1)
        // A fresh window with the same screens, never transitioned, draws the same pixels.
        let fresh = Window(size: Size(width: 400, height: 240))
        fresh.rootViewController = CardsController(.systemRed)
        fresh.rootViewController!.present(CardsController(.systemBlue), animated: false)
        #expect(settled.maxChannelDifference(to: fresh.renderedBitmap())! <= 1)
    }

    @Test func aChangeAfterTheTransitionIsDrawn() {
        let window = Window(size: Size(width: 400, height: 240))
        window.rootViewController = CardsController(.systemRed)
        _ = window.renderedBitmap()
        playFade(in: window)
        let presented = window.rootViewController!.presentedViewController!
        presented.view.subviews[0].backgroundColor = .systemGreen
        let frame = window.renderedBitmap()
        let green = Color.systemGreen.premultipliedPixel
        #expect(frame.row(40)[50] == green, "the changed card shows, not the snapshot")
    }
}
