// A big still subtree is drawn from a cached texture; its digest must still see every change. Model
// changes bump render versions; an animated layer's presentation can also change with no version bump —
// its timeline paused and scrubbed — and that must redraw too.

import Testing
@testable import Segue

@MainActor
struct StaticSubtreeTests {
    /// A white 400×300 page with a blue card on it.
    static func pageWithCard() -> (page: View, card: View) {
        let page = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        page.backgroundColor = .white
        let card = View(frame: Rect(x: 50, y: 50, width: 200, height: 150))
        card.backgroundColor = .systemBlue
        page.addSubview(card)
        return (page, card)
    }

    @Test func scrubbingAPausedAnimationInsideACachedSubtreeRedraws() {
        let window = Window(size: Size(width: 400, height: 300))
        let (page, card) = Self.pageWithCard()
        window.addSubview(page)
        let timeline = Timeline(parent: window.timeline)
        Timeline.withCurrent(timeline) {
            View.animate(withDuration: 1, animations: { card.alpha = 0 })
        }
        timeline.pause()
        for _ in 0..<3 { window.advance(by: 0.05); _ = window.renderedBitmap() }  // the subtree settles into a texture
        let before = window.renderedBitmap()
        #expect(window.compositor.statistics.texturesReused == 1, "drawn from the cached texture")
        timeline.seek(to: 0.6)
        let after = window.renderedBitmap()
        let reference = FastPaths.$enabled.withValue(false) { window.renderedBitmap() }
        #expect(after.maxChannelDifference(to: before)! > 50, "the card faded as the timeline was scrubbed")
        #expect(after.maxChannelDifference(to: reference)! <= 1)
    }

    /// With an animation paused below a cached subtree, the digest walks only the branches leading to
    /// it; every other sublayer's render version stands for what lies below. A model change deep in
    /// a sibling branch, or below the animated layer itself, must still redraw. (A view animating
    /// outside the page changes the window every frame, so the page itself is the cached subtree.)
    @Test(arguments: ["beside", "below"])
    func aModelChangeNearAPausedAnimationRedraws(place: String) {
        let window = Window(size: Size(width: 400, height: 300))
        let (page, card) = Self.pageWithCard()
        page.frame = Rect(x: 0, y: 0, width: 400, height: 280)
        let dot = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        dot.backgroundColor = .systemRed
        card.addSubview(dot)
        let side = View(frame: Rect(x: 280, y: 160, width: 100, height: 100))
        let leaf = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        leaf.backgroundColor = .systemGreen
        side.addSubview(leaf)
        page.addSubview(side)
        window.addSubview(page)
        let ticker = View(frame: Rect(x: 0, y: 285, width: 10, height: 10))
        ticker.backgroundColor = .white
        window.addSubview(ticker)
        View.animate(withDuration: 100, animations: { ticker.alpha = 0 })
        let timeline = Timeline(parent: window.timeline)
        Timeline.withCurrent(timeline) {
            View.animate(withDuration: 1, animations: { card.alpha = 0.2 })
        }
        timeline.pause()
        for _ in 0..<3 { window.advance(by: 0.05); _ = window.renderedBitmap() }
        let before = window.renderedBitmap()
        #expect(window.compositor.statistics.texturesReused == 1, "the page drawn from its cached texture")
        (place == "beside" ? leaf : dot).isHidden = true          // a model change, never animated
        window.advance(by: 0.05)
        let after = window.renderedBitmap()
        let reference = FastPaths.$enabled.withValue(false) { window.renderedBitmap() }
        #expect(after.maxChannelDifference(to: before)! > 50, "the \(place) view was hidden")
        #expect(after.maxChannelDifference(to: reference)! <= 1)
    }

    /// A page coming in with its bounds animating (a sheet springing to its size) changes its look
    /// every frame: it is drawn directly from its first frame, not made a texture that the next frame
    /// throws away. A page coming in that only slides is a texture at once.
    @Test(arguments: [false, true])
    func aPageAnimatingItsBoundsIsNotFlattenedButASlidingOneIs(slides: Bool) {
        let window = Window(size: Size(width: 400, height: 300))
        _ = window.renderedBitmap()
        let (page, _) = Self.pageWithCard()
        window.addSubview(page)
        View.animate(withDuration: 1, animations: {
            if slides { page.center = Point(x: 260, y: 150) } else { page.bounds.size = Size(width: 360, height: 280) }
        })
        window.advance(by: 0.1)
        let first = window.renderedBitmap()
        #expect(window.compositor.statistics.texturesRendered == (slides ? 1 : 0))
        let reference = FastPaths.$enabled.withValue(false) { window.renderedBitmap() }
        #expect(first.maxChannelDifference(to: reference)! <= 1)
    }

    /// A page fading in from opacity 0 (a cross-dissolve) gets its texture while still invisible, so
    /// the first frame that shows it renders nothing new — with the pixels of the reference drawing.
    @Test func aPageFadingInFromZeroHasItsTextureBeforeItShows() {
        let window = Window(size: Size(width: 400, height: 300))
        let under = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        under.backgroundColor = .systemGray
        window.addSubview(under)
        let (page, _) = Self.pageWithCard()
        page.alpha = 0
        window.addSubview(page)
        _ = window.renderedBitmap()
        View.animate(withDuration: 1, animations: { page.alpha = 1 })
        _ = window.renderedBitmap()                                  // still invisible: the texture is made
        #expect(window.compositor.statistics.texturesRendered == 1)
        window.advance(by: 0.3)
        let shown = window.renderedBitmap()
        #expect(window.compositor.statistics.texturesRendered == 0, "the first visible frame reuses it")
        let reference = FastPaths.$enabled.withValue(false) { window.renderedBitmap() }
        #expect(shown.maxChannelDifference(to: reference)! == 0)
    }

    /// A page under an opaque cover that is about to slide or fade away (a navigation pop, the seed's
    /// fading pop) gets its texture while covered, moving or not, so the frame that first shows it
    /// renders nothing new; under a cover that stays, a page that is not animating gets none (it may
    /// never show).
    @Test(arguments: [false, true], ["slides", "fades", "stays"])
    func aCoveredPageHasItsTextureBeforeItIsUncovered(animating: Bool, cover move: String) {
        let window = Window(size: Size(width: 400, height: 300))
        let (page, _) = Self.pageWithCard()
        window.addSubview(page)
        let cover = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        cover.backgroundColor = .systemRed
        window.addSubview(cover)
        _ = window.renderedBitmap()
        View.animate(withDuration: 1, animations: {
            if move == "slides" { cover.frame.origin.x = 400 }
            if move == "fades" { cover.alpha = 0 }
            if animating { page.frame.origin.x = 0.25 }
        })
        _ = window.renderedBitmap()
        let warmed = animating || move != "stays"
        #expect((window.compositor.textures[ObjectIdentifier(page.layer)] != nil) == warmed)
        window.advance(by: 0.5)
        let shown = window.renderedBitmap()
        if warmed && move != "stays" { #expect(window.compositor.statistics.texturesRendered == 0, "the first frame showing it reuses it") }
        let reference = FastPaths.$enabled.withValue(false) { window.renderedBitmap() }
        #expect(shown.maxChannelDifference(to: reference)! <= 1)
    }

    /// A still screen inside a still page: the page becomes one texture, and the screen inside it does
    /// not get a second one that would never be read again (a full-screen bitmap of memory).
    @Test func aStillSubtreeInsideOneBeingFlattenedGetsNoTextureOfItsOwn() {
        let window = Window(size: Size(width: 400, height: 300))
        let page = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        page.addSubview(Self.pageWithCard().page)
        window.addSubview(page)
        for _ in 0..<3 { _ = window.renderedBitmap() }
        #expect(window.compositor.textures.count == 1)
        #expect(window.compositor.statistics.texturesReused == 1, "the page is drawn from its texture")
        let reference = FastPaths.$enabled.withValue(false) { window.renderedBitmap() }
        #expect(window.renderedBitmap().maxChannelDifference(to: reference)! == 0)
    }

    /// A still subtree's extent is remembered between frames, yet follows a change deep inside it: a
    /// card two levels down a sliding page moved past the page's edge (a model change), then scrubbed
    /// back by a paused animation (no model change at all).
    @Test func aRememberedExtentFollowsChangesDeepInside() {
        let window = Window(size: Size(width: 400, height: 300))
        let page = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let (inner, card) = Self.pageWithCard()
        inner.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        page.addSubview(inner)
        window.addSubview(page)
        // The page slides slowly, so it is drawn from a texture of its own every frame.
        View.animate(withDuration: 1000, animations: { page.frame.origin.x = 10 })
        func frames() { for _ in 0..<3 { window.advance(by: 0.01); _ = window.renderedBitmap() } }
        func expectDirectPixels(_ note: Comment) {
            let reference = FastPaths.$enabled.withValue(false) { window.renderedBitmap() }
            #expect(window.renderedBitmap().maxChannelDifference(to: reference)! <= 1, note)
        }
        frames()
        card.frame.origin.x = 250                      // now reaches past the page, to x = 450
        frames()
        #expect(window.renderedBitmap()[380, 100] == Color.systemBlue.premultipliedPixel)
        expectDirectPixels("moved by a model change")
        let timeline = Timeline(parent: window.timeline)
        Timeline.withCurrent(timeline) {
            View.animate(withDuration: 1, animations: { card.frame.origin.x = 0 })
        }
        timeline.pause()
        frames()
        timeline.seek(to: 0.9)
        frames()
        expectDirectPixels("scrubbed by a paused animation")
        #expect(window.renderedBitmap()[380, 100] != Color.systemBlue.premultipliedPixel)
    }
}
