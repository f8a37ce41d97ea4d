// How the navigation controller's screen follows its stack: one step at a time, each from the shown
// top to the new top. Off screen (view not loaded or not in a window) or not animated, a step is
// applied at once; otherwise a TransitionDriver runs the delegate's animator or the default slide,
// interactively when an interaction controller is supplied.

extension NavigationController {
    func enqueue(_ stack: [ViewController], animated: Bool) {
        pendingSteps.append((stack, animated))
        runNextStep()
    }

    func runNextStep() {
        while runningStep == nil, !pendingSteps.isEmpty {
            let step = pendingSteps.removeFirst()
            run(step.stack, animated: step.animated)
        }
    }

    /// Catches the shown child up with this controller's own appearance (it could not follow while a step
    /// ran) and makes sure every other one — including `also`, controllers just removed — has disappeared.
    func reconcileChildAppearance(also others: [ViewController] = []) {
        let top = committed.last
        for c in committed + others where c !== top { c.moveAppearance(to: .disappeared) }
        if let top, top.viewIfLoaded?.superview === contentView { top.moveAppearance(to: appearanceState) }
    }

    /// Puts `vc`'s view in the content view, full size.
    func install(_ vc: ViewController) {
        guard isViewLoaded else { return }
        let v = vc.view!
        v.frame = contentView.bounds
        if v.superview !== contentView { contentView.addSubview(v) }
    }

    private func run(_ target: [ViewController], animated: Bool) {
        // The content view must have its final size before frames are handed out.
        if isViewLoaded { view.layoutIfNeeded() }
        let old = committed
        guard let to = target.last else { return }
        let from = old.last
        let added = target.filter { t in !old.contains { $0 === t } }
        let removed = old.filter { o in !target.contains { $0 === o } }
        for a in added { addChild(a) }
        for r in removed { r.willMove(toParent: nil) }

        let shown = appearanceState == .appeared
        guard let from, from !== to, animated, isViewLoaded, let window = view.window else {
            // At once.
            let swaps = from !== to && isViewLoaded
            let state = appearanceState
            if swaps {
                delegate?.navigationController(self, willShow: to, animated: false)
                if state == .appeared || state == .appearing {
                    from?.beginAppearanceTransition(false, animated: false)
                    to.beginAppearanceTransition(true, animated: false)
                }
            }
            committed = target
            if swaps {
                if let fv = from?.viewIfLoaded, fv.superview === contentView { fv.removeFromSuperview() }
                install(to)
                if state == .disappearing { from?.beginAppearanceTransition(false, animated: false) }
                if state != .disappeared { from?.endAppearanceTransition() }
                if state == .appeared { to.endAppearanceTransition() }
            }
            for a in added { a.didMove(toParent: self) }
            for r in removed { r.removeFromParent() }
            reconcileChildAppearance(also: old)
            if swaps { delegate?.navigationController(self, didShow: to, animated: false) }
            return
        }

        let operation: Operation = old.contains { $0 === to } ? .pop : .push
        let custom = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
        let animator = custom ?? NavigationSlideAnimator(operation: operation)
        let interactor = custom != nil
            ? delegate?.navigationController(self, interactionControllerFor: custom!)
            : (operation == .pop ? interactivePop : nil)
        delegate?.navigationController(self, willShow: to, animated: true)

        let driver = TransitionDriver(kind: operation == .push ? .push : .pop, window: window, container: contentView,
                                      from: from, to: to, fromView: from.view, toView: to.view, animated: true,
                                      style: .fullScreen, animator: animator, interactor: interactor)
        driver.initialFrames[ObjectIdentifier(from)] = contentView.bounds
        driver.finalFrames[ObjectIdentifier(from)] = contentView.bounds
        driver.initialFrames[ObjectIdentifier(to)] = operation == .pop ? contentView.bounds : .zero
        driver.finalFrames[ObjectIdentifier(to)] = contentView.bounds
        if operation == .push { to.view.frame = contentView.bounds }
        if !shown { driver.disappearing = []; driver.appearing = [] }
        runningStep = driver
        runningTarget = target
        driver.owner = self
        driver.settle = { [unowned self] completed in
            let keep = completed ? to : from
            if completed { committed = target }
            for v in contentView.subviews where v !== keep.viewIfLoaded { v.removeFromSuperview() }
            if keep.viewIfLoaded?.superview !== contentView { install(keep) }
        }
        driver.finished.append { [unowned self] completed in
            runningStep = nil
            runningTarget = nil
            reconcileChildAppearance(also: old + target)
            if completed {
                for a in added { a.didMove(toParent: self) }
                for r in removed { r.removeFromParent() }
                delegate?.navigationController(self, didShow: to, animated: true)
            } else {
                for a in added { a.willMove(toParent: nil); a.removeFromParent() }
                for r in removed { r.didMove(toParent: self) }
            }
            runNextStep()
        }
        driver.start()
    }
}
