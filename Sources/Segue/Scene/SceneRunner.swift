// SceneRunner: what a scene's buttons do, played through the same controllers as the demo — a
// present is seed 000's CATransition on the window's layer or a modal style, a push is the navigation
// controller's. Screens are ScreenViewControllers of DemoScreen names, so the viewer, `segue render`
// and `segue bench` all see a scene's screens through one mechanism.

@MainActor
public enum SceneRunner {
    /// Cycling presentation ("every transition in turn"): what screenshots use when no transition is chosen.
    public nonisolated static let cycleName = "*"
    private static var cycleIndex = 0

    /// Installs `scene`'s screens as DemoScreen names (replacing any earlier scene's).
    public static func install(_ scene: Scene) {
        DemoScreen.removeCustomScreens(where: { $0.origin == .scene })
        for s in scene.screens {
            DemoScreen.registerCustom(s.name, origin: .scene) { size in scene.view(forScreen: s.name, size: size) ?? View() }
        }
    }

    /// A navigation controller over `scene`'s start screen: the window's root in scene mode.
    public static func rootController(for scene: Scene, size: Size) -> NavigationController {
        NavigationController(rootViewController: ScreenViewController(screen: scene.start, size: size))
    }

    /// The controller whose screen is visible in `window` (the top of the presented chain).
    static func visibleController(in window: Window) -> ViewController? {
        var c = window.rootViewController
        while let p = c?.presentedViewController { c = p }
        if let nav = c as? NavigationController { return nav.topViewController }
        return c
    }

    /// Performs `action` for the control `sender` (its window's visible screen acts).
    public static func perform(_ action: Scene.Action, from sender: View) {
        guard let window = sender.window, let top = visibleController(in: window) else { return }
        perform(action, on: top, in: window)
    }

    public static func perform(_ action: Scene.Action, on top: ViewController, in window: Window) {
        let size = window.bounds.size
        switch action {
        case .push(let screen):
            top.navigationController?.pushViewController(ScreenViewController(screen: screen, size: size), animated: true)
        case .pop:
            _ = top.navigationController?.popViewController(animated: true)
        case .dismiss:
            if let s = (top.navigationController?.viewControllers.first ?? top) as? ScreenViewController {
                s.dismissScreen()
            } else {
                top.dismiss(animated: true, completion: nil)
            }
        case .present(let screen, var p):
            if p.name == cycleName {
                let names = Scene.presentationNames
                p.name = names[cycleIndex % names.count]
                cycleIndex += 1
            }
            let to = ScreenViewController(screen: screen, size: size)
            let nav = NavigationController(rootViewController: to)
            guard let entry = DemoCatalog.transition(named: p.name) else { return }
            switch entry.kind {
            case .effect(let type, let defaultSubtype):
                let subtype = type.usesSubtype ? (p.subtype ?? defaultSubtype) : nil
                to.dismissTransition = Transition(type: HomeViewController.reverse(type),
                                                  subtype: subtype?.horizontallyMirrored.verticallyMirrored, duration: p.duration)
                nav.modalPresentationStyle = .fullScreen
                let t = Transition(type: type, subtype: subtype, duration: p.duration)
                t.timingFunction = .easeInEaseOut
                window.trackTransition(named: type.rawValue, duration: t.duration,
                                       curve: { TimingFunction.easeInEaseOut.value(at: $0) }) {
                    window.layer.add(t, forKey: nil)
                }
                top.present(nav, animated: false, completion: nil)
            case .modal(let style):
                nav.modalTransitionStyle = style
                top.present(nav, animated: true, completion: nil)
            default:
                return
            }
        }
    }
}

extension Scene {
    /// Two screenshots as a scene: a click on the first presents the second (with `transition`, or every
    /// transition in turn), a click on the second dismisses it the way it came.
    public static func screenshots(from: Image, to: Image, transition: String? = nil, files: [String] = []) -> Scene {
        func screen(_ name: String, _ image: Image, _ tap: Action) -> Screen {
            Screen(name: name, background: .black, backgroundPicture: .file(image), title: nil, titleColor: .label,
                   statusBar: false, elements: [], tap: tap)
        }
        let p = Presentation(name: transition ?? SceneRunner.cycleName)
        return Scene(designSize: from.size, screens: [screen("from", from, .present(screen: "to", transition: p)),
                                                      screen("to", to, .dismiss)],
                     start: "from", files: files)
    }
}
