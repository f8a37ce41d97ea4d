// TapGestureRecognizer (UITapGestureRecognizer): recognized when the touch lifts within 10 pt of where it
// went down; fails when it wanders further.

@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// How far the finger may move before it is no longer a tap (points, window space).
    public static let allowableMovement = 10.0
    private var start: Point?

    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        super.touchesBegan(touches, with: event)
        start = touches.first?.locationInWindow
    }
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        super.touchesMoved(touches, with: event)
        if state == .possible, let s = start, let p = touches.first?.locationInWindow,
           gestureDistance(p.x - s.x, p.y - s.y) > Self.allowableMovement {
            state = .failed
        }
    }
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .ended }
    }
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {
        super.touchesCancelled(touches, with: event)
        if state == .possible { state = .failed }
    }
    open override func reset() { start = nil }
}

/// Euclidean length of (x, y).
func gestureDistance(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
