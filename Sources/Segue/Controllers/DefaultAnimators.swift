// The animators used when no delegate supplies one. Until the animation engine (branch `anim`) lands,
// there are none: default transitions swap at once (the driver treats a nil animator as not animated).
// The slide and modal style animators arrive with the engine merge.

@MainActor
enum ModalTransitionAnimators {
    static func animator(for style: ModalTransitionStyle, presenting: Bool) -> ViewControllerAnimatedTransitioning? { nil }
}

@MainActor
enum NavigationSlideAnimator {
    static func animator(for operation: NavigationController.Operation) -> ViewControllerAnimatedTransitioning? { nil }
}
