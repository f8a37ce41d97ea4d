// RunningTransition: a Transition at work on one layer. It is the layer's content override: the
// compositor asks it to draw the layer, and it draws the effect between the old snapshot (taken when
// the transition was added) and the new state. The new state is snapshotted lazily at draw time —
// after the change has happened and layout has run — and again whenever the layer's subtree changed
// or animates meanwhile, so a presentation animating inside the transition shows through it, as on
// iOS. Time comes from the timeline current when the transition was added (a percent-driven
// interaction scrubs it like any animation); the override is removed when that time passes the end.
// On the window's root layer it also clears the frame for the compositor, around what the effect
// paints opaquely (EffectBackdrop).

@MainActor
final class RunningTransition: ClearsAroundItself, KeepsItsLastFrame {
    let transition: Transition
    let key: String?
    private weak var layer: Layer?
    private let old: Bitmap
    private var new: Bitmap?
    private var newVersion = -1
    private var stale = true
    private var timeline: Timeline?
    private var start = 0.0
    private let effect: TransitionEffect
    private var opaque: (old: Bool, new: Bool) = (true, true)
    private var finished = false
    private var pumpPending = false
    private var endTimerPending = false
    var lastFrameKept = false
    private(set) var draws = 0
    /// The window's background around the effect's opaque outline (`clear`).
    private var backdrop = EffectBackdrop()

    /// Snapshots go through their own compositor: they run while the window's compositor is drawing.
    private static let snapshotter = Compositor()

    init(transition: Transition, key: String?, layer: Layer) {
        self.transition = transition
        self.key = key
        self.layer = layer
        old = Self.snapshotter.snapshot(layer, presentation: true)
        opaque.old = old.isOpaque
        effect = transition.type.makeEffect()
        timeline = Timeline.current
        if let t = timeline { start = t.localTime } else if let w = layer.hostWindow { timeline = w.timeline; start = w.currentTime }
        scheduleEnd()
    }

    /// Opaque pages under a covering effect: the compositor skips what lies beneath (the clear).
    var paintsBoundsOpaquely: Bool { new != nil && effect.coversPage(oldIsOpaque: opaque.old, newIsOpaque: opaque.new) }

    /// The layer's subtree changed: the new state must be snapshotted again.
    func noteChange() { stale = true }

    /// Progress of the effect now (0 before the clock is known).
    var progress: Double {
        guard let t = timeline else { return transition.progress(atElapsed: 0) }
        return transition.progress(atElapsed: t.localTime - start)
    }

    var isPastEnd: Bool {
        guard let t = timeline else { return false }
        // A nanosecond of slack: the end timer fires at the root time that maps to the end, and the
        // round trip through the timeline's arithmetic may land a hair short of it.
        return t.localTime - start >= transition.effectiveDuration - 1e-9
    }

    func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect) {
        guard let layer else { return }
        if timeline == nil, let w = layer.hostWindow { timeline = w.timeline; start = w.currentTime; scheduleEnd() }
        captureNewIfNeeded(layer)
        guard let new else { return }
        var f = frame(new, layerToDevice: layerToDevice, opacity: opacity, bounds: bounds)
        f.lastFrameKept = lastFrameKept
        draws += 1
        effect.draw(f, in: canvas)
        if isPastEnd { finish(true) } else { pumpFrames(); scheduleEnd() }
    }

    /// The effect's backdrop, filled around the frame's opaque outline (the window's background under a
    /// cube or a card) — only when the frame `draw` is about to draw is known: the clock started and
    /// the new snapshot current.
    func clear(_ canvas: Canvas, to pixel: UInt32, layerToDevice: Transform3D, opacity: Double, bounds: Rect) -> Bool {
        guard let layer, timeline != nil, let new, !needsCapture(layer) else { return false }
        backdrop.fill(canvas, with: pixel, under: effect, frame(new, layerToDevice: layerToDevice, opacity: opacity, bounds: bounds))
        return true
    }

    private func frame(_ new: Bitmap, layerToDevice: Transform3D, opacity: Double, bounds: Rect) -> EffectFrame {
        EffectFrame(old: old, new: new, progress: progress, subtype: transition.subtype ?? .fromLeft, size: bounds.size,
                    pageToDevice: Transform3D(translationX: bounds.minX, y: bounds.minY, z: 0).concatenating(layerToDevice),
                    opacity: opacity, newIsOpaque: opaque.new, oldIsOpaque: opaque.old)
    }

    /// Whether the new state must be snapshotted (again) before the next frame.
    private func needsCapture(_ layer: Layer) -> Bool {
        let animating = layer.hostWindow.map { WindowHooks.isAnimating($0) } ?? false
        return new == nil || stale || animating || layer.renderVersion != newVersion
    }

    private func captureNewIfNeeded(_ layer: Layer) {
        guard needsCapture(layer) else { return }
        // A snapshot shows the layer's real content, never this override.
        let snap = Self.snapshotter.snapshot(layer, presentation: true)
        new = snap
        opaque.new = snap.isOpaque
        stale = false
        newVersion = layer.renderVersion
    }

    /// Keeps frames coming while the effect runs: a timer due now makes the window's next frame due now.
    /// A frozen timeline (a paused interaction) needs none: scrubbing it asks the window for a frame.
    private func pumpFrames() {
        guard !pumpPending, timeline?.isMoving ?? true, let w = layer?.hostWindow else { return }
        pumpPending = true
        w.schedule(at: w.currentTime, pump)
    }

    /// `pumpFrames`'s timer action, made once (a closure made each frame was an allocation a frame).
    private lazy var pump: @MainActor () -> Void = { [weak self] in
        guard let self else { return }
        self.pumpPending = false
        guard !self.finished, let layer = self.layer else { return }
        // A new frame of the effect, not a change of the layer: the new snapshot stays valid.
        let current = layer.renderVersion == self.newVersion
        layer.setNeedsComposite()
        if current { self.newVersion = layer.renderVersion }
    }

    /// Ends the transition when its time is up, even if no frame is drawn then: a timer at the window
    /// time its timeline reaches the end. A frozen timeline gets none (it may never get there); the
    /// next frame drawn after it moves again, or is scrubbed past the end, schedules or finishes.
    private func scheduleEnd() {
        guard !endTimerPending, !finished, let t = timeline, let w = layer?.hostWindow,
              let due = t.rootTime(whenLocalReaches: start + transition.effectiveDuration) else { return }
        endTimerPending = true
        // Never at or before now: a timer that keeps rescheduling itself at the current instant would
        // spin the window's clock forever.
        w.schedule(at: max(due, w.currentTime + 1e-6)) { [weak self] in
            guard let self else { return }
            self.endTimerPending = false
            if self.finished { return }
            if self.isPastEnd { self.finish(true) } else { self.scheduleEnd() }
        }
    }

    /// Removes the override (if still installed) and reports the end once.
    func finish(_ completed: Bool) {
        guard !finished else { return }
        finished = true
        // The snapshot of the new state is what the layer looks like now if nothing changed since it
        // was taken and nothing is moving: the window's compositor may draw the next frame from it.
        let current = layer.map { $0.renderVersion == newVersion && !($0.hostWindow.map(WindowHooks.isAnimating) ?? false) } ?? false
        if let layer, layer.contentOverride === self { layer.contentOverride = nil }
        let version = layer?.renderVersion
        transition.completion?(completed)
        if completed, current, let layer, let new, layer.renderVersion == version, let w = layer.hostWindow {
            w.compositor.adoptSnapshot(new, of: layer)
        }
    }
}

extension Layer {
    /// The window whose tree this layer is in, if any.
    var hostWindow: Window? { rootLayer.delegate as? Window }
}
