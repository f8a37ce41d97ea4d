// Layer.shouldRasterize: a rasterized layer's snapshot is its picture for every compositor while its
// subtree keeps that look — and only then: a change inside, or the picture drawn over, and it is drawn
// afresh.

import Testing
@testable import Segue

@MainActor
struct ShouldRasterizeTests {
    /// A window holding the page, snapshotted by a compositor of its own (a transition's snapshotter):
    /// its picture and how many textures that compositor reused.
    static func shot(_ window: Window) -> (Bitmap, reused: Int) {
        let c = Compositor()
        let b = c.snapshot(window.layer, presentation: false)
        return (b, c.statistics.texturesReused)
    }

    static func reference(_ window: Window) -> Bitmap {
        FastPaths.$enabled.withValue(false) { Compositor().snapshot(window.layer, presentation: false) }
    }

    @Test func anotherCompositorDrawsARasterizedPageFromItsPicture() throws {
        let (page, card) = StaticSubtreeTests.pageWithCard()
        page.layer.shouldRasterize = true
        _ = Compositor().snapshot(page.layer, presentation: false)
        let window = Window(size: Size(width: 400, height: 300))
        window.addSubview(page)
        window.layoutIfNeeded()
        let (b, reused) = Self.shot(window)
        #expect(reused == 1, "the page drawn from its picture")
        #expect(try #require(b.maxChannelDifference(to: Self.reference(window))) == 0)

        // A change inside: drawn afresh, the new look.
        card.backgroundColor = .systemRed
        let (changed, reusedAfterChange) = Self.shot(window)
        #expect(reusedAfterChange == 0)
        #expect(try #require(changed.maxChannelDifference(to: Self.reference(window))) == 0)
        #expect(try #require(changed.maxChannelDifference(to: b)) > 100, "the card is red now")

        // The picture drawn over after it was kept: not used.
        _ = Compositor().snapshot(page.layer, presentation: false)
        #expect(Self.shot(window).reused == 1)
        try #require(page.layer.rasterized).bitmap.fill(0xff00_ff00)
        let (over, reusedOver) = Self.shot(window)
        #expect(reusedOver == 0)
        #expect(try #require(over.maxChannelDifference(to: Self.reference(window))) == 0)

        // Not rasterized: nothing kept.
        page.layer.shouldRasterize = false
        #expect(page.layer.rasterized == nil)
        _ = Compositor().snapshot(page.layer, presentation: false)
        #expect(page.layer.rasterized == nil && Self.shot(window).reused == 0)
    }
}
