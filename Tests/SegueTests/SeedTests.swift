// The four seed ports end to end, driven like a user through the window: taps on their buttons, drags
// for the interactive ones. Each checks presentation values mid-flight against the seed's animation,
// the final state, that completion runs once, and the window invariants.

import Testing
import Foundation
@testable import Segue

@MainActor
func makeSeedWindow(_ name: String) -> (Window, ViewController) {
    let w = Window(size: SeedExamples.screenSize)
    let root = SeedExamples.example(named: name)!.make()
    w.rootViewController = root
    w.layoutIfNeeded()
    return (w, root)
}

@MainActor
func tap(_ w: Window, _ p: Point) {
    w.pointerDown(at: p)
    w.pointerUp(at: p)
}

@MainActor
func drag(_ w: Window, from a: Point, to b: Point, steps: Int = 10, dt: Double = 0.016) {
    w.pointerDown(at: a)
    for i in 1...steps {
        w.advance(by: dt)
        let u = Double(i) / Double(steps)
        w.pointerMoved(to: Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u))
    }
}

@MainActor
func presentationFrame(_ v: View) -> Rect { Layer.frame(of: v.layer.presentationState(), anchorPoint: v.layer.anchorPoint) }

@MainActor
@Suite struct SeedTests {
    // MARK: Seed 000

    @Test func seed000PushFadesAndSlides() {
        let (w, root) = makeSeedWindow("seed000-min-to-max")
        let nav = root as! NavigationController
        let main = nav.topViewController as! MTHMainViewController
        tap(w, Point(x: 160, y: 220))                          // the Push button
        #expect(nav.topViewController === main.nextVC)
        w.advance(by: 0.5)
        let from = main.view.layer.presentationState(), to = main.nextVC.view.layer.presentationState()
        #expect(abs(from.transform.affine.tx - -160) < 1e-6)     // ease-in-out is symmetric: half way at 0.5 s
        #expect(abs(to.opacity - 0.5) < 1e-6)
        w.advance(by: 0.51)
        #expect(main.view.transform == .identity && main.nextVC.view.alpha == 1)
        #expect(nav.runningStep == nil && settledProblems(w).isEmpty)
        // Back pops with the default slide (the delegate animates pushes only).
        tap(w, Point(x: 60, y: 60))
        w.advance(by: 0.4)
        #expect(nav.topViewController === main && settledProblems(w).isEmpty)
    }

    @Test func seed000ModalFliesIntoTheButtonAndBack() {
        let (w, root) = makeSeedWindow("seed000-min-to-max")
        let nav = root as! NavigationController
        let main = nav.topViewController as! MTHMainViewController
        tap(w, Point(x: 290, y: 525))                          // the Modal button
        let next = main.nextVC!
        #expect(nav.presentedViewController === next)
        let container = next.presentationContainer!
        #expect(container.subviews.count == 2 && container.subviews.allSatisfy { $0 is SnapshotView })
        let snap = container.subviews[1]
        w.advance(by: 0.6)
        // Half way (ease-in-out): the presenter's snapshot is half way to the button's centre (285, 533).
        let f = presentationFrame(snap)
        #expect(abs(f.width - 160) < 1e-6 && abs(f.minX - 142.5) < 1e-6 && abs(f.minY - 266.5) < 1e-6)
        w.advance(by: 0.59)
        #expect(snap.superview === container && presentationFrame(snap).width < 1)
        // The second stage's block animates nothing (`//snap.alpha = 0`), so as in UIKit its completion
        // runs on the next tick: done at 1.2 s.
        w.advance(by: 0.02)
        #expect(!TransitionDriver.isRunning(in: w))
        #expect(container.subviews.count == 1 && container.subviews[0] === next.view)   // no leftover snapshot
        #expect(nav.view.window === w)                        // .custom: the presenter stays
        #expect(settledProblems(w).isEmpty)

        // Dismiss: a snapshot of the presenter grows from the button, then fades.
        tap(w, Point(x: 60, y: 60))
        let grow = container.subviews.last!
        #expect(grow is SnapshotView && grow.frame == Rect(x: 0, y: 0, width: 320, height: 568))
        w.advance(by: 0.6)
        #expect(abs(presentationFrame(grow).width - (50 + 320) / 2) < 1e-6)
        w.advance(by: 0.6)
        #expect(grow.superview != nil && abs(grow.layer.presentationState().opacity - 1) < 1e-6)   // the 0.5 s fade starts
        w.advance(by: 0.25)
        #expect(abs(grow.layer.presentationState().opacity - 0.5) < 1e-6)
        w.advance(by: 0.26)
        #expect(nav.presentedViewController == nil && container.superview == nil)
        #expect(nav.view.superview === w && nav.view.frame == w.bounds)   // home again: no black screen
        #expect(settledProblems(w).isEmpty)
    }

    @Test func seed000PanOnTheRightHalfPresentsInteractively() {
        let (w, root) = makeSeedWindow("seed000-min-to-max")
        let nav = root as! NavigationController
        let main = nav.topViewController as! MTHMainViewController
        // Less than half the width: cancelled, everything back.
        drag(w, from: Point(x: 250, y: 300), to: Point(x: 150, y: 300))
        #expect(main.interactionController != nil && nav.presentedViewController === main.nextVC)
        let snap = main.nextVC.presentationContainer!.subviews[1]
        w.advance(by: 0.3)
        // Scrubbed to |−100|/320 of 1.2 s: frozen there however long the finger rests.
        let p = 100.0 / 320
        let u = TimingFunction.easeInEaseOut.value(at: p)
        #expect(abs(presentationFrame(snap).width - 320 * (1 - u)) < 1e-6)
        w.pointerUp(at: Point(x: 150, y: 300))
        #expect(main.interactionController == nil)
        w.advance(by: 2)
        #expect(nav.presentedViewController == nil && main.nextVC.presentingViewController == nil)
        #expect(w.subviews.count == 1 && settledProblems(w).isEmpty)

        // More than half: finishes, then the second stage plays.
        drag(w, from: Point(x: 300, y: 300), to: Point(x: 100, y: 300), steps: 12)
        w.pointerUp(at: Point(x: 100, y: 300))
        w.advance(by: 2)
        #expect(nav.presentedViewController === main.nextVC && settledProblems(w).isEmpty)
        #expect(main.nextVC.presentationContainer!.subviews.count == 1)
    }

    @Test func seed000PushFromThePresentedPageWarnsAndDoesNothing() {
        let (w, root) = makeSeedWindow("seed000-min-to-max")
        let nav = root as! NavigationController
        let main = nav.topViewController as! MTHMainViewController
        main.modal()
        w.advance(by: 2)
        let before = Diagnostics.count
        tap(w, Point(x: 160, y: 220))                          // the next page's Push button
        #expect(Diagnostics.count == before + 1)
        #expect(main.nextVC.navigationController == nil && nav.viewControllers.count == 1)
        #expect(settledProblems(w).isEmpty)
    }

    // MARK: Seed 001

    @Test func seed001SpringInsetThenRotatingDismiss() {
        let (w, root) = makeSeedWindow("seed001-spring-inset")
        let nav = root as! NavigationController
        let master = nav.topViewController as! TWMasterViewController
        var presented = 0
        master.prepare(for: TWDetailViewController())   // prepareForSegue has no side effects on the master
        tap(w, Point(x: 160, y: 86))                            // row 1
        let detail = nav.presentedViewController as! TWDetailViewController
        _ = presented
        let inset = w.bounds.insetBy(dx: 40, dy: 40)
        #expect(detail.view.frame == inset && nav.view.alpha == 0.5)   // model values at once
        #expect(nav.view.superview === detail.presentationContainer)    // the seed moved it there
        var minWidth = Double.infinity
        for _ in 0..<50 {
            w.advance(by: 0.01)
            minWidth = min(minWidth, presentationFrame(detail.view).width)
        }
        #expect(minWidth < inset.width - 1)                     // damping 0.4 with velocity 20 overshoots
        w.advance(by: 0.01)
        #expect(presentationFrame(detail.view) == inset && !TransitionDriver.isRunning(in: w))
        #expect(!nav.view.isUserInteractionEnabled)
        #expect(settledProblems(w) == [])

        tap(w, Point(x: 160, y: 202))                           // "click to dismiss" (40+40+22 inside the inset)
        #expect(detail.presentingViewController === nav && TransitionDriver.isRunning(in: w))
        w.advance(by: 0.25)
        let t = detail.view.layer.presentationState().transform.affine
        #expect(abs(atan2(t.b, t.a) - -0.75) < 1e-6)            // half of −1.5 rad at half time
        #expect(abs(nav.view.layer.presentationState().opacity - 0.75) < 1e-6)
        w.advance(by: 0.26)
        #expect(nav.presentedViewController == nil && detail.view.window == nil)
        #expect(nav.view.superview === w && nav.view.alpha == 1 && nav.view.isUserInteractionEnabled)
        #expect(settledProblems(w).isEmpty)
        presented += 1
    }

    // MARK: Seed 002

    @Test func seed002CrossFadeWithViewForKeyAndFrames() {
        let (w, root) = makeSeedWindow("seed002-crossfade")
        let bp = root as! BPViewController
        tap(w, Point(x: 160, y: 242))
        let presented = bp.presentedViewController as! BPPresentedViewController
        w.advance(by: 0.5)
        #expect(abs(bp.view.layer.presentationState().opacity - 0.5) < 1e-6)
        #expect(abs(presented.view.layer.presentationState().opacity - 0.5) < 1e-6)
        #expect(presented.view.frame == w.bounds)
        w.advance(by: 0.51)
        #expect(bp.view.window == nil && settledProblems(w).isEmpty)   // full screen: presenter out
        tap(w, Point(x: 160, y: 242))
        #expect(bp.view.superview === presented.presentationContainer && bp.view.alpha == 1)
        w.advance(by: 1.01)
        #expect(bp.presentedViewController == nil && bp.view.superview === w && bp.view.alpha == 1)
        #expect(settledProblems(w).isEmpty)
    }

    // MARK: Seed 003

    @Test func seed003FadePushAndInteractiveEdgePop() {
        let (w, root) = makeSeedWindow("seed003-fade-push-pop")
        let nav = root as! NavigationController
        let first = nav.topViewController as! FadeNavigationViewController
        tap(w, Point(x: 160, y: 242))
        let second = nav.topViewController as! FadeNavigationViewController
        #expect(second.page == 2 && nav.delegate === second)
        w.advance(by: 0.25)
        #expect(abs(second.view.layer.presentationState().opacity - 0.5) < 1e-6)
        w.advance(by: 0.26)
        #expect(settledProblems(w).isEmpty)

        // Drag a little, hold, let go with the finger still: cancel (percent ≤ 0.5, velocity 0).
        drag(w, from: Point(x: 4, y: 300), to: Point(x: 84, y: 300))
        #expect(nav.runningStep?.isInteractive == true && first.view.superview === nav.contentView)
        let p = 80.0 / 320
        #expect(abs(second.view.layer.presentationState().opacity - (1 - TimingFunction.easeInEaseOut.value(at: p))) < 1e-6)
        w.advance(by: 0.3); w.pointerUp(at: Point(x: 84, y: 300))
        w.advance(by: 1)
        #expect(nav.topViewController === second && second.view.alpha == 1 && settledProblems(w).isEmpty)

        // A short flick to the right: velocity.x > 0 finishes.
        drag(w, from: Point(x: 4, y: 300), to: Point(x: 60, y: 300), steps: 4)
        w.pointerUp(at: Point(x: 64, y: 300))
        w.advance(by: 1)
        #expect(nav.topViewController === first && second.parent == nil && settledProblems(w).isEmpty)
        #expect(nav.delegate === first)
    }
}

@MainActor
@Suite struct SeedPresentStyleTests {
    @Test func seed000PageCurlOverAPresentThenClose() {
        let (w, root) = makeSeedWindow("seed000-present-styles")
        tap(w, Point(x: 160, y: 130))                           // "pageCurl"
        let presented = root.presentedViewController as! ClosableViewController
        #expect(w.layer.transition(forKey: nil)?.type == .pageCurl)
        #expect(w.layer.transition(forKey: nil)?.subtype == .fromRight)
        w.advance(by: 0.6)
        #expect(w.layer.transition(forKey: nil) == nil && TransitionDriver.isRunning(in: w) == false)
        #expect(root.view.window == nil && presented.view.window === w && settledProblems(w).isEmpty)
        tap(w, Point(x: 60, y: 60))                             // "Close"
        w.advance(by: 0.6)
        #expect(root.presentedViewController == nil && root.view.superview === w && settledProblems(w).isEmpty)
        tap(w, Point(x: 160, y: 80))                            // "Default"
        w.advance(by: 0.6)
        #expect(root.presentedViewController is ClosableViewController && w.layer.transition(forKey: nil) == nil)
    }
}
