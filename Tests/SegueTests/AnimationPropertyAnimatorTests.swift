import Testing
@testable import Segue
import Foundation

@MainActor @Suite struct AnimationPropertyAnimatorTests {
    func setup() -> (Window, View) {
        let w = Window(size: Size(width: 200, height: 200))
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        w.addSubview(v)
        return (w, v)
    }

    @Test func runsWithItsCurveAndCompletesAtEnd() {
        let (w, v) = setup()
        var ended: [ViewAnimatingPosition] = []
        let a = ViewPropertyAnimator(duration: 1, curve: .easeInOut) { v.alpha = 0 }
        a.addCompletion { ended.append($0) }
        #expect(a.state == .inactive)
        a.startAnimation()
        #expect(a.state == .active && a.isRunning)
        w.advance(by: 0.25)
        #expect(near(v.layer.presentation()!.opacity, 1 - TimingFunction.easeInEaseOut.value(at: 0.25)))
        w.advance(by: 0.75)
        #expect(ended == [.end])
        #expect(a.state == .inactive)
        #expect(v.alpha == 0 && v.layer.animationKeys() == nil)
    }

    @Test func pauseScrubLinearlyAndContinue() {
        let (w, v) = setup()
        var ended: [ViewAnimatingPosition] = []
        let a = ViewPropertyAnimator(duration: 2, curve: .easeIn) { v.center = Point(x: 105, y: 5) }
        a.addCompletion { ended.append($0) }
        a.pauseAnimation()
        a.fractionComplete = 0.3
        #expect(near(v.layer.presentation()!.position.x, 5 + 100 * 0.3))
        w.advance(by: 3)
        #expect(near(a.fractionComplete, 0.3))
        #expect(ended.isEmpty)
        a.continueAnimation(withTimingParameters: .cubic(.linear), durationFactor: 0)
        w.advance(by: 0.7) // 1.4 s left of 2 s at linear: half of the rest
        #expect(near(v.layer.presentation()!.position.x, 5 + 100 * 0.65, 1e-9))
        w.advance(by: 0.7)
        #expect(ended == [.end])
    }

    @Test func reversedFinishesAtStartAndRevertsModels() {
        let (w, v) = setup()
        var ended: [ViewAnimatingPosition] = []
        let a = ViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0.2 }
        a.addCompletion { ended.append($0) }
        a.startAnimation()
        w.advance(by: 0.5)
        a.isReversed = true
        w.advance(by: 0.25)
        #expect(near(v.layer.presentation()!.opacity, 1 - 0.8 * 0.25))
        w.advance(by: 0.25)
        #expect(ended == [.start])
        #expect(v.alpha == 1)
    }

    @Test func stopWithoutFinishingKeepsCurrentValues() {
        let (w, v) = setup()
        var ended = 0
        let a = ViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        a.addCompletion { _ in ended += 1 }
        a.startAnimation()
        w.advance(by: 0.4)
        a.stopAnimation(true)
        #expect(a.state == .inactive)
        #expect(near(v.alpha, 0.6))
        #expect(v.layer.animationKeys() == nil)
        w.advance(by: 1)
        #expect(ended == 0)

        let b = ViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 1 }
        b.addCompletion { #expect($0 == .current); ended += 1 }
        b.startAnimation()
        w.advance(by: 0.5)
        b.stopAnimation(false)
        #expect(b.state == .stopped)
        b.finishAnimation(at: .current)
        #expect(ended == 1 && near(v.alpha, 0.8))
    }

    @Test func pausesOnCompletionStaysActive() {
        let (w, v) = setup()
        var ended = 0
        let a = ViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        a.pausesOnCompletion = true
        a.addCompletion { _ in ended += 1 }
        a.startAnimation()
        w.advance(by: 2)
        #expect(ended == 0 && a.state == .active && !a.isRunning)
        #expect(a.fractionComplete == 1)
        a.isReversed = true
        a.startAnimation()
        w.advance(by: 0.5)
        #expect(near(v.layer.presentation()!.opacity, 0.5))
    }

    @Test func springTimingOvershootsThroughTheTimeline() {
        let (w, v) = setup()
        let a = ViewPropertyAnimator(duration: 1, dampingRatio: 0.3) { v.center = Point(x: 105, y: 5) }
        a.startAnimation()
        var peak = 0.0
        for _ in 0..<100 {
            w.advance(by: 0.01)
            peak = max(peak, v.layer.presentation()!.position.x)
        }
        #expect(peak > 110)
        #expect(v.layer.presentation()!.position.x == 105)
    }

    @Test func addAnimationsWithDelayFactor() {
        let (w, v) = setup()
        let a = ViewPropertyAnimator(duration: 1, curve: .linear)
        a.addAnimations({ v.alpha = 0 }, delayFactor: 0.5)
        a.startAnimation()
        w.advance(by: 0.25)
        #expect(v.layer.presentation()!.opacity == 1)
        w.advance(by: 0.5)
        #expect(near(v.layer.presentation()!.opacity, 0.5))
    }
}
