// Button: UIButton's shape — a Control holding an optional image view and a title label, laid out
// centred as one row. Titles, title colours and images are kept per state with UIKit's fallback to
// .normal. System buttons draw in the tint colour (systemBlue unless set) and fade to 20 % while
// highlighted; custom buttons default to white titles. Fills and rounded corners come from the
// layer (`backgroundColor`, `layer.cornerRadius`), so pill buttons need no drawing of their own.

@MainActor
open class Button: Control {
    /// UIButton.ButtonType's shape (the two kinds that matter for content).
    public enum ButtonType: Sendable { case custom, system }

    public let buttonType: ButtonType

    private let label = Label()
    private let imageContent = ImageView()
    private let backgroundContent = ImageView()
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: Color] = [:]
    private var images: [UInt: Image] = [:]
    private var backgroundImages: [UInt: Image] = [:]

    /// Space around the content inside the bounds (UIButton.contentEdgeInsets).
    open var contentEdgeInsets = EdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Space between the image and the title when both show.
    open var imageTitleSpacing = 0.0 { didSet { setNeedsLayout() } }

    public init(type: ButtonType) {
        buttonType = type
        super.init(frame: .zero)
        setUp()
    }

    public override init(frame: Rect) {
        buttonType = .custom
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        label.font = .systemFont(ofSize: 15)
        label.numberOfLines = 1
        label.textAlignment = .center
        imageContent.contentMode = .center
        backgroundContent.contentMode = .scaleToFill
        addSubview(backgroundContent)
        addSubview(imageContent)
        addSubview(label)
        refresh()
    }

    /// The label showing the current title (UIKit's optional, so `titleLabel?.font = …` ports as is).
    public var titleLabel: Label? { label }
    /// The image view showing the current image.
    public var imageView: ImageView? { imageContent }

    // MARK: Per-state content

    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }
    /// The title for `state`, falling back to the .normal title.
    public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state.rawValue] = color
        refresh()
    }
    /// The title colour for `state`: set for it, else set for .normal, else the type's default.
    public func titleColor(for state: State) -> Color? {
        if let c = titleColors[state.rawValue] ?? lookup(titleColors, state) { return c }
        return defaultTitleColor(for: state)
    }

    public func setImage(_ image: Image?, for state: State) {
        images[state.rawValue] = image
        refresh()
    }
    public func image(for state: State) -> Image? { images[state.rawValue] ?? lookup(images, state) }

    /// An image stretched over the whole button, under the content (per state, falling back to .normal).
    public func setBackgroundImage(_ image: Image?, for state: State) {
        backgroundImages[state.rawValue] = image
        refresh()
    }
    public func backgroundImage(for state: State) -> Image? { backgroundImages[state.rawValue] ?? lookup(backgroundImages, state) }

    public var currentTitle: String? { title(for: state) }
    public var currentTitleColor: Color { titleColor(for: state) ?? .label }
    public var currentImage: Image? { image(for: state) }
    public var currentBackgroundImage: Image? { backgroundImage(for: state) }

    /// Falls back from a combined state to its most specific set part, then to .normal.
    private func lookup<T>(_ table: [UInt: T], _ state: State) -> T? {
        for s in [State.disabled, .highlighted, .selected] where state.contains(s) {
            if let v = table[s.rawValue] { return v }
        }
        return table[State.normal.rawValue]
    }

    private func defaultTitleColor(for state: State) -> Color {
        switch buttonType {
        case .custom: return .white
        case .system:
            if state.contains(.disabled) { return Color(white: 0.55, alpha: 0.8) }
            return tintColor
        }
    }

    // MARK: State

    open override func stateDidChange() { refresh() }
    open override func tintColorDidChange() { refresh() }
    open override func didMoveToSuperview() { refresh() }

    private func refresh() {
        let s = state
        label.text = title(for: s)
        var color = titleColor(for: s) ?? .label
        let fades = buttonType == .system && s.contains(.highlighted) && titleColors[s.rawValue] == nil
        if fades { color = color.withAlphaComponent(color.alpha * 0.2) }
        label.textColor = color
        imageContent.image = image(for: s)
        imageContent.alpha = fades ? 0.2 : 1
        backgroundContent.image = backgroundImage(for: s)
        setNeedsLayout()
    }

    // MARK: Layout

    private var titleSize: Size {
        guard let t = label.text, !t.isEmpty else { return .zero }
        return label.sizeThatFits(Size(width: .infinity, height: .infinity))
    }

    private var contentSize: Size {
        let t = titleSize, i = imageContent.image?.size ?? .zero
        let gap = t.width > 0 && i.width > 0 ? imageTitleSpacing : 0
        return Size(width: t.width + gap + i.width, height: max(t.height, i.height))
    }

    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    open override var intrinsicContentSize: Size {
        let c = contentSize
        let insets = contentEdgeInsets
        // UIKit's buttons are 30 points tall for a 15-point title: 6 points above and below the text.
        let pad = insets == .zero && label.text?.isEmpty == false ? 6.0 : 0
        return Size(width: c.width + insets.left + insets.right,
                    height: c.height + insets.top + insets.bottom + 2 * pad)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundContent.isHidden = backgroundContent.image == nil
        backgroundContent.frame = bounds
        let area = bounds.inset(by: contentEdgeInsets)
        let t = titleSize, i = imageContent.image?.size ?? .zero
        let c = contentSize
        var x = (area.midX - c.width / 2).rounded()
        imageContent.isHidden = imageContent.image == nil
        if i.width > 0 {
            imageContent.frame = Rect(x: x, y: (area.midY - i.height / 2).rounded(), width: i.width, height: i.height)
            x += i.width + (t.width > 0 ? imageTitleSpacing : 0)
        }
        label.isHidden = t.width == 0
        label.frame = Rect(x: x, y: (area.midY - t.height / 2).rounded(), width: t.width, height: t.height)
    }
}
