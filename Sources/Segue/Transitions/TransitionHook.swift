// CONTRACT (owned by the effects work): a layer reports sublayer changes so that a CATransition
// added to it (`layer.add(transition, forKey:)`) snapshots its new state again before the next frame.
// A change anywhere below counts: presenting a controller adds its view deep inside the window.

@MainActor
enum TransitionHook {
    static func sublayersDidChange(_ layer: Layer) {
        var l: Layer? = layer
        while let c = l {
            (c.contentOverride as? RunningTransition)?.noteChange()
            l = c.superlayer
        }
    }
}
