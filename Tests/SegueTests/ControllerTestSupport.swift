// Shared helpers for the controller, navigation, presentation, gesture and fuzz tests: a controller that
// logs its appearance callbacks, one-colour screens, animators that finish on a timer (independent of
// View.animate), and the invariants every settled window must satisfy.

import Testing
@testable import Segue

@MainActor
final class AppearanceLog {
    var events: [String] = []
    func take() -> [String] { defer { events = [] }; return events }
}

/// Logs its appearance callbacks and checks that each one is allowed after the previous (UIKit's order:
/// will/did alternate; a cancelled change reverses with the opposite will then its did).
@MainActor
class LoggingViewController: ViewController {
    let name: String
    let log: AppearanceLog
    /// Callbacks out of order (should stay empty).
    var violations: [String] = []
    /// What the callbacks say: appearing/appeared/disappearing/disappeared.
    var phase: AppearanceState = .disappeared
    init(_ name: String, log: AppearanceLog) { self.name = name; self.log = log; super.init() }
    private func step(_ what: String, from allowed: [AppearanceState], to next: AppearanceState) {
        if !allowed.contains(phase) { violations.append("\(what) while \(phase)") }
        phase = next
        log.events.append("\(name).\(what)")
    }
    override func viewWillAppear(_ animated: Bool) { step("willAppear", from: [.disappeared, .disappearing], to: .appearing) }
    override func viewDidAppear(_ animated: Bool) { step("didAppear", from: [.appearing], to: .appeared) }
    override func viewWillDisappear(_ animated: Bool) { step("willDisappear", from: [.appeared, .appearing], to: .disappearing) }
    override func viewDidDisappear(_ animated: Bool) { step("didDisappear", from: [.disappearing], to: .disappeared) }
}

/// Adds the to-view and completes after `duration` on a window timer.
@MainActor
final class TimerAnimator: ViewControllerAnimatedTransitioning {
    let duration: Double
    var ended: [Bool] = []
    init(duration: Double = 0.3) { self.duration = duration }
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }
    func animateTransition(using ctx: ViewControllerContextTransitioning) {
        if let to = ctx.view(forKey: .to), let vc = ctx.viewController(forKey: .to) {
            to.frame = ctx.finalFrame(for: vc)
            ctx.containerView.addSubview(to)
        }
        ctx.containerView.window?.schedule(after: duration) { ctx.completeTransition(!ctx.transitionWasCancelled) }
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// Never calls completeTransition: the watchdog's business.
@MainActor
final class ForgetfulAnimator: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.4 }
    func animateTransition(using ctx: ViewControllerContextTransitioning) {
        if let to = ctx.view(forKey: .to) { ctx.containerView.addSubview(to) }
    }
}

/// A transitioning delegate that hands out fixed animators.
@MainActor
final class FixedTransitioningDelegate: ViewControllerTransitioningDelegate {
    var presentAnimator: ViewControllerAnimatedTransitioning?
    var dismissAnimator: ViewControllerAnimatedTransitioning?
    var presentInteractor: ViewControllerInteractiveTransitioning?
    var dismissInteractor: ViewControllerInteractiveTransitioning?
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning? { presentAnimator }
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { dismissAnimator }
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { presentInteractor }
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { dismissInteractor }
}

@MainActor
func makeWindow() -> Window { Window(size: Size(width: 320, height: 480)) }

/// The invariants of a settled window (no transition running): one visible top controller, every view
/// where it belongs and nothing else, appearance states that match what is on screen.
@MainActor
func settledProblems(_ window: Window) -> [String] {
    var problems: [String] = []
    guard let root = window.rootViewController else { return ["no root"] }
    if TransitionDriver.isRunning(in: window) { problems.append("a transition is still running") }
    // The presentation chain.
    var chain = [root]
    while let p = chain.last!.presentedViewController { chain.append(p) }
    // Expected window subviews: root view unless covered by a full-screen presentation, then containers.
    var expected: [View] = []
    let coveredFrom = chain.lastIndex { $0 !== root && $0.modalPresentationStyle.effective == .fullScreen }
    var visible: [ViewController] = []
    for (i, vc) in chain.enumerated() {
        let onScreen = coveredFrom.map { i >= $0 } ?? true
        if i == 0 && onScreen {
            // An animator may have moved a kept presenter's view into a later presentation's container.
            if vc.view.superview === window { expected.append(vc.view) }
            else if !chain.contains(where: { $0.presentationContainer != nil && $0.presentationContainer === vc.view.superview }) {
                problems.append("root view neither in the window nor in a presentation container")
            }
        }
        if i == 0 && !onScreen && vc.view.window != nil { problems.append("covered root view still in the window") }
        if i > 0, let c = vc.presentationContainer {
            if onScreen { expected.append(c) } else if c.window != nil { problems.append("covered container still in the window") }
        } else if i > 0 { problems.append("\(type(of: vc)) presented without container") }
        if i > 0, onScreen, let c = vc.presentationContainer {
            // The presented view is in its container (or the presenter's view too, moved there by an animator).
            let home = vc.view.superview
            if home !== c && !chain.contains(where: { $0.presentationContainer === home && home != nil }) {
                problems.append("presented view of \(type(of: vc)) not in a presentation container")
            }
        }
        if onScreen { visible.append(vc) }
    }
    let actual = window.subviews
    if actual.count != expected.count || zip(actual, expected).contains(where: { $0 !== $1 }) {
        problems.append("window subviews \(actual.map { String(describing: type(of: $0)) }) != expected \(expected.count)")
    }
    // Navigation controllers show exactly their top.
    func visit(_ vc: ViewController, visible isVisible: Bool) {
        if let nav = vc as? NavigationController, nav.isViewLoaded {
            if nav.runningStep != nil { problems.append("nav step running") }
            if !nav.pendingSteps.isEmpty { problems.append("nav steps pending") }
            let top = nav.viewControllers.last!
            if nav.contentView.subviews.count != 1 || nav.contentView.subviews.first !== top.viewIfLoaded {
                problems.append("nav content \(nav.contentView.subviews.count) views, not just the top's")
            }
            if nav.children.count != nav.viewControllers.count || zip(nav.children, nav.viewControllers).contains(where: { $0 !== $1 }) {
                // children order may differ; compare as sets
                let a = Set(nav.children.map(ObjectIdentifier.init)), b = Set(nav.viewControllers.map(ObjectIdentifier.init))
                if a != b { problems.append("nav children differ from stack") }
            }
            for c in nav.viewControllers { visit(c, visible: isVisible && c === top) }
        }
        let want: ViewController.AppearanceState = isVisible ? .appeared : .disappeared
        if vc.appearanceState != want { problems.append("\(type(of: vc)) is \(vc.appearanceState), expected \(want)") }
        if let l = vc as? LoggingViewController {
            if !l.violations.isEmpty { problems.append("\(l.name) callbacks out of order: \(l.violations)") }
            if l.phase != want { problems.append("\(l.name) callbacks end \(l.phase), expected \(want)") }
        }
    }
    for vc in chain { visit(vc, visible: visible.contains { $0 === vc }) }
    return problems
}

@MainActor
@Suite struct ControllerWindowTests {
    @Test func rootAndPresentationsFollowTheWindowSize() {
        let w = makeWindow()
        let a = ViewController(), b = ViewController(), c = ViewController()
        let nav = NavigationController(rootViewController: a)
        w.rootViewController = nav
        #expect(nav.view.frame == w.bounds && a.view.frame == w.bounds)
        nav.present(b, animated: false)
        c.modalPresentationStyle = .overFullScreen
        b.present(c, animated: false)
        w.frame = Rect(x: 0, y: 0, width: 640, height: 400)
        w.layoutIfNeeded()
        let full = Rect(x: 0, y: 0, width: 640, height: 400)
        #expect(nav.view.frame == full && a.view.frame == full)   // covered, still sized
        #expect(b.view.frame == full && c.view.frame == full && c.presentationContainer!.frame == full)
        #expect(settledProblems(w).isEmpty)
    }

    @Test func lazyViewLoadsOnceAndRootInstallsFullSize() {
        final class Counting: ViewController {
            var loads = 0, didLoads = 0
            override func loadView() { loads += 1; view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
            override func viewDidLoad() { didLoads += 1 }
        }
        let vc = Counting()
        #expect(!vc.isViewLoaded && vc.viewIfLoaded == nil)
        _ = vc.view; _ = vc.view
        #expect(vc.loads == 1 && vc.didLoads == 1 && vc.isViewLoaded)
        let w = makeWindow()
        w.rootViewController = vc
        #expect(vc.view.frame == w.bounds && vc.view.superview === w && vc.appearanceState == .appeared)
        w.rootViewController = ViewController()
        #expect(vc.view.superview == nil && vc.appearanceState == .disappeared && w.subviews.count == 1)
    }

    @Test func childContainmentCallsWillAndDidMove() {
        final class Child: ViewController {
            var calls: [String] = []
            override func willMove(toParent parent: ViewController?) { calls.append("will \(parent == nil ? "nil" : "parent")") }
            override func didMove(toParent parent: ViewController?) { calls.append("did \(parent == nil ? "nil" : "parent")") }
        }
        let p = ViewController(), c = Child()
        p.addChild(c)
        p.view.addSubview(c.view)
        c.didMove(toParent: p)
        #expect(p.children.count == 1 && c.parent === p)
        c.willMove(toParent: nil)
        c.view.removeFromSuperview()
        c.removeFromParent()
        #expect(c.calls == ["will parent", "did parent", "will nil", "did nil"] && p.children.isEmpty && c.parent == nil)
    }
}

/// A screen of one colour; with `band`, a white band across it too (something for a stale frame to
/// show through).
final class ColourController: ViewController {
    let colour: Color, band: Bool
    init(_ colour: Color, band: Bool = false) { self.colour = colour; self.band = band; super.init() }
    override func viewDidLoad() {
        view.backgroundColor = colour
        guard band else { return }
        let stripe = View(frame: Rect(x: 20, y: 30, width: 90, height: 25))
        stripe.backgroundColor = .white
        view.addSubview(stripe)
    }
}
