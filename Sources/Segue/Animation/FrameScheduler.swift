// FrameScheduler: the fixed-timestep frame clock. Frame n is due at the wall time
// `wallOrigin + n·interval` and shows the scene at that exact instant (CADisplayLink's
// targetTimestamp): animations are evaluated at frame times, never at "when rendering happened to
// start". Asked at a wall time `now`, it hands out the next frame whose deadline has not passed;
// frames whose deadline went by are skipped and counted as dropped — never smeared.
// Catch-up is bounded: after a stall longer than `maxCatchUpFrames`, scene time advances only that
// many frames and the schedule re-anchors at `now`, so a suspended process resumes smoothly instead of
// leaping (or spiralling through every missed frame). Idle gaps (`markIdle`) are not drops.
// A host settles the schedule with `catchUp(now:)` as it wakes, before it maps any wall time to
// scene time (an input event's, a frame's): both then read the same, re-anchored clock.
// Times are seconds. `ManualClock` drives it deterministically in tests; `MonotonicClock` live.
import Foundation

/// One frame to render.
public struct Frame: Hashable, Sendable {
    /// Frame number since the scheduler started.
    public let index: Int
    /// Scene (window) time to evaluate animations at.
    public let time: Double
    /// Wall time at which it should be on screen.
    public let deadline: Double
    /// Frames skipped since the previous one because their deadline had passed.
    public let dropped: Int
}

public struct FrameScheduler: Sendable {
    public let rate: Double
    public var interval: Double { 1 / rate }
    /// Most frames of scene time one step may jump after missing deadlines.
    public var maxCatchUpFrames: Int

    /// Wall time of frame 0, and its scene time.
    private var wallOrigin: Double
    private let sceneOrigin: Double
    /// Scene seconds excluded by stalls (scene time = wall time − origin shift − this).
    private var excluded = 0.0
    private var lastIndex: Int?
    /// Set while the host had nothing to draw: the gap until it wakes is idle, not dropped frames.
    private var idle = false
    /// Frames a stall skipped (in `catchUp`), reported as dropped with the next frame.
    private var skipped = 0

    public private(set) var framesShown = 0
    public private(set) var droppedFrames = 0
    public private(set) var stalls = 0

    public init(rate: Double = 60, start: Double, sceneTime: Double = 0, maxCatchUpFrames: Int = 8) {
        precondition(rate > 0, "frame rate must be positive")
        self.rate = rate
        self.wallOrigin = start
        self.sceneOrigin = sceneTime
        self.maxCatchUpFrames = max(1, maxCatchUpFrames)
    }

    /// A schedule that begins after a frame went on screen at wall time `shown` (a host's first
    /// frame, which takes as long as it takes): its first frame is due one interval later. (A
    /// schedule starting at `shown` has its first frame due at once, already missed a moment after.)
    public static func after(frameShownAt shown: Double, rate: Double = 60) -> FrameScheduler {
        FrameScheduler(rate: rate, start: shown + 1 / rate)
    }

    func wallTime(ofFrame n: Int) -> Double { wallOrigin + Double(n) * interval }
    func sceneTime(ofFrame n: Int) -> Double { sceneOrigin + Double(n) * interval - excluded }

    /// The next frame to render at wall time `now`.
    public mutating func nextFrame(now: Double) -> Frame {
        catchUp(now: now)
        let natural = (lastIndex ?? -1) + 1
        // Tolerance: a frame asked for within a microsecond after its deadline still counts as on time.
        let n = now > wallTime(ofFrame: natural) + 1e-6 ? firstFrame(dueAfter: now) : natural
        let dropped = n - natural + skipped
        skipped = 0
        droppedFrames += dropped
        framesShown += 1
        lastIndex = n
        return Frame(index: n, time: sceneTime(ofFrame: n), deadline: wallTime(ofFrame: n), dropped: dropped)
    }

    /// The first frame whose deadline is still ahead of `now` (within the on-time tolerance).
    private func firstFrame(dueAfter now: Double) -> Int { Int(((now - 1e-6 - wallOrigin) / interval).rounded(.up)) }

    /// The host has nothing to draw: until it wakes (`catchUp`), time passes without counting drops.
    public mutating func markIdle() { idle = true }

    /// Brings the schedule up to wall time `now`; call it on waking, before mapping `now` (or an input
    /// event's time) to scene time. Back from idle, the grid resumes at the first frame due at or after
    /// `now`, nothing dropped; after a stall longer than `maxCatchUpFrames`, scene time skips the excess
    /// here, so what input reads at `now` is what the next frame shows. `nextFrame` calls it itself.
    public mutating func catchUp(now: Double) {
        if idle {
            idle = false
            resync(now: now)
            return
        }
        let natural = (lastIndex ?? -1) + 1
        guard now > wallTime(ofFrame: natural) + 1e-6 else { return }
        let missed = firstFrame(dueAfter: now) - natural
        guard missed > maxCatchUpFrames else { return }
        // A stall: show at most maxCatchUp frames' worth of scene progress, then re-anchor — the
        // grid resumes at the first frame still ahead, every one missed reported with it.
        stalls += 1
        excluded += Double(missed - maxCatchUpFrames) * interval
        skipped += missed
        lastIndex = natural - 1 + missed
    }

    /// After an idle period (nothing needed frames): continue with the first frame due at or after
    /// `now`, counting nothing as dropped.
    public mutating func resync(now: Double) {
        let next = Int(((now - wallOrigin) / interval).rounded(.up))
        lastIndex = max(lastIndex ?? -1, next - 1)
    }

    /// The wall time at which scene time `t` comes round (to sleep until a timer), under the current anchoring.
    public func wallTime(forSceneTime t: Double) -> Double { wallOrigin + (t - sceneOrigin + excluded) }
    /// The scene time at wall time `now`.
    public func sceneTime(atWallTime now: Double) -> Double { sceneOrigin + (now - wallOrigin) - excluded }
}

/// A source of monotonic seconds.
public protocol FrameClock: AnyObject {
    var now: Double { get }
}

/// A clock tests move by hand.
public final class ManualClock: FrameClock {
    public var now: Double
    public init(now: Double = 0) { self.now = now }
    public func advance(by seconds: Double) { now += seconds }
}

/// The system's monotonic clock (CLOCK_MONOTONIC).
public final class MonotonicClock: FrameClock {
    public init() {}
    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
