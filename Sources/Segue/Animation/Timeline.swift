// Timeline: Core Animation's layer time as a tree of time spaces. A timeline's local time is
// `(parentTime − beginTime) · speed + timeOffset`; `speed = 0` freezes it at `timeOffset`, which is
// how a percent-driven interaction scrubs every animation created inside a transition at once.
// The root timeline follows the window's clock — the one injected time source.

@MainActor
public final class Timeline {
    public let parent: Timeline?
    public var beginTime: Double
    public var speed: Double
    public var timeOffset: Double
    /// A scripted run of local time (finish/cancel of an interaction), replacing the linear map while set.
    private var ramp: Ramp?

    /// The root timeline: local time is `clockTime`, set by the window's frame clock.
    public init() {
        parent = nil; beginTime = 0; speed = 1; timeOffset = 0
    }

    /// A child that starts now (local time 0 at the parent's current time).
    public init(parent: Timeline) {
        self.parent = parent
        beginTime = parent.localTime
        speed = 1
        timeOffset = 0
    }

    /// The root's time, in seconds; only meaningful on the root.
    public var clockTime = 0.0

    /// This timeline's current local time.
    public var localTime: Double {
        guard let parent else { return clockTime }
        let pt = parent.localTime
        if let r = ramp { return r.value(at: pt) }
        return (pt - beginTime) * speed + timeOffset
    }

    /// The root of this timeline's tree.
    public var root: Timeline { parent?.root ?? self }

    /// Freezes local time where it is now.
    public func pause() {
        let t = localTime
        ramp = nil
        speed = 0
        timeOffset = t
    }

    /// Freezes local time at `time` (scrubbing).
    public func seek(to time: Double) {
        ramp = nil
        speed = 0
        timeOffset = time
    }

    /// Runs at normal speed from the current local time on.
    public func resume(speed newSpeed: Double = 1) {
        let t = localTime
        ramp = nil
        beginTime = parent?.localTime ?? 0
        speed = newSpeed
        timeOffset = t
    }

    /// Moves local time from where it is to `target` over `duration` seconds of parent time,
    /// shaped by `curve` (maps 0…1 to 0…1). When done, local time freezes at `target`.
    /// Returns the parent time at which it arrives.
    @discardableResult
    public func ramp(to target: Double, duration: Double, curve: @escaping @Sendable (Double) -> Double) -> Double {
        let start = localTime
        let now = parent?.localTime ?? 0
        ramp = Ramp(from: start, to: target, start: now, duration: max(0, duration), curve: curve)
        speed = 0
        timeOffset = target
        return now + max(0, duration)
    }

    /// True while a ramp is running.
    public var isRamping: Bool {
        guard let r = ramp, let p = parent else { return false }
        return p.localTime < r.start + r.duration
    }

    /// Drops a finished ramp (its end value is already in `timeOffset`).
    public func settle() {
        if ramp != nil && !isRamping { ramp = nil }
    }

    private struct Ramp {
        let from, to, start, duration: Double
        let curve: @Sendable (Double) -> Double
        func value(at parentTime: Double) -> Double {
            guard duration > 0 else { return to }
            let u = min(1, max(0, (parentTime - start) / duration))
            return u >= 1 ? to : from + (to - from) * curve(u)
        }
    }
}
