// The viewer's home screen: a button for every transition of the catalogue (clicking presents a
// screen with that effect or style), and a right-half drag that presents interactively with a page
// curl — seed 000's gesture rule (began on the right half, percent = |Δx| / width, finish past 0.5),
// with the velocity-aware completion Segue adds.

@MainActor
public final class HomeViewController: ViewController, ViewControllerTransitioningDelegate {
    /// Called when a seed button is clicked (the app swaps the window's root).
    var onLaunchSeed: ((String) -> Void)?
    private var interaction: PercentDrivenInteractiveTransition?
    private var screenIndex = 0

    override public func loadView() {
        let v = LayoutView(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        v.backgroundColor = Color(hex: 0xF2F2F7)
        v.onLayout = { [weak self] in self?.rebuildIfNeeded() }
        view = v
    }

    override public func viewDidLoad() {
        super.viewDidLoad()
        let pan = PanGestureRecognizer()
        pan.addAction { [weak self, weak pan] in if let self, let pan { self.didPan(pan) } }
        view.addGestureRecognizer(pan)
    }

    private var builtSize: Size?

    override public func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        rebuildIfNeeded()
    }

    /// Lays the menu out for the current size (the window may have been resized).
    func rebuildIfNeeded() {
        let size = view.bounds.size
        guard size != builtSize, size.width >= 1, size.height >= 1 else { return }
        builtSize = size
        view.subviews.forEach { $0.removeFromSuperview() }
        let k = DemoKit(size: size)
        let u = k.u, w = size.width
        k.statusBar(into: view)
        view.addSubview(k.label("Segue", x: 4 * u, y: 5 * u, width: w / 2, size: 5.2, weight: .bold))
        view.addSubview(k.label("UIKit transitions on Linux — click to present, drag the right half to present interactively, "
                                + "drag from the left edge to pop. Press ? for keys.",
                                x: 4 * u, y: 12 * u, width: w - 8 * u, size: 1.9, color: .secondaryLabel, lines: 2))
        let sections: [(String, [DemoTransition])] = [
            ("CATRANSITION", DemoCatalog.all.filter { if case .effect = $0.kind { true } else { false } }),
            ("MODAL STYLES & NAVIGATION", DemoCatalog.all.filter {
                switch $0.kind { case .modal, .navigationPush, .navigationPop: true; default: false } }),
            ("THE SEEDS' ANIMATORS ON THESE SCREENS", DemoCatalog.all.filter {
                if case .seedAnimator(let a) = $0.kind { SeedAnimatorPair.presenting.contains(a) } else { false } }),
            ("THE SEED APPS", DemoCatalog.all.filter { if case .seed = $0.kind { true } else { false } }),
        ]
        let columns = max(2, Int(w / (30 * u)))
        let gap = 1.4 * u
        let bw = (w - 8 * u - Double(columns - 1) * gap) / Double(columns)
        let bh = 5.2 * u
        var y = 18.5 * u
        for (title, items) in sections {
            view.addSubview(k.label(title, x: 4.4 * u, y: y, width: w / 2, size: 1.6, weight: .semibold, color: .systemGray))
            y += 3.2 * u
            for (i, item) in items.enumerated() {
                let col = i % columns, row = i / columns
                let frame = Rect(x: 4 * u + Double(col) * (bw + gap), y: y + Double(row) * (bh + gap), width: bw, height: bh)
                let b = k.button(item.name, frame: frame, fill: .white, titleColor: .systemBlue, size: 1.9, weight: .medium)
                b.addAction(for: .touchUpInside) { [weak self] in self?.play(item) }
                view.addSubview(b)
            }
            y += Double((items.count + columns - 1) / columns) * (bh + gap) + 1.6 * u
        }
    }

    /// The next demo screen to present, in turn — in the view `prepareNextScreen` made for it, if
    /// that is still of this size (the controller takes it only if it is of this screen).
    private func nextScreen() -> ScreenViewController {
        let size = view.bounds.size
        let vc = ScreenViewController(screen: nextName, size: size, view: preparedScreen.flatMap { $0.bounds.size == size ? $0 : nil })
        preparedScreen = nil
        screenIndex += 1
        return vc
    }

    /// The demo screen `nextScreen` presents next.
    private var nextName: String { DemoScreen.names[screenIndex % DemoScreen.names.count] }

    /// The view of the screen `nextScreen` presents next, made in idle time.
    private(set) var preparedScreen: DemoScreenView?

    /// Makes the view of the screen `nextScreen` presents next, at the home's size, in idle time:
    /// built, laid out, its text drawn and its content rasterized (drawn once, shadows and all), so
    /// that the presentation's start only places it and snapshots it — its content a copy of the
    /// picture made here (`Layer.shouldRasterize`; the screen's controller puts its buttons over the
    /// content). On the Zen 2 of 2026-12-07, building the photo grid took 8 ms of its start, making
    /// the music card's shadow 9–11; on the Zen 4 the new screen's snapshot took 5–8 ms of a
    /// drag-to-curl's start. False when it is made already.
    func prepareNextScreen() -> Bool {
        let name = nextName, size = view.bounds.size
        guard size.width >= 1, size.height >= 1,
              preparedScreen.map({ $0.screenName != name || $0.bounds.size != size }) ?? true else { return false }
        let v = DemoScreenView(screen: name, frame: Rect(origin: .zero, size: size))
        v.layoutIfNeeded()
        v.displayIfNeeded()
        if let content = v.contentView {
            content.layer.shouldRasterize = true
            _ = Compositor().snapshot(content.layer, presentation: false)
        }
        preparedScreen = v
        return true
    }

    /// Plays one catalogue entry.
    public func play(_ item: DemoTransition) {
        switch item.kind {
        case .effect(let type, let subtype):
            let screen = nextScreen()
            screen.dismissTransition = Transition(type: Self.reverse(type), subtype: subtype?.horizontallyMirrored.verticallyMirrored, duration: 0.6)
            let nav = NavigationController(rootViewController: screen)
            nav.modalPresentationStyle = .fullScreen
            // Seed 000's way: a CATransition on the window's layer, then present.
            let transition = Transition(type: type, subtype: subtype, duration: 0.6)
            transition.timingFunction = TimingFunction(name: .easeInEaseOut)
            guard let window = view.window else { return }
            window.trackTransition(named: type.rawValue, duration: transition.duration,
                                   curve: { transition.timingFunction!.value(at: $0) }) {
                window.layer.add(transition, forKey: nil)
            }
            present(nav, animated: false, completion: nil)
        case .modal(let style):
            let nav = NavigationController(rootViewController: nextScreen())
            nav.modalTransitionStyle = style
            present(nav, animated: true, completion: nil)
        case .navigationPush:
            navigationController?.pushViewController(nextScreen(), animated: true)
        case .navigationPop:
            _ = navigationController?.popViewController(animated: true)
        case .seedAnimator(let a):
            let pair = SeedAnimatorPair(a)
            if pair.isNavigation {
                let screen = nextScreen()
                navigationController?.delegate = pair
                screen.retained = pair
                navigationController?.pushViewController(screen, animated: true)
            } else {
                let screen = nextScreen()
                screen.modalPresentationStyle = .custom
                screen.transitioningDelegate = pair
                screen.retained = pair
                present(screen, animated: true, completion: nil)
            }
        case .seed(let name):
            onLaunchSeed?(name)
        }
    }

    static func reverse(_ t: TransitionType) -> TransitionType {
        switch t {
        case .pageCurl: .pageUnCurl
        case .pageUnCurl: .pageCurl
        case .cameraIrisHollowOpen: .cameraIrisHollowClose
        case .cameraIrisHollowClose: .cameraIrisHollowOpen
        default: t
        }
    }

    // MARK: Interactive present (seed 000's right-half pan)

    private func didPan(_ recognizer: PanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            let location = recognizer.location(in: view)
            guard location.x > view.bounds.midX, presentedViewController == nil else { return }
            interaction = PercentDrivenInteractiveTransition()
            let nav = NavigationController(rootViewController: nextScreen())
            nav.modalPresentationStyle = .fullScreen
            nav.transitioningDelegate = self
            present(nav, animated: true, completion: nil)
        case .changed:
            let translation = recognizer.translation(in: view)
            interaction?.update(abs(translation.x / view.bounds.width))
        case .ended, .cancelled:
            let translation = recognizer.translation(in: view)
            let distance = abs(translation.x / view.bounds.width)
            // Seed 000's rule exactly: past half finishes, anything else cancels (the remainder then
            // continues with the finger's velocity — PercentDrivenInteractiveTransition does that).
            if recognizer.state == .ended && distance > 0.5 {
                interaction?.finish()
            } else {
                interaction?.cancel()
            }
            interaction = nil
        default:
            break
        }
    }

    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        EffectTransitionAnimator(type: .pageCurl, duration: 0.8)
    }

    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        EffectTransitionAnimator(type: .pageUnCurl, duration: 0.8)
    }

    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interaction
    }
}
