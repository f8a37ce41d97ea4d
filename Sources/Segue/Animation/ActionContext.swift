// CONTRACT (owned by the animation work): implicit actions. Every model change a layer makes is
// reported here (Chameleon's / Core Animation's action mechanism); inside a `View.animate` block the
// innermost open `AnimationTransaction` turns it into an animation from the presentation value to
// the new model value. Outside any block, or under `performWithoutAnimation`, nothing animates.

@MainActor
enum ActionContext {
    /// The open animation blocks, innermost last.
    static var stack: [AnimationTransaction] = []

    /// A model value changed from `from` (the presentation value just before) to `to`.
    static func layer(_ layer: Layer, didChange property: LayerProperty, from: AnimatableValue, to: AnimatableValue) {
        guard let tx = stack.last, !tx.disablesActions else { return }
        tx.record(layer, property, from: from, to: to)
    }

    /// Runs `body` inside `tx`, then seals its completion group.
    static func run(_ tx: AnimationTransaction, _ body: () -> Void) {
        stack.append(tx)
        body()
        stack.removeLast()
        tx.finishCollecting()
    }
}

@MainActor
enum AnimationHook {
    /// The layer joined a tree; animations waiting for a clock resolve their begin time.
    static func layerDidMoveToRoot(_ layer: Layer) {
        let entries = AnimationStore.entries(layer)
        guard !entries.isEmpty, let window = AnimationEngine.window(of: layer) else { return }
        window.timeline.clockOwner = window
        for e in entries where e.timeline == nil {
            e.timeline = window.timeline
            e.start = window.timeline.localTime + e.delay
        }
    }
}
