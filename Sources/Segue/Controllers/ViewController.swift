// CONTRACT (owned by the controllers work): UIViewController's shape. A controller owns one view,
// loaded lazily (`loadView` then `viewDidLoad` on first access), tells it when it appears and disappears
// (balanced callbacks, also when an interactive transition is cancelled), holds child controllers, and
// presents other controllers modally. Presentation and containment live in their own files.

@MainActor
open class ViewController {
    public init() {}

    // MARK: The view

    private var loadedView: View?

    /// The root view, loaded on first access.
    open var view: View! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    public func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if loadedView == nil { loadedView = View(frame: Rect(x: 0, y: 0, width: 320, height: 480)) }
        isLoadingView = false
        viewDidLoad()
    }
    private var isLoadingView = false

    /// Creates the view. The default makes a plain view with a white background.
    open func loadView() {
        let v = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        v.backgroundColor = .white
        view = v
    }

    open func viewDidLoad() {}

    open var title: String?

    // MARK: Appearance (see ViewController+Appearance.swift)

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// Where the controller stands in its appearance cycle.
    public internal(set) var appearanceState: AppearanceState = .disappeared

    var appearanceAnimated = false

    public enum AppearanceState: Sendable { case disappeared, appearing, appeared, disappearing }

    // MARK: Containment (see ViewController+Containment.swift)

    public internal(set) var children: [ViewController] = []
    public internal(set) weak var parent: ViewController?

    open func willMove(toParent parent: ViewController?) {}
    open func didMove(toParent parent: ViewController?) {}

    /// The nearest navigation controller up the parent chain (presented controllers have none
    /// unless they are in one).
    open var navigationController: NavigationController? {
        var p = parent
        while let c = p {
            if let n = c as? NavigationController { return n }
            p = c.parent
        }
        return nil
    }

    // MARK: Presentation (see ViewController+Presentation.swift)

    /// The controller this one presented (strong, as UIKit keeps it).
    public internal(set) var presentedViewController: ViewController?
    /// The controller that presented this one (or an ancestor's presenter for a child).
    public var presentingViewController: ViewController? {
        var c: ViewController? = self
        while let x = c {
            if let p = x.presenter { return p }
            c = x.parent
        }
        return nil
    }
    weak var presenter: ViewController?

    /// Presents `viewControllerToPresent` modally over this controller's outermost container.
    open func present(_ viewControllerToPresent: ViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresent(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented, or this one if it was presented.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismiss(animated: flag, completion: completion)
    }

    public weak var transitioningDelegate: ViewControllerTransitioningDelegate?
    open var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    open var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// Whether this controller's view is being presented or dismissed right now.
    public var isBeingPresented: Bool { activeModalTransition?.isPresenting == true }
    public var isBeingDismissed: Bool { activeModalTransition?.isPresenting == false }
    weak var activeModalTransition: TransitionDriver?
    /// The container view (in the window) that holds this controller's view while it is presented.
    var presentationContainer: View?
    /// Where the presenter's view lived when this controller was presented (restored after dismissal).
    weak var presenterHome: View?
    var presenterHomeIndex = 0
    /// What a completed full-screen presentation took out of the window (the root view, containers of
    /// presentations below), bottom to top; put back when it is dismissed.
    var coveredScreen: [View] = []
}
