import Testing
@testable import Segue
import Foundation

@MainActor @Suite struct AnimationBlockTests {
    @Test func crossDissolveRunsItsCourseAndBlendsExactly() {
        let w = Window(size: Size(width: 50, height: 50))
        let v = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .red
        w.addSubview(v)
        var done: Bool?
        View.transition(with: v, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            v.backgroundColor = .blue
        }, completion: { done = $0 })
        // The change itself is not animated; the dissolve draws old over new.
        #expect(v.layer.animation(forKey: "backgroundColor") == nil)
        #expect(v.layer.presentation()!.backgroundColor == .blue)
        let overlay = v.layer.contentOverride as? CrossDissolve
        #expect(overlay != nil)
        w.advance(to: 0.25)
        #expect(near(overlay!.progress, 0.25))
        w.advance(to: 1)
        #expect(done == true)
        #expect(v.layer.contentOverride == nil)
        // old at a(1−p)/(1−ap), new over it at a·p: opaque old·(1−p) + new·p, background weight 1 − a.
        for a in [1.0, 0.6] {
            for p in [0.0, 0.3, 0.5, 0.9, 1.0] {
                let (ao, an) = CrossDissolve.alphas(progress: p, opacity: a)
                let oldWeight = ao * (1 - an), newWeight = an, bg = (1 - ao) * (1 - an)
                #expect(near(oldWeight, a * (1 - p)) && near(newWeight, a * p) && near(bg, 1 - a))
            }
        }
    }

    @Test func nestedAnimateInsidePerformWithoutAnimationDoesNotAnimate() {
        let w = Window(size: Size(width: 50, height: 50))
        let v = View(frame: .zero)
        w.addSubview(v)
        var done: Bool?
        View.performWithoutAnimation {
            View.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { done = $0 })
        }
        #expect(v.layer.animationKeys() == nil)
        w.advance(by: 0)
        #expect(done == true)
        View.setAnimationsEnabled(false)
        View.animate(withDuration: 1) { v.alpha = 1 }
        View.setAnimationsEnabled(true)
        #expect(v.layer.animationKeys() == nil && v.alpha == 1)
        w.advance(by: 0)
    }

    @Test func zeroDurationChangesAtOnce() {
        let w = Window(size: Size(width: 50, height: 50))
        let v = View(frame: .zero)
        w.addSubview(v)
        var done: Bool?
        View.animate(withDuration: 0, animations: { v.alpha = 0.3 }, completion: { done = $0 })
        #expect(v.layer.animationKeys() == nil && v.layer.presentation()!.opacity == 0.3)
        w.advance(by: 0)
        #expect(done == true)
    }

    @Test func aViewRemovedMidAnimationStillCompletes() {
        let w = Window(size: Size(width: 50, height: 50))
        let v = View(frame: .zero)
        w.addSubview(v)
        var done: Bool?
        View.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { done = $0 })
        w.advance(to: 0.5)
        v.removeFromSuperview()
        w.advance(to: 1)
        #expect(done == true)
    }

    @Test func transitionFromViewToView() {
        let w = Window(size: Size(width: 50, height: 50))
        let a = View(frame: Rect(x: 0, y: 0, width: 20, height: 20)), b = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        w.addSubview(a)
        var done: Bool?
        View.transition(from: a, to: b, duration: 0.5, options: .transitionCrossDissolve) { done = $0 }
        #expect(a.superview == nil && b.superview === w)
        #expect(w.layer.contentOverride is CrossDissolve)
        w.advance(to: 0.5)
        #expect(done == true && w.layer.contentOverride == nil)
    }

    @Test func delegateHearsStartAndStop() {
        final class Listener: AnimationDelegate {
            var log: [String] = []
            func animationDidStart(_ animation: Segue.Animation) { log.append("start") }
            func animationDidStop(_ animation: Segue.Animation, finished: Bool) { log.append("stop \(finished)") }
        }
        let w = Window(size: Size(width: 50, height: 50))
        let v = View(frame: .zero)
        w.addSubview(v)
        let l = Listener()
        let a = BasicAnimation(keyPath: .opacity)
        a.toValue = .double(0); a.duration = 1; a.delegate = l
        v.layer.add(a, forKey: nil)
        w.advance(to: 0.5)
        #expect(l.log == ["start"])
        w.advance(to: 1)
        #expect(l.log == ["start", "stop true"])
    }

    @Test func idleWindowNeedsNoFrames() {
        let w = Window(size: Size(width: 50, height: 50))
        let v = View(frame: .zero)
        w.addSubview(v)
        View.animate(withDuration: 1, delay: 0, options: [.repeat], animations: { v.alpha = 0 }, completion: nil)
        w.render(intoNothing: ())
        #expect(w.nextFrameTime == 0)
        w.advance(to: 0.5)
        w.render(intoNothing: ())
        #expect(w.nextFrameTime == 0.5)
        // Off screen, a forever-repeating animation no longer asks for frames.
        v.removeFromSuperview()
        w.render(intoNothing: ())
        #expect(w.nextFrameTime == nil)
        v.layer.removeAllAnimations()
    }

    @Test func animationsWithoutAllowUserInteractionBlockTouches() {
        let w = Window(size: Size(width: 50, height: 50))
        let v = View(frame: .zero), u = View(frame: .zero)
        w.addSubview(v); w.addSubview(u)
        View.animate(withDuration: 1, animations: { v.alpha = 0.5 })
        View.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { u.alpha = 0.5 }, completion: nil)
        #expect(v.layer.isAnimationBlockingInteraction)
        #expect(!u.layer.isAnimationBlockingInteraction)
        w.advance(to: 1)
        #expect(!v.layer.isAnimationBlockingInteraction)
    }
}
