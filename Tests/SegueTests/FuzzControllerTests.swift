// A randomized sequence of 10,000 present/dismiss/push/pop/drag/interactive operations with random time
// steps, checking invariants after every step: appearance callbacks always in a legal order, and — whenever
// no transition runs — one visible top controller, every view where it belongs and nothing orphaned,
// appearance states matching the screen. Deterministic (seeded generator).

import Testing
@testable import Segue


@MainActor
@Suite struct FuzzControllerTests {
    @Test func tenThousandRandomOperationsKeepTheInvariants() {
        Diagnostics.echoesToStandardError = false
        defer { Diagnostics.echoesToStandardError = true }
        var rng = SplitMix(seed: 0x5E6E_0004)
        let w = makeWindow(), log = AppearanceLog()
        var counter = 0
        var all: [LoggingViewController] = []
        func page() -> LoggingViewController {
            counter += 1
            let vc = LoggingViewController("P\(counter)", log: log)
            all.append(vc)
            return vc
        }
        let rootNav = NavigationController(rootViewController: page())
        w.rootViewController = rootNav
        let fadeDelegate = FixedNavigationDelegate()
        fadeDelegate.animator = TimerAnimator(duration: 0.25)
        var delegates: [FixedTransitioningDelegate] = []
        let pd: PercentDrivenInteractiveTransition? = PercentDrivenInteractiveTransition()
        var checkedSettled = 0

        func topOfChain() -> ViewController {
            var c: ViewController = rootNav
            while let p = c.presentedViewController { c = p }
            return c
        }
        func topNav() -> NavigationController? { topOfChain() as? NavigationController }

        var trail: [String] = []
        for step in 0..<10_000 {
            log.events.removeAll(keepingCapacity: true)
            let op = rng.below(14)
            trail.append("\(step):op\(op)")
            if trail.count > 12 { trail.removeFirst() }
            switch op {
            case 0, 1:
                topNav()?.pushViewController(page(), animated: rng.below(4) != 0)
            case 2:
                topNav()?.popViewController(animated: rng.bool())
            case 3:
                if rng.below(4) == 0 { topNav()?.popToRootViewController(animated: rng.bool()) }
                else { topNav()?.delegate = rng.bool() ? fadeDelegate : nil }
            case 4:
                let presented: ViewController = rng.below(3) == 0 ? NavigationController(rootViewController: page()) : page()
                presented.modalPresentationStyle = [.fullScreen, .overFullScreen, .custom, .pageSheet][rng.below(4)]
                presented.modalTransitionStyle = [.coverVertical, .crossDissolve, .flipHorizontal, .partialCurl][rng.below(4)]
                switch rng.below(5) {
                case 0:
                    let d = FixedTransitioningDelegate()
                    d.presentAnimator = TimerAnimator(duration: 0.2); d.dismissAnimator = TimerAnimator(duration: 0.2)
                    delegates.append(d); presented.transitioningDelegate = d
                case 1:
                    // Interactive both ways with the default style animators under a percent-driven interaction.
                    let d = FixedTransitioningDelegate()
                    let p = pd!
                    d.presentAnimator = CrossDissolveAnimator(presenting: true)
                    d.dismissAnimator = CoverVerticalAnimator(presenting: false)
                    d.presentInteractor = p; d.dismissInteractor = p
                    delegates.append(d); presented.transitioningDelegate = d
                case 2 where rng.below(8) == 0:
                    let d = FixedTransitioningDelegate()
                    d.presentAnimator = ForgetfulAnimator(); d.dismissAnimator = ForgetfulAnimator()
                    delegates.append(d); presented.transitioningDelegate = d
                default:
                    break
                }
                topOfChain().present(presented, animated: rng.below(4) != 0)
            case 5:
                topOfChain().dismiss(animated: rng.below(4) != 0)
            case 6:
                // A drag from the left edge, released with a random velocity (the built-in pop when it applies).
                let x1 = 20 + rng.unit() * 280
                w.pointerDown(at: Point(x: 3, y: 200))
                let n = 1 + rng.below(6)
                for i in 1...n {
                    w.advance(by: 0.016)
                    w.pointerMoved(to: Point(x: 3 + (x1 - 3) * Double(i) / Double(n), y: 200))
                }
                if rng.bool() { w.advance(by: 0.2) }
                if rng.below(10) == 0 { w.pointerCancelled() } else { w.pointerUp(at: Point(x: x1, y: 200)) }
            case 7:
                pd?.update(rng.below(10) == 0 ? 1.0 : rng.unit())
            case 8:
                if rng.bool() { pd?.finish() } else { pd?.cancel() }
            case 9:
                pd?.pause()
            case 10:
                let p = Point(x: rng.unit() * 320, y: rng.unit() * 480)
                w.pointerDown(at: p); w.pointerUp(at: p)
            default:
                w.advance(by: rng.unit() * 0.6)
            }
            // Always: callbacks in a legal order.
            for vc in all where !vc.violations.isEmpty {
                Issue.record("step \(step): \(vc.name) callbacks out of order: \(vc.violations) after \(trail)")
                return
            }
            if !TransitionDriver.isRunning(in: w) && !EventDispatch.isTracking(w) {
                let problems = settledProblems(w)
                if !problems.isEmpty {
                    var c: ViewController? = rootNav
                var dump: [String] = []
                while let x = c {
                    var d = "\(type(of: x)) \(x.modalPresentationStyle) \(x.appearanceState) super=\(x.viewIfLoaded?.superview.map { String(describing: type(of: $0)) } ?? "nil")"
                    if let n = x as? NavigationController {
                        d += " stack=\(n.viewControllers.map { ($0 as? LoggingViewController)?.name ?? "?" }) content=\(n.contentView.subviews.count) states=\(n.viewControllers.map { "\($0.appearanceState)" })"
                    } else if let l = x as? LoggingViewController { d += " \(l.name)" }
                    dump.append(d)
                    c = x.presentedViewController
                }
                Issue.record("step \(step): \(problems) after \(trail) chain \(dump)")
                    return
                }
                checkedSettled += 1
            }
        }
        // Let everything finish; whatever was interactive is let go.
        pd?.cancel()
        w.advance(by: 5)
        #expect(settledProblems(w).isEmpty)
        #expect(checkedSettled > 2_000)
    }
}
