// Modal presentation (present/dismiss). A presented controller's view lives in its own container view
// on top of the window; the animator (the transitioning delegate's, or the one for the modal transition
// style) moves views inside it. A completed `.fullScreen` presentation takes everything it covers out of
// the window (the root view, containers of presentations below) and makes it disappear; dismissing it
// puts all of that back — the presenter's view in its own place, whatever the animator did with it — so
// there is never a black screen after dismissal. `.overFullScreen` and `.custom` leave what is below in
// place and visible. A presentation or dismissal asked for while another transition runs in the window
// is refused with one warning.

extension ViewController {
    /// The outermost container controller of this one (itself when it has no parent).
    var rootAncestor: ViewController {
        var c = self
        while let p = c.parent { c = p }
        return c
    }

    /// The presentation chain from the window's root up to `self` (which must be in it).
    var presentationChain: [ViewController] {
        var chain: [ViewController] = [self]
        while let p = chain[0].presenter { chain.insert(p, at: 0) }
        return chain
    }

    /// The controllers of the chain up to `self` that are on screen: from the last full-screen one.
    var onScreenChain: [ViewController] {
        let chain = presentationChain
        let j = chain.lastIndex { $0.presenter != nil && $0.modalPresentationStyle.effective == .fullScreen } ?? 0
        return Array(chain[j...])
    }

    /// The view that puts this controller on screen: the root's own view, or a presented one's container.
    var screenSlot: View? { presenter == nil ? viewIfLoaded : presentationContainer }

    func performPresent(_ viewControllerToPresent: ViewController, animated flag: Bool, completion: (() -> Void)?) {
        let presented = viewControllerToPresent
        let presenter = rootAncestor
        let name = { (vc: ViewController) in String(describing: type(of: vc)) }
        if let current = presenter.presentedViewController {
            Diagnostics.warn("Attempt to present \(name(presented)) on \(name(presenter)) which is already presenting \(name(current)); ignored")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else {
            Diagnostics.warn("Attempt to present \(name(presented)) on \(name(presenter)) whose view is not in a window; ignored")
            return
        }
        if TransitionDriver.isRunning(in: window) {
            Diagnostics.warn("Attempt to present \(name(presented)) on \(name(presenter)) while a transition is in progress; ignored")
            return
        }
        if presented === presenter || presented.parent != nil || presented.presenter != nil
            || window.rootViewController === presented {
            Diagnostics.warn("Attempt to present \(name(presented)), which is already shown elsewhere; ignored")
            return
        }

        let style = presented.modalPresentationStyle.effective
        let delegate = presented.transitioningDelegate
        let custom = delegate?.animationController(forPresented: presented, presenting: presenter, source: self)
        let animator = custom ?? ModalTransitionAnimators.animator(for: presented.modalTransitionStyle, presenting: true)
        let interactor = custom.flatMap { delegate?.interactionControllerForPresentation(using: $0) }

        let covered = presenter.onScreenChain
        let presenterView = presenter.view!
        let container = View(frame: window.bounds)
        window.addSubview(container)
        presented.presentationContainer = container
        presented.presenterHome = presenterView.superview
        presented.presenterHomeIndex = presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0
        presenter.presentedViewController = presented
        presented.presenter = presenter

        let toView = presented.view!
        toView.frame = container.bounds
        let driver = TransitionDriver(kind: .present, window: window, container: container, from: presenter, to: presented,
                                      fromView: style == .custom ? nil : presenterView, toView: toView,
                                      animated: flag, style: style, animator: animator, interactor: interactor)
        driver.initialFrames[ObjectIdentifier(presenter)] = presenterView.frame
        driver.finalFrames[ObjectIdentifier(presenter)] = presenterView.frame
        driver.initialFrames[ObjectIdentifier(presented)] = .zero
        driver.finalFrames[ObjectIdentifier(presented)] = container.bounds
        driver.disappearing = style == .fullScreen ? covered.reversed() : []
        presented.activeModalTransition = driver
        // The window only weakly: it holds the driver (and so this closure) while the transition runs.
        driver.settle = { [unowned presenter, unowned presented, weak window] completed in
            if completed {
                if toView.superview !== container {
                    toView.frame = container.bounds
                    container.addSubview(toView)
                }
                if style == .fullScreen {
                    // Everything underneath leaves the window; the presenter's view goes home first in
                    // case the animator put it in the new container.
                    presented.putPresenterViewHome(presenter)
                    presented.coveredScreen = covered.compactMap { $0.screenSlot }.filter { $0.superview === window }
                    for v in presented.coveredScreen { v.removeFromSuperview() }
                }
            } else {
                presenter.presentedViewController = nil
                presented.presenter = nil
                presented.presentationContainer = nil
                container.removeFromSuperview()
                presented.putPresenterViewHome(presenter)
            }
        }
        driver.finished.append { completed in if completed { completion?() } }
        driver.start()
    }

    func performDismiss(animated flag: Bool, completion: (() -> Void)?) {
        let target = rootAncestor
        let presented: ViewController
        if let p = target.presentedViewController { presented = p }
        else if target.presenter != nil { presented = target }
        else { return }
        guard let presenter = presented.presenter, let container = presented.presentationContainer,
              let window = container.window else { return }
        if TransitionDriver.isRunning(in: window) {
            Diagnostics.warn("Attempt to dismiss \(type(of: presented)) while a transition is in progress; ignored")
            return
        }
        // Anything presented above goes at once, without animation (as UIKit does).
        presented.presentedViewController?.dismissAtOnce()

        let style = presented.modalPresentationStyle.effective
        let delegate = presented.transitioningDelegate
        let custom = delegate?.animationController(forDismissed: presented)
        let animator = custom ?? ModalTransitionAnimators.animator(for: presented.modalTransitionStyle, presenting: false)
        let interactor = custom.flatMap { delegate?.interactionControllerForDismissal(using: $0) }

        let presenterView = presenter.view!
        let home = presented.presenterHome ?? window
        let driver = TransitionDriver(kind: .dismiss, window: window, container: container, from: presented, to: presenter,
                                      fromView: presented.view, toView: style == .custom ? nil : presenterView,
                                      animated: flag, style: style, animator: animator, interactor: interactor)
        driver.initialFrames[ObjectIdentifier(presented)] = presented.view.frame
        driver.finalFrames[ObjectIdentifier(presented)] = presented.view.frame
        driver.initialFrames[ObjectIdentifier(presenter)] = style == .fullScreen ? .zero : presenterView.frame
        driver.finalFrames[ObjectIdentifier(presenter)] = home.bounds
        driver.appearing = style == .fullScreen ? presenter.onScreenChain : []
        presented.activeModalTransition = driver
        driver.settle = { [unowned presenter, unowned presented, weak window, weak home] completed in
            guard completed else { return }
            if let window { presented.uncover(in: window, below: container) }
            presented.putPresenterViewHome(presenter)
            if style == .fullScreen, presenterView.frame.isEmpty, let home { presenterView.frame = home.bounds }
            container.removeFromSuperview()
            presenter.presentedViewController = nil
            presented.presenter = nil
            presented.presentationContainer = nil
        }
        driver.finished.append { completed in if completed { completion?() } }
        driver.start()
    }

    /// Puts back what this full-screen presentation took out of the window, under `container`.
    func uncover(in window: Window, below container: View) {
        for v in coveredScreen where v.superview == nil {
            if container.superview === window { window.insertSubview(v, belowSubview: container) } else { window.addSubview(v) }
        }
        coveredScreen = []
    }

    /// Puts the presenter's view back where it was before this controller was presented.
    func putPresenterViewHome(_ presenter: ViewController) {
        guard let v = presenter.viewIfLoaded, let home = presenterHome ?? v.window else { return }
        if v.superview !== home {
            home.insertSubview(v, at: min(presenterHomeIndex, home.subviews.count))
        }
    }

    /// Removes this presentation (and any above it) immediately, with balanced appearance callbacks.
    func dismissAtOnce() {
        presentedViewController?.dismissAtOnce()
        guard let presenter, let container = presentationContainer else { return }
        let fullScreen = modalPresentationStyle.effective == .fullScreen
        let appearing = fullScreen ? presenter.onScreenChain : []
        beginAppearanceTransition(false, animated: false)
        for vc in appearing { vc.beginAppearanceTransition(true, animated: false) }
        if let window = container.window { uncover(in: window, below: container) }
        putPresenterViewHome(presenter)
        container.removeFromSuperview()
        presentationContainer = nil
        endAppearanceTransition()
        for vc in appearing { vc.endAppearanceTransition() }
        presenter.presentedViewController = nil
        self.presenter = nil
    }
}
