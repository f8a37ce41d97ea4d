// Gestures and event dispatch: touches reach the hit-tested view, recognizers on it and its ancestors see
// them first, one recognizer acts per drag unless delegates allow more, a recognizing pan cancels the
// view's touches, translation and velocity come from real timestamps, and the screen-edge pan only
// starts at its edge.

import Testing
@testable import Segue

@MainActor
final class TouchLoggingView: View {
    var events: [String] = []
    override func touchesBegan(_ touches: [Touch], with event: Event?) { events.append("began") }
    override func touchesMoved(_ touches: [Touch], with event: Event?) { events.append("moved") }
    override func touchesEnded(_ touches: [Touch], with event: Event?) { events.append("ended") }
    override func touchesCancelled(_ touches: [Touch], with event: Event?) { events.append("cancelled") }
}

@MainActor
final class SimultaneousDelegate: GestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool { true }
}

@MainActor
@Suite struct GestureTests {
    func setup() -> (Window, TouchLoggingView) {
        let w = makeWindow()
        let v = TouchLoggingView(frame: Rect(x: 20, y: 40, width: 200, height: 200))
        w.addSubview(v)
        return (w, v)
    }

    @Test func touchesReachTheHitView() {
        let (w, v) = setup()
        w.pointerDown(at: Point(x: 30, y: 50))
        w.pointerMoved(to: Point(x: 32, y: 52))
        w.pointerUp(at: Point(x: 32, y: 52))
        #expect(v.events == ["began", "moved", "ended"])
        w.pointerDown(at: Point(x: 300, y: 400))   // outside: the window gets it
        w.pointerUp(at: Point(x: 300, y: 400))
        #expect(v.events.count == 3)
    }

    @Test func tapRecognizesAndCancelsViewTouches() {
        let (w, v) = setup()
        let tap = TapGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        tap.addAction { states.append(tap.state) }
        v.addGestureRecognizer(tap)
        #expect(tap.view === v && v.gestureRecognizers.count == 1)
        w.pointerDown(at: Point(x: 50, y: 60))
        w.pointerUp(at: Point(x: 52, y: 61))
        #expect(states == [.ended])
        #expect(v.events == ["began", "cancelled"])
        #expect(tap.state == .possible)   // reset for the next touch
        #expect(tap.location(in: v) == Point(x: 32, y: 21))
        // A drag is not a tap.
        w.pointerDown(at: Point(x: 50, y: 60))
        w.pointerMoved(to: Point(x: 90, y: 60))
        w.pointerUp(at: Point(x: 90, y: 60))
        #expect(states == [.ended])
        v.removeGestureRecognizer(tap)
        #expect(tap.view == nil && v.gestureRecognizers.isEmpty)
    }

    @Test func panTranslationAndVelocityFromTimestamps() {
        let (w, v) = setup()
        let pan = PanGestureRecognizer()
        var log: [(GestureRecognizer.State, Point)] = []
        pan.addAction { log.append((pan.state, pan.translation(in: v))) }
        v.addGestureRecognizer(pan)
        w.pointerDown(at: Point(x: 50, y: 60))
        w.advance(by: 0.05)
        w.pointerMoved(to: Point(x: 55, y: 60))   // under the 10 pt hysteresis
        #expect(log.isEmpty && v.events == ["began", "moved"])
        w.advance(by: 0.05)
        w.pointerMoved(to: Point(x: 70, y: 60))
        #expect(log.map(\.0) == [.began] && log[0].1 == Point(x: 20, y: 0))
        #expect(v.events == ["began", "moved", "cancelled"])
        w.advance(by: 0.05)
        w.pointerMoved(to: Point(x: 90, y: 70))
        // 0.1 s window: from (55,60) at 0.05 to (90,70) at 0.15 → (350, 100) pt/s.
        let vel = pan.velocity(in: v)
        #expect(abs(vel.x - 350) < 1e-6 && abs(vel.y - 100) < 1e-6)
        pan.setTranslation(.zero, in: v)
        #expect(pan.translation(in: v) == .zero)
        w.advance(by: 0.05)
        w.pointerUp(at: Point(x: 100, y: 70))
        #expect(log.map(\.0) == [.began, .changed, .ended])
        #expect(log.last!.1 == Point(x: 10, y: 0))
        #expect(v.events == ["began", "moved", "cancelled"])   // nothing after the cancel
    }

    @Test func fingerThatStoppedHasNoVelocity() {
        let (w, v) = setup()
        let pan = PanGestureRecognizer()
        var atEnd = Point(x: -1, y: -1)
        pan.addAction { if pan.state == .ended { atEnd = pan.velocity(in: nil) } }
        v.addGestureRecognizer(pan)
        w.pointerDown(at: Point(x: 50, y: 60))
        w.advance(by: 0.02); w.pointerMoved(to: Point(x: 80, y: 60))
        w.advance(by: 0.5); w.pointerUp(at: Point(x: 80, y: 60))
        #expect(atEnd == .zero)
    }

    @Test func onlyOneRecognizerActsUnlessSimultaneityAllowed() {
        let (w, v) = setup()
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        var innerBegan = 0, outerBegan = 0
        inner.addAction { if inner.state == .began { innerBegan += 1 } }
        outer.addAction { if outer.state == .began { outerBegan += 1 } }
        v.addGestureRecognizer(inner)
        w.addGestureRecognizer(outer)
        w.pointerDown(at: Point(x: 50, y: 60)); w.pointerMoved(to: Point(x: 80, y: 60)); w.pointerUp(at: Point(x: 80, y: 60))
        #expect(innerBegan == 1 && outerBegan == 0)   // deepest first; the other fails
        let d = SimultaneousDelegate()
        inner.delegate = d
        w.pointerDown(at: Point(x: 50, y: 60)); w.pointerMoved(to: Point(x: 80, y: 60)); w.pointerUp(at: Point(x: 80, y: 60))
        #expect(innerBegan == 2 && outerBegan == 1)
        inner.isEnabled = false
        w.pointerDown(at: Point(x: 50, y: 60)); w.pointerMoved(to: Point(x: 80, y: 60)); w.pointerUp(at: Point(x: 80, y: 60))
        #expect(innerBegan == 2 && outerBegan == 2)
    }

    @Test func screenEdgePanStartsOnlyAtItsEdgeMovingAway() {
        let w = makeWindow()
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .left
        var began = 0
        edge.addAction { if edge.state == .began { began += 1 } }
        w.addGestureRecognizer(edge)
        w.pointerDown(at: Point(x: 100, y: 200)); w.pointerMoved(to: Point(x: 150, y: 200)); w.pointerUp(at: Point(x: 150, y: 200))
        #expect(began == 0)
        w.pointerDown(at: Point(x: 5, y: 200)); w.pointerMoved(to: Point(x: 2, y: 260)); w.pointerUp(at: Point(x: 2, y: 260))
        #expect(began == 0)   // along the edge, not away from it
        w.pointerDown(at: Point(x: 5, y: 200)); w.pointerMoved(to: Point(x: 40, y: 205)); w.pointerUp(at: Point(x: 40, y: 205))
        #expect(began == 1)
    }
}
