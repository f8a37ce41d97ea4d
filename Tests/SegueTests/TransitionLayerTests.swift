// CATransition on a layer: `layer.add(transition, forKey:)` then a change — seed 000's use, added to
// the window's layer right before presenting — plays the effect between the old and new state on
// the window's clock (or the current timeline), and goes away at the end.

import Testing
@testable import Segue

@MainActor
struct TransitionLayerTests {
    func screen(_ colour: Color) -> Bitmap { Bitmap(width: 160, height: 100, fill: colour.premultipliedPixel) }

    @Test func seed000PageCurlOverPresentation() {
        let window = Window(size: Size(width: 160, height: 100))
        window.rootViewController = ColourController(.systemRed)
        _ = window.renderedBitmap()
        let animation = Transition()
        animation.duration = 0.5
        animation.type = TransitionType(rawValue: "pageCurl")!
        animation.subtype = .fromRight
        var finished: [Bool] = []
        animation.completion = { finished.append($0) }
        window.layer.add(animation, forKey: nil)
        window.rootViewController!.present(ColourController(.systemBlue), animated: false)

        // The first frame is still the old screen, exactly.
        #expect(window.renderedBitmap().maxChannelDifference(to: screen(.systemRed))! <= 1)
        #expect(window.nextFrameTime == window.currentTime, "frames keep coming while the effect runs")
        window.advance(by: 0.25)
        let mid = window.renderedBitmap()
        #expect(EffectMetrics.meanDifference(mid, screen(.systemRed)) > 10)
        #expect(EffectMetrics.meanDifference(mid, screen(.systemBlue)) > 10)
        // Same frame as the effect drawn directly at half way.
        let direct = TransitionRenderer.render(type: .pageCurl, from: screen(.systemRed), to: screen(.systemBlue), progress: 0.5)
        #expect(EffectMetrics.meanDifference(mid, direct) < 0.5)
        window.advance(by: 0.3)
        #expect(window.layer.contentOverride == nil)
        #expect(finished == [true])
        #expect(window.renderedBitmap().maxChannelDifference(to: screen(.systemBlue))! <= 1)
        window.advance(by: 1.0 / 60)
        // No frame is due any more (a later timer — the presentation's watchdog — may remain).
        #expect((window.nextFrameTime ?? .infinity) > window.currentTime, "idle once the transition is over")
    }

    @Test func animatedPresentationShowsThroughTheTransition() {
        // The new state is live: the cover-vertical slide inside the window is seen through a fade.
        let window = Window(size: Size(width: 160, height: 100))
        window.rootViewController = ColourController(.systemRed)
        _ = window.renderedBitmap()
        window.layer.add(Transition(type: .fade, duration: 0.5), forKey: "fade")
        #expect(window.layer.transition(forKey: "fade")?.type == .fade)
        #expect(window.layer.transition(forKey: "other") == nil)
        window.rootViewController!.present(ColourController(.systemBlue), animated: true)
        _ = window.renderedBitmap()
        window.advance(by: 0.6)
        _ = window.renderedBitmap()
        #expect(window.layer.contentOverride == nil)
        #expect(window.renderedBitmap().maxChannelDifference(to: screen(.systemBlue))! <= 1)
    }

    @Test func currentTimelineScrubsTheEffect() {
        let window = Window(size: Size(width: 160, height: 100))
        let v = View(frame: window.bounds)
        v.backgroundColor = .systemRed
        window.addSubview(v)
        let scrub = Timeline(parent: window.timeline)
        scrub.seek(to: 0)
        Timeline.withCurrent(scrub) { window.layer.add(Transition(type: .push, subtype: .fromRight, duration: 1), forKey: nil) }
        v.backgroundColor = .systemBlue
        let old = screen(.systemRed), new = screen(.systemBlue)
        for p in [0.0, 0.3, 0.7] {
            scrub.seek(to: p)
            window.advance(by: 1.0 / 60)
            let frame = window.renderedBitmap()
            let direct = TransitionRenderer.render(type: .push, subtype: .fromRight, from: old, to: new, progress: p)
            #expect(frame.maxChannelDifference(to: direct)! <= 1, "at \(p)")
        }
        // The window's own clock running on does not move a paused timeline, and a paused effect
        // wants no frames (the host idles) until the timeline is scrubbed again.
        window.advance(by: 5)
        #expect(window.layer.contentOverride != nil)
        _ = window.renderedBitmap()
        window.advance(by: 1.0 / 60)
        #expect((window.nextFrameTime ?? .infinity) > window.currentTime)
        scrub.seek(to: 1)
        #expect(window.nextFrameTime == window.currentTime, "a scrub asks for a frame")
        _ = window.renderedBitmap()
        #expect(window.layer.contentOverride == nil)
        // Resumed, a scrubbed transition ends on its own at the right window time.
        let again = Timeline(parent: window.timeline)
        again.seek(to: 0)
        Timeline.withCurrent(again) { window.layer.add(Transition(type: .fade, duration: 1), forKey: nil) }
        _ = window.renderedBitmap()
        again.resume(speed: 2)
        _ = window.renderedBitmap()
        window.advance(by: 0.49)
        #expect(window.layer.contentOverride != nil)
        window.advance(by: 0.02)
        #expect(window.layer.contentOverride == nil)
    }

    @Test func removingOrReplacingReportsUnfinished() {
        let window = Window(size: Size(width: 160, height: 100))
        var ends: [String] = []
        let a = Transition(type: .cube, subtype: .fromLeft)
        a.completion = { ends.append("a \($0)") }
        let b = Transition(type: .oglFlip)
        b.completion = { ends.append("b \($0)") }
        window.layer.add(a, forKey: "a")
        window.layer.add(b, forKey: "b")
        #expect(ends == ["a false"])
        window.layer.removeTransition(forKey: "a")
        #expect(window.layer.contentOverride != nil, "only the named transition is removed")
        window.layer.removeTransition(forKey: "b")
        #expect(ends == ["a false", "b false"])
        #expect(window.layer.contentOverride == nil)
    }

    @Test func progressFollowsDurationTimingAndRange() {
        let t = Transition(type: .fade, duration: 2)
        #expect(t.progress(atElapsed: 1) == 0.5)
        t.startProgress = 0.2; t.endProgress = 0.6
        #expect(abs(t.progress(atElapsed: 1) - 0.4) < 1e-12)
        #expect(t.progress(atElapsed: 5) == 0.6)
        t.timingFunction = .easeIn
        #expect(t.progress(atElapsed: 1) < 0.4)
        t.duration = 0
        #expect(t.effectiveDuration == 0.25)
    }
}
