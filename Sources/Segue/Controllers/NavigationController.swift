// NavigationController (UINavigationController): a stack of controllers showing the top one's view.
// `viewControllers` changes at once when you push or pop (as in UIKit); the screen follows step by step:
// each change becomes a step that animates from the shown controller to the new top, and a change asked
// for while a step runs waits for it — so a pop right after a push leaves a consistent stack. A cancelled
// interactive step puts the stack back as it was before that step.

@MainActor
open class NavigationController: ViewController {
    public enum Operation: Int, Sendable { case none, push, pop }

    public weak var delegate: NavigationControllerDelegate?

    /// The stack as shown (settled); `viewControllers` is this plus steps waiting to run.
    var committed: [ViewController] = []
    /// Changes waiting for the running step: target stacks with their animated flag.
    var pendingSteps: [(stack: [ViewController], animated: Bool)] = []
    /// The step running now, and the stack it leads to. Weak: the window holds a running transition,
    /// and the transition this controller (`owner`), so a window dropped mid-step frees both.
    weak var runningStep: TransitionDriver?
    var runningTarget: [ViewController]?

    /// Holds the shown controller's view; the container view of push/pop transitions.
    public let contentView = View()

    /// The built-in interactive pop: drag from the left edge (stands aside when the delegate animates).
    public private(set) var interactivePopGestureRecognizer: ScreenEdgePanGestureRecognizer!
    var interactivePop: PercentDrivenInteractiveTransition?

    public init(rootViewController: ViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    public override init() {
        super.init()
    }

    open override func loadView() {
        let v = NavigationView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        v.backgroundColor = .white
        v.navigation = self
        contentView.frame = v.bounds
        v.addSubview(contentView)
        view = v
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .left
        edge.addAction { [weak self, weak edge] in
            guard let self, let edge else { return }
            self.handleInteractivePop(edge)
        }
        edge.shouldBegin = { [weak self] in self?.interactivePopShouldBegin() ?? false }
        v.addGestureRecognizer(edge)
        interactivePopGestureRecognizer = edge
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = committed.last { install(top) }
    }

    // MARK: The stack

    open var viewControllers: [ViewController] {
        get { pendingSteps.last?.stack ?? runningTarget ?? committed }
        set { setViewControllers(newValue, animated: false) }
    }

    public var topViewController: ViewController? { viewControllers.last }
    public var visibleViewController: ViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        if viewControllers.contains(where: { $0 === viewController }) {
            Diagnostics.warn("Pushing \(type(of: viewController)), which is already in the navigation stack, is not supported; ignored")
            return
        }
        if viewController is NavigationController {
            Diagnostics.warn("Pushing a navigation controller is not supported; ignored")
            return
        }
        enqueue(viewControllers + [viewController], animated: animated)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        let stack = viewControllers
        guard stack.count > 1 else { return nil }
        enqueue(Array(stack.dropLast()), animated: animated)
        return stack.last
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        let stack = viewControllers
        guard stack.count > 1 else { return nil }
        enqueue([stack[0]], animated: animated)
        return Array(stack.dropFirst())
    }

    @discardableResult
    open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        let stack = viewControllers
        guard let i = stack.firstIndex(where: { $0 === viewController }), i < stack.count - 1 else { return nil }
        enqueue(Array(stack[...i]), animated: animated)
        return Array(stack[(i + 1)...])
    }

    open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        var seen = Set<ObjectIdentifier>()
        let unique = viewControllers.filter { seen.insert(ObjectIdentifier($0)).inserted && !($0 is NavigationController) }
        guard !unique.isEmpty else {
            Diagnostics.warn("A navigation controller needs at least one view controller; ignored")
            return
        }
        enqueue(unique, animated: animated)
    }

    /// Children whose appearance follows this controller's: the one shown.
    var visibleChildren: [ViewController] {
        guard runningStep == nil, let top = committed.last, top.viewIfLoaded?.superview === contentView else { return [] }
        return [top]
    }
}

/// The navigation controller's root view: keeps the content view filling it.
final class NavigationView: View {
    weak var navigation: NavigationController?

    override func layoutSubviews() {
        guard let nav = navigation else { return }
        nav.contentView.frame = bounds
        if nav.runningStep == nil, let top = nav.committed.last, let v = top.viewIfLoaded, v.superview === nav.contentView {
            v.frame = nav.contentView.bounds
        }
    }
}
