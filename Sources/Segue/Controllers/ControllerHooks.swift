// CONTRACT (owned by the controllers work): the window's root view controller. Its view fills the
// window under everything presented; the old root's presentations go at once and it disappears.

@MainActor
enum ControllerHooks {
    static func rootViewControllerDidChange(_ window: Window, from old: ViewController?) {
        if let old {
            old.presentedViewController?.dismissAtOnce()
            old.beginAppearanceTransition(false, animated: false)
            if let v = old.viewIfLoaded, v.superview === window { v.removeFromSuperview() }
            old.endAppearanceTransition()
        }
        guard let root = window.rootViewController else { return }
        let v = root.view!
        v.frame = window.bounds
        root.beginAppearanceTransition(true, animated: false)
        window.insertSubview(v, at: 0)
        root.endAppearanceTransition()
    }
}
