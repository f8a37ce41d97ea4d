// A demo screen as a view controller, with the floating controls the viewer needs: Dismiss when it
// was presented, Push inside a navigation controller, Back when there is something to pop to.

@MainActor
open class ScreenViewController: ViewController {
    public let screenName: String
    /// When set, dismissing plays this CATransition on the window's layer (the way it was presented).
    public var dismissTransition: Transition?
    /// Keeps a weakly held delegate (transitioning or navigation) alive as long as this screen.
    var retained: AnyObject?

    private let initialSize: Size
    /// A view of this screen made ahead (`HomeViewController.prepareNextScreen`), until loaded.
    private var preparedView: DemoScreenView?

    /// `size` is the view's size until its container sizes it (a full-screen page, as a nib would give);
    /// `view`, one of this screen made ahead, is taken as the view instead of building one.
    public init(screen: String, size: Size = Size(width: 1280, height: 800), view: DemoScreenView? = nil) {
        screenName = screen
        initialSize = size
        preparedView = view?.screenName == screen ? view : nil
        super.init()
    }

    override open func loadView() {
        let v = preparedView ?? DemoScreenView(screen: screenName, frame: Rect(origin: .zero, size: initialSize))
        preparedView = nil
        v.onRebuild = { [weak self] _ in self?.placeControls() }
        view = v
    }

    override open func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        view.layoutIfNeeded()
        placeControls()
    }

    private var controls: [View] = []

    /// (Re)places the floating buttons for the current size and place in the hierarchy.
    private func placeControls() {
        controls.forEach { $0.removeFromSuperview() }
        controls = []
        guard DemoScreen.wantsControls(screenName) else { return }
        let k = DemoKit(size: view.bounds.size)
        let u = k.u
        var titles: [(String, () -> Void)] = []
        if let nav = navigationController, nav.viewControllers.first !== self {
            titles.append(("‹ Back", { [weak self] in _ = self?.navigationController?.popViewController(animated: true) }))
        }
        if navigationController != nil {
            titles.append(("Push", { [weak self] in self?.pushNext() }))
        }
        if presentingViewController != nil || navigationController?.presentingViewController != nil {
            titles.append(("Dismiss", { [weak self] in self?.dismissScreen() }))
        }
        let bw = 18 * u, bh = 5.4 * u, gap = 2 * u
        let total = Double(titles.count) * bw + Double(max(0, titles.count - 1)) * gap
        var x = (view.bounds.width - total) / 2
        for (title, action) in titles {
            let b = k.button(title, frame: Rect(x: x, y: view.bounds.height - bh - 3 * u, width: bw, height: bh),
                             fill: Color(white: 0.12, alpha: 0.82), titleColor: .white, size: 2.1)
            b.addAction(for: .touchUpInside) { action() }
            b.layer.shadowOpacity = 0.25
            b.layer.shadowRadius = 1.2 * u
            view.addSubview(b)
            controls.append(b)
            x += bw + gap
        }
    }

    func dismissScreen() {
        let root = navigationController?.viewControllers.first as? ScreenViewController ?? self
        if let t = root.dismissTransition, let window = view.window {
            let run = Transition(type: t.type, subtype: t.subtype, duration: t.duration)
            run.timingFunction = .easeInEaseOut
            window.trackTransition(named: t.type.rawValue, duration: t.duration, curve: { TimingFunction.easeInEaseOut.value(at: $0) }) {
                window.layer.add(run, forKey: nil)
            }
            dismiss(animated: false, completion: nil)
        } else {
            dismiss(animated: true, completion: nil)
        }
    }

    private func pushNext() {
        let names = DemoScreen.names
        let i = names.firstIndex(of: screenName) ?? 0
        navigationController?.pushViewController(ScreenViewController(screen: names[(i + 1) % names.count], size: view.bounds.size), animated: true)
    }
}
