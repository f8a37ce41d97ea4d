// Layer + Transition: `layer.add(transition, forKey:)` as Core Animation spells it. The layer's current
// rendering is snapshotted at once; its next change then shows through the transition's effect.
// Adding another transition replaces a running one (its current frame becomes the new old state).

extension Layer {
    /// Starts `transition` on this layer (CALayer.add(_:forKey:) with a CATransition). The transition
    /// is copied, so changing it afterwards has no effect on this run.
    public func add(_ transition: Transition, forKey key: String?) {
        let running = RunningTransition(transition: transition.copy(), key: key, layer: self)
        let previous = contentOverride as? RunningTransition
        contentOverride = running
        previous?.finish(false)
    }

    /// The transition running on this layer under `key` (nil key: any running transition).
    public func transition(forKey key: String?) -> Transition? {
        guard let r = contentOverride as? RunningTransition, key == nil || r.key == key else { return nil }
        return r.transition
    }

    /// Stops the transition running under `key` (nil: any), showing the layer as it is now.
    public func removeTransition(forKey key: String?) {
        guard let r = contentOverride as? RunningTransition, key == nil || r.key == key else { return }
        r.finish(false)
    }
}
