// Viewer: the live loop between the X11 host and a Segue Window. The host knows nothing of
// transitions; the window knows nothing of X11. Time: the frame scheduler maps wall time to frame
// times; the viewer maps those to window time at the current playback rate (1, 0.1 in slow motion,
// 0 paused), so slow motion and pause act on everything, deterministically.
import Foundation
import Segue
import SegueX11

@MainActor
final class Viewer {
    let host: X11Window
    let window: Window
    let app: DemoApp
    let clock = MonotonicClock()
    let fps: Double
    private var scheduler: FrameScheduler
    /// One bitmap per window buffer, so a buffer that still holds its frame is known as such.
    private var targets = BackBufferTargets()
    let hud: HUD

    /// Window time = windowAnchor + (sceneTime − sceneAnchor) · rate.
    private var rate = 1.0
    private var windowAnchor = 0.0
    private var sceneAnchor = 0.0
    private var paused = false
    private var quit = false
    /// Offset from X server time to our monotonic clock, learned from the first event.
    private var serverTimeOffset: Double?
    private var lastFrameWall: Double?
    private var scrubStart: (x: Double, progress: Double)?
    /// The scene file (or screenshots) shown instead of the demo's home, polled for changes.
    private var watcher: SceneWatcher?
    private var banner: View?

    /// SEGUE_TRACE=1: one line per loop decision on stderr (for diagnosing a stalled display).
    private let trace = ProcessInfo.processInfo.environment["SEGUE_TRACE"] == "1"
    private func log(_ s: @autoclosure () -> String) {
        if trace { FileHandle.standardError.write(Data((s() + "\n").utf8)) }
    }

    var hudVisible: Bool {
        get { hud.isVisible }
        set { hud.isVisible = newValue; window.layer.setNeedsComposite() }
    }

    static let keyHelp: [(String, String)] = [
        ("S", "slow motion ×10"), ("Space", "pause / resume"), ("← →", "step one frame while paused"),
        ("right-drag", "scrub a paused transition"), ("H", "HUD"), ("?", "this help"),
        ("Backspace", "home"), ("Q / Esc", "quit"),
    ]

    init(host: X11Window, fps: Double) {
        self.host = host
        self.fps = fps
        window = Window(size: Size(width: Double(host.width), height: Double(host.height)))
        app = DemoApp(window: window)
        scheduler = FrameScheduler(rate: fps, start: clock.now)
        hud = HUD(window: window)
    }

    func setRate(_ r: Double) {
        let now = windowTime(atScene: scheduler.sceneTime(atWallTime: clock.now))
        windowAnchor = max(window.currentTime, now)
        sceneAnchor = scheduler.sceneTime(atWallTime: clock.now)
        rate = r
        hud.rate = r
    }

    /// Shows `watcher`'s scene instead of the demo's home, and reloads it when its files change.
    func show(_ watcher: SceneWatcher) {
        self.watcher = watcher
        SceneRunner.install(watcher.scene)
        showSceneStart()
    }

    private func showSceneStart() {
        guard let scene = watcher?.scene else { return }
        window.rootViewController = SceneRunner.rootController(for: scene, size: window.bounds.size)
        if let b = banner { window.addSubview(b) }  // stays above the new root
    }

    /// Applies a reload: the new scene rebuilds every screen in place; a failed one shows a banner.
    private func sceneDidChange() {
        guard let watcher else { return }
        banner?.removeFromSuperview()
        banner = nil
        if let error = watcher.error {
            let b = SceneWatcher.banner(for: error, width: window.bounds.width)
            window.addSubview(b)
            banner = b
            FileHandle.standardError.write(Data("segue: \(error) (keeping the last good scene)\n".utf8))
        } else {
            SceneRunner.install(watcher.scene)
            let root = (window.rootViewController as? NavigationController)?.viewControllers.first as? ScreenViewController
            if let root, watcher.scene.screen(named: root.screenName) != nil {
                DemoScreenView.reloadAll(in: window)
            } else {
                showSceneStart()
            }
        }
        window.layer.setNeedsComposite()
    }

    private func windowTime(atScene s: Double) -> Double { windowAnchor + max(0, s - sceneAnchor) * rate }

    // MARK: Loop

    func run() {
        scheduler.markIdle()  // the window took its time to open: the first frame is due now, not missed
        render(at: clock.now)
        while !quit && !host.isClosed {
            let wantsFrame = window.nextFrameTime.map { $0 <= window.currentTime } ?? false
            let needsFrame = (wantsFrame && !paused) || window.needsFrame || hud.isVisible && !paused
            var timeout: Double?
            if needsFrame {
                // The next frame is rendered while the previous one is on screen: start at its deadline.
                timeout = max(0, (lastFrameWall ?? clock.now) - clock.now)
            } else if let t = window.nextFrameTime, !paused, rate > 0 {
                // A timer ahead: sleep until the wall time at which window time reaches it.
                let scene = sceneAnchor + (t - windowAnchor) / rate
                timeout = max(0, scheduler.wallTime(forSceneTime: scene) - clock.now)
            }
            // A watched scene file is looked at every half second, so the loop wakes that often (and no more).
            if watcher != nil { timeout = min(timeout ?? SceneWatcher.interval, SceneWatcher.interval) }
            // Nothing to draw until woken: the sleep is idle time, not missed frames. Idle, the demo
            // builds a screen it has not shown yet, so that its pictures are made before it is asked for,
            // then the view of the one it presents next (`DemoApp.warmNextScreen`).
            if !needsFrame {
                if watcher == nil, app.warmNextScreen() { timeout = 0 }
                scheduler.markIdle()
            }
            log(String(format: "wait %@ needs=%d next=%@ now=%.3f", timeout.map { String(format: "%.3f", $0) } ?? "forever",
                       needsFrame ? 1 : 0, window.nextFrameTime.map { String(format: "%.3f", $0) } ?? "nil", window.currentTime))
            _ = host.waitForEvents(timeout: timeout)
            log(String(format: "woke wall=%.4f", clock.now))
            // Awake: settle the frame clock before any event's time is read against it (after an idle
            // wait, a stale grid would count the sleep as a stall and push window time out of reach).
            scheduler.catchUp(now: clock.now)
            for e in host.events() { handle(e) }
            if quit { break }
            if let w = watcher, w.poll(now: clock.now) { sceneDidChange() }
            let now = clock.now
            let wants = (window.nextFrameTime.map { $0 <= windowTime(atScene: scheduler.sceneTime(atWallTime: now)) } ?? false && !paused)
                || window.needsFrame || (hud.isVisible && !paused)
            if wants && (lastFrameWall.map { now >= $0 - 0.0005 } ?? true) {
                render(at: now)
            }
        }
    }

    private func render(at now: Double) {
        let frame = scheduler.nextFrame(now: now)
        lastFrameWall = frame.deadline
        if !paused { window.advance(to: windowTime(atScene: frame.time)) }
        let target = targets.bitmap(for: host.backBuffer())
        let t0 = clock.now
        window.render(into: target)
        let rendered = clock.now
        hud.update(frameTime: rendered - t0, dropped: scheduler.droppedFrames, frames: scheduler.framesShown, paused: paused)
        hud.draw(into: target)
        host.present()
        log(String(format: "frame %d t=%.3f dropped=%d transition=%@ render=%.1fms presented wall=%.4f", frame.index, window.currentTime,
                   frame.dropped, window.activeTransition.map { "\($0.name) \(Int($0.progress * 100))%" } ?? "none",
                   (rendered - t0) * 1000, clock.now))
    }

    // MARK: Events

    private func wallTime(ofServerTime t: Double) -> Double {
        let now = clock.now
        if serverTimeOffset == nil { serverTimeOffset = now - t }
        return min(now, t + serverTimeOffset!)
    }

    private func handle(_ e: X11Event) {
        switch e {
        case .pointerDown(let p), .pointerMoved(let p), .pointerUp(let p):
            let point = Point(x: p.x, y: p.y)
            if p.button == .right || (p.button == nil && p.buttons.contains(.right)) {
                scrub(e, at: point)
                return
            }
            guard p.button == .left || (p.button == nil && p.buttons.contains(.left)) else { return }
            if !paused {
                let t = windowTime(atScene: scheduler.sceneTime(atWallTime: wallTime(ofServerTime: p.time)))
                if t > window.currentTime { window.advance(to: t) }
            }
            switch e {
            case .pointerDown: window.pointerDown(at: point)
            case .pointerMoved: window.pointerMoved(to: point)
            default: window.pointerUp(at: point)
            }
        case .key(let k):
            key(k)
        case .resize(let w, let h):
            window.frame = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
            banner?.frame.size.width = Double(w)
            window.layer.setNeedsComposite()
        case .expose:
            if !host.redisplay() { window.layer.setNeedsComposite() }
        case .close:
            quit = true
        }
    }

    private func key(_ k: X11Event.Key) {
        switch (k.name, k.text.lowercased()) {
        case (.escape, _), (_, "q"): quit = true
        case (.space, _): togglePause()
        case (.left, _): step(-1)
        case (.right, _): step(1)
        case (.backspace, _): if watcher != nil { showSceneStart() } else { app.showHome() }
        case (_, "s"): setRate(rate == 1 ? 0.1 : 1); if paused { rate = 0 }
        case (_, "h"): hudVisible.toggle()
        case (_, "?"): hud.showsHelp.toggle(); window.layer.setNeedsComposite()
        default: break
        }
    }

    private var resumeRate = 1.0
    /// The timeline frozen by stepping or scrubbing, resumed with the clock.
    private var scrubbed: Timeline?

    private func togglePause() {
        if paused {
            paused = false
            // A transition that was stepped or scrubbed runs on from where it was left.
            scrubbed?.resume()
            scrubbed = nil
            setRate(resumeRate)
        } else {
            resumeRate = rate == 0 ? 1 : rate
            setRate(0)
            paused = true
        }
        hud.paused = paused
        window.layer.setNeedsComposite()
    }

    /// One frame of window time forward or back (back only within a running transition).
    private func step(_ direction: Double) {
        guard paused else { return }
        let dt = 1 / fps
        if let t = window.activeTransition, t.isScrubbable {
            t.seek(toElapsed: t.elapsed + direction * dt)
            scrubbed = t.timeline
        } else if direction > 0 {
            windowAnchor = window.currentTime + dt
            window.advance(to: windowAnchor)
        }
        window.layer.setNeedsComposite()
    }

    /// Right-button drag while paused: horizontal motion scrubs the transition (full width = whole run).
    private func scrub(_ e: X11Event, at point: Point) {
        guard paused, let t = window.activeTransition, t.isScrubbable else { return }
        switch e {
        case .pointerDown: scrubStart = (point.x, t.progress)
        case .pointerMoved:
            guard let s = scrubStart else { return }
            let p = min(1, max(0, s.progress + (point.x - s.x) / max(1, window.bounds.width)))
            t.seek(toElapsed: p * t.duration)
            scrubbed = t.timeline
            window.layer.setNeedsComposite()
        default: scrubStart = nil
        }
    }
}
