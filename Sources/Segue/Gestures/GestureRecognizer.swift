// CONTRACT (owned by the controllers/gestures work): UIGestureRecognizer's shape. A recognizer watches the
// touches of the view it is attached to (and its descendants) and moves through UIKit's state machine:
// possible → began → changed… → ended | cancelled, or possible → failed; a discrete one (tap) goes
// possible → ended ("recognized"). Entering `began` (or a discrete `ended`) asks the event dispatch for
// permission: one recognizer acts on a touch unless delegates allow simultaneity; the winner fails the
// others and, with `cancelsTouchesInView`, cancels the view's touches. Actions are Swift closures.

@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
}

@MainActor
open class GestureRecognizer {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    public init() {}

    /// A recognizer that calls `action` on every state change that UIKit would report.
    public convenience init(action: @escaping () -> Void) {
        self.init()
        addAction(action)
    }

    public internal(set) weak var view: View?
    open var isEnabled = true {
        didSet { if !isEnabled, isActive { state = .cancelled } }
    }
    public weak var delegate: GestureRecognizerDelegate?
    open var cancelsTouchesInView = true

    private var actions: [() -> Void] = []

    /// Adds a handler called when the recognizer begins, changes, ends or is cancelled (target-action's role).
    public func addAction(_ handler: @escaping () -> Void) { actions.append(handler) }

    /// Extra condition checked before beginning (used by built-in recognizers such as the interactive pop).
    var shouldBegin: (() -> Bool)?

    /// The touch session this recognizer takes part in, while a touch is down.
    weak var session: TouchSession?
    var touches: [Touch] = []

    public var numberOfTouches: Int { touches.count }

    // MARK: State

    private var storedState: State = .possible

    /// The current state. Subclasses set it; entering `.began` (or `.ended` straight from `.possible`) may
    /// turn into `.failed` when another recognizer already acts on the touch.
    public var state: State {
        get { storedState }
        set { changeState(to: newValue) }
    }

    var isActive: Bool { storedState == .began || storedState == .changed }
    var isFinished: Bool { storedState == .ended || storedState == .cancelled || storedState == .failed }

    private func changeState(to new: State) {
        let old = storedState
        if old == new && new != .changed { return }
        if new == .began || (new == .ended && old == .possible) {
            guard mayRecognize() else {
                storedState = .failed
                return
            }
            storedState = new
            session?.didRecognize(self)
        } else {
            storedState = new
        }
        if new != .possible && new != .failed {
            for a in actions { a() }
        }
    }

    private func mayRecognize() -> Bool {
        guard isEnabled else { return false }
        if let shouldBegin, !shouldBegin() { return false }
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return false }
        return session?.mayRecognize(self) ?? true
    }

    /// Whether this recognizer and `other` may act on the same touch.
    func allowsSimultaneous(with other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }

    /// Back to `.possible` for the next touch (UIKit calls this after the touch ends).
    open func reset() {}

    func resetForNextTouch() {
        storedState = .possible
        touches = []
        session = nil
        reset()
    }

    // MARK: Location

    /// The centroid of the touches in `view`'s coordinates (the window's when nil).
    open func location(in view: View?) -> Point {
        guard !touches.isEmpty else { return lastLocationInWindow.map { convert($0, to: view) } ?? .zero }
        let w = touches.reduce(Point.zero) { $0 + $1.locationInWindow } * (1 / Double(touches.count))
        return convert(w, to: view)
    }
    var lastLocationInWindow: Point?

    func convert(_ windowPoint: Point, to view: View?) -> Point {
        guard let view else { return windowPoint }
        return view.convert(windowPoint, from: nil)
    }

    // MARK: Touches (subclasses override; call super)

    open func touchesBegan(_ touches: [Touch], with event: Event) {
        for t in touches where !self.touches.contains(where: { $0 === t }) { self.touches.append(t) }
        lastLocationInWindow = touches.last?.locationInWindow
    }
    open func touchesMoved(_ touches: [Touch], with event: Event) {
        lastLocationInWindow = touches.last?.locationInWindow
    }
    open func touchesEnded(_ touches: [Touch], with event: Event) {
        lastLocationInWindow = touches.last?.locationInWindow
    }
    open func touchesCancelled(_ touches: [Touch], with event: Event) {
        lastLocationInWindow = touches.last?.locationInWindow
    }
}
