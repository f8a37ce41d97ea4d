// Timeline: Core Animation's layer time as a tree of time spaces. A timeline's local time is
// `(parentTime − beginTime) · speed + timeOffset`; `speed = 0` freezes it at `timeOffset`, which is
// how a percent-driven interaction scrubs every animation created inside a transition at once.
// The root timeline follows the window's clock — the one injected time source. The mapping is also
// inverted (`rootTime(whenLocalReaches:)`, through speeds and ramps, ramp curves assumed monotone) so
// the engine knows the window time at which an animation on any timeline ends.

@MainActor
public final class Timeline {
    public let parent: Timeline?
    public var beginTime: Double { didSet { root.changeHandler?() } }
    public var speed: Double { didSet { root.changeHandler?() } }
    public var timeOffset: Double { didSet { root.changeHandler?() } }
    /// On a root: called when any timeline of the tree changes its mapping (a scrub, a pause, a
    /// ramp), so the window knows the picture changed though no model value did.
    var changeHandler: (() -> Void)?
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

    /// On a root: the window whose clock drives it, once the engine has seen them together (weak: the
    /// window owns its timeline). A root whose window is gone never moves again (see `isOrphaned`).
    weak var clockOwner: AnyObject? { didSet { if clockOwner != nil { hadClockOwner = true } } }
    private var hadClockOwner = false

    /// True when this timeline's tree was driven by a window that has since been freed: nothing on it
    /// can ever advance, complete or be seen again.
    var isOrphaned: Bool {
        let r = root
        return r.hadClockOwner && r.clockOwner == nil
    }

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

    /// Drops the ramp now, frozen at its target (the engine's settle step; immune to rounding).
    func endRamp() { ramp = nil }

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

// MARK: - Inverting time (when will an animation end?)

extension Timeline {
    /// True when this timeline or an ancestor is held still by `pause()`/`seek(to:)` (speed 0, no ramp).
    public var isFrozen: Bool {
        var t: Timeline? = self
        while let c = t, c.parent != nil {
            if c.ramp == nil && c.speed == 0 { return true }
            t = c.parent
        }
        return false
    }

    /// True when local time is advancing: no timeline up the chain is frozen or parked at the end of
    /// an arrived ramp.
    public var isMoving: Bool {
        var t: Timeline? = self
        while let c = t, c.parent != nil {
            if c.ramp != nil { if !c.isRamping { return false } } else if c.speed == 0 { return false }
            t = c.parent
        }
        return true
    }

    /// True if `self` is `other` or lies below it.
    public func isDescendant(of other: Timeline) -> Bool {
        var t: Timeline? = self
        while let c = t { if c === other { return true }; t = c.parent }
        return false
    }

    /// True while a ramp is set (running, or arrived and not yet settled).
    var hasRamp: Bool { ramp != nil }

    /// True while a ramp toward an earlier local time is set (running or arrived, not yet settled).
    var isRampingBackward: Bool {
        guard let r = ramp else { return false }
        return r.to < r.from
    }

    /// Root (window) time at which the current ramp arrives, nil without one or if it never does.
    var rampArrivalRootTime: Double? {
        guard let r = ramp, let p = parent else { return nil }
        return p.rootTime(whenLocalReaches: r.start + r.duration)
    }

    /// The parent time at which this timeline's local time first reaches `local` moving forward,
    /// the parent's current time if it already has, nil if it never will as currently set.
    func parentTime(whenLocalReaches local: Double) -> Double? {
        guard let parent else { return local }
        if localTime >= local { return parent.localTime }
        if let r = ramp {
            guard r.to >= local, r.from < local else { return nil }
            if r.duration <= 0 || local >= r.to { return r.start + r.duration }
            let target = (local - r.from) / (r.to - r.from)
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let m = (lo + hi) / 2
                if r.curve(m) >= target { hi = m } else { lo = m }
            }
            return r.start + hi * r.duration
        }
        guard speed > 0 else { return nil }
        return beginTime + (local - timeOffset) / speed
    }

    /// The window (root) time at which local time reaches `local`; nil if it never will.
    public func rootTime(whenLocalReaches local: Double) -> Double? {
        var t = local
        var tl = self
        while let p = tl.parent {
            guard let pt = tl.parentTime(whenLocalReaches: t) else { return nil }
            t = pt
            tl = p
        }
        return max(t, tl.clockTime)
    }
}
