// AnimationTransaction: one open `View.animate…` block — its duration, delay, curve or spring, options
// and completion group. Changes reported inside become animations keyed by property name, so a later
// change of the same property replaces the earlier animation (which then completes unfinished).
// Keyframe blocks collect their changes first and become one keyframe animation per property.

@MainActor
final class AnimationTransaction {
    enum Pacing {
        case curve(TimingFunction)
        case spring(dampingRatio: Double, velocity: Double)
    }

    let duration: Double
    let delay: Double
    let pacing: Pacing
    let options: View.AnimationOptions
    let group: CompletionGroup?
    let timeline: Timeline?
    let disablesActions: Bool
    /// Set while an `animateKeyframes` block runs: changes are collected, not animated.
    var keyframes: KeyframeCollector?
    /// Every animation this block created (a property animator takes them over).
    private(set) var created: [AttachedAnimation] = []
    /// Set by a property animator: its animations are linear and ended by it.
    var owner: AnyObject?

    init(duration: Double, delay: Double, pacing: Pacing, options: View.AnimationOptions,
         completion: ((Bool) -> Void)?, disablesActions: Bool = false) {
        // Nested blocks inherit the enclosing block's duration and curve unless told otherwise.
        let outer = ActionContext.stack.last(where: { !$0.disablesActions })
        var d = duration, p = pacing
        if let o = outer {
            if !options.contains(.overrideInheritedDuration) { d = o.duration }
            if !options.contains(.overrideInheritedCurve), case .curve = pacing { p = o.pacing }
        }
        self.duration = max(0, d)
        self.delay = max(0, delay)
        self.pacing = p
        self.options = options
        self.timeline = Timeline.current
        // Inside performWithoutAnimation (or with animations disabled) nested blocks change values at
        // once; their completions still run, on the next tick.
        let suppressed = ActionContext.stack.last?.disablesActions == true || !View.animationsEnabledFlag
        self.disablesActions = disablesActions || suppressed
        self.group = disablesActions ? nil : CompletionGroup(completion: completion, timeline: Timeline.current)
    }

    func record(_ layer: Layer, _ property: LayerProperty, from: AnimatableValue, to: AnimatableValue) {
        if let k = keyframes {
            k.record(layer, property, from: from, to: to)
            return
        }
        // A zero duration changes the value at once (UIKit); the completion still runs next tick.
        guard duration > 0 else { return }
        let existing = AnimationStore.entries(layer).last { $0.key == property.rawValue && !$0.isDone }
        var start = from
        // Without beginFromCurrentState a new animation starts where the in-flight one was going
        // (its end value), as UIKit did before additive animations.
        if let e = existing, !options.contains(.beginFromCurrentState), let p = e.animation as? PropertyAnimation {
            start = p.finalValue(model: to)
        }
        let anim: BasicAnimation
        switch pacing {
        case let .spring(zeta, v):
            anim = SpringAnimation(keyPath: property, dampingRatio: zeta, duration: duration, initialVelocity: v)
        case let .curve(tf):
            anim = BasicAnimation(keyPath: property)
            anim.timingFunction = owner == nil ? tf : nil
            anim.duration = duration
        }
        if owner != nil { anim.duration = duration }
        anim.fromValue = start
        anim.toValue = to
        anim.fillMode = .backwards
        if options.contains(.repeat) { anim.repeatCount = .infinity }
        if options.contains(.autoreverse) { anim.autoreverses = true }
        let e = AnimationEngine.attach(anim, to: layer, forKey: property.rawValue, delay: delay, group: group,
                                       replacingWithin: group)
        e.owner = owner
        e.blocksInteraction = !options.contains(.allowUserInteraction)
        created.append(e)
    }

    func finishCollecting() {
        if let k = keyframes {
            keyframes = nil
            for item in k.items where duration > 0 {
                let a = KeyframeAnimation(keyPath: item.property)
                a.duration = duration
                var times = item.times, values = item.values
                if times.last! < 1 { times.append(1); values.append(values.last!) }
                a.values = values
                a.keyTimes = times
                a.calculationMode = k.calculationMode
                a.fillMode = .backwards
                if options.contains(.repeat) { a.repeatCount = .infinity }
                if options.contains(.autoreverse) { a.autoreverses = true }
                let e = AnimationEngine.attach(a, to: item.layer, forKey: item.property.rawValue, delay: delay,
                                               group: group, replacingWithin: group)
                e.blocksInteraction = !options.contains(.allowUserInteraction)
                created.append(e)
            }
        }
        group?.seal()
    }
}

/// Collects `addKeyframe` changes: per layer and property, the values at relative times.
@MainActor
final class KeyframeCollector {
    struct Item {
        let layer: Layer
        let property: LayerProperty
        var times: [Double]
        var values: [AnimatableValue]
    }
    private(set) var items: [Item] = []
    var calculationMode: CalculationMode = .linear
    /// The relative window of the keyframe being added (the whole run outside `addKeyframe`).
    var window: (start: Double, duration: Double) = (0, 1)

    func record(_ layer: Layer, _ property: LayerProperty, from: AnimatableValue, to: AnimatableValue) {
        let s = min(max(window.start, 0), 1), e = min(max(window.start + window.duration, s), 1)
        if let i = items.firstIndex(where: { $0.layer === layer && $0.property == property }) {
            let last = items[i].values.last!
            if let t = items[i].times.last, t < s { items[i].times.append(s); items[i].values.append(last) }
            items[i].times.append(e); items[i].values.append(to)
        } else {
            var item = Item(layer: layer, property: property, times: [0], values: [from])
            if s > 0 { item.times.append(s); item.values.append(from) }
            item.times.append(e); item.values.append(to)
            items.append(item)
        }
    }
}
