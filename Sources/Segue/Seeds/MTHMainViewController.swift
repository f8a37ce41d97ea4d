// Seed 000: MTHMainViewController, the demo's main page, ported line for line. It is the navigation
// controller's delegate (push → MTHCustomAnimator) and the next page's transitioning delegate
// (.custom present/dismiss → PDTransitionAnimator); a pan starting on the right half of the screen
// presents the next page interactively (finish past half way, else cancel). Buttons are Segue's Button.

@MainActor
open class MTHMainViewController: ViewController, NavigationControllerDelegate, ViewControllerTransitioningDelegate {
    public var customAnimator: MTHCustomAnimator!
    public var minToMaxAnimator: PDTransitionAnimator!
    public var nextVC: MTHNextViewController!
    // 交互控制器 (Interaction Controllers) 通过遵从 UIViewControllerInteractiveTransitioning 协议来控制可交互式的转场。
    public var interactionController: PercentDrivenInteractiveTransition?
    public private(set) var pushButton: Button!
    public private(set) var modalButton: Button!
    public private(set) var panRecognizer: PanGestureRecognizer!

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        // Do any additional setup after loading the view.
        title = "Demo"
        view.backgroundColor = .yellow
        // 设置代理
        navigationController?.delegate = self
        // 设置转场动画
        customAnimator = MTHCustomAnimator()
        minToMaxAnimator = PDTransitionAnimator()
        nextVC = MTHNextViewController()
        // Present的代理和自定义设置
        nextVC.transitioningDelegate = self
        nextVC.modalPresentationStyle = .custom

        let pushButton = Button(type: .system)
        pushButton.frame = Rect(x: 140, y: 200, width: 40, height: 40)
        pushButton.setTitle("Push", for: .normal)
        pushButton.addAction(for: .touchUpInside) { [unowned self] in push() }
        view.addSubview(pushButton)
        self.pushButton = pushButton

        // Present
        let modalButton = Button(type: .system)
        modalButton.frame = Rect(x: 265, y: 500, width: 50, height: 50)
        modalButton.setTitle("Modal", for: .normal)
        modalButton.addAction(for: .touchUpInside) { [unowned self] in modal() }
        view.addSubview(modalButton)
        self.modalButton = modalButton

        // 实现交互操作的手势
        let panRecognizer = PanGestureRecognizer()
        panRecognizer.addAction { [unowned self, unowned panRecognizer] in didClickPanGestureRecognizer(panRecognizer) }
        navigationController?.view.addGestureRecognizer(panRecognizer)
        self.panRecognizer = panRecognizer
    }

    public func push() {
        navigationController.pushViewController(nextVC, animated: true)
    }

    public func modal() {
        present(nextVC, animated: true, completion: nil)
    }

    // MARK: - UINavigationControllerDelegate iOS7新增的2个方法

    // 动画特效
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        if operation == .push {
            return customAnimator
        }
        return nil
    }

    // 在非交互式动画效果中，该方法返回 nil
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
        return interactionController
    }

    // MARK: - Transitioning Delegate (Modal)

    // 前2个用于动画
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        minToMaxAnimator.animationType = .present
        return minToMaxAnimator
    }

    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        minToMaxAnimator.animationType = .dismiss
        return minToMaxAnimator
    }

    // 后2个用于交互
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
        return interactionController
    }

    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
        return interactionController
    }

    // MARK: - 手势交互的主要实现--->UIPercentDrivenInteractiveTransition

    public func didClickPanGestureRecognizer(_ recognizer: PanGestureRecognizer) {
        let view = self.view!
        if recognizer.state == .began {
            // 获取手势的触摸点坐标
            let location = recognizer.location(in: view)
            // 判断,用户从右半边滑动的时候,推出下一个VC
            if location.x > view.bounds.midX && navigationController!.viewControllers.count == 1 {
                interactionController = PercentDrivenInteractiveTransition()
                present(nextVC, animated: true, completion: nil)
            }
        } else if recognizer.state == .changed {
            // 获取手势在视图上偏移的坐标
            let translation = recognizer.translation(in: view)
            // 根据手指拖动的距离计算一个百分比，切换的动画效果也随着这个百分比来走
            let distance = abs(translation.x / view.bounds.width)
            // 交互控制器控制动画的进度
            interactionController?.updateInteractiveTransition(distance)
        } else if recognizer.state == .ended {
            let translation = recognizer.translation(in: view)
            let distance = abs(translation.x / view.bounds.width)
            // 移动超过一半就强制完成
            if distance > 0.5 {
                interactionController?.finishInteractiveTransition()
            } else {
                interactionController?.cancelInteractiveTransition()
            }
            // 结束后一定要置为nil
            interactionController = nil
        }
    }
}

/// Seed 000's next page (not shown in the article): a "Back" button that dismisses or pops it, and a
/// "Push" button — from the presented page it shows the article's pitfall: a presented controller has no
/// navigation controller, so the push does nothing (Segue says why on stderr).
@MainActor
open class MTHNextViewController: ViewController {
    public private(set) var backButton: Button!
    public private(set) var pushButton: Button!

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal
        let back = Button(type: .system)
        back.frame = Rect(x: 20, y: 40, width: 80, height: 40)
        back.setTitle("Back", for: .normal)
        back.addAction(for: .touchUpInside) { [unowned self] in
            if presentingViewController != nil { dismiss(animated: true, completion: nil) }
            else { navigationController?.popViewController(animated: true) }
        }
        view.addSubview(back)
        backButton = back
        let push = Button(type: .system)
        push.frame = Rect(x: 120, y: 200, width: 80, height: 40)
        push.setTitle("Push", for: .normal)
        push.addAction(for: .touchUpInside) { [unowned self] in
            let next = ViewController()
            next.view.backgroundColor = .systemOrange
            navigationController.pushViewController(next, animated: true)
        }
        view.addSubview(push)
        pushButton = push
    }
}
