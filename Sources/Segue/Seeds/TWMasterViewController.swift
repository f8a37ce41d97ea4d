// Seed 001: the master list and its detail page. The master is the transitioning delegate
// (a new TWTransitionAnimator for each present/dismiss); tapping a row does what the storyboard's modal
// segue and prepareForSegue did: a new detail page, `.custom` presentation, self as delegate. The detail
// page's "click to dismiss" button dismisses it.

@MainActor
open class TWMasterViewController: ViewController, ViewControllerTransitioningDelegate {
    public private(set) var rows: [Button] = []

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        title = "Master"
        view.backgroundColor = .white
        for i in 0..<6 {
            let row = Button(type: .system)
            row.frame = Rect(x: 0, y: 64 + Double(i) * 44, width: 320, height: 44)
            row.setTitle("Item \(i + 1)", for: .normal)
            row.addAction(for: .touchUpInside) { [unowned self] in performSegue(row: i) }
            view.addSubview(row)
            rows.append(row)
        }
    }

    /// The modal segue to a new detail page.
    public func performSegue(row: Int) {
        let detail = TWDetailViewController()
        detail.detailItem = "Item \(row + 1)"
        prepare(for: detail)
        present(detail, animated: true, completion: nil)
    }

    // - (void)prepareForSegue:(UIStoryboardSegue *)segue sender:(id)sender
    public func prepare(for detail: TWDetailViewController) {
        detail.transitioningDelegate = self
        detail.modalPresentationStyle = .custom
    }

    // 实现UIViewControllerTransitioningDelegate中得方法
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        let animator = TWTransitionAnimator()
        animator.presenting = true
        return animator
    }

    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        let animator = TWTransitionAnimator()
        return animator
    }
}

@MainActor
open class TWDetailViewController: ViewController {
    public var detailItem: String?
    public private(set) var dismissButton: Button!

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal
        let label = Label(text: detailItem ?? "Detail")
        label.frame = Rect(x: 20, y: 60, width: 200, height: 30)
        view.addSubview(label)
        let button = Button(type: .system)
        button.frame = Rect(x: 40, y: 140, width: 160, height: 44)
        button.setTitle("click to dismiss", for: .normal)
        button.addAction(for: .touchUpInside) { [unowned self] in dismissModalView() }
        view.addSubview(button)
        dismissButton = button
    }

    // - (IBAction)dismissModalView:(id)sender
    public func dismissModalView() {
        dismiss(animated: true, completion: nil)
    }
}
