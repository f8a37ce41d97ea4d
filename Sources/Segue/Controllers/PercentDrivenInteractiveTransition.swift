// PercentDrivenInteractiveTransition (UIPercentDrivenInteractiveTransition): drives ANY animator built on
// View.animate. The animator runs once, on the transition's own timeline, frozen at 0 (Core Animation's
// speed = 0 / timeOffset technique); `update(_:)` scrubs that timeline to percent·duration; `finish()` and
// `cancel()` ramp it to the end or back to 0 with `completionCurve` over (1−p)·duration/completionSpeed
// (or p·…). A step beyond UIKit: when the updates were moving at release, the rest continues with that
// velocity — a critically damped spring whose initial slope is the finger's, never overshooting.

import Foundation

@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    public init() {}

    /// The fraction reached, 0…1.
    open private(set) var percentComplete: Double = 0
    /// The animator's transition duration (0 before the transition starts).
    open var duration: Double { driver?.duration ?? 0 }
    /// Speed of the rest of the animation after finish/cancel; must be > 0.
    open var completionSpeed: Double = 1 {
        didSet { if !(completionSpeed > 0) { completionSpeed = 1 } }
    }
    open var completionCurve: View.AnimationCurve = .easeInOut
    open var wantsInteractiveStart = true

    /// The transition being driven, from start until it completes.
    private var driver: TransitionDriver?
    private var samples: [(time: Double, percent: Double)] = []
    /// Set once finish or cancel was called (until a pause).
    private var isSettling = false

    open func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
        guard let driver = transitionContext as? TransitionDriver, let animator = driver.animator else {
            Diagnostics.warn("PercentDrivenInteractiveTransition can only drive Segue's own transition contexts")
            return
        }
        self.driver = driver
        isSettling = false
        samples.removeAll()
        // Reusable: once this transition completes, the next starts from zero.
        driver.finished.append { [weak self] _ in
            self?.driver = nil
            self?.isSettling = false
            self?.percentComplete = 0
        }
        let timeline = driver.timeline
        timeline.seek(to: 0)
        Timeline.withCurrent(timeline) { animator.animateTransition(using: driver) }
        guard !driver.isCompleted else { return }
        if wantsInteractiveStart {
            if percentComplete > 0 { timeline.seek(to: percentComplete * duration) }
        } else {
            timeline.resume()
        }
    }

    /// Scrubs the transition to `percentComplete` (clamped to 0…1).
    open func update(_ percentComplete: Double) {
        let p = min(1, max(0, percentComplete.isFinite ? percentComplete : 0))
        self.percentComplete = p
        guard let driver, !driver.isCompleted, !isSettling else { return }
        driver.timeline.seek(to: p * duration)
        samples.append((driver.windowTimeline.clockTime, p))
        if samples.count > 32 { samples.removeFirst(samples.count - 32) }
        driver.updateInteractiveTransition(p)
    }

    /// Plays the rest forward; the transition completes.
    open func finish() { settle(finishing: true) }

    /// Plays back to the start; the transition is cancelled and everything returns to where it was.
    open func cancel() { settle(finishing: false) }

    /// Freezes a running transition where it is and makes it interactive again.
    open func pause() {
        guard let driver, !driver.isCompleted, duration > 0 else { return }
        driver.timeline.pause()
        percentComplete = min(1, max(0, driver.timeline.localTime / duration))
        isSettling = false
        samples.removeAll()
        driver.pauseInteractiveTransition()
    }

    // UIKit's older names (the seeds use these).
    open func updateInteractiveTransition(_ percentComplete: Double) { update(percentComplete) }
    open func finishInteractiveTransition() { finish() }
    open func cancelInteractiveTransition() { cancel() }

    // MARK: Settling

    private func settle(finishing: Bool) {
        guard let driver, !driver.isCompleted, !isSettling else { return }
        isSettling = true
        if finishing { driver.finishInteractiveTransition() } else { driver.cancelInteractiveTransition() }
        let d = duration
        let p = percentComplete
        let remaining = finishing ? 1 - p : p
        let plain = remaining * d / completionSpeed
        let towardGoal = (finishing ? 1 : -1) * progressVelocity(now: driver.windowTimeline.clockTime)
        let ramp = SettleRamp(remaining: remaining, plainDuration: plain, towardGoal: towardGoal, curve: completionCurve)
        let timeline = driver.timeline
        let target = finishing ? d : 0
        timeline.ramp(to: target, duration: ramp.duration, curve: ramp.curve)
        let generation = driver
        driver.window?.schedule(after: ramp.duration) { [weak self, weak generation] in
            guard let self, let generation, generation === self.driver, self.isSettling, !generation.isCompleted else { return }
            self.didArrive(finishing: finishing, timeline: timeline)
        }
        // After a cancel, time runs on from 0 once the ramp is back there.
        driver.armWatchdog(after: ramp.duration, localEnd: finishing ? d : 0)
    }

    /// The ramp reached its end (the engine has completed — and after a cancel reverted — the animations
    /// it carried): time runs on from there, so anything the animator starts afterwards (a second stage)
    /// plays at normal speed.
    private func didArrive(finishing: Bool, timeline: Timeline) {
        timeline.settle()
        timeline.resume()
    }

    /// Progress per second over the last 0.1 s of updates; 0 when the updates had stopped.
    private func progressVelocity(now: Double) -> Double {
        guard let last = samples.last, now - last.time <= 0.1 else { return 0 }
        let recent = samples.filter { last.time - $0.time <= 0.1 + 1e-9 }
        guard let first = recent.first, last.time - first.time > 0.004 else { return 0 }
        return (last.percent - first.percent) / (last.time - first.time)
    }
}

/// The shape and length of the rest of an interactive transition after release.
struct SettleRamp {
    let duration: Double
    let curve: @Sendable (Double) -> Double

    /// `remaining`: fraction still to go; `plainDuration`: time for it at rest; `towardGoal`: progress per
    /// second toward the goal at release.
    init(remaining: Double, plainDuration: Double, towardGoal: Double, curve named: View.AnimationCurve) {
        guard remaining > 1e-9, plainDuration > 1e-9 else {
            duration = 0; curve = { _ in 1 }; return
        }
        // Below a small speed the finger was effectively at rest: the plain curve.
        guard towardGoal > 0.05 else {
            duration = plainDuration
            let f = named.timingFunction
            curve = { f.value(at: $0) }
            return
        }
        // Critically damped spring on the remaining distance: s(τ) = 1 − (1 + (ω − v0)τ)e^(−ωτ), s′(0) = v0.
        // ω ≥ v0 keeps it from overshooting; ωT ≈ 9.23 puts the envelope at 1/1000 by T.
        let v0 = towardGoal / remaining
        let omega = max(9.23 / plainDuration, v0)
        let t = 9.23 / omega
        let s: @Sendable (Double) -> Double = { tau in 1 - (1 + (omega - v0) * tau) * exp(-omega * tau) }
        let end = s(t)
        duration = t
        curve = { u in u >= 1 ? 1 : min(1, max(0, s(u * t) / end)) }
    }
}
