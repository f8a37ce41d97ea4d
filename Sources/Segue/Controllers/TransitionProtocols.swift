// The custom-transition protocols with UIKit's Swift names and signatures. Where UIKit's methods are
// optional, a protocol extension supplies the default, so a conforming type implements only what it needs.

/// Keys of a transition context: `.from` is visible at the start (and after a cancel), `.to` at the end.
public struct TransitionContextViewControllerKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = TransitionContextViewControllerKey(rawValue: "from")
    public static let to = TransitionContextViewControllerKey(rawValue: "to")
}

public struct TransitionContextViewKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = TransitionContextViewKey(rawValue: "from")
    public static let to = TransitionContextViewKey(rawValue: "to")
}

/// What the system hands an animator (UIViewControllerContextTransitioning).
@MainActor
public protocol ViewControllerContextTransitioning: AnyObject {
    var containerView: View { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: ModalPresentationStyle { get }
    func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController?
    func view(forKey key: TransitionContextViewKey) -> View?
    func initialFrame(for vc: ViewController) -> Rect
    func finalFrame(for vc: ViewController) -> Rect
    func completeTransition(_ didComplete: Bool)
    func updateInteractiveTransition(_ percentComplete: Double)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    var targetTransform: AffineTransform { get }
}

/// Something that can be interrupted and scrubbed (UIViewImplicitlyAnimating); Segue's animators
/// return nil and are driven through the transition's timeline instead.
@MainActor
public protocol ViewImplicitlyAnimating: AnyObject {}

/// An animation controller (UIViewControllerAnimatedTransitioning).
@MainActor
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double
    func animateTransition(using transitionContext: ViewControllerContextTransitioning)
    func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> ViewImplicitlyAnimating?
    func animationEnded(_ transitionCompleted: Bool)
}

extension ViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> ViewImplicitlyAnimating? { nil }
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// An interaction controller (UIViewControllerInteractiveTransitioning).
@MainActor
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning)
    var completionSpeed: Double { get }
    var completionCurve: View.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension ViewControllerInteractiveTransitioning {
    public var completionSpeed: Double { 1 }
    public var completionCurve: View.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Supplies the animator and interaction controller for a presentation (UIViewControllerTransitioningDelegate).
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning?
}

extension ViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { nil }
}

/// The navigation controller's delegate (UINavigationControllerDelegate).
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning?
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning?
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { nil }
}
