// Driving a Window with a FrameScheduler: the host loop in one call. Ask `frame(for:now:)` at wall
// time `now`: nil means the window is idle — sleep until an input event or `wakeTime(for:)`; a frame
// means: advance the window to `frame.time`, render, present at `frame.deadline`. Coming back from
// idle re-synchronises the grid, so sleeping is never counted as dropped frames.

extension FrameScheduler {
    /// The next frame to render for `window` at wall time `now`, or nil when nothing needs drawing yet.
    @MainActor
    public mutating func frame(for window: Window, now: Double) -> Frame? {
        catchUp(now: now)
        guard let due = window.nextFrameTime else { markIdle(); return nil }
        // A timer or delayed start in the future: not yet (frames are for what is due by the next grid time).
        if due > sceneTime(atWallTime: now) + interval + 1e-9 { markIdle(); return nil }
        return nextFrame(now: now)
    }

    /// When an idle host should wake without input (wall time), nil to wait for input only.
    @MainActor
    public func wakeTime(for window: Window) -> Double? {
        window.nextFrameTime.map { wallTime(forSceneTime: $0) }
    }
}
