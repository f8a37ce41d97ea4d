// Child view-controller containment (UIKit's addChild / removeFromParent): `addChild` calls the
// child's willMove(toParent:), the container adds the view and calls didMove(toParent:) itself;
// `removeFromParent` calls didMove(toParent: nil) after the container called willMove(toParent: nil).

extension ViewController {
    public func addChild(_ child: ViewController) {
        guard child !== self else { return }
        if child.parent === self { return }
        if child.parent != nil { child.removeFromParent() }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    public func removeFromParent() {
        guard let p = parent else { return }
        p.children.removeAll { $0 === self }
        parent = nil
        didMove(toParent: nil)
    }
}
