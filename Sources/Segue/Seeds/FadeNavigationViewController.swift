// Seed 003: the answer's view controller — the navigation controller's delegate (push → PushAnimator,
// pop → PopAnimator, the interaction controller while the edge is dragged) with its own left-edge
// recognizer, whose handler is ported line for line (finish if percent > 0.5 || velocity.x > 0).
// The answer calls `[self popViewControllerAnimated:]`, as if `self` were the navigation controller;
// here the page asks its navigation controller. Every page of the demo is one of these, so each sets
// itself as delegate (in viewDidLoad as the answer does, and again when it appears, since the page that
// was delegate may have been popped and released). A "Push" button pushes the next page.

@MainActor
open class FadeNavigationViewController: ViewController, NavigationControllerDelegate {
    public let page: Int
    public var interactionController: PercentDrivenInteractiveTransition?
    public private(set) var edge: ScreenEdgePanGestureRecognizer!
    public private(set) var pushButton: Button!

    public init(page: Int = 1) {
        self.page = page
        super.init()
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        let colors: [Color] = [.systemYellow, .systemTeal, .systemPink, .systemGreen, .systemPurple]
        view.backgroundColor = colors[(page - 1) % colors.count]
        title = "Page \(page)"

        navigationController?.delegate = self

        let edge = ScreenEdgePanGestureRecognizer()
        edge.addAction { [unowned self, unowned edge] in handleSwipeFromLeftEdge(edge) }
        edge.edges = .left
        view.addGestureRecognizer(edge)
        self.edge = edge

        let label = Label(text: "Page \(page)")
        label.frame = Rect(x: 20, y: 60, width: 200, height: 30)
        view.addSubview(label)
        let push = Button(type: .system)
        push.frame = Rect(x: 110, y: 220, width: 100, height: 44)
        push.setTitle("Push", for: .normal)
        push.addAction(for: .touchUpInside) { [unowned self] in
            navigationController.pushViewController(FadeNavigationViewController(page: page + 1), animated: true)
        }
        view.addSubview(push)
        pushButton = push
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.delegate = self
    }

    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        if operation == .push {
            return PushAnimator()
        }
        if operation == .pop {
            return PopAnimator()
        }
        return nil
    }

    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
        return interactionController
    }

    /// Handle swipe from left edge: creates the interaction controller when the gesture starts, updates
    /// it while it changes, and finishes (or cancels) and releases it when it ends.
    public func handleSwipeFromLeftEdge(_ gesture: ScreenEdgePanGestureRecognizer) {
        let translate = gesture.translation(in: gesture.view)
        let percent = translate.x / gesture.view!.bounds.size.width

        if gesture.state == .began {
            interactionController = PercentDrivenInteractiveTransition()
            navigationController?.popViewController(animated: true)
        } else if gesture.state == .changed {
            interactionController?.updateInteractiveTransition(percent)
        } else if gesture.state == .ended {
            let velocity = gesture.velocity(in: gesture.view)
            if percent > 0.5 || velocity.x > 0 {
                interactionController?.finishInteractiveTransition()
            } else {
                interactionController?.cancelInteractiveTransition()
            }
            interactionController = nil
        }
    }
}
