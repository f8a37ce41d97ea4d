// What a finished transition leaves behind: nothing. Once a window (or a played catalogue session) is
// released, every view, layer, snapshot and effect of its transitions is freed — no cycle through a
// layer's content override, no animation left attached in the engine's store. Checked with weak
// references, so the tests see exactly what is still retained (but for generated pictures that
// GeneratedImageCache keeps within its budget).

import Testing
@testable import Segue

@MainActor @Suite struct RetentionTests {
    /// Weak references to everything drawn in a window's tree.
    @MainActor final class Probe {
        private struct Ref { weak var object: AnyObject?; let what: String }
        private var refs: [Ref] = []

        func add(_ o: AnyObject?, _ what: String) { if let o { refs.append(Ref(object: o, what: what)) } }

        /// Every layer below `layer`, its view, contents and content override (and an effect player's snapshots).
        func collect(_ layer: Layer) {
            add(layer, "layer")
            add(layer.delegate, "view \(layer.delegate.map { String(describing: type(of: $0)) } ?? "")")
            // Generated pictures the image cache keeps (within its budget) are the cache's, not the window's.
            if let c = layer.contents, !GeneratedImageCache.shared.holds(c) { add(c, "contents bitmap") }
            if let o = layer.contentOverride {
                add(o, "content override \(type(of: o))")
                if let c = o as? EffectCoverContent { add(c.player.from, "effect snapshot (from)"); add(c.player.to, "effect snapshot (to)") }
            }
            layer.sublayers.forEach(collect)
        }

        var count: Int { refs.count }
        var alive: [String] { refs.filter { $0.object != nil }.map(\.what) }
    }

    static func covers(_ v: View) -> [EffectTransitionView] {
        ((v as? EffectTransitionView).map { [$0] } ?? []) + v.subviews.flatMap(covers)
    }

    /// The bench's and the renderer's path: a partialCurl session, played to its end and released,
    /// frees its held cover and both full-screen snapshots (the page curled over the presented screen
    /// stays in the window until dismissed, so it must go with the window).
    @Test func partialCurlSessionFreesItsCoverAndSnapshots() {
        let probe = Probe()
        weak var cover: EffectTransitionView?
        weak var from: Bitmap?
        weak var to: Bitmap?
        do {
            let session = TransitionSession(entry: DemoCatalog.transition(named: "partialCurl")!,
                                            size: Size(width: 96, height: 60), from: "inbox", to: "photos")!
            session.begin()
            let target = Bitmap(width: 96, height: 60)
            for k in 0...9 { session.render(atFraction: Double(k) / 9, into: target) }
            let held = Self.covers(session.window)
            #expect(held.count == 1, "the page is held curled over the presented screen")
            cover = held.first
            from = held.first?.player.from
            to = held.first?.player.to
            probe.collect(session.window.layer)
        }
        #expect(cover == nil, "the held cover is freed with its window")
        #expect(from == nil && to == nil, "both snapshots are freed")
        #expect(probe.alive.isEmpty, "still alive: \(probe.alive)")
    }

    /// An 80×50 window whose root has been presenting a controller with `style` for 0.1 s (one frame drawn).
    static func presenting(_ style: ModalTransitionStyle) -> (Window, ViewController) {
        let window = Window(size: Size(width: 80, height: 50))
        let root = ViewController()
        window.rootViewController = root
        window.advance(by: 0.01)
        let presented = ViewController()
        presented.modalTransitionStyle = style
        root.present(presented, animated: true, completion: nil)
        window.advance(by: 0.1)
        _ = window.renderedBitmap()
        return (window, presented)
    }

    /// The same in a plain window: present with `.partialCurl`, let it finish, drop the window.
    @Test func heldPartialCurlGoesWithItsWindow() {
        weak var weakWindow: Window?
        weak var cover: EffectTransitionView?
        do {
            let (window, _) = Self.presenting(.partialCurl)
            window.advance(by: 1)
            _ = window.renderedBitmap()
            #expect(window.activeTransition == nil)
            cover = Self.covers(window).first
            #expect(cover?.holdsPartialCurl == true)
            weakWindow = window
        }
        #expect(weakWindow == nil)
        #expect(cover == nil, "a cover left in a freed window is freed too")
    }

    /// A window dropped while a controller transition runs in it (the viewer closed mid-push, a
    /// session abandoned half way) is freed at once — the running transition is the window's, not a
    /// global's, and neither its closures nor its watchdog hold the window — and its controllers and
    /// views go with the transition's animations, which the next clock tick of any window drops as
    /// orphans (`AnimationStore.removeOrphans`).
    @Test func windowDroppedMidTransitionIsFreed() {
        for style in [ModalTransitionStyle.coverVertical, .flipHorizontal] {
            weak var weakWindow: Window?
            weak var weakPresented: ViewController?
            do {
                let (window, presented) = Self.presenting(style)
                #expect(window.activeTransition != nil, "\(style): still running when dropped")
                weakWindow = window
                weakPresented = presented
            }
            #expect(weakWindow == nil, "\(style): window freed mid-transition")
            Window(size: Size(width: 8, height: 8)).advance(by: 0.01)
            #expect(weakPresented == nil, "\(style): presented controller freed with its animations")
        }
        // A navigation push dropped half way: the navigation controller and both pages go too.
        weak var weakNav: NavigationController?
        weak var weakPushed: ViewController?
        do {
            let window = Window(size: Size(width: 80, height: 50))
            let nav = NavigationController(rootViewController: ViewController())
            window.rootViewController = nav
            window.advance(by: 0.01)
            let pushed = ViewController()
            nav.pushViewController(pushed, animated: true)
            window.advance(by: 0.1)
            _ = window.renderedBitmap()
            #expect(window.activeTransition != nil, "push still running when dropped")
            weakNav = nav
            weakPushed = pushed
        }
        Window(size: Size(width: 8, height: 8)).advance(by: 0.01)
        #expect(weakNav == nil && weakPushed == nil, "navigation controller and pushed page freed")
    }

    /// A cover removed mid-window (dismissal replaces the held curl) is freed while the window lives on.
    @Test func dismissalFreesTheHeldCurl() {
        let window = Window(size: Size(width: 80, height: 50))
        let root = ViewController()
        window.rootViewController = root
        window.advance(by: 0.01)
        weak var held: EffectTransitionView?
        weak var dismissCover: EffectTransitionView?
        do {
            let presented = ViewController()
            presented.modalTransitionStyle = .partialCurl
            root.present(presented, animated: true, completion: nil)
            window.advance(by: 1)
            _ = window.renderedBitmap()
            held = Self.covers(window).first
            #expect(held != nil)
            root.dismiss(animated: true, completion: nil)
            window.advance(by: 0.2)
            _ = window.renderedBitmap()
            dismissCover = Self.covers(window).first { $0 !== held }
            #expect(dismissCover != nil, "the dismissal plays its own cover")
            window.advance(by: 1)
            _ = window.renderedBitmap()
        }
        #expect(window.activeTransition == nil)
        #expect(Self.covers(window).isEmpty)
        #expect(held == nil && dismissCover == nil, "neither cover outlives the dismissal")
    }

    /// Every playable catalogue entry: after its session is released, nothing drawn in it survives —
    /// not a view, layer, bitmap or override seen mid-run or at the end.
    @Test func everyPlayableSessionIsFreedAfterItEnds() {
        for entry in DemoCatalog.playable {
            let probe = Probe()
            weak var weakWindow: Window?
            do {
                guard let session = TransitionSession(entry: entry, size: Size(width: 96, height: 60), from: "inbox", to: "photos") else {
                    Issue.record("\(entry.name) cannot be played"); continue
                }
                session.begin()
                let target = Bitmap(width: 96, height: 60)
                session.render(atFraction: 0.5, into: target)
                probe.collect(session.window.layer)
                session.render(atFraction: 1, into: target)
                probe.collect(session.window.layer)
                weakWindow = session.window
            }
            #expect(probe.count > 0)
            #expect(weakWindow == nil, "\(entry.name): window freed")
            #expect(probe.alive.isEmpty, "\(entry.name) left alive: \(probe.alive)")
        }
    }

    /// A window freed while animations run on it — a paused interaction that would never end, a
    /// forever-repeating animation — leaves nothing in the engine's store: the next tick of any window
    /// drops them, and with them the layers, contents and completion closures they held.
    @Test func animationsOfAFreedWindowAreDropped() {
        weak var pausedLayer: Layer?
        weak var repeatingLayer: Layer?
        weak var capturedByCompletion: View?
        weak var contents: Bitmap?
        var completions = 0
        do {
            let window = Window(size: Size(width: 100, height: 60))
            let paused = View(frame: Rect(x: 0, y: 0, width: 50, height: 60))
            let repeating = View(frame: Rect(x: 50, y: 0, width: 50, height: 60))
            window.addSubview(paused)
            window.addSubview(repeating)
            let witness = View()
            let picture = Bitmap(width: 8, height: 8, fill: 0xFF00_00FF)
            repeating.layer.contents = picture
            window.advance(by: 0.01)
            // An interaction held at 30 %: its timeline is frozen, so the animation can never end.
            let interaction = Timeline(parent: window.timeline)
            Timeline.withCurrent(interaction) {
                View.animate(withDuration: 1, animations: { paused.alpha = 0 },
                             completion: { _ in completions += 1; _ = witness })
            }
            window.advance(by: 0.3)
            interaction.pause()
            let spin = BasicAnimation(keyPath: .opacity)
            spin.fromValue = .double(1)
            spin.toValue = .double(0.5)
            spin.duration = 0.5
            spin.repeatCount = .infinity
            repeating.layer.add(spin, forKey: "pulse")
            window.advance(by: 0.7)
            #expect(AnimationStore.all.contains { $0.layer === paused.layer } && AnimationStore.all.contains { $0.layer === repeating.layer },
                    "both still run while the window lives")
            pausedLayer = paused.layer
            repeatingLayer = repeating.layer
            capturedByCompletion = witness
            contents = picture
        }
        // Any other window's tick sweeps what the freed one left.
        let other = Window(size: Size(width: 10, height: 10))
        other.advance(by: 0.01)
        #expect(pausedLayer == nil && repeatingLayer == nil, "animated layers of a freed window are freed")
        #expect(capturedByCompletion == nil, "a completion that can never run is released")
        #expect(contents == nil)
        #expect(completions == 0, "completions of a freed window do not run")
    }

    /// A live window's animations are untouched by the sweep: a view removed from its window mid-animation
    /// still completes on the window's clock.
    @Test func sweepKeepsAnimationsOfLiveWindows() {
        let window = Window(size: Size(width: 100, height: 60))
        let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 60))
        window.addSubview(v)
        window.advance(by: 0.01)
        var finished: Bool?
        View.animate(withDuration: 0.5, animations: { v.alpha = 0 }, completion: { finished = $0 })
        v.removeFromSuperview()
        do {
            let other = Window(size: Size(width: 10, height: 10))
            other.advance(by: 0.01)
        }
        Window(size: Size(width: 10, height: 10)).advance(by: 0.01)
        #expect(AnimationStore.all.contains { $0.layer === v.layer })
        window.advance(by: 0.6)
        #expect(finished == true)
    }
}
