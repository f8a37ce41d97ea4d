// Layer animations (CALayer's add/remove API) and the presentation layer. The model is what the
// app set; the presentation is the model with every attached animation applied at its timeline's
// current time. A layer with no animations returns its model untouched — the compositor asks every
// layer every frame.

extension Layer {
    /// The model with every running animation applied at the current time.
    public func presentationState() -> LayerState {
        let entries = AnimationStore.entries(self)
        if entries.isEmpty { return model }
        var s = model
        for e in entries { e.apply(to: &s, model: model) }
        return s
    }

    /// The presentation value of one property now.
    func presentationValue(_ property: LayerProperty) -> AnimatableValue { presentationState()[property] }

    /// A detached copy holding the in-flight values (CALayer.presentation()); nil never, but optional
    /// like UIKit so `layer.presentation()?.frame` ports unchanged.
    public func presentation() -> Layer? {
        let p = Layer()
        p.model = presentationState()
        p.anchorPoint = anchorPoint
        p.zPosition = zPosition
        p.isHidden = isHidden
        return p
    }

    /// Attaches `animation` (CALayer.add(_:forKey:)); a nil key never replaces anything. The animation
    /// object must not be changed afterwards. It follows `Timeline.current`, or the window's clock.
    public func add(_ animation: Animation, forKey key: String?) {
        let k = key ?? "anonymous-\(ObjectIdentifier(animation).hashValue)-\(AnimationStore.entries(self).count)"
        AnimationEngine.attach(animation, to: self, forKey: k, delay: 0, group: nil)
    }

    /// Removes the animation for `key`; its completion reports `finished == false`.
    public func removeAnimation(forKey key: String) {
        for e in AnimationStore.entries(self) where e.key == key { AnimationEngine.end(e, finished: false, remove: true) }
    }

    public func removeAllAnimations() {
        for e in AnimationStore.entries(self) { AnimationEngine.end(e, finished: false, remove: true) }
    }

    public func animation(forKey key: String) -> Animation? {
        AnimationStore.entries(self).last { $0.key == key }?.animation
    }

    /// True while a `View.animate` animation made without `.allowUserInteraction` runs on this layer
    /// (UIKit then keeps touches away from the view; event dispatch asks here).
    public var isAnimationBlockingInteraction: Bool {
        AnimationStore.entries(self).contains { e in
            guard e.blocksInteraction, !e.isDone, let t = e.localTime, let tl = e.timeline else { return false }
            return t >= 0 && (t < e.animation.activeDuration || !tl.isMoving)
        }
    }

    public func animationKeys() -> [String]? {
        let keys = AnimationStore.entries(self).map(\.key)
        return keys.isEmpty ? nil : keys
    }
}
