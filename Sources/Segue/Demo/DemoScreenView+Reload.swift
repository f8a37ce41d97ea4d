// Reloading demo screens in place: after a scene file changes, every screen view on screen rebuilds
// its content from the new definition, keeping the navigation state (what is pushed and presented).

extension DemoScreenView {
    /// Every DemoScreenView under `root` rebuilds at its next layout.
    public static func reloadAll(in root: View) {
        if let s = root as? DemoScreenView { s.reload() }
        for v in root.subviews { reloadAll(in: v) }
    }
}
