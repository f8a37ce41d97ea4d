// CONTRACT (owned by the controllers work). Placeholder.

@MainActor
enum ControllerHooks {
    static func rootViewControllerDidChange(_ window: Window, from old: ViewController?) {}
}
