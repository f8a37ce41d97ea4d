// CONTRACT: what the window asks of the subsystems that live outside Views/. Placeholder bodies;
// the animation, controller and gesture work replace them (each keeps its part in its own folder).

@MainActor
enum WindowHooks {
    /// Animation engine: advance the clock to `time`, firing completions in order.
    static func advance(_ window: Window, to time: Double) { window.setClock(time) }
    /// Animation engine: is anything in this window animating?
    static func isAnimating(_ window: Window) -> Bool { false }
    /// Timers (watchdogs, delayed animations): the earliest pending time, if any.
    static func nextTimerTime(_ window: Window) -> Double? { nil }
    /// Controllers: install the new root controller's view.
    static func rootViewControllerDidChange(_ window: Window, from old: ViewController?) {}
    /// Gestures: deliver a pointer event through hit testing.
    static func pointer(_ window: Window, _ phase: PointerPhase, at point: Point) {}
}
