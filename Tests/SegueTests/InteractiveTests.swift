// Interactive transitions on the real animation engine: the built-in edge-pan pop driven by the pointer
// (cancel and finish, exactly 100 %), a percent-driven present/dismiss with the default animators, the
// velocity-aware settle, and the edge pan standing aside for a delegate animator.

import Testing
@testable import Segue

@MainActor
@Suite struct InteractiveTests {
    func navSetup() -> (Window, NavigationController, LoggingViewController, LoggingViewController, AppearanceLog) {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        let nav = NavigationController(rootViewController: a)
        w.rootViewController = nav
        nav.pushViewController(b, animated: true)
        w.advance(by: 0.4)
        _ = log.take()
        return (w, nav, a, b, log)
    }

    @Test func defaultPushSlidesWithPresentationValuesMidFlight() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController()
        let nav = NavigationController(rootViewController: a)
        w.rootViewController = nav
        nav.pushViewController(b, animated: true)
        #expect(b.view.frame == nav.contentView.bounds)          // model: at once at the end
        w.advance(by: 0.175)
        let mid = b.view.layer.presentationState()
        let x = mid.position.x - 160                              // frame.minX of the incoming page
        #expect(x > 0 && x < 320)
        let old = a.view.layer.presentationState().position.x - 160
        #expect(old < 0 && old > -320 / 3)
        w.advance(by: 0.2)
        #expect(b.view.layer.presentationState().position.x == 160)
        #expect(a.view.superview == nil && settledProblems(w).isEmpty)
    }

    @Test func edgePanPopCancelRestoresExactly() {
        let (w, nav, a, b, log) = navSetup()
        let bFrame = b.view.frame, bAlpha = b.view.alpha
        w.pointerDown(at: Point(x: 5, y: 200))
        w.advance(by: 0.016); w.pointerMoved(to: Point(x: 40, y: 200))
        #expect(nav.runningStep != nil && nav.runningStep!.isInteractive)
        #expect(log.take() == ["B.willDisappear", "A.willAppear"])
        w.advance(by: 0.016); w.pointerMoved(to: Point(x: 100, y: 200))
        // Frozen and scrubbed: the leaving page follows the finger.
        w.advance(by: 0.5)
        let p = b.view.layer.presentationState().position.x - 160
        #expect(abs(p - TimingFunction.easeInEaseOut.value(at: 95.0 / 320) * 320) < 1e-6)
        // Hold still, then let go before half way: cancel.
        w.advance(by: 0.3); w.pointerMoved(to: Point(x: 100, y: 200))
        w.advance(by: 0.3); w.pointerUp(at: Point(x: 100, y: 200))
        w.advance(by: 1)
        #expect(nav.topViewController === b && nav.viewControllers.count == 2)
        #expect(b.view.frame == bFrame && b.view.alpha == bAlpha && b.view.transform3D.isIdentity)
        #expect(b.view.layer.presentationState() == b.view.layer.model)
        #expect(log.take() == ["A.willDisappear", "A.didDisappear", "B.willAppear", "B.didAppear"])
        #expect(a.view.superview == nil && settledProblems(w).isEmpty)
        // And it still works afterwards: a full drag pops.
        w.pointerDown(at: Point(x: 5, y: 200))
        for x in stride(from: 30.0, through: 250, by: 20) { w.advance(by: 0.016); w.pointerMoved(to: Point(x: x, y: 200)) }
        w.advance(by: 0.016); w.pointerUp(at: Point(x: 260, y: 200))
        w.advance(by: 1)
        #expect(nav.topViewController === a && nav.viewControllers.count == 1 && settledProblems(w).isEmpty)
    }

    @Test func interactiveDrivenToExactly100PercentCompletes() {
        let (w, nav, a, _, _) = navSetup()
        let pd = PercentDrivenInteractiveTransition()
        nav.interactivePop = pd
        nav.popViewController(animated: true)
        pd.update(0.3)
        w.advance(by: 0.2)
        pd.update(1.0)
        w.advance(by: 0.5)
        #expect(nav.runningStep != nil)       // the user still holds it at 100 %
        pd.finish()
        w.advance(by: 0.05)
        #expect(nav.runningStep == nil && nav.topViewController === a && settledProblems(w).isEmpty)
    }

    @Test func percentDrivenPresentAndDismissWithDefaultAnimators() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        w.rootViewController = a
        final class Delegate: ViewControllerTransitioningDelegate {
            let pd = PercentDrivenInteractiveTransition()
            func animationController(forPresented presented: ViewController, presenting: ViewController,
                                     source: ViewController) -> ViewControllerAnimatedTransitioning? {
                CoverVerticalAnimator(presenting: true)
            }
            func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
                CrossDissolveAnimator(presenting: false)
            }
            func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { pd }
            func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { pd }
        }
        let d = Delegate()
        b.transitioningDelegate = d
        a.present(b, animated: true)
        #expect(d.pd.duration == 0.5)
        d.pd.update(0.5)
        w.advance(by: 1)
        // Scrubbed to half with ease-out: the view is more than half way up.
        let y = b.view.layer.presentationState().position.y - 240
        #expect(y > 0 && y < 240)
        d.pd.cancel()
        w.advance(by: 1)
        #expect(a.presentedViewController == nil && b.view.window == nil && settledProblems(w).isEmpty)
        _ = log.take()

        a.present(b, animated: true)
        d.pd.update(0.2)
        d.pd.finish()
        w.advance(by: 1)
        #expect(a.presentedViewController === b && settledProblems(w).isEmpty)
        #expect(b.view.frame == w.bounds && b.view.layer.presentationState().position == Point(x: 160, y: 240))

        b.dismiss(animated: true)
        d.pd.update(0.6)
        d.pd.cancel()
        w.advance(by: 1)
        #expect(b.view.alpha == 1 && a.presentedViewController === b && settledProblems(w).isEmpty)
        b.dismiss(animated: true)
        d.pd.update(0.6)
        d.pd.finish()
        w.advance(by: 1)
        #expect(a.presentedViewController == nil && a.view.superview === w && settledProblems(w).isEmpty)
    }

    @Test func settleFollowsReleaseVelocity() {
        // At rest: the plain curve over (1 − p)·duration.
        let rest = SettleRamp(remaining: 0.5, plainDuration: 0.25, towardGoal: 0, curve: .easeInOut)
        #expect(rest.duration == 0.25)
        // Moving: a spring whose initial slope is the finger's speed, no overshoot, ends at 1.
        let r = SettleRamp(remaining: 0.5, plainDuration: 0.25, towardGoal: 2, curve: .easeInOut)
        let h = 1e-5
        let slope = (r.curve(h) - r.curve(0)) / h / r.duration * 0.5   // progress per second
        #expect(abs(slope - 2) < 0.02)
        var last = 0.0
        for i in 0...100 {
            let v = r.curve(Double(i) / 100)
            #expect(v >= last - 1e-12 && v <= 1)
            last = v
        }
        #expect(r.curve(1) == 1)
        // A fast fling finishes sooner than at rest.
        let fling = SettleRamp(remaining: 0.5, plainDuration: 0.25, towardGoal: 200, curve: .easeInOut)
        #expect(fling.duration < 0.25)
    }

    @Test func edgePanStandsAsideWhenDelegateAnimatesThePop() {
        let (w, nav, _, b, _) = navSetup()
        final class Fade: NavigationControllerDelegate {
            func navigationController(_ navigationController: NavigationController,
                                      animationControllerFor operation: NavigationController.Operation,
                                      from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
                TimerAnimator()
            }
        }
        let d = Fade()
        nav.delegate = d
        w.pointerDown(at: Point(x: 5, y: 200))
        w.advance(by: 0.016); w.pointerMoved(to: Point(x: 60, y: 200))
        w.advance(by: 0.016); w.pointerUp(at: Point(x: 200, y: 200))
        w.advance(by: 1)
        #expect(nav.topViewController === b && nav.runningStep == nil)
    }
}

@MainActor
@Suite struct InteractiveEdgeCaseTests {
    @Test func swipeBackStillWorksAfterACustomPresentationWasDismissed() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController(), modal = ViewController()
        let nav = NavigationController(rootViewController: a)
        w.rootViewController = nav
        nav.pushViewController(b, animated: false)
        let d = FixedTransitioningDelegate()
        d.presentAnimator = TWTransitionAnimator()
        let dismissAnimator = TWTransitionAnimator()
        d.dismissAnimator = dismissAnimator
        (d.presentAnimator as! TWTransitionAnimator).presenting = true
        modal.transitioningDelegate = d
        modal.modalPresentationStyle = .custom
        b.present(modal, animated: true)
        w.advance(by: 1)
        modal.dismiss(animated: true)
        w.advance(by: 1)
        #expect(nav.view.superview === w && nav.view.isUserInteractionEnabled && settledProblems(w).isEmpty)
        drag(w, from: Point(x: 3, y: 200), to: Point(x: 250, y: 200))
        w.pointerUp(at: Point(x: 250, y: 200))
        w.advance(by: 1)
        #expect(nav.topViewController === a && settledProblems(w).isEmpty)
    }

    @Test func edgeDragInSeed000PopsAndDoesNotAlsoPresent() {
        let (w, root) = makeSeedWindow("seed000-min-to-max")
        let nav = root as! NavigationController
        let main = nav.topViewController as! MTHMainViewController
        let page = ViewController()
        nav.pushViewController(page, animated: false)
        // Both the built-in edge pop and the seed's pan sit on the navigation controller's view.
        drag(w, from: Point(x: 3, y: 300), to: Point(x: 250, y: 300))
        #expect(main.interactionController == nil && nav.presentedViewController == nil)
        #expect(nav.runningStep?.isInteractive == true)
        w.pointerUp(at: Point(x: 250, y: 300))
        w.advance(by: 1)
        #expect(nav.topViewController === main && nav.presentedViewController == nil && settledProblems(w).isEmpty)
    }

    @Test func pausedRunningTransitionBecomesInteractiveAgain() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController()
        w.rootViewController = a
        let d = FixedTransitioningDelegate()
        let pd = PercentDrivenInteractiveTransition()
        pd.wantsInteractiveStart = false
        d.presentAnimator = CoverVerticalAnimator(presenting: true)
        d.presentInteractor = pd
        b.transitioningDelegate = d
        a.present(b, animated: true)
        w.advance(by: 0.25)
        pd.pause()
        let frozen = b.view.layer.presentationState().position.y
        #expect(abs(pd.percentComplete - 0.5) < 1e-9)
        w.advance(by: 5)          // held: no watchdog, no motion
        #expect(b.view.layer.presentationState().position.y == frozen && TransitionDriver.isRunning(in: w))
        pd.finish()
        w.advance(by: 1)
        #expect(a.presentedViewController === b && settledProblems(w).isEmpty)
    }
}

@MainActor
@Suite struct PercentDrivenTimingTests {
    /// Presents under a percent-driven interaction scrubbed to `p`, releases it at rest with `speed`, and
    /// returns how long the rest took (window seconds until completion).
    func settleTime(p: Double, speed: Double, finish: Bool) -> Double {
        let w = makeWindow()
        let a = ViewController(), b = ViewController()
        w.rootViewController = a
        let d = FixedTransitioningDelegate()
        let pd = PercentDrivenInteractiveTransition()
        pd.completionSpeed = speed
        pd.completionCurve = .linear
        d.presentAnimator = CrossDissolveAnimator(presenting: true)
        d.presentInteractor = pd
        b.transitioningDelegate = d
        var doneAt = -1.0
        a.present(b, animated: true) { doneAt = w.currentTime }
        pd.update(p)
        w.advance(by: 1)
        let start = w.currentTime
        if finish { pd.finish() } else { pd.cancel() }
        // Mid-way through the rest, linear: the transition's time is half way through what remained
        // (the animator's own ease-in-out shapes the alpha).
        let rest = (finish ? 1 - p : p) * 0.5 / speed
        w.advance(by: rest / 2)
        let alpha = b.view.layer.presentationState().opacity
        #expect(abs(alpha - TimingFunction.easeInEaseOut.value(at: finish ? p + (1 - p) / 2 : p / 2)) < 1e-6)
        for _ in 0..<200 where doneAt < 0 && TransitionDriver.isRunning(in: w) { w.advance(by: 0.005) }
        if !finish { #expect(a.presentedViewController == nil && doneAt < 0) }
        return (finish ? doneAt : w.currentTime) - start
    }

    @Test func restTakesRemainingDurationOverCompletionSpeed() {
        #expect(abs(settleTime(p: 0.2, speed: 1, finish: true) - 0.4) < 0.006)
        #expect(abs(settleTime(p: 0.2, speed: 2, finish: true) - 0.2) < 0.006)
        #expect(abs(settleTime(p: 0.6, speed: 1, finish: false) - 0.3) < 0.006)
    }

    @Test func completionSpeedMustBePositive() {
        let pd = PercentDrivenInteractiveTransition()
        pd.completionSpeed = 0
        #expect(pd.completionSpeed == 1)
        #expect(pd.wantsInteractiveStart && pd.completionCurve == .easeInOut && pd.duration == 0)
    }
}
