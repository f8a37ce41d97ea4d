// What the window asks of the subsystems outside Views/. Each subsystem keeps its part in its own
// folder: the animation engine (time, timers), the controllers (root controller) and the event
// dispatch (pointer input).

@MainActor
enum WindowHooks {
    static func advance(_ window: Window, to time: Double) { AnimationEngine.advance(window, to: time) }
    static func isAnimating(_ window: Window) -> Bool { AnimationEngine.isAnimating(window) }
    static func nextTimerTime(_ window: Window) -> Double? { AnimationEngine.nextTimerTime(window) }
    static func rootViewControllerDidChange(_ window: Window, from old: ViewController?) {
        ControllerHooks.rootViewControllerDidChange(window, from: old)
    }
    static func windowDidLayout(_ window: Window) { ControllerHooks.windowDidLayout(window) }
    static func pointer(_ window: Window, _ phase: PointerPhase, at point: Point) {
        EventDispatch.pointer(window, phase, at: point)
    }
}
