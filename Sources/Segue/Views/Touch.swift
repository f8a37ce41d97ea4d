// Touch and Event: UITouch/UIEvent's shape. The window turns pointer input into touches; views receive
// them through the touches methods (View+Touches), gesture recognizers through theirs.

/// One pointer in contact (the mouse's left button is one finger).
@MainActor
public final class Touch {
    public enum Phase: Sendable { case began, moved, stationary, ended, cancelled }

    public internal(set) var phase: Phase
    /// Window time of the latest change, in seconds.
    public internal(set) var timestamp: Double
    /// The view the touch began in (hit-tested at `.began`).
    public internal(set) weak var view: View?
    public internal(set) weak var window: Window?
    /// Window coordinates.
    public internal(set) var locationInWindow: Point
    public internal(set) var previousLocationInWindow: Point

    public init(phase: Phase, timestamp: Double, view: View?, window: Window?, location: Point) {
        self.phase = phase; self.timestamp = timestamp; self.view = view; self.window = window
        locationInWindow = location; previousLocationInWindow = location
    }

    public func location(in view: View?) -> Point {
        guard let v = view else { return locationInWindow }
        return v.convert(locationInWindow, from: nil)
    }
    public func previousLocation(in view: View?) -> Point {
        guard let v = view else { return previousLocationInWindow }
        return v.convert(previousLocationInWindow, from: nil)
    }
}

/// A touch event (UIEvent's shape).
@MainActor
public final class Event {
    public let timestamp: Double
    public let allTouches: [Touch]
    public init(timestamp: Double, touches: [Touch]) { self.timestamp = timestamp; allTouches = touches }
}
