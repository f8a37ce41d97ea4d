// CONTRACT (owned by the animation work): runs a window's clock. `advance(window, to:)` moves time
// forward event by event — animation ends, timeline ramps settling back, `Window.schedule` timers —
// in time order, setting the clock to each event's time before running it, so a completion that starts
// new animations starts them at the right moment even inside one long step. Engine events run before
// timers due at the same instant.
//
// Interaction contract (percent-driven transitions, property animators):
// - An animation on a frozen timeline (paused or seeked, `speed == 0`, no ramp) never completes, even
//   when its time is past its end: a user holding a transition at 100 % keeps control.
// - When a timeline is ramped forward (`ramp(to:duration:curve:)`), its animations complete as the
//   ramp carries them past their ends — at the latest when the ramp arrives.
// - When a timeline is ramped backward and arrives, every animation in it (or in its subtree) that is
//   back at or before its start completes with `finished == true` (as UIKit does after a cancel) and its
//   model value reverts to the animation's from-value, restoring the prior state exactly.
// - When any ramp arrives, the timeline then runs on at normal speed from where it arrived (UIKit sets
//   the layer's speed back to 1): animations that completions start afterwards (seed 000 chains a
//   second animation) play in real time and complete. To hold instead, pause it at arrival.
// - `AnimationEngine.finishAnimations(in:reverted:)` (also `Timeline.finishAnimations(reverted:)`)
//   ends a timeline's animations on demand, at any position.
// - Animations belong to the window whose clock their timeline hangs from, so a view removed from
//   the window mid-animation still completes on time (no wedged completion blocks). When that window
//   is freed, its unfinished animations (a paused interaction, a repeating animation) are dropped at
//   the next tick of any window, completions not run, so the store frees what they held.
import Foundation

@MainActor
enum AnimationEngine {
    private struct Timer { let time: Double; let seq: Int; let action: @MainActor () -> Void }
    /// A window's pending timers; the weak reference tells a live window from a freed one whose
    /// address (and so ObjectIdentifier) a new window may reuse.
    private final class TimerList {
        weak var window: Window?
        var items: [Timer] = []
        init(_ w: Window) { window = w }
    }
    private static var timerLists: [ObjectIdentifier: TimerList] = [:]
    private static func timers(_ window: Window) -> TimerList {
        let id = ObjectIdentifier(window)
        if let l = timerLists[id], l.window === window { return l }
        // First use, or a stale list of a freed window at the same address: start afresh.
        timerLists = timerLists.filter { $0.value.window != nil }
        let l = TimerList(window)
        timerLists[id] = l
        return l
    }
    private static var seq = 0
    /// Completions of blocks that animated nothing, run on the next tick of any window (UIKit runs
    /// them on the next run-loop turn; a block that touched no layer names no window).
    private static var immediate: [CompletionGroup] = []

    static func enqueueImmediate(_ g: CompletionGroup) { immediate.append(g) }

    /// The window whose tree `layer` is in.
    static func window(of layer: Layer) -> Window? { layer.rootLayer.delegate as? Window }

    // MARK: Attaching

    /// Attaches `animation` to `layer` under `key`, replacing (and completing unfinished) any animation
    /// with that key. A replaced animation of `replacingWithin` (the same block) does not count as cut short.
    @discardableResult
    static func attach(_ animation: Animation, to layer: Layer, forKey key: String, delay: Double,
                       group: CompletionGroup?, replacingWithin: CompletionGroup? = nil) -> AttachedAnimation {
        for old in AnimationStore.entries(layer) where old.key == key {
            let sameBlock = replacingWithin != nil && old.group === replacingWithin
            end(old, finished: sameBlock, remove: true)
        }
        let host = window(of: layer)
        if let host { host.timeline.clockOwner = host }
        let tl = Timeline.current ?? host?.timeline
        let e = AttachedAnimation(layer: layer, key: key, animation: animation, timeline: tl,
                                  delay: delay + max(0, animation.beginTime), group: group)
        group?.retain()
        AnimationStore.append(e)
        layer.setNeedsComposite()
        return e
    }

    /// Ends an attached animation: detaches it (unless kept), then tells its delegate and group.
    static func end(_ e: AttachedAnimation, finished: Bool, remove: Bool = false) {
        guard !e.isDone else {
            if remove { AnimationStore.remove(e) }
            return
        }
        e.isDone = true
        if remove || e.animation.isRemovedOnCompletion || !finished { AnimationStore.remove(e) }
        e.layer.setNeedsComposite()
        e.onRemove?()
        Timeline.withCurrent(e.creationTimeline) {
            e.animation.delegate?.animationDidStop(e.animation, finished: finished)
        }
        e.group?.release(finished: finished)
    }

    // MARK: Reverting (cancelled interactions)

    /// Ends every animation running on `timeline` or a descendant of it, completions with
    /// `finished == true`; with `reverted`, each animated property's model goes back to the value the
    /// earliest of them started from (the state before the interaction).
    static func finishAnimations(in timeline: Timeline, reverted: Bool) {
        let mine = AnimationStore.all.filter { !$0.isDone && $0.timeline?.isDescendant(of: timeline) == true }
        finish(mine, reverted: reverted)
    }

    private static func finish(_ entries: [AttachedAnimation], reverted: Bool) {
        if reverted {
            // Earliest first, so the first animation of a property decides its restored value.
            struct Slot: Hashable { let layer: ObjectIdentifier; let property: LayerProperty }
            var done = Set<Slot>()
            for e in entries {
                guard let p = e.animation as? PropertyAnimation,
                      done.insert(Slot(layer: ObjectIdentifier(e.layer), property: p.keyPath)).inserted else { continue }
                e.layer.model[p.keyPath] = p.initialValue(model: e.layer.model[p.keyPath])
                // A view whose size changes back lays out again, as its bounds setter would ask.
                if p.keyPath == .bounds { e.layer.delegate?.setNeedsLayout() }
            }
        }
        for e in entries { end(e, finished: true, remove: true) }
    }

    // MARK: The clock

    private enum Event { case end(AttachedAnimation), arrive(Timeline), timer(Timer) }

    static func advance(_ window: Window, to time: Double) {
        if window.timeline.clockOwner == nil { window.timeline.clockOwner = window }
        AnimationStore.removeOrphans()
        runImmediate()
        while true {
            let now = window.currentTime
            var best: (time: Double, rank: Int, event: Event)?
            func offer(_ t: Double, _ rank: Int, _ ev: Event) {
                let t = max(t, now)
                guard t <= time else { return }
                if best == nil || (t, rank) < (best!.time, best!.rank) { best = (t, rank, ev) }
            }
            var ramps: [ObjectIdentifier: Timeline] = [:]
            // Read in place (a filtered copy was an allocation every frame).
            for e in AnimationStore.all where !e.isDone && e.timeline?.root === window.timeline {
                let tl = e.timeline!
                if let end = e.endOnTimeline, !tl.isFrozen, let t = tl.rootTime(whenLocalReaches: end) { offer(t, 0, .end(e)) }
                var c: Timeline? = tl
                while let x = c, x.parent != nil { if x.hasRamp { ramps[ObjectIdentifier(x)] = x }; c = x.parent }
            }
            for tl in ramps.values { if let t = tl.rampArrivalRootTime { offer(t, 1, .arrive(tl)) } }
            for tm in timers(window).items { offer(tm.time, 2, .timer(tm)) }
            guard let next = best else { break }
            window.setClock(max(now, next.time))
            switch next.event {
            case let .end(e):
                end(e, finished: true)
            case let .arrive(tl):
                let backward = tl.isRampingBackward
                tl.endRamp()
                if backward {
                    let back = AnimationStore.all.filter {
                        !$0.isDone && $0.owner == nil && $0.timeline?.isDescendant(of: tl) == true && ($0.localTime ?? 0) <= 1e-9
                    }
                    finish(back, reverted: true)
                }
                tl.resume()
            case let .timer(tm):
                timers(window).items.removeAll { $0.seq == tm.seq }
                tm.action()
            }
            runImmediate()
        }
        window.setClock(time)
        // Everything moving needs a fresh composite.
        for e in AnimationStore.all where !e.isDone && e.timeline?.root === window.timeline {
            guard let tl = e.timeline, tl.isMoving, let t = e.localTime, t >= 0 else { continue }
            e.layer.setNeedsComposite()
            if !e.didStart {
                e.didStart = true
                e.animation.delegate?.animationDidStart(e.animation)
            }
        }
    }

    private static func runImmediate() {
        while !immediate.isEmpty {
            let g = immediate.removeFirst()
            g.fire()
        }
    }

    /// True while an animation in the window's tree is moving (started, on a timeline that is not frozen).
    static func isAnimating(_ window: Window) -> Bool {
        for (_, list) in AnimationStore.byLayer {
            // Only what is on screen needs frames: a detached view still completes on time (events
            // follow the timeline) but a forever-repeating one no longer keeps the host busy.
            for e in list where !e.isDone && e.timeline?.root === window.timeline && e.layer.rootLayer === window.layer {
                guard let tl = e.timeline, let t = e.localTime, tl.isMoving else { continue }
                if t >= 0 { return true }
            }
        }
        return false
    }

    /// The earliest pending timer or delayed animation start in window time.
    static func nextTimerTime(_ window: Window) -> Double? {
        if !immediate.isEmpty { return window.currentTime }
        var best = timers(window).items.map(\.time).min()
        for (_, list) in AnimationStore.byLayer {
            for e in list where !e.isDone && e.timeline?.root === window.timeline {
                guard let tl = e.timeline, let s = e.start, let t = e.localTime, t < 0, tl.isMoving,
                      let rt = tl.rootTime(whenLocalReaches: s) else { continue }
                best = min(best ?? rt, rt)
            }
        }
        return best
    }

    static func schedule(_ window: Window, at time: Double, _ action: @escaping @MainActor () -> Void) {
        seq += 1
        timers(window).items.append(Timer(time: time, seq: seq, action: action))
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
