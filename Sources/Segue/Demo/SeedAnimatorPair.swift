// The seeds' animators as delegates the demo can hand to a presentation or a navigation controller:
// each presenting animator with the dismissing one it belongs with, as in its tutorial.

@MainActor
final class SeedAnimatorPair: ViewControllerTransitioningDelegate, NavigationControllerDelegate {
    /// The entries that start something (the others are their way back).
    static let presenting: [DemoTransition.SeedAnimator] = [.springInset, .flyToButton, .crossfadeFrames, .fadeOffsetPush, .fadePush]

    let kind: DemoTransition.SeedAnimator
    init(_ kind: DemoTransition.SeedAnimator) { self.kind = kind }

    var isNavigation: Bool { [.fadeOffsetPush, .fadePush, .fadePop].contains(kind) }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning? {
        switch kind {
        case .springInset, .rotatingDismiss:
            let a = TWTransitionAnimator(); a.presenting = true; return a
        case .flyToButton, .flyFromButton:
            let a = PDTransitionAnimator(); a.animationType = .present; return a
        default: return BPTransitionAnimator()
        }
    }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        switch kind {
        case .springInset, .rotatingDismiss: return TWTransitionAnimator()
        case .flyToButton, .flyFromButton:
            let a = PDTransitionAnimator(); a.animationType = .dismiss; return a
        default: return BPTransitionAnimator()
        }
    }

    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        switch (kind, operation) {
        case (.fadeOffsetPush, .push): return MTHCustomAnimator()
        case (_, .push): return PushAnimator()
        case (_, .pop): return PopAnimator()
        default: return nil
        }
    }
}
