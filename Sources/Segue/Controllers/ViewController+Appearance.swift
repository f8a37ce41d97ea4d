// Appearance callbacks as a small state machine, so they stay balanced whatever happens:
// disappeared → (will appear) appearing → (did appear) appeared → (will disappear) disappearing → …
// A cancelled transition reverses a half-done one (appearing → disappearing → disappeared), exactly the
// sequence UIKit sends. Containers forward each step to the children whose views they show.

extension ViewController {
    /// Starts an appearance change (UIKit's beginAppearanceTransition). Repeats are ignored.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            viewWillDisappear(animated)
        default:
            return
        }
        appearanceAnimated = animated
        for c in appearanceChildren { c.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the change begun last (UIKit's endAppearanceTransition).
    public func endAppearanceTransition() {
        let animated = appearanceAnimated
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(animated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(animated)
        default:
            return
        }
        for c in appearanceChildren { c.endAppearanceTransition() }
    }

    /// Runs a whole appearance change at once.
    func setAppeared(_ appeared: Bool, animated: Bool = false) {
        beginAppearanceTransition(appeared, animated: animated)
        endAppearanceTransition()
    }

    /// Brings the appearance state to `target` through legal callback sequences (used by containers to
    /// catch a child up after a step in which it could not follow the container).
    func moveAppearance(to target: AppearanceState, animated: Bool = false) {
        guard appearanceState != target else { return }
        switch target {
        case .appeared:
            if appearanceState != .appearing { beginAppearanceTransition(true, animated: animated) }
            endAppearanceTransition()
        case .disappeared:
            if appearanceState != .disappearing { beginAppearanceTransition(false, animated: animated) }
            endAppearanceTransition()
        case .appearing:
            if appearanceState == .appeared { beginAppearanceTransition(false, animated: animated) }
            beginAppearanceTransition(true, animated: animated)
        case .disappearing:
            if appearanceState == .disappeared { beginAppearanceTransition(true, animated: animated) }
            beginAppearanceTransition(false, animated: animated)
        }
    }

    /// The children that follow this controller's appearance: those whose views it shows.
    var appearanceChildren: [ViewController] {
        if let nav = self as? NavigationController { return nav.visibleChildren }
        guard let root = viewIfLoaded else { return [] }
        return children.filter { c in c.viewIfLoaded.map { $0.isDescendant(of: root) } ?? false }
    }

    /// True when this controller's view is on screen for the user: appeared.
    public var isVisible: Bool { appearanceState == .appeared }
}
