// The demo app the viewer runs: a navigation controller over the home screen, seeds launched as the
// window's root with a floating Home button to come back. Headless and on screen alike.

@MainActor
public final class DemoApp {
    public let window: Window
    public let home = HomeViewController()
    private var homeButton: Button?

    public init(window: Window) {
        self.window = window
        home.onLaunchSeed = { [weak self] name in self?.launchSeed(named: name) }
        showHome()
    }

    /// The home screen as the window's root.
    public func showHome() {
        homeButton?.removeFromSuperview()
        homeButton = nil
        window.rootViewController = NavigationController(rootViewController: home)
    }

    /// A seed tutorial as the window's root, with a Home button above it.
    public func launchSeed(named name: String) {
        guard let example = SeedExamples.example(named: name) else { return }
        window.rootViewController = example.make()
        let k = DemoKit(size: window.bounds.size)
        let b = k.button("⌂ Home", frame: Rect(x: window.bounds.width - 15 * k.u, y: 4.5 * k.u, width: 12 * k.u, height: 4.4 * k.u),
                         fill: Color(white: 0.1, alpha: 0.75), titleColor: .white, size: 1.8)
        b.addAction(for: .touchUpInside) { [weak self] in self?.showHome() }
        window.addSubview(b)
        homeButton = b
    }

    /// The demo screens' sizes their pictures were made for (`warmNextScreen`).
    private var warmed: [String: Size] = [:]

    /// Builds one demo screen not yet built at the window's size and throws it away, so that its
    /// generated pictures wait in the cache (`GeneratedImageCache`): the first presentation of each
    /// screen made them — tens of milliseconds at 1080p, the start of that transition dropping frames.
    /// Then makes the view of the screen the home presents next (`HomeViewController.prepareNextScreen`),
    /// again after each presentation, and then has pixel buffers of the window's size ready for a
    /// transition's two snapshots and its first frame's copy, their pages touched (`PixelStore.keepReady`).
    /// For idle time (the viewer calls it while nothing is drawing), a step a call. False when there is
    /// nothing left to do at this size — or nothing to do now: while a finger is down or a transition
    /// runs, the window is not idle between frames but waiting for the next pointer move, which a screen
    /// built then (15 ms at 1080p) would keep waiting — the frame after a drag-to-curl's first one came
    /// that much late.
    @discardableResult public func warmNextScreen() -> Bool {
        guard !EventDispatch.isTracking(window), window.runningTransitions.isEmpty else { return false }
        let size = home.view.bounds.size                     // as `HomeViewController.nextScreen` builds them
        guard let name = DemoScreen.names.first(where: { warmed[$0] != size }) else {
            let pixels = Int(window.bounds.width.rounded(.up)) * Int(window.bounds.height.rounded(.up))
            return home.prepareNextScreen() || PixelStore.shared.keepReady(pixels, buffers: 3)
        }
        warmed[name] = size
        if let v = DemoScreen.view(named: name, size: size) { v.layoutIfNeeded() }
        return true
    }

    /// Plays a catalogue entry from the home screen (returns home first if needed).
    public func play(_ name: String) -> Bool {
        guard let item = DemoCatalog.transition(named: name) else { return false }
        if window.rootViewController !== home.navigationController { showHome() }
        home.play(item)
        return true
    }
}
