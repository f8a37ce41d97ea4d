// The demo app headless: its home screen plays what it promises, the right-half drag presents
// interactively with a page curl (seed 000's rule), and every playable catalogue entry runs to its end.
import Testing
@testable import Segue

@MainActor @Suite struct DemoAppTests {
    @Test func rightHalfDragPresentsInteractivelyAndFinishesPastHalf() {
        let window = Window(size: Size(width: 1280, height: 800))
        let app = DemoApp(window: window)
        window.advance(by: 0.1)
        _ = window.renderedBitmap()
        window.pointerDown(at: Point(x: 1100, y: 700))
        var x = 1100.0
        while x > 300 {
            window.advance(by: 1.0 / 60)
            x -= 20
            window.pointerMoved(to: Point(x: x, y: 700))
        }
        #expect(window.needsFrame, "scrubbing the interaction asks for a frame")
        let mid = window.activeTransition
        #expect(mid != nil, "a drag on the right half starts a transition")
        #expect(mid.map { $0.progress > 0.5 && $0.progress < 0.7 } ?? false, "it follows the finger: \(mid?.progress ?? -1)")
        window.advance(by: 0.3)  // hold still, then release past half
        window.pointerUp(at: Point(x: x, y: 700))
        window.advance(by: 2)
        #expect(window.activeTransition == nil)
        let presented = app.home.presentedViewController ?? app.home.navigationController?.presentedViewController
        #expect(presented != nil, "released past half: presented")
        #expect(presented?.view.window === window)
    }

    /// Idle time builds each demo screen once at the home's size (its pictures then wait in the
    /// cache for the screen's first presentation), a screen a call, and again after a resize.
    @Test func idleTimeBuildsEachScreenOncePerSize() {
        let window = Window(size: Size(width: 320, height: 200))
        let app = DemoApp(window: window)
        _ = window.renderedBitmap()
        var built = 0
        while app.warmNextScreen() { built += 1; #expect(built <= DemoScreen.names.count + 1) }
        #expect(built == DemoScreen.names.count + 1, "each screen, then the next one's view")
        #expect(!app.warmNextScreen(), "nothing left at this size")
        window.frame = Rect(x: 0, y: 0, width: 400, height: 250)
        _ = window.renderedBitmap()
        #expect(app.warmNextScreen(), "a new size builds them again")
    }

    /// The view idle time makes for the next screen is the one its presentation shows; after it, idle
    /// time makes the following screen's.
    @Test func thePreparedScreenIsTheOnePresented() throws {
        let window = Window(size: Size(width: 320, height: 200))
        let app = DemoApp(window: window)
        _ = window.renderedBitmap()
        while app.warmNextScreen() {}
        let prepared = try #require(app.home.preparedScreen)
        #expect(prepared.screenName == DemoScreen.names[0] && prepared.bounds.size == window.bounds.size)
        #expect(app.play("crossDissolve"))
        window.advance(by: 2)
        let nav = (app.home.presentedViewController ?? app.home.navigationController?.presentedViewController) as? NavigationController
        #expect(nav?.viewControllers.first?.view === prepared)
        #expect(app.home.preparedScreen == nil)
        #expect(app.warmNextScreen())
        #expect(app.home.preparedScreen?.screenName == DemoScreen.names[1])
    }

    /// Not while a finger is down or a transition runs (an interactive one waits for pointer moves, and
    /// a screen built between two of them would keep the next frame waiting): after, again.
    @Test func noIdleWorkWhileAFingerIsDownOrATransitionRuns() {
        let window = Window(size: Size(width: 320, height: 200))
        let app = DemoApp(window: window)
        _ = window.renderedBitmap()
        while app.warmNextScreen() {}
        // A drag on the home's right half starts an interactive page curl to the prepared screen.
        window.pointerDown(at: Point(x: 300, y: 100))
        #expect(!app.warmNextScreen(), "a finger is down")
        for k in 1...4 { window.advance(by: 1.0 / 60); window.pointerMoved(to: Point(x: 300 - 30 * Double(k), y: 100)) }
        #expect(window.activeTransition != nil && app.home.preparedScreen == nil, "the prepared screen was presented")
        #expect(!app.warmNextScreen(), "a finger is down, a transition runs")
        window.pointerUp(at: Point(x: 170, y: 100))
        #expect(window.activeTransition != nil)
        #expect(!app.warmNextScreen(), "the transition finishes on its own")
        window.advance(by: 3)
        #expect(window.activeTransition == nil)
        #expect(app.warmNextScreen() && app.home.preparedScreen?.screenName == DemoScreen.names[1], "idle again: the next one")
    }

    @Test func everyPlayableEntryRunsToItsEnd() {
        for entry in DemoCatalog.playable {
            guard let session = TransitionSession(entry: entry, size: Size(width: 320, height: 200), from: "inbox", to: "photos") else {
                Issue.record("\(entry.name) cannot be played"); continue
            }
            session.begin()
            #expect(session.duration > 0, "\(entry.name) has a duration")
            let b = Bitmap(width: 320, height: 200)
            session.render(atFraction: 0.5, into: b)
            session.render(atFraction: 1, into: b)
            #expect(session.window.activeTransition == nil, "\(entry.name) finished")
        }
    }

    /// The seed's rotating dismissal starts where its own presentation ends — the presenter at half
    /// opacity over the inset card — so the card is seen turning away as the presenter fades back in.
    /// (Presented without that animation, the presenter covered the whole dismissal from its first
    /// frame: the middle looked exactly like the end.)
    @Test func theRotatingDismissalShowsTheCardTurningAway() throws {
        let entry = try #require(DemoCatalog.playable.first { $0.name == "rotating-dismiss" })
        let session = try #require(TransitionSession(entry: entry, size: Size(width: 320, height: 200), from: "inbox", to: "photos"))
        session.begin()
        let middle = Bitmap(width: 320, height: 200), end = Bitmap(width: 320, height: 200)
        session.render(atFraction: 0.3, into: middle)
        session.render(atFraction: 1, into: end)
        #expect(try #require(middle.maxChannelDifference(to: end)) > 100)
    }
}
