// Attaching gesture recognizers to views (UIView.addGestureRecognizer).

extension View {
    public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        if let old = gestureRecognizer.view, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !gestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        gestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        gestureRecognizers.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.isActive { gestureRecognizer.state = .cancelled }
        gestureRecognizer.session?.remove(gestureRecognizer)
        gestureRecognizer.view = nil
    }
}
