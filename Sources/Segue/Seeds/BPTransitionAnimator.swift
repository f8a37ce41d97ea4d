// Seed 002 (bingcai, "iOS自定义转场（custom transition）"): BPTransitionAnimator, ported line for line.
// A 1 s cross-fade using view(forKey:) and the context's initial and final frames.

@MainActor
public final class BPTransitionAnimator: ViewControllerAnimatedTransitioning {
    public init() {}

    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        return 1.0
    }

    public func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let fromViewController = transitionContext.viewController(forKey: .from)!
        let toViewController = transitionContext.viewController(forKey: .to)!

        let containerView = transitionContext.containerView

        let fromView = transitionContext.view(forKey: .from)
        let toView = transitionContext.view(forKey: .to)

        fromView?.frame = transitionContext.initialFrame(for: fromViewController)
        toView?.frame = transitionContext.finalFrame(for: toViewController)

        fromView?.alpha = 1.0
        toView?.alpha = 0.0

        if let toView { containerView.addSubview(toView) }

        let transitionDuration = self.transitionDuration(using: transitionContext)

        View.animate(withDuration: transitionDuration, animations: {
            fromView?.alpha = 0.0
            toView?.alpha = 1.0
        }, completion: { finished in
            let isCancelled = transitionContext.transitionWasCancelled
            transitionContext.completeTransition(!isCancelled)
        })
    }
}

/// Seed 002's presenting page: its transitioning delegate returns a new BPTransitionAnimator both ways.
@MainActor
open class BPViewController: ViewController, ViewControllerTransitioningDelegate {
    public private(set) var presentButton: Button!

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemOrange
        let button = Button(type: .system)
        button.frame = Rect(x: 100, y: 220, width: 120, height: 44)
        button.setTitle("Present", for: .normal)
        button.addAction(for: .touchUpInside) { [unowned self] in
            let presented = BPPresentedViewController()
            presented.transitioningDelegate = self
            present(presented, animated: true, completion: nil)
        }
        view.addSubview(button)
        presentButton = button
    }

    // #pragma mark UIViewControllerTransitioningDelegate
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        return BPTransitionAnimator()
    }

    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        return BPTransitionAnimator()
    }
}

/// Seed 002's presented page, with a button that dismisses it.
@MainActor
open class BPPresentedViewController: ViewController {
    public private(set) var dismissButton: Button!

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
        let button = Button(type: .system)
        button.frame = Rect(x: 100, y: 220, width: 120, height: 44)
        button.setTitle("Dismiss", for: .normal)
        button.addAction(for: .touchUpInside) { [unowned self] in dismiss(animated: true, completion: nil) }
        view.addSubview(button)
        dismissButton = button
    }
}
