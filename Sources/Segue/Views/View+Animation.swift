// UIView's animation API: blocks whose property changes become implicit animations (see
// ActionContext), with UIKit's exact Swift signatures and option bits. A block that changes nothing
// still calls its completion, on the next tick; completions run exactly once, `finished == false`
// when an animation was removed or replaced before it ended.

extension View {
    // MARK: animate

    public static func animate(withDuration duration: Double, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    public static func animate(withDuration duration: Double, animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public static func animate(withDuration duration: Double, delay: Double, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let tx = AnimationTransaction(duration: duration, delay: delay, pacing: .curve(options.timingFunction),
                                      options: options, completion: completion)
        ActionContext.run(tx) {
            animations()
            if options.contains(.layoutSubviews) { layoutAll(tx) }
        }
    }

    /// A spring: `dampingRatio` in (0, 1] (1: no overshoot), `velocity` in total distances per second.
    public static func animate(withDuration duration: Double, delay: Double, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let tx = AnimationTransaction(duration: duration, delay: delay,
                                      pacing: .spring(dampingRatio: dampingRatio, velocity: velocity),
                                      options: options, completion: completion)
        ActionContext.run(tx, animations)
    }

    /// Runs `actionsWithoutAnimation` with implicit animations off, even inside an animation block.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let tx = AnimationTransaction(duration: 0, delay: 0, pacing: .curve(.linear), options: [], completion: nil,
                                      disablesActions: true)
        ActionContext.stack.append(tx)
        actionsWithoutAnimation()
        ActionContext.stack.removeLast()
    }

    /// False inside `performWithoutAnimation` or after `setAnimationsEnabled(false)`.
    public static var areAnimationsEnabled: Bool {
        animationsEnabledFlag && !(ActionContext.stack.last?.disablesActions ?? false)
    }

    /// Turns implicit animations off (or back on) everywhere (UIView.setAnimationsEnabled).
    public static func setAnimationsEnabled(_ enabled: Bool) { animationsEnabledFlag = enabled }
    static var animationsEnabledFlag = true

    /// The duration of the innermost enclosing animation block, 0 outside one.
    public static var inheritedAnimationDuration: Double {
        guard let tx = ActionContext.stack.last, !tx.disablesActions else { return 0 }
        return tx.duration
    }

    private static func layoutAll(_ tx: AnimationTransaction) {
        // `.layoutSubviews`: lay out the views whose layers this block touched, so layout changes animate.
        var seen = Set<ObjectIdentifier>()
        for e in tx.createdAnimations {
            guard let v = e.layer.delegate, seen.insert(ObjectIdentifier(v)).inserted else { continue }
            v.layoutIfNeeded()
        }
    }

    // MARK: Keyframes

    public static func animateKeyframes(withDuration duration: Double, delay: Double,
                                        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let opts = AnimationOptions(rawValue: options.rawValue & 0x3ff | AnimationOptions.curveLinear.rawValue)
        let tx = AnimationTransaction(duration: duration, delay: delay, pacing: .curve(.linear), options: opts,
                                      completion: completion)
        let collector = KeyframeCollector()
        switch (options.rawValue >> 10) & 7 {
        case 1: collector.calculationMode = .discrete
        case 2: collector.calculationMode = .paced
        case 3: collector.calculationMode = .cubic
        case 4: collector.calculationMode = .cubicPaced
        default: collector.calculationMode = .linear
        }
        tx.keyframes = collector
        ActionContext.run(tx, animations)
    }

    /// Inside `animateKeyframes`: the changes `animations` makes happen between the relative times
    /// `frameStartTime` and `frameStartTime + frameDuration` (fractions of the whole run).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        guard let k = ActionContext.stack.last?.keyframes else { return animations() }
        let saved = k.window
        k.window = (frameStartTime, frameDuration)
        animations()
        k.window = saved
    }

    // MARK: Transitions

    /// Runs `animations` (not animated, unless `.allowAnimatedContent`) and cross-dissolves `view` from
    /// its look before to its look after over `duration`. Only the cross-dissolve is drawn here; the
    /// flip and curl options cross-dissolve too (their 3D effects are CATransition's, in Effects/).
    public static func transition(with view: View, duration: Double, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let before = view.layer.detachedCopy()
        let tx = AnimationTransaction(duration: duration, delay: 0, pacing: .curve(options.timingFunction),
                                      options: options, completion: completion)
        ActionContext.run(tx) {
            if options.contains(.allowAnimatedContent) {
                animations?()
            } else if let animations {
                performWithoutAnimation(animations)
            }
            guard duration > 0 else { return }
            let dissolve = Animation()
            dissolve.duration = duration
            dissolve.timingFunction = options.timingFunction
            dissolve.fillMode = .backwards
            let e = AnimationEngine.attach(dissolve, to: view.layer, forKey: "transition", delay: 0, group: tx.group)
            let overlay = CrossDissolve(old: before, layer: view.layer, entry: e,
                                        live: options.contains(.allowAnimatedContent))
            view.layer.contentOverride = overlay
            e.onRemove = { [weak layer = view.layer] in
                if layer?.contentOverride === overlay { layer?.contentOverride = nil }
            }
        }
    }
}

extension View {
    /// Replaces `fromView` with `toView` in its superview with a transition (UIView.transition(from:to:…));
    /// with `.showHideTransitionViews` it hides one and shows the other instead of removing and adding.
    public static func transition(from fromView: View, to toView: View, duration: Double,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            completion?(true)
            return
        }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }
}

extension AnimationTransaction {
    var createdAnimations: [AttachedAnimation] { created }
}
