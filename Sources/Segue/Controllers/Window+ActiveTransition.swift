// What is playing in a window right now, for tools that study motion (the viewer's HUD, pause, frame
// stepping and scrubbing): the running controller transition — or a tracked CATransition — with its
// own timeline, progress, and the timing curve its first animation follows.

/// A transition running in a window, seen from outside.
@MainActor
public struct ActiveTransition {
    /// The animator's type name, or the CATransition type.
    public let name: String
    /// The transition's own time space (everything it animates belongs to it).
    public let timeline: Timeline
    /// Local time at which it started, and its length in seconds.
    public let begin: Double
    public let duration: Double
    /// Eased fraction as a function of time fraction (0…1), when known: the curve or spring it runs.
    public let curve: ((Double) -> Double)?

    public var elapsed: Double { timeline.localTime - begin }
    public var progress: Double { duration > 0 ? min(1, max(0, elapsed / duration)) : 1 }
    /// True when its timeline can be frozen and moved both ways (it is not the window's root).
    public var isScrubbable: Bool { timeline.parent != nil }

    /// Freezes the transition at `elapsed` seconds from its start (clamped to its run).
    public func seek(toElapsed e: Double) {
        timeline.seek(to: begin + min(max(0, e), duration))
    }
}

extension Window {
    /// The transition playing in this window, if any (a controller transition first).
    public var activeTransition: ActiveTransition? {
        if let d = runningTransitions.last {
            let name = d.animator.map { String(describing: type(of: $0)) } ?? "transition"
            return ActiveTransition(name: name, timeline: d.timeline, begin: 0, duration: d.duration,
                                    curve: Self.curve(in: d.timeline))
        }
        TrackedTransitions.prune(self)
        guard let t = TrackedTransitions.table[ObjectIdentifier(self)]?.last, let tl = t.timeline else { return nil }
        return ActiveTransition(name: t.name, timeline: tl, begin: t.begin, duration: t.duration, curve: t.curve)
    }

    /// Runs `body` (which adds a CATransition, say) on a fresh child timeline and reports it as this
    /// window's active transition for `duration` seconds, so it can be paused, stepped and scrubbed.
    public func trackTransition(named name: String, duration: Double, curve: ((Double) -> Double)? = nil,
                                _ body: () -> Void) {
        let tl = Timeline(parent: timeline)
        TrackedTransitions.prune(self)
        TrackedTransitions.table[ObjectIdentifier(self), default: []].append(
            TrackedTransitions.Entry(name: name, timeline: tl, begin: tl.localTime, duration: duration, curve: curve))
        Timeline.withCurrent(tl, body)
    }

    /// The pace of the first animation found on `timeline` (nil when there is none).
    static func curve(in timeline: Timeline) -> ((Double) -> Double)? {
        guard let a = AnimationStore.all.first(where: { $0.timeline === timeline })?.animation else { return nil }
        let d = a.effectiveDuration
        return { x in a.pace(x, time: x * d) }
    }
}

@MainActor
enum TrackedTransitions {
    struct Entry {
        let name: String
        weak var timeline: Timeline?
        let begin: Double
        let duration: Double
        let curve: ((Double) -> Double)?
    }
    static var table: [ObjectIdentifier: [Entry]] = [:]

    /// Drops the entries of `window` that have ended (and the window's row when none is left).
    static func prune(_ window: Window) {
        let id = ObjectIdentifier(window)
        table[id]?.removeAll { $0.timeline == nil || $0.timeline!.localTime - $0.begin > $0.duration }
        if table[id]?.isEmpty == true { table[id] = nil }
    }
}
