// Objective-C code says `[self.navigationController pushViewController:vc animated:YES]`; when the
// controller is not in a navigation controller (seed 000: a plain presented controller) the message goes
// to nil and nothing happens — the classic silent failure. Ported as written, without `?`, the call lands
// here: it pushes when there is a navigation controller and otherwise does nothing but say why, once per call.

extension Optional where Wrapped == NavigationController {
    @MainActor
    public func pushViewController(_ viewController: ViewController, animated: Bool) {
        guard let nav = self else {
            Diagnostics.warn("pushViewController(_:animated:) ignored: there is no navigationController, so "
                + "\(type(of: viewController)) was not pushed. A presented controller is not in a navigation "
                + "controller; present NavigationController(rootViewController:) to push inside it")
            return
        }
        nav.pushViewController(viewController, animated: animated)
    }
}
