// Present and dismiss: hierarchy, appearance order, context keys and frames, refusal while a transition
// runs, the watchdog, and interactive cancel/finish (with animators on window timers; the View.animate
// based ones are covered by the seed tests).

import Testing
@testable import Segue

@MainActor
@Suite struct PresentationTests {
    @Test func fullScreenPresentRemovesPresenterViewAndDismissRestoresIt() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        w.rootViewController = a
        #expect(log.take() == ["A.willAppear", "A.didAppear"])
        let d = FixedTransitioningDelegate()
        let pa = TimerAnimator(), da = TimerAnimator()
        d.presentAnimator = pa; d.dismissAnimator = da
        b.transitioningDelegate = d
        var completions = 0
        a.present(b, animated: true) { completions += 1 }
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(log.take() == ["A.willDisappear", "B.willAppear"])
        #expect(a.view.window === w)          // still there while animating
        w.advance(by: 0.31)
        #expect(log.take() == ["A.didDisappear", "B.didAppear"])
        #expect(a.view.window == nil)          // full screen: presenter's view leaves the window
        #expect(b.view.window === w && completions == 1 && pa.ended == [true])
        #expect(settledProblems(w).isEmpty)

        b.dismiss(animated: true) { completions += 1 }
        #expect(log.take() == ["B.willDisappear", "A.willAppear"])
        w.advance(by: 0.31)
        #expect(log.take() == ["B.didDisappear", "A.didAppear"])
        #expect(a.view.superview === w && a.view.frame == w.bounds)   // no black screen
        #expect(b.view.window == nil && a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(w.subviews.count == 1 && completions == 2)
        #expect(settledProblems(w).isEmpty)
    }

    @Test func customPresentationKeepsPresenterAndGivesNilViews() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        w.rootViewController = a
        _ = log.take()
        final class Probe: ViewControllerAnimatedTransitioning {
            var seen: [String] = []
            func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.2 }
            func animateTransition(using ctx: ViewControllerContextTransitioning) {
                let from = ctx.viewController(forKey: .from)!, to = ctx.viewController(forKey: .to)!
                seen.append("\(ctx.view(forKey: .from) == nil) \(ctx.view(forKey: .to) == nil) "
                    + "\(ctx.initialFrame(for: to)) \(ctx.finalFrame(for: to)) \(ctx.presentationStyle == .custom) \(ctx.isAnimated) \(ctx.isInteractive)")
                if let v = ctx.view(forKey: .to) { ctx.containerView.addSubview(v) }
                _ = from
                ctx.completeTransition(true)
            }
        }
        let probe = Probe()
        let d = FixedTransitioningDelegate(); d.presentAnimator = probe; d.dismissAnimator = probe
        b.transitioningDelegate = d
        b.modalPresentationStyle = .custom
        a.present(b, animated: true)
        #expect(probe.seen.last == "true false (0.0, 0.0, 0.0, 0.0) (0.0, 0.0, 320.0, 480.0) true true false")
        #expect(log.take() == ["B.willAppear", "B.didAppear"])   // the presenter stays: no callbacks
        #expect(a.view.window === w)
        b.dismiss(animated: true)
        #expect(probe.seen.last?.hasPrefix("false true") == true)
        #expect(log.take() == ["B.willDisappear", "B.didDisappear"])
        #expect(settledProblems(w).isEmpty)
    }

    @Test func presentWhileTransitionRunsIsRefusedWithOneWarning() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController(), c = ViewController()
        w.rootViewController = a
        let d = FixedTransitioningDelegate(); d.presentAnimator = TimerAnimator(); d.dismissAnimator = TimerAnimator()
        b.transitioningDelegate = d
        a.present(b, animated: true)
        let before = Diagnostics.count
        b.present(c, animated: true)
        #expect(Diagnostics.count == before + 1)
        #expect(Diagnostics.recent.last?.contains("in progress") == true)
        #expect(b.presentedViewController == nil && c.presentingViewController == nil)
        w.advance(by: 0.5)
        #expect(settledProblems(w).isEmpty)
        b.dismiss(animated: true)
        b.dismiss(animated: true)   // a second dismissal while the first runs: refused
        #expect(Diagnostics.count == before + 2)
        w.advance(by: 0.5)
        #expect(a.presentedViewController == nil && settledProblems(w).isEmpty)
    }

    @Test func watchdogCompletesAForgetfulAnimatorAndNamesIt() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController()
        w.rootViewController = a
        let d = FixedTransitioningDelegate(); d.presentAnimator = ForgetfulAnimator()
        b.transitioningDelegate = d
        var done = false
        a.present(b, animated: true) { done = true }
        w.advance(by: 0.4 + TransitionDriver.watchdogGrace - 0.01)
        #expect(!done && TransitionDriver.isRunning(in: w))
        w.advance(by: 0.02)
        #expect(done && !TransitionDriver.isRunning(in: w))
        #expect(Diagnostics.recent.last?.contains("ForgetfulAnimator") == true)
        #expect(settledProblems(w).isEmpty)
        // The window stays usable: a dismissal works.
        b.transitioningDelegate = nil
        b.dismiss(animated: false)
        #expect(a.presentedViewController == nil && settledProblems(w).isEmpty)
    }

    @Test func nonAnimatedPresentAndDismissAreImmediate() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        w.rootViewController = a
        _ = log.take()
        a.present(b, animated: false)
        #expect(log.take() == ["A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear"])
        #expect(settledProblems(w).isEmpty)
        a.dismiss(animated: false)   // from the presenter: dismisses what it presented
        #expect(log.take() == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
        #expect(settledProblems(w).isEmpty)
    }

    @Test func interactiveCancelRestoresEverythingAndBalancesCallbacks() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        w.rootViewController = a
        _ = log.take()
        final class Interactor: ViewControllerInteractiveTransitioning {
            var ctx: ViewControllerContextTransitioning?
            func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
                ctx = transitionContext
                let v = transitionContext.view(forKey: .to)!
                transitionContext.containerView.addSubview(v)
                transitionContext.view(forKey: .from)!.alpha = 0.3
            }
        }
        let i = Interactor()
        let d = FixedTransitioningDelegate(); d.presentAnimator = TimerAnimator(); d.presentInteractor = i
        b.transitioningDelegate = d
        var completed = false
        a.present(b, animated: true) { completed = true }
        #expect(i.ctx?.isInteractive == true)
        w.advance(by: 10)   // interactive: no watchdog while the finger holds it
        #expect(TransitionDriver.isRunning(in: w))
        i.ctx!.cancelInteractiveTransition()
        i.ctx!.completeTransition(false)
        #expect(!completed && a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(a.view.alpha == 1 && a.view.superview === w && w.subviews.count == 1)
        #expect(log.take() == ["A.willDisappear", "B.willAppear", "B.willDisappear", "B.didDisappear", "A.willAppear", "A.didAppear"])
        #expect(settledProblems(w).isEmpty)
    }

    @Test func watchdogWaitsWhileATransitionsTimelineIsHeld() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController()
        w.rootViewController = a
        let d = FixedTransitioningDelegate(); d.presentAnimator = ForgetfulAnimator()
        b.transitioningDelegate = d
        a.present(b, animated: true)
        let driver = w.runningTransitions.last!
        w.advance(by: 0.2)
        driver.timeline.pause()            // a viewer pausing the transition to study it
        let before = Diagnostics.count
        w.advance(by: 10)
        #expect(TransitionDriver.isRunning(in: w) && Diagnostics.count == before)
        driver.timeline.resume()
        w.advance(by: 0.2 + TransitionDriver.watchdogGrace - 0.05)
        #expect(TransitionDriver.isRunning(in: w))
        w.advance(by: 0.4)
        #expect(!TransitionDriver.isRunning(in: w) && Diagnostics.count == before + 1)
        #expect(settledProblems(w).isEmpty)
    }
}
