import Testing
@testable import Segue
import Foundation

/// The percent-driven technique: a transition's child timeline is frozen, scrubbed, then ramped.
@MainActor @Suite struct AnimationTimelineTests {
    func setup() -> (Window, View, Timeline) {
        let w = Window(size: Size(width: 200, height: 200))
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(v)
        w.advance(to: 10) // child timelines start mid-run of the window clock
        return (w, v, Timeline(parent: w.timeline))
    }

    @Test func pausingAndScrubbingFreezesEveryAnimationInside() {
        let (w, v, tl) = setup()
        let other = View(frame: .zero)
        w.addSubview(other)
        var done: [Bool] = []
        Timeline.withCurrent(tl) {
            View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                v.alpha = 0
                v.center = Point(x: 150, y: 50)
            }, completion: { done.append($0) })
        }
        // An animation outside the transition keeps running on window time.
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { other.alpha = 0 }, completion: nil)
        w.advance(by: 0.3)
        tl.pause()
        #expect(near(v.layer.presentation()!.opacity, 0.7))
        w.advance(by: 0.4)
        #expect(near(v.layer.presentation()!.opacity, 0.7))
        #expect(near(v.layer.presentation()!.position.x, 50 + 100 * 0.3))
        #expect(near(other.layer.presentation()!.opacity, 0.3))
        tl.seek(to: 0.8)
        #expect(near(v.layer.presentation()!.opacity, 0.2))
        // Held at 100 %: frozen animations never complete.
        tl.seek(to: 1)
        w.advance(by: 5)
        #expect(done.isEmpty)
        #expect(v.layer.presentation()!.opacity == 0)
        #expect(!WindowHooks.isAnimating(w))
        // Finish: ramp to the end; the completion fires when the ramp arrives.
        tl.seek(to: 0.6)
        let arrival = tl.ramp(to: 1, duration: 0.2, curve: { $0 })
        #expect(WindowHooks.isAnimating(w))
        w.advance(by: 0.1)
        #expect(near(v.layer.presentation()!.opacity, 0.2, 1e-9))
        #expect(done.isEmpty)
        w.advance(to: arrival + 1)
        #expect(done == [true])
        #expect(v.alpha == 0)
    }

    @Test func cancelRampBackRevertsModelsAndCompletesFinished() {
        let (w, v, tl) = setup()
        var done: [Bool] = []
        Timeline.withCurrent(tl) {
            View.animate(withDuration: 1, animations: {
                v.alpha = 0
                v.frame = Rect(x: 50, y: 50, width: 20, height: 20)
                v.transform = AffineTransform(rotationAngle: 1)
            }, completion: { done.append($0) })
        }
        tl.seek(to: 0.4)
        var settledAt: Double?
        let arrival = tl.ramp(to: 0, duration: 0.4, curve: { TimingFunction.easeInEaseOut.value(at: $0) })
        w.schedule(at: arrival) { settledAt = w.currentTime; #expect(done == [true]) } // engine first on ties
        w.advance(by: 0.2)
        #expect(done.isEmpty)
        w.advance(by: 1)
        #expect(done == [true])
        #expect(settledAt == arrival)
        // The prior state is restored exactly.
        #expect(v.alpha == 1)
        #expect(v.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(v.transform == .identity)
        #expect(v.layer.animationKeys() == nil)
    }

    @Test func completionsOfTimelineAnimationsRunWithThatTimelineCurrent() {
        // Seed 000: the first animation's completion starts a second one; both follow the transition.
        let (w, v, tl) = setup()
        var seen: Timeline?
        var second: Bool?
        Timeline.withCurrent(tl) {
            View.animate(withDuration: 1.2, animations: { v.frame = w.bounds }, completion: { _ in
                seen = Timeline.current
                View.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { v.alpha = 0 }) { second = $0 }
            })
        }
        w.advance(by: 1.2)
        #expect(seen === tl)
        w.advance(by: 0.25)
        tl.pause()
        let frozen = v.layer.presentation()!.opacity
        #expect(near(frozen, 0.5))
        w.advance(by: 1)
        #expect(v.layer.presentation()!.opacity == frozen)
        #expect(second == nil)
        tl.resume()
        w.advance(by: 0.25)
        #expect(second == true)
    }

    /// Seed 000 driven interactively: scrub, then finish or cancel; the chained second animation that
    /// the first one's completion starts runs in real time after the ramp, and the transition completes.
    @Test(arguments: [true, false])
    func seed000ChainCompletesAfterInteractiveFinishOrCancel(finish: Bool) {
        let (w, v, tl) = setup()
        let snap = View(frame: Rect(x: 150, y: 150, width: 50, height: 50))
        w.addSubview(snap)
        var log: [String] = []
        Timeline.withCurrent(tl) {
            View.animate(withDuration: 1.2, animations: { snap.frame = w.bounds }, completion: { f in
                log.append("first \(f)")
                View.animate(withDuration: 0.5, animations: { snap.alpha = 0 }, completion: { f in
                    log.append("second \(f) at \(w.currentTime)")
                })
            })
        }
        tl.pause()
        tl.seek(to: 0.6)
        w.advance(by: 2) // the user holds the transition half-way
        #expect(log.isEmpty)
        let arrival = tl.ramp(to: finish ? 1.2 : 0, duration: 0.3, curve: { TimingFunction.easeInEaseOut.value(at: $0) })
        w.advance(to: arrival)
        #expect(log == ["first true"])
        #expect(snap.frame == (finish ? w.bounds : Rect(x: 150, y: 150, width: 50, height: 50)))
        w.advance(by: 0.25)
        #expect(near(snap.layer.presentation()!.opacity, 1 - TimingFunction.easeInEaseOut.value(at: 0.5)))
        w.advance(by: 0.25)
        #expect(log == ["first true", "second true at \(arrival + 0.5)"])
        _ = v
    }

    @Test func explicitFinishRevertsOnDemand() {
        let (w, v, tl) = setup()
        var done: Bool?
        Timeline.withCurrent(tl) {
            View.animate(withDuration: 1, animations: { v.alpha = 0.25 }, completion: { done = $0 })
        }
        tl.pause()
        w.advance(by: 0.5)
        #expect(tl.hasAnimations)
        tl.finishAnimations(reverted: true)
        #expect(done == true)
        #expect(v.alpha == 1)
        #expect(!tl.hasAnimations)
    }

    @Test func rootTimeInversionThroughNestedTimelines() {
        let (w, _, tl) = setup()
        let inner = Timeline(parent: tl)
        tl.resume(speed: 2)
        // inner local 0 ↔ window 10; tl runs twice as fast: local 1 on inner is window 10.5.
        #expect(near(inner.rootTime(whenLocalReaches: 1)!, 10.5))
        tl.pause()
        #expect(inner.rootTime(whenLocalReaches: 1) == nil)
        #expect(inner.isFrozen && !inner.isMoving)
        _ = w
    }
}
