// CONTRACT (owned by the animation work): placeholder hooks the layer calls. The animation engine
// replaces these bodies: an enclosing `View.animate` block turns a reported change into an animation.

@MainActor
enum ActionContext {
    /// A model value changed from `from` (the presentation value just before) to `to`.
    static func layer(_ layer: Layer, didChange property: LayerProperty, from: AnimatableValue, to: AnimatableValue) {}
}

@MainActor
enum AnimationHook {
    /// The layer joined a tree; animations waiting for a clock resolve their begin time.
    static func layerDidMoveToRoot(_ layer: Layer) {}
}

extension Layer {
    /// The presentation value of one property now.
    func presentationValue(_ property: LayerProperty) -> AnimatableValue { presentationState()[property] }

    /// The model with every running animation applied at the current time.
    public func presentationState() -> LayerState { model }
}
