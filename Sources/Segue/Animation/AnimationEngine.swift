// CONTRACT (owned by the animation work): runs a window's clock. Placeholder: timers only.

@MainActor
enum AnimationEngine {
    private struct Timer { let time: Double; let seq: Int; let action: @MainActor () -> Void }
    private static var timers: [ObjectIdentifier: [Timer]] = [:]
    private static var seq = 0

    static func advance(_ window: Window, to time: Double) {
        let id = ObjectIdentifier(window)
        while let next = timers[id]?.min(by: { ($0.time, $0.seq) < ($1.time, $1.seq) }), next.time <= time {
            timers[id]?.removeAll { $0.seq == next.seq }
            window.setClock(max(window.currentTime, next.time))
            next.action()
        }
        window.setClock(time)
    }
    static func isAnimating(_ window: Window) -> Bool { false }
    static func nextTimerTime(_ window: Window) -> Double? { timers[ObjectIdentifier(window)]?.map(\.time).min() }

    static func schedule(_ window: Window, at time: Double, _ action: @escaping @MainActor () -> Void) {
        seq += 1
        timers[ObjectIdentifier(window), default: []].append(Timer(time: time, seq: seq, action: action))
    }
}

extension Window {
    /// Runs `action` when the clock reaches `time` (window seconds), in time order with animations.
    public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) {
        AnimationEngine.schedule(self, at: time, action)
    }
    /// Runs `action` after `delay` seconds of window time.
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) {
        schedule(at: currentTime + delay, action)
    }
}
