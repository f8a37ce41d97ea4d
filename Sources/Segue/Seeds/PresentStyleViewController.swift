// Seed 000, first article ("［iOS］设置页面跳转的样式（presentViewController）"): setting the style of a
// present without a navigation controller. "Default" presents as is (slides up from the bottom); the
// other buttons do what `buttonClick` does — a CATransition (duration 0.5, type and subtype as in the
// article, `pageCurl` from the right by default) added to the window's layer right before presenting.

@MainActor
open class PresentStyleViewController: ViewController {
    /// The transition types the article lists, one button each.
    public static let types: [String] = ["pageCurl", "pageUnCurl", "rippleEffect", "suckEffect", "fade", "moveIn", "reveal", "push"]
    public private(set) var buttons: [Button] = []

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let plain = Button(type: .system)
        plain.frame = Rect(x: 60, y: 60, width: 200, height: 40)
        plain.setTitle("Default", for: .normal)
        plain.addAction(for: .touchUpInside) { [unowned self] in defaultButtonClick() }
        view.addSubview(plain)
        buttons.append(plain)
        for (i, type) in Self.types.enumerated() {
            let b = Button(type: .system)
            b.frame = Rect(x: 60, y: 110 + Double(i) * 46, width: 200, height: 40)
            b.setTitle(type, for: .normal)
            b.addAction(for: .touchUpInside) { [unowned self] in buttonClick(type: type) }
            view.addSubview(b)
            buttons.append(b)
        }
    }

    // 默认跳转方式，从底部推出
    public func defaultButtonClick() {
        let viewController = ClosableViewController()
        present(viewController, animated: true, completion: nil)
    }

    // 根据需求设置跳转时的样式
    public func buttonClick(type: String = "pageCurl", subtype: TransitionSubtype = .fromRight) {
        let viewController = ClosableViewController()
        let animation = Transition()
        animation.duration = 0.5
        // type：动画类型
        animation.type = TransitionType(rawValue: type) ?? .pageCurl
        // subtype：出现的方向
        animation.subtype = subtype
        view.window?.layer.add(animation, forKey: nil)
        present(viewController, animated: true, completion: nil)
    }
}

/// A presented page with a "Close" button that dismisses it.
@MainActor
open class ClosableViewController: ViewController {
    public private(set) var closeButton: Button!

    public override init() { super.init() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal
        let close = Button(type: .system)
        close.frame = Rect(x: 20, y: 40, width: 80, height: 40)
        close.setTitle("Close", for: .normal)
        close.addAction(for: .touchUpInside) { [unowned self] in dismiss(animated: true, completion: nil) }
        view.addSubview(close)
        closeButton = close
    }
}
