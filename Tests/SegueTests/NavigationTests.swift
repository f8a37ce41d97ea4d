// Navigation: stack operations, containment and appearance order, queued steps (pop right after push),
// interactive pop cancel/finish through a percent-driven interaction with a timer animator, and the
// Optional push that warns when there is no navigation controller.

import Testing
@testable import Segue

@MainActor
final class FixedNavigationDelegate: NavigationControllerDelegate {
    var animator: ViewControllerAnimatedTransitioning?
    var interactor: ViewControllerInteractiveTransitioning?
    var shown: [String] = []
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? { animator }
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { interactor }
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
        shown.append((viewController as? LoggingViewController)?.name ?? "?")
    }
}

@MainActor
@Suite struct NavigationTests {
    @Test func pushAndPopWithContainmentAndAppearance() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        let nav = NavigationController(rootViewController: a)
        let d = FixedNavigationDelegate(); d.animator = TimerAnimator(duration: 0.35)
        nav.delegate = d
        w.rootViewController = nav
        #expect(log.take() == ["A.willAppear", "A.didAppear"])
        #expect(a.navigationController === nav && a.parent === nav)
        nav.pushViewController(b, animated: true)
        #expect(nav.viewControllers.count == 2 && nav.topViewController === b)   // at once, as UIKit
        #expect(b.parent === nav)
        #expect(log.take() == ["A.willDisappear", "B.willAppear"])
        w.advance(by: 0.36)
        #expect(log.take() == ["A.didDisappear", "B.didAppear"])
        #expect(d.shown == ["B"] && settledProblems(w).isEmpty)
        #expect(a.view.superview == nil && b.view.superview === nav.contentView)

        let popped = nav.popViewController(animated: true)
        #expect(popped === b)
        w.advance(by: 0.36)
        #expect(log.take() == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
        #expect(b.parent == nil && b.navigationController == nil && settledProblems(w).isEmpty)
        #expect(nav.popViewController(animated: true) == nil)
    }

    @Test func popRightAfterPushLeavesAConsistentStack() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        let c = LoggingViewController("C", log: log)
        let nav = NavigationController(rootViewController: a)
        let d = FixedNavigationDelegate(); d.animator = TimerAnimator(duration: 0.35)
        nav.delegate = d
        w.rootViewController = nav
        nav.pushViewController(b, animated: true)
        #expect(nav.popViewController(animated: true) === b)
        nav.pushViewController(c, animated: true)
        #expect(nav.viewControllers.map { ($0 as! LoggingViewController).name } == ["A", "C"])
        w.advance(by: 2)
        #expect(nav.topViewController === c && d.shown == ["B", "A", "C"])
        #expect(b.parent == nil && settledProblems(w).isEmpty)
        nav.popToRootViewController(animated: true)
        w.advance(by: 1)
        #expect(nav.viewControllers.count == 1 && settledProblems(w).isEmpty)
    }

    @Test func nonAnimatedOperationsAndSetViewControllers() {
        let w = makeWindow(), log = AppearanceLog()
        let vcs = (0..<4).map { LoggingViewController("V\($0)", log: log) }
        let nav = NavigationController(rootViewController: vcs[0])
        w.rootViewController = nav
        nav.pushViewController(vcs[1], animated: false)
        nav.setViewControllers([vcs[0], vcs[2], vcs[3]], animated: false)
        #expect(nav.children.count == 3 && vcs[1].parent == nil && nav.topViewController === vcs[3])
        #expect(settledProblems(w).isEmpty)
        let before = Diagnostics.count
        nav.pushViewController(vcs[3], animated: false)   // already in the stack
        #expect(Diagnostics.count == before + 1)
        #expect(nav.popToViewController(vcs[0], animated: false)?.count == 2)
        #expect(settledProblems(w).isEmpty)
    }

    @Test func pushingWithoutNavigationControllerWarnsOnce() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController()
        w.rootViewController = a
        let before = Diagnostics.count
        a.navigationController.pushViewController(b, animated: true)
        #expect(Diagnostics.count == before + 1)
        #expect(Diagnostics.recent.last?.contains("no navigationController") == true)
        #expect(b.parent == nil && b.viewIfLoaded == nil)
    }

    @Test func presentInsidePresentedNavigationThenPush() {
        let w = makeWindow(), log = AppearanceLog()
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        let c = LoggingViewController("C", log: log)
        w.rootViewController = a
        let nav = NavigationController(rootViewController: b)
        let d = FixedTransitioningDelegate(); d.presentAnimator = TimerAnimator(); d.dismissAnimator = TimerAnimator()
        nav.transitioningDelegate = d
        a.present(nav, animated: true)
        w.advance(by: 0.5)
        #expect(b.navigationController === nav && b.presentingViewController === a)
        let nd = FixedNavigationDelegate(); nd.animator = TimerAnimator()
        nav.delegate = nd
        b.navigationController.pushViewController(c, animated: true)
        w.advance(by: 0.5)
        #expect(nav.topViewController === c && settledProblems(w).isEmpty)
        c.dismiss(animated: true)   // from a child: dismisses the presented navigation controller
        w.advance(by: 0.5)
        #expect(a.presentedViewController == nil && settledProblems(w).isEmpty)
    }
}

@MainActor
@Suite struct NavigationLayoutTests {
    @Test func pushRightAfterInstallUsesTheWindowSize() {
        let w = Window(size: Size(width: 320, height: 568))
        let a = ViewController(), b = ViewController()
        let nav = NavigationController(rootViewController: a)
        w.rootViewController = nav
        nav.pushViewController(b, animated: true)   // before any render or layout pass
        #expect(b.view.frame == w.bounds && nav.contentView.frame == w.bounds)
        w.advance(by: 1)
        #expect(b.view.frame == w.bounds && settledProblems(w).isEmpty)
    }
}
