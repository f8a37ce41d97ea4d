// PanGestureRecognizer (UIPanGestureRecognizer): begins once the finger has moved 10 pt, then reports
// translation from the touch-down point and velocity in points per second, measured from the touches'
// real timestamps over the last 0.1 s (so a finger that stopped before lifting has no velocity).

@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// Movement (points, window space) before a pan begins.
    public static let hysteresis = 10.0

    /// Touch-down point in window coordinates, moved by `setTranslation`.
    var startInWindow: Point?
    /// Translation set by `setTranslation(_:in:)` at `startInWindow`.
    private var translationOffset = Point.zero
    /// Recent positions (window space) with their timestamps.
    private var samples: [(time: Double, point: Point)] = []

    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        super.touchesBegan(touches, with: event)
        guard let t = touches.first else { return }
        startInWindow = t.locationInWindow
        samples = [(t.timestamp, t.locationInWindow)]
    }

    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        super.touchesMoved(touches, with: event)
        guard let t = touches.first else { return }
        record(t)
        switch state {
        case .possible:
            guard let s = startInWindow else { return }
            let d = Point(x: t.locationInWindow.x - s.x, y: t.locationInWindow.y - s.y)
            if gestureDistance(d.x, d.y) >= Self.hysteresis {
                if shouldBeginPanning(movement: d) { state = .began } else { state = .failed }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        super.touchesEnded(touches, with: event)
        if let t = touches.first { record(t) }
        if isActive { state = .ended } else if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: Event) {
        super.touchesCancelled(touches, with: event)
        if isActive { state = .cancelled } else if state == .possible { state = .failed }
    }

    open override func reset() {
        startInWindow = nil
        translationOffset = .zero
        samples = []
    }

    /// Subclasses restrict which movements start a pan (the screen-edge pan: away from its edge).
    func shouldBeginPanning(movement: Point) -> Bool { true }

    private func record(_ t: Touch) {
        samples.append((t.timestamp, t.locationInWindow))
        if let last = samples.last?.time { samples.removeAll { last - $0.time > 0.25 } }
    }

    // MARK: UIKit's pan API

    /// How far the touch moved since it went down (or since `setTranslation`), in `view`'s coordinates.
    open func translation(in view: View?) -> Point {
        guard let s = startInWindow, let cur = lastLocationInWindow else { return translationOffset }
        let v = view ?? self.view
        let a = convert(s, to: v), b = convert(cur, to: v)
        return Point(x: b.x - a.x + translationOffset.x, y: b.y - a.y + translationOffset.y)
    }

    open func setTranslation(_ translation: Point, in view: View?) {
        startInWindow = lastLocationInWindow ?? startInWindow
        translationOffset = translation
    }

    /// Points per second in `view`'s coordinates over the last 0.1 s of movement.
    open func velocity(in view: View?) -> Point {
        guard let last = samples.last else { return .zero }
        let recent = samples.filter { last.time - $0.time <= 0.1 + 1e-9 }
        guard let first = recent.first, last.time - first.time > 0.004 else { return .zero }
        let v = view ?? self.view
        let a = convert(first.point, to: v), b = convert(last.point, to: v)
        let dt = last.time - first.time
        return Point(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt)
    }
}
