// Control: UIControl's shape with closures in place of target-action. A control tracks one touch
// through the touches methods: highlighted while the touch is inside its bounds grown by UIKit's
// 70-point slop, touchUpInside (then primaryActionTriggered) on a release there, touchUpOutside
// elsewhere, touchCancel when the system takes the touch away. Disabled controls ignore touches.

@MainActor
open class Control: View {
    /// Control events (UIControl.Event's shape and raw values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Control states (UIControl.State's shape and raw values).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    /// Handle of an action added with `addAction(for:_:)`, for `removeAction(_:)`.
    public struct ActionIdentifier: Hashable, Sendable { let id: Int }

    /// How far outside its bounds a tracked touch still counts as inside (UIKit uses about 70 points).
    public static let touchSlop = 70.0

    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled && isTracking { cancelTrackingTouch(with: nil) }
            stateDidChange()
        }
    }
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }

    public var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// True while a touch that began in the control is down.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside (with slop) now.
    public private(set) var isTouchInside = false

    private var actions: [(id: Int, events: Event, handler: @MainActor () -> Void)] = []
    private var nextActionID = 0

    public override init(frame: Rect) { super.init(frame: frame) }

    /// Called when `isEnabled`, `isHighlighted` or `isSelected` changes; subclasses restyle here.
    open func stateDidChange() {}

    // MARK: Actions

    /// Runs `handler` whenever any of `events` is sent.
    @discardableResult
    public func addAction(for events: Event, _ handler: @escaping @MainActor () -> Void) -> ActionIdentifier {
        nextActionID += 1
        actions.append((nextActionID, events, handler))
        return ActionIdentifier(id: nextActionID)
    }

    /// Runs `handler` with the control (the sender, as target-action passes it) whenever any of `events` is sent.
    @discardableResult
    public func addAction(for events: Event, _ handler: @escaping @MainActor (Control) -> Void) -> ActionIdentifier {
        addAction(for: events) { [unowned self] in handler(self) }
    }

    public func removeAction(_ action: ActionIdentifier) { actions.removeAll { $0.id == action.id } }

    /// Removes the actions registered for any of `events`.
    public func removeAllActions(for events: Event = .allEvents) {
        actions.removeAll { !$0.events.intersection(events).isEmpty }
    }

    /// Events for which an action is registered.
    public var allControlEvents: Event { actions.reduce(Event()) { $0.union($1.events) } }

    /// Runs, in the order they were added, each action registered for any of `events` (each once).
    public func sendActions(for events: Event) {
        for a in actions where !a.events.intersection(events).isEmpty { a.handler() }
    }

    // MARK: Tracking

    /// Whether `point` (in the control's coordinates) counts as inside for a tracked touch.
    open func isInsideForTracking(_ point: Point) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(point)
    }

    open override func touchesBegan(_ touches: [Touch], with event: Segue.Event?) {
        guard isEnabled, !isTracking, touches.first != nil else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: [Touch], with event: Segue.Event?) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        if inside != isTouchInside {
            isTouchInside = inside
            isHighlighted = inside
            sendActions(for: inside ? .touchDragEnter : .touchDragExit)
        }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }

    open override func touchesEnded(_ touches: [Touch], with event: Segue.Event?) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        if inside {
            sendActions(for: .touchUpInside)
            sendActions(for: .primaryActionTriggered)
        } else {
            sendActions(for: .touchUpOutside)
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: Segue.Event?) {
        guard isTracking else { return }
        cancelTrackingTouch(with: event)
    }

    private func cancelTrackingTouch(with event: Segue.Event?) {
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}
