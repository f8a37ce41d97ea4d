// Window: the root of a view tree and its one clock. Hosts (the X11 viewer, `segue render`, tests)
// drive it by advancing virtual time and injecting pointer events; it renders on demand into a Bitmap.
// Nothing here knows about X11: a headless Window behaves exactly like an on-screen one.

@MainActor
open class Window: View {
    /// The root time space; its clock is this window's virtual time in seconds.
    public let timeline = Timeline()
    public let compositor = Compositor()
    /// Controller transitions running in this window, oldest first (each removes itself when it
    /// completes). Held here, not in a global list, so a window dropped mid-transition goes with them.
    var runningTransitions: [TransitionDriver] = []

    /// The window's current time (seconds since it was created, advanced by the host).
    public var currentTime: Double { timeline.clockTime }

    public init(size: Size) {
        super.init(frame: Rect(origin: .zero, size: size))
        backgroundColor = .black
        layer.frameRequestHandler = { [weak self] in self?.needsFrame = true }
        timeline.changeHandler = { [weak self] in self?.needsFrame = true }
        needsFrame = true
    }

    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            WindowHooks.rootViewControllerDidChange(self, from: oldValue)
        }
    }

    override open var window: Window? { self }

    /// Keeps what the controllers put in the window (root view, presentations) sized to it.
    override open func layoutSubviews() {
        super.layoutSubviews()
        WindowHooks.windowDidLayout(self)
    }

    // MARK: Time

    /// Runs the clock forward by `seconds` of virtual time: animations advance, completions and
    /// timers fire, in time order.
    public func advance(by seconds: Double) {
        advance(to: currentTime + max(0, seconds))
    }

    /// Runs the clock to the absolute time `time` (never backwards).
    public func advance(to time: Double) {
        WindowHooks.advance(self, to: max(time, currentTime))
    }

    /// Sets the clock without running anything in between (used by the scheduler's hooks).
    func setClock(_ time: Double) { timeline.clockTime = time }

    /// True when something changed since the last render.
    public internal(set) var needsFrame = true

    /// When the window next needs a frame: now if something changed or animates, nil when idle.
    public var nextFrameTime: Double? {
        if needsFrame || WindowHooks.isAnimating(self) { return currentTime }
        return WindowHooks.nextTimerTime(self)
    }

    // MARK: Rendering

    /// Lays out, updates content, and composites the window into `target`.
    public func render(into target: Bitmap, background: Color = .black) {
        layoutIfNeeded()
        displayIfNeeded()
        compositor.render(layer, into: target, background: background)
        needsFrame = false
    }

    /// A new bitmap of the window's size with the current frame.
    public func renderedBitmap() -> Bitmap {
        let b = Bitmap(width: max(1, Int(bounds.width.rounded())), height: max(1, Int(bounds.height.rounded())))
        render(into: b)
        return b
    }

    // MARK: Pointer

    public func pointerDown(at point: Point) { WindowHooks.pointer(self, .down, at: point) }
    public func pointerMoved(to point: Point) { WindowHooks.pointer(self, .moved, at: point) }
    public func pointerUp(at point: Point) { WindowHooks.pointer(self, .up, at: point) }
    public func pointerCancelled() { WindowHooks.pointer(self, .cancelled, at: .zero) }
}

/// The phase of a pointer event.
public enum PointerPhase: Sendable { case down, moved, up, cancelled }
