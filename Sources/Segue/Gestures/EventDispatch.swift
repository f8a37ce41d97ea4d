// CONTRACT (owned by the controllers/gestures work): pointer input → touches and recognizers.
// The pointer is one finger. On `down` the window hit-tests the point; the touch belongs to that view for
// its whole life. Recognizers attached to the hit view and its ancestors (deepest first, then in the
// order they were added) see the touch before the view does, as in UIKit; when one recognizes, the
// others that may not act simultaneously fail and, with `cancelsTouchesInView`, the view gets
// `touchesCancelled` and nothing more. While a transition animates on its own (not following a finger),
// new touches are ignored, as UIKit ignores interaction events during transitions.

@MainActor
enum EventDispatch {
    /// The touch down in each window.
    private static var sessions: [ObjectIdentifier: TouchSession] = [:]

    static func pointer(_ window: Window, _ phase: PointerPhase, at point: Point) {
        let key = ObjectIdentifier(window)
        switch phase {
        case .down:
            if let stale = sessions[key] { stale.cancel(); sessions[key] = nil }
            if window.runningTransitions.contains(where: { !$0.isInteractive }) { return }
            let hit = window.hitTest(point)
            let touch = Touch(phase: .began, timestamp: window.currentTime, view: hit, window: window, location: point)
            let session = TouchSession(touch: touch, window: window)
            sessions[key] = session
            session.begin()
        case .moved:
            sessions[key]?.move(to: point, at: window.currentTime)
        case .up:
            guard let s = sessions[key] else { return }
            sessions[key] = nil
            s.end(at: point, time: window.currentTime)
        case .cancelled:
            guard let s = sessions[key] else { return }
            sessions[key] = nil
            s.cancel()
        }
    }

    /// Whether a touch is down in `window`.
    static func isTracking(_ window: Window) -> Bool { sessions[ObjectIdentifier(window)] != nil }
}

/// One touch from down to up, and who sees it.
@MainActor
final class TouchSession {
    let touch: Touch
    weak var window: Window?
    private(set) var recognizers: [GestureRecognizer] = []
    private var viewCancelled = false
    private var event: Event { Event(timestamp: touch.timestamp, touches: [touch]) }

    init(touch: Touch, window: Window) {
        self.touch = touch
        self.window = window
        var v = touch.view
        while let c = v {
            for g in c.gestureRecognizers where g.isEnabled && g.session == nil {
                if let d = g.delegate, !d.gestureRecognizer(g, shouldReceive: touch) { continue }
                recognizers.append(g)
            }
            v = c.superview
        }
    }

    func begin() {
        let e = event
        for g in recognizers { g.resetForNextTouch(); g.session = self }
        for g in recognizers where !g.isFinished { g.touchesBegan([touch], with: e) }
        if !viewCancelled { touch.view?.touchesBegan([touch], with: e) }
    }

    func move(to point: Point, at time: Double) {
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        touch.timestamp = time
        touch.phase = .moved
        let e = event
        for g in recognizers where !g.isFinished { g.touchesMoved([touch], with: e) }
        if !viewCancelled { touch.view?.touchesMoved([touch], with: e) }
    }

    func end(at point: Point, time: Double) {
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        touch.timestamp = time
        touch.phase = .ended
        let e = event
        for g in recognizers where !g.isFinished { g.touchesEnded([touch], with: e) }
        if !viewCancelled { touch.view?.touchesEnded([touch], with: e) }
        finish()
    }

    func cancel() {
        touch.phase = .cancelled
        let e = event
        for g in recognizers where !g.isFinished { g.touchesCancelled([touch], with: e) }
        if !viewCancelled { viewCancelled = true; touch.view?.touchesCancelled([touch], with: e) }
        finish()
    }

    private func finish() {
        for g in recognizers where g.session === self { g.resetForNextTouch() }
        recognizers = []
    }

    func remove(_ g: GestureRecognizer) { recognizers.removeAll { $0 === g } }

    // MARK: Exclusivity

    /// A recognizer may recognize unless another already acts on this touch and they may not share it.
    func mayRecognize(_ g: GestureRecognizer) -> Bool {
        for o in recognizers where o !== g && (o.isActive || o.state == .ended) {
            if !g.allowsSimultaneous(with: o) { return false }
        }
        return true
    }

    /// `g` recognized: the others that may not share the touch fail; the view's touches may be cancelled.
    func didRecognize(_ g: GestureRecognizer) {
        for o in recognizers where o !== g && o.state == .possible && !g.allowsSimultaneous(with: o) {
            o.state = .failed
        }
        if g.cancelsTouchesInView && !viewCancelled {
            viewCancelled = true
            touch.phase = .cancelled
            touch.view?.touchesCancelled([touch], with: event)
            touch.phase = .moved
        }
    }
}
