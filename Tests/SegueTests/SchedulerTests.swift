import Testing
@testable import Segue

@MainActor @Suite struct SchedulerTests {
    @Test func framesAreOnAFixedGridAndLateOnesAreDropped() {
        let clock = ManualClock(now: 100)
        var s = FrameScheduler(rate: 60, start: clock.now)
        var f = s.nextFrame(now: clock.now)
        #expect(f.index == 0 && f.time == 0 && f.dropped == 0)
        clock.advance(by: 0.010)
        f = s.nextFrame(now: clock.now)
        #expect(f.index == 1 && f.dropped == 0)
        #expect(abs(f.time - 1.0 / 60) < 1e-12 && abs(f.deadline - (100 + 1.0 / 60)) < 1e-9)
        // The clock jumps past two deadlines (frames 2 and 3): they are counted, not smeared.
        clock.now = 100.060
        f = s.nextFrame(now: clock.now)
        #expect(f.index == 4 && f.dropped == 2)
        #expect(abs(f.time - 4.0 / 60) < 1e-12) // the frame's own time, not "now"
        #expect(s.droppedFrames == 2 && s.framesShown == 3)
        // Asked early (before the next deadline): the next frame, nothing dropped.
        clock.now = 100.061
        f = s.nextFrame(now: clock.now)
        #expect(f.index == 5 && f.dropped == 0)
    }

    /// The bench's display schedule begins after the transition's first frame: the next frame is due
    /// one interval after that one went on screen, and asking for it a moment later drops nothing.
    /// (Starting the schedule at that moment made its frame 0 due at once — already missed a few
    /// microseconds later, a drop counted at random in `bench --present`.)
    @Test func aScheduleAfterAShownFrameGivesTheNextAFullInterval() {
        var s = FrameScheduler.after(frameShownAt: 50, rate: 60)
        let f = s.nextFrame(now: 50.000_05)
        #expect(f.dropped == 0 && abs(f.deadline - (50 + 1.0 / 60)) < 1e-9)
        var atOnce = FrameScheduler(rate: 60, start: 50)
        #expect(atOnce.nextFrame(now: 50.000_05).dropped == 1)
    }

    @Test func aStallIsBoundedAndReanchors() {
        var s = FrameScheduler(rate: 60, start: 0, maxCatchUpFrames: 8)
        _ = s.nextFrame(now: 0)
        var f = s.nextFrame(now: 10) // a 10 s stall
        #expect(f.dropped == 599 && s.stalls == 1)
        // Scene time moved by the natural frame plus at most 8 caught-up frames.
        #expect(abs(f.time - 9.0 / 60) < 1e-9)
        f = s.nextFrame(now: 10.001)
        #expect(f.dropped == 0 && abs(f.time - 10.0 / 60) < 1e-9)
        #expect(abs(s.sceneTime(atWallTime: 10.001) - (10.001 - (600 - 9) / 60.0)) < 1e-9)
    }

    @Test func idleGapsAreNotDrops() {
        var s = FrameScheduler(rate: 60, start: 0)
        _ = s.nextFrame(now: 0)
        s.resync(now: 5)
        let f = s.nextFrame(now: 5)
        #expect(f.dropped == 0 && s.droppedFrames == 0)
        #expect(abs(f.time - 5) < 1e-9)
        #expect(abs(s.wallTime(forSceneTime: 7) - 7) < 1e-9)
    }

    /// A host that slept with nothing to draw wakes on the grid: the sleep is not dropped frames, and
    /// scene time ran on through it.
    @Test func anIdleSleepIsNotAStall() {
        var s = FrameScheduler(rate: 60, start: 0)
        _ = s.nextFrame(now: 0)
        s.markIdle()
        s.catchUp(now: 300.005)
        #expect(abs(s.sceneTime(atWallTime: 300.005) - 300.005) < 1e-9)
        let f = s.nextFrame(now: 300.006)
        #expect(f.dropped == 0 && s.droppedFrames == 0 && s.stalls == 0)
        #expect(abs(f.time - 18001.0 / 60) < 1e-9)  // the first frame due after waking
    }

    /// What input reads on waking is what the next frame reaches. The viewer froze for as long as it
    /// had sat idle: a click read the clock before the grid had caught up, set window time there, and
    /// the frame after it, taking the sleep for a stall, re-anchored scene time minutes behind — the
    /// click's transition waited for the wall clock to come round again.
    @Test func inputReadAfterCatchingUpIsReachedByTheNextFrame() {
        for idle in [true, false] {  // back from sleep, and from a genuine 5-minute stall mid-animation
            let w = Window(size: Size(width: 10, height: 10))
            var s = FrameScheduler(rate: 60, start: 0)
            w.advance(to: s.nextFrame(now: 0).time)
            if idle { s.markIdle() }
            s.catchUp(now: 300.005)
            let clicked = s.sceneTime(atWallTime: 300.005)
            w.advance(to: clicked)
            var fired = false
            w.schedule(at: w.currentTime) { fired = true }
            let f = s.nextFrame(now: 300.006)
            #expect(f.time >= clicked && f.time - clicked <= 1.0 / 60 + 1e-9)
            w.advance(to: f.time)
            #expect(fired)
            #expect(s.stalls == (idle ? 0 : 1) && (f.dropped == 0) == idle)
        }
    }

    @Test func drivingAWindowEvaluatesAtFrameTimes() {
        // A jittery host: animation values are those of the frames' grid times, whatever "now" was.
        let w = Window(size: Size(width: 10, height: 10))
        let v = View(frame: .zero)
        w.addSubview(v)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 0 }, completion: nil)
        let clock = ManualClock(now: 0)
        var s = FrameScheduler(rate: 30, start: 0)
        for jitter in [0.0, 0.004, 0.031, 0.013, 0.120, 0.002] {
            clock.advance(by: jitter)
            let f = s.nextFrame(now: clock.now)
            w.advance(to: f.time)
            #expect(abs(v.layer.presentation()!.opacity - (1 - Double(f.index) / 30)) < 1e-9)
        }
        #expect(s.droppedFrames > 0)
    }

    @Test func otherRates() {
        var s = FrameScheduler(rate: 144, start: 0)
        _ = s.nextFrame(now: 0)
        let f = s.nextFrame(now: 0.5)
        #expect(f.index == 72 && f.dropped == 71) // frame 72 is due exactly at 0.5: still on time
    }

    @Test func hostLoopSleepsWhenIdleAndWakesForTimers() {
        let w = Window(size: Size(width: 10, height: 10))
        let v = View(frame: .zero)
        w.addSubview(v)
        let clock = ManualClock(now: 50)
        var s = FrameScheduler(rate: 60, start: clock.now)
        // First frame: the window is new, so dirty.
        var f = s.frame(for: w, now: clock.now)
        #expect(f?.index == 0)
        w.advance(to: f!.time); w.render(intoNothing: ())
        #expect(s.frame(for: w, now: clock.now + 0.001) == nil)
        var fired = false
        w.schedule(at: 2) {
            fired = true
            View.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { v.alpha = 0 }, completion: nil)
        }
        #expect(s.wakeTime(for: w) == 52)
        clock.now = 51
        #expect(s.frame(for: w, now: clock.now) == nil)
        clock.now = 52
        f = s.frame(for: w, now: clock.now)
        #expect(f != nil && f!.dropped == 0 && abs(f!.time - 2) < 1e-9)
        w.advance(to: f!.time); w.render(intoNothing: ())
        #expect(fired)
        // Animating: a frame every tick, evaluated on the grid.
        var frames = 0
        while let g = s.frame(for: w, now: clock.now) {
            w.advance(to: g.time); w.render(intoNothing: ())
            frames += 1
            clock.advance(by: 1.0 / 60)
            if frames > 100 { break }
        }
        #expect(frames >= 30 && frames <= 32)
        #expect(v.layer.presentation()!.opacity == 0)
        #expect(s.droppedFrames == 0)
    }
}
