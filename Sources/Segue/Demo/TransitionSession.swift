// TransitionSession: one catalogue transition played for real in a headless Window — the same
// controllers, animators, timelines and compositor as the viewer — between two demo screens, sampled at
// any fraction of its run. `segue render` and `segue bench` are built on it, so what they show and
// measure is exactly what the viewer plays.

@MainActor
public final class TransitionSession {
    public let window: Window
    public let entry: DemoTransition
    /// Window time at which the transition started, and its length.
    public private(set) var start = 0.0
    public private(set) var duration = 0.0
    private let toName: String
    private let navigation: NavigationController
    /// The seeds' animators for this run (kept alive: delegates are weak).
    private let seedAnimators: SeedAnimatorPair?

    /// Sets up `from` on screen; nil when `entry` cannot be played between screens (a seed app) or a
    /// screen name is unknown.
    public init?(entry: DemoTransition, size: Size, from: String, to: String) {
        if case .seed = entry.kind { return nil }
        guard DemoScreen.view(named: from, size: Size(width: 1, height: 1)) != nil,
              DemoScreen.view(named: to, size: Size(width: 1, height: 1)) != nil else { return nil }
        self.entry = entry
        toName = to
        window = Window(size: size)
        navigation = NavigationController(rootViewController: ScreenViewController(screen: from, size: size))
        window.rootViewController = navigation
        if case .seedAnimator(let a) = entry.kind { seedAnimators = SeedAnimatorPair(a) } else { seedAnimators = nil }
        navigation.delegate = seedAnimators
        // The ways back start from where they return from.
        switch entry.kind {
        case .navigationPop, .seedAnimator(.fadePop):
            navigation.pushViewController(ScreenViewController(screen: to, size: size), animated: false)
        case .seedAnimator(.rotatingDismiss):
            // Dismissed as in the seed app: after its own presentation, which leaves the presenter at
            // half opacity (the dismissal fades it back in over the card turning away) — presented
            // without it, the presenter would hide the whole dismissal from its first frame.
            presentCustom(animated: true)
            var frames = 0
            while TransitionDriver.isRunning(in: window), frames < 600 { window.advance(by: 1.0 / 60); frames += 1 }
        case .seedAnimator(.flyFromButton):
            presentCustom(animated: false)
        default: break
        }
        window.advance(by: 0.001)
        _ = window.renderedBitmap()  // on screen once, as in an app: content drawn, snapshots see it
    }

    /// Starts the transition now.
    public func begin() {
        start = window.currentTime
        let to = ScreenViewController(screen: toName, size: window.bounds.size)
        switch entry.kind {
        case .effect(let type, let subtype):
            let t = Transition(type: type, subtype: subtype, duration: 0.6)
            t.timingFunction = .easeInEaseOut
            window.trackTransition(named: type.rawValue, duration: t.duration) { window.layer.add(t, forKey: nil) }
            navigation.present(NavigationController(rootViewController: to), animated: false, completion: nil)
        case .modal(let style):
            let nav = NavigationController(rootViewController: to)
            nav.modalTransitionStyle = style
            navigation.present(nav, animated: true, completion: nil)
        case .navigationPush, .seedAnimator(.fadePush), .seedAnimator(.fadeOffsetPush):
            navigation.pushViewController(to, animated: true)
        case .navigationPop, .seedAnimator(.fadePop):
            navigation.popViewController(animated: true)
        case .seedAnimator(.rotatingDismiss), .seedAnimator(.flyFromButton):
            navigation.dismiss(animated: true, completion: nil)
        case .seedAnimator:
            presentCustom(animated: true)
        case .seed:
            break
        }
        duration = window.activeTransition?.duration ?? 0
    }

    /// Runs the clock to `fraction` of the transition (never backwards) and renders into `target`.
    public func render(atFraction fraction: Double, into target: Bitmap) {
        let t = start + min(1, max(0, fraction)) * duration
        if t > window.currentTime { window.advance(to: t) }
        if fraction >= 1 { window.advance(by: 0.5) }  // let completions and chained stages settle
        window.render(into: target)
    }

    private func presentCustom(animated: Bool) {
        let vc = ScreenViewController(screen: toName, size: window.bounds.size)
        vc.modalPresentationStyle = .custom
        vc.transitioningDelegate = seedAnimators
        navigation.present(vc, animated: animated, completion: nil)
    }
}
