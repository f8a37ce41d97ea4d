// CONTRACT (owned by the effects work): a layer reports sublayer changes so that a CATransition
// added to it (`layer.add(transition, forKey:)`) can capture the new state and start.

@MainActor
enum TransitionHook {
    static func sublayersDidChange(_ layer: Layer) {}
}
