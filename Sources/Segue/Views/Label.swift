// Label: UILabel's shape. Its content is the laid-out text rasterized once into `layer.contents` (a
// bitmap of its bounds, whole pixels), redrawn only when text, font, colour, alignment, line count or
// size change — the compositor then moves and blends that bitmap like any other layer content.

@MainActor
open class Label: View {
    open var text: String? { didSet { if text != oldValue { contentDidChange() } } }
    open var font: Font = .systemFont(ofSize: 17) { didSet { if font != oldValue { contentDidChange() } } }
    open var textColor: Color = .label { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// The text colour while `isHighlighted` (nil: `textColor`).
    open var highlightedTextColor: Color? { didSet { if isHighlighted && highlightedTextColor != oldValue { setNeedsDisplay() } } }
    open var isHighlighted = false { didSet { if isHighlighted != oldValue && highlightedTextColor != nil { setNeedsDisplay() } } }
    /// A hard text shadow drawn `shadowOffset` away, under the text (nil: none).
    open var shadowColor: Color? { didSet { if shadowColor != oldValue { setNeedsDisplay() } } }
    open var shadowOffset = Size(width: 0, height: -1) { didSet { if shadowOffset != oldValue && shadowColor != nil { setNeedsDisplay() } } }
    open var textAlignment: TextAlignment = .natural { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }
    /// Lines shown at most; 0 is no limit. Text beyond the limit ends in "…".
    open var numberOfLines = 1 { didSet { if numberOfLines != oldValue { contentDidChange() } } }
    /// How lines wrap and how cut-off text ends (default: "…" at the tail).
    open var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { if lineBreakMode != oldValue { setNeedsDisplay() } } }
    /// Single-line labels shrink their font (down to `minimumScaleFactor`) to fit the width.
    open var adjustsFontSizeToFitWidth = false { didSet { if adjustsFontSizeToFitWidth != oldValue { setNeedsDisplay() } } }
    /// The smallest fraction of `font.pointSize` that `adjustsFontSizeToFitWidth` may use (0: down to 1 point).
    open var minimumScaleFactor = 0.0 { didSet { if minimumScaleFactor != oldValue { setNeedsDisplay() } } }
    /// The width `intrinsicContentSize` wraps multi-line text to (0: no wrapping).
    open var preferredMaxLayoutWidth = 0.0 { didSet { if preferredMaxLayoutWidth != oldValue { contentDidChange() } } }

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
    public convenience init(text: String, font: Font = .systemFont(ofSize: 17), textColor: Color = .label) {
        self.init(frame: .zero)
        self.text = text
        self.font = font
        self.textColor = textColor
        sizeToFit()
    }

    /// The size of the last drawn bitmap, to redraw when the bounds' size changes.
    private var drawnSize: Size?
    /// True when the text did not fit the bounds when last drawn (and so ends in "…").
    public private(set) var isTruncated = false

    /// Text, font or line count changed: redraw, and let the superview re-lay out around the new size
    /// (a button centring its title, say).
    private func contentDidChange() {
        setNeedsDisplay()
        superview?.setNeedsLayout()
    }

    // MARK: Sizing

    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty else { return .zero }
        let width = numberOfLines == 1 || size.width <= 0 ? Double.infinity : size.width
        return font.size(of: text, constrainedTo: Size(width: width, height: .infinity), numberOfLines: numberOfLines)
    }

    open override var intrinsicContentSize: Size {
        guard let text, !text.isEmpty else { return .zero }
        let width = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : .infinity
        return font.size(of: text, constrainedTo: Size(width: width, height: .infinity), numberOfLines: numberOfLines)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if drawnSize != bounds.size { setNeedsDisplay() }
    }

    // MARK: Drawing

    open override func updateContents() {
        let size = bounds.size
        drawnSize = size
        let w = Int(size.width.rounded(.up)), h = Int(size.height.rounded(.up))
        guard let text, !text.isEmpty, w > 0, h > 0 else {
            layer.contents = nil
            isTruncated = false
            return
        }
        let layout = TextLayout(text: text, font: fittingFont(for: text, width: size.width), maxWidth: size.width,
                                maxHeight: size.height, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        isTruncated = layout.isTruncated
        let bitmap = Bitmap(width: w, height: h)
        // UILabel centres its text block vertically; the top lands on a whole pixel.
        let textHeight = layout.size.height
        let top = ((size.height - textHeight) / 2).rounded(.down)
        let box = Rect(x: 0, y: top, width: size.width, height: textHeight)
        if let shadow = shadowColor {
            layout.draw(into: bitmap, in: box.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height),
                        alignment: textAlignment, color: shadow)
        }
        let color = isHighlighted ? highlightedTextColor ?? textColor : textColor
        layout.draw(into: bitmap, in: box, alignment: textAlignment, color: color)
        layer.contentsGravity = .resize
        layer.contents = bitmap
    }

    /// The font the text is drawn in: `font`, or a smaller size of it that fits a single line in `width`.
    func fittingFont(for text: String, width: Double) -> Font {
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, width > 0 else { return font }
        let natural = TextLayout(text: text, font: font).size.width
        guard natural > width else { return font }
        let smallest = max(1, font.pointSize * minimumScaleFactor)
        var size = max(smallest, font.pointSize * width / natural)
        // Advances scale linearly; kerning is rounded per size, so step down until it truly fits.
        while size > smallest, TextLayout(text: text, font: font.withSize(size)).size.width > width { size = max(smallest, size - 0.25) }
        return font.withSize(size)
    }
}
