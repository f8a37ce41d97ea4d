// CONTRACT (owned by the controllers work): the window's root view controller. Its view fills the
// window under everything presented; the old root's presentations go at once and it disappears.
// When the window changes size, the root view, the presentation containers and the presented views that
// fill them follow (a `.custom` presented view keeps the frame its animator gave it).

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

    static func windowDidLayout(_ window: Window) {
        let b = window.bounds
        guard let root = window.rootViewController else { return }
        if let v = root.viewIfLoaded, v.frame != b {
            v.frame = b
            if v.window !== window { v.layoutIfNeeded() }   // covered: not reached by the window's layout pass
        }
        let busy = TransitionDriver.isRunning(in: window)
        var p = root.presentedViewController
        while let vc = p {
            if let c = vc.presentationContainer, c.frame != b {
                let old = c.bounds
                c.frame = b
                if !busy, vc.modalPresentationStyle.effective != .custom, let v = vc.viewIfLoaded,
                   v.superview === c, v.frame == old {
                    v.frame = c.bounds
                }
                if c.window !== window { c.layoutIfNeeded() }
            }
            p = vc.presentedViewController
        }
    }
}
