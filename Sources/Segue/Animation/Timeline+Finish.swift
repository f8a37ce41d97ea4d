// Ending a timeline's animations on demand — the controllers' handle for a finished or cancelled
// interactive transition (see AnimationEngine's header for what happens automatically on ramps).

extension Timeline {
    /// Ends every animation on this timeline or below it now: completions run with `finished == true`;
    /// with `reverted`, animated model values return to where the animations started from.
    public func finishAnimations(reverted: Bool) {
        AnimationEngine.finishAnimations(in: self, reverted: reverted)
    }

    /// True while some animation is attached to this timeline or below it.
    public var hasAnimations: Bool {
        AnimationStore.byLayer.values.contains { $0.contains { !$0.isDone && $0.timeline?.isDescendant(of: self) == true } }
    }
}
