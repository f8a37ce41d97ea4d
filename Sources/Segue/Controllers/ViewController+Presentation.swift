// Modal presentation (present/dismiss). A presented controller's view lives in its own container view
// on top of the window; the animator (the transitioning delegate's, or the one for the modal transition
// style) moves views inside it. `.fullScreen` takes the presenter's view out of the window once the
// presentation completes and puts it back — in its own place — when the dismissal completes, whatever
// the animator did with it; `.overFullScreen` and `.custom` leave it in place. A presentation or dismissal
// asked for while another transition runs in the window is refused with one warning.

extension ViewController {
    /// The outermost container controller of this one (itself when it has no parent).
    var rootAncestor: ViewController {
        var c = self
        while let p = c.parent { c = p }
        return c
    }

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
        driver.fromAppears = style == .fullScreen
        presented.activeModalTransition = driver
        driver.settle = { [unowned presenter, unowned presented] completed in
            if completed {
                if toView.superview !== container {
                    toView.frame = container.bounds
                    container.addSubview(toView)
                }
                if style == .fullScreen { presenter.view.removeFromSuperview() }
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
        driver.toAppears = style == .fullScreen
        presented.activeModalTransition = driver
        driver.settle = { [unowned presenter, unowned presented] completed in
            guard completed else { return }
            presented.putPresenterViewHome(presenter)
            if style == .fullScreen, presenterView.frame.isEmpty { presenterView.frame = home.bounds }
            container.removeFromSuperview()
            presenter.presentedViewController = nil
            presented.presenter = nil
            presented.presentationContainer = nil
        }
        driver.finished.append { completed in if completed { completion?() } }
        driver.start()
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
        guard let presenter else { return }
        let style = modalPresentationStyle.effective
        beginAppearanceTransition(false, animated: false)
        if style == .fullScreen { presenter.beginAppearanceTransition(true, animated: false) }
        putPresenterViewHome(presenter)
        presentationContainer?.removeFromSuperview()
        presentationContainer = nil
        endAppearanceTransition()
        if style == .fullScreen { presenter.endAppearanceTransition() }
        presenter.presentedViewController = nil
        self.presenter = nil
    }
}
