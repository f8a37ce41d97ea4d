import Testing
@testable import Segue
import Foundation

func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// The seed 001 spring by hand: ζ 0.4, T 0.5 s, v 20 distances/s, ω₀ = ln 1500 / (ζT).
private func seedSpringProgress(_ t: Double) -> Double {
    let z = 0.4, T = 0.5, v = 20.0
    let w0 = log(1500) / (z * T), wd = w0 * (1 - z * z).squareRoot()
    let d = exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v) / wd * sin(wd * t))
    return 1 - d
}

@MainActor @Suite struct AnimationTests {
    func makeWindow() -> Window { Window(size: Size(width: 320, height: 480)) }

    @Test func seed001SpringInsetFrameAndAlpha() {
        let w = makeWindow()
        let from = View(frame: w.bounds), to = View(frame: w.bounds)
        w.addSubview(from); w.addSubview(to)
        var done: [Bool] = []
        View.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 20,
                     options: .curveEaseInOut, animations: {
            from.alpha = 0.5
            to.frame = from.frame.insetBy(dx: 40, dy: 40)
        }, completion: { done.append($0) })
        // Model values change at once.
        #expect(to.frame == Rect(x: 40, y: 40, width: 240, height: 400))
        #expect(from.alpha == 0.5)
        var overshot = false
        for t in stride(from: 0.02, through: 0.48, by: 0.02) {
            w.advance(to: t)
            let p = seedSpringProgress(t)
            let f = to.layer.presentation()!.frame
            #expect(near(f.width, 320 - 80 * p, 1e-6), "width at \(t)")
            #expect(near(f.height, 480 - 80 * p, 1e-6))
            #expect(near(f.midX, 160, 1e-9) && near(f.midY, 240, 1e-9))
            #expect(near(from.layer.presentation()!.opacity, 1 - 0.5 * p, 1e-9))
            if f.width < 240 - 1 { overshot = true }
            #expect(done.isEmpty)
        }
        #expect(overshot)
        w.advance(to: 0.5)
        #expect(done == [true])
        #expect(to.layer.presentation()!.frame == to.frame)
        #expect(!w.layer.isAnimatingTree)
    }

    @Test func springVelocityIsInTotalDistancesPerSecond() {
        // 200 pt to go at 100 pt/s is an initial velocity of 0.5.
        let w = makeWindow()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        w.addSubview(v)
        View.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0.5, options: [],
                     animations: { v.center.x += 200 }, completion: nil)
        let h = 1e-6
        w.advance(to: h)
        let speed = (v.layer.presentation()!.position.x - 5) / h
        #expect(abs(speed - 100) < 0.01)
    }

    @Test func seed002CrossfadeOverOneSecond() {
        let w = makeWindow()
        let from = View(frame: w.bounds), to = View(frame: w.bounds)
        w.addSubview(from)
        to.alpha = 0
        w.addSubview(to)
        var finished: Bool?
        View.animate(withDuration: 1, animations: {
            from.alpha = 0
            to.alpha = 1
        }, completion: { finished = $0 })
        for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
            w.advance(to: t)
            let e = TimingFunction.easeInEaseOut.value(at: t)
            #expect(near(to.layer.presentation()!.opacity, e))
            #expect(near(from.layer.presentation()!.opacity, 1 - e))
        }
        #expect(WindowHooks.isAnimating(w))
        w.advance(to: 1)
        #expect(finished == true)
        #expect(!WindowHooks.isAnimating(w))
        #expect(to.layer.presentationState() == to.layer.model)
    }

    @Test func seed001RotationByMinusOnePointFive() {
        let w = makeWindow()
        let v = View(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        w.addSubview(v)
        View.animate(withDuration: 0.5, delay: 0, options: .curveEaseInOut, animations: {
            v.transform = AffineTransform.identity.rotated(by: -1.5)
        }, completion: nil)
        for t in [0.05, 0.125, 0.25, 0.4, 0.45] {
            w.advance(to: t)
            let m = v.layer.presentation()!.transform
            let angle = atan2(m.m12, m.m11)
            #expect(near(angle, -1.5 * TimingFunction.easeInEaseOut.value(at: t / 0.5), 1e-9), "angle at \(t)")
            // A rotation all the way: no shrinking through the matrix average.
            #expect(near(m.m11 * m.m11 + m.m12 * m.m12, 1, 1e-9))
            #expect(m.isAffine)
        }
    }

    @Test func completionsRunInTimeOrderInsideOneLongStep() {
        let w = makeWindow()
        let a = View(frame: .zero), b = View(frame: .zero), c = View(frame: .zero)
        [a, b, c].forEach(w.addSubview)
        var log: [String] = []
        View.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: { a.alpha = 0 }) { _ in
            log.append("a@\(w.currentTime)")
            // Starts at 0.3 even though the host jumps straight to 0.55.
            View.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { c.alpha = 0 }) { _ in log.append("c") }
        }
        View.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: { b.alpha = 0 }) { _ in
            log.append("b@\(w.currentTime)")
        }
        w.schedule(at: 0.25) { log.append("timer@\(w.currentTime)") }
        w.advance(to: 0.55)
        #expect(log == ["b@0.2", "timer@0.25", "a@0.3"])
        #expect(near(c.layer.presentation()!.opacity, 0.5, 1e-9))
        w.advance(to: 0.8)
        #expect(log.last == "c")
    }

    @Test func emptyBlockCompletesOnNextTick() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        var calls: [Bool] = []
        View.animate(withDuration: 1, animations: { v.alpha = 1 }, completion: { calls.append($0) })
        #expect(calls.isEmpty)
        #expect(w.nextFrameTime == w.currentTime)
        w.advance(by: 0)
        #expect(calls == [true])
        w.advance(by: 1)
        #expect(calls == [true])
    }

    @Test func replacedAnimationCompletesUnfinishedAndRetargetsFromCurrentState() {
        let w = makeWindow()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        w.addSubview(v)
        var first: Bool?, second: Bool?
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center = Point(x: 105, y: 5) }) { first = $0 }
        w.advance(to: 0.5)
        let mid = v.layer.presentation()!.position
        #expect(near(mid.x, 55))
        View.animate(withDuration: 1, delay: 0, options: [.beginFromCurrentState, .curveLinear],
                     animations: { v.center = Point(x: 5, y: 5) }) { second = $0 }
        #expect(first == false)
        // No jump: the new animation starts where the old one was.
        #expect(near(v.layer.presentation()!.position.x, 55))
        w.advance(to: 1.0)
        #expect(near(v.layer.presentation()!.position.x, 30))
        w.advance(to: 1.5)
        #expect(second == true)
        #expect(v.layer.presentation()!.position.x == 5)
    }

    @Test func withoutBeginFromCurrentStateStartsFromTheInFlightTarget() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 0 }, completion: nil)
        w.advance(to: 0.5)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 1 }, completion: nil)
        #expect(v.layer.presentation()!.opacity == 0)
        w.advance(to: 0.75)
        #expect(near(v.layer.presentation()!.opacity, 0.25))
    }

    @Test func removeAnimationReportsUnfinishedOnce() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        var calls: [Bool] = []
        View.animate(withDuration: 1, animations: { v.alpha = 0; v.center = Point(x: 9, y: 9) }, completion: { calls.append($0) })
        #expect(Set(v.layer.animationKeys() ?? []) == ["opacity", "position"])
        v.layer.removeAnimation(forKey: "opacity")
        #expect(calls.isEmpty)
        v.layer.removeAllAnimations()
        #expect(calls == [false])
        w.advance(to: 2)
        #expect(calls == [false])
        #expect(v.layer.presentationState() == v.layer.model)
    }

    @Test func repeatAndAutoreverse() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        v.alpha = 0
        var done: Bool?
        View.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: { v.alpha = 1 }) { done = $0 }
        for (t, want) in [(0.25, 0.25), (1.25, 0.75), (1.5, 0.5), (2.25, 0.25), (7.75, 0.25)] {
            w.advance(to: t)
            #expect(near(v.layer.presentation()!.opacity, want, 1e-9), "at \(t)")
        }
        #expect(done == nil)
        v.layer.removeAllAnimations()
        #expect(done == false)

        let u = View(frame: .zero)
        w.addSubview(u)
        u.alpha = 0
        var once: Bool?
        View.animate(withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear], animations: { u.alpha = 1 }) { once = $0 }
        w.advance(by: 1.5)
        #expect(near(u.layer.presentation()!.opacity, 0.5))
        w.advance(by: 0.5)
        #expect(once == true)
        #expect(u.layer.presentation()!.opacity == 1) // back to the model, as UIKit snaps
    }

    @Test func delayHoldsTheFromValueAndIsAPendingTimer() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { v.alpha = 0 }, completion: nil)
        w.render(intoNothing: ())
        #expect(!WindowHooks.isAnimating(w))
        #expect(WindowHooks.nextTimerTime(w) == 0.5)
        w.advance(to: 0.25)
        #expect(v.layer.presentation()!.opacity == 1)
        w.advance(to: 1.0)
        #expect(near(v.layer.presentation()!.opacity, 0.5))
    }

    @Test func nestedBlocksInheritDurationUnlessOverridden() {
        let w = makeWindow()
        let a = View(frame: .zero), b = View(frame: .zero)
        w.addSubview(a); w.addSubview(b)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            View.animate(withDuration: 4, animations: { a.alpha = 0 })
            View.animate(withDuration: 4, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveLinear],
                         animations: { b.alpha = 0 }, completion: nil)
        }, completion: nil)
        w.advance(to: 0.5)
        #expect(near(a.layer.presentation()!.opacity, 0.5))
        #expect(near(b.layer.presentation()!.opacity, 0.875))
    }

    @Test func performWithoutAnimationSuppressesActions() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        View.animate(withDuration: 1, animations: {
            View.performWithoutAnimation { v.alpha = 0.2 }
            #expect(View.inheritedAnimationDuration == 1)
        })
        #expect(v.layer.animationKeys() == nil)
        #expect(v.layer.presentation()!.opacity == 0.2)
        v.alpha = 0.7 // outside any block: no animation either
        #expect(v.layer.animationKeys() == nil)
        w.advance(by: 0) // runs the empty block's completion
    }

    @Test func windowlessLayersWaitForAWindow() {
        let w = makeWindow()
        let v = View(frame: .zero)
        var done: Bool?
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 0 }) { done = $0 }
        w.advance(to: 5)
        #expect(done == nil)
        #expect(v.layer.presentation()!.opacity == 1) // holds the start while waiting
        w.addSubview(v)
        w.advance(to: 5.25)
        #expect(near(v.layer.presentation()!.opacity, 0.75))
        w.advance(to: 6)
        #expect(done == true)
    }

    @Test func keyframesInterpolateBetweenRelativeTimes() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        var done: Bool?
        View.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0 }
            View.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { v.alpha = 1 }
        }, completion: { done = $0 })
        #expect(v.alpha == 1)
        for (t, want) in [(0.5, 0.5), (1.0, 0.0), (1.25, 0.0), (1.5, 0.0), (1.75, 0.5)] {
            w.advance(to: t)
            #expect(near(v.layer.presentation()!.opacity, want, 1e-9), "at \(t)")
        }
        w.advance(to: 2)
        #expect(done == true)
    }

    @Test func coloursBlendInPremultipliedSpace() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        v.backgroundColor = .clear
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.backgroundColor = .red }, completion: nil)
        w.advance(to: 0.5)
        let c = v.layer.presentation()!.backgroundColor!
        #expect(near(c.alpha, 0.5) && near(c.red, 1) && near(c.green, 0))
    }

    @Test func explicitBasicAndSpringAnimations() {
        let w = makeWindow()
        let v = View(frame: .zero)
        w.addSubview(v)
        let b = BasicAnimation(keyPath: .cornerRadius)
        b.fromValue = .double(0); b.toValue = .double(20); b.duration = 2
        v.layer.add(b, forKey: "r")
        #expect(v.layer.animation(forKey: "r") === b)
        w.advance(to: 0.5)
        #expect(near(v.layer.presentation()!.cornerRadius, 5))
        w.advance(to: 2.5)
        #expect(v.layer.animationKeys() == nil)
        #expect(v.layer.presentation()!.cornerRadius == 0) // fillMode .removed: back to the model

        let s = SpringAnimation(keyPath: .position)
        s.fromValue = .point(.zero); s.toValue = .point(Point(x: 100, y: 0))
        s.duration = s.settlingDuration
        v.layer.add(s, forKey: "p")
        w.advance(by: 0.3)
        #expect(near(v.layer.presentation()!.position.x, 100 * Spring().progress(at: 0.3), 1e-9))
    }
}

extension Layer {
    /// True if any animation is attached in this subtree.
    var isAnimatingTree: Bool { !(animationKeys() ?? []).isEmpty || sublayers.contains { $0.isAnimatingTree } }
}

extension Window {
    /// Stands in for rendering in tests (the compositor is another area's): clears the dirty flag.
    func render(intoNothing: ()) { needsFrame = false }
}
