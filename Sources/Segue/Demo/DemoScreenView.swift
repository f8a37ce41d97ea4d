// A demo screen that fits itself to whatever size it is given: it rebuilds its content when its
// bounds change size (the window was resized), and asks its owner to lay out overlays again.

@MainActor
public final class DemoScreenView: View {
    public let screenName: String
    private var builtSize: Size?
    private var content: View?
    /// The screen's content as built for the current size (the view's first subview; overlays such
    /// as a controller's floating buttons go above it).
    var contentView: View? { content }
    /// Called after the content was rebuilt for a new size.
    var onRebuild: ((DemoScreenView) -> Void)?

    public init(screen: String, frame: Rect = Rect(x: 0, y: 0, width: 1280, height: 800)) {
        screenName = screen
        super.init(frame: frame)
        backgroundColor = .white
    }

    /// Builds the content again from the screen's current definition (a scene file was reloaded).
    public func reload() {
        builtSize = nil
        setNeedsLayout()
        layoutIfNeeded()
    }

    override public func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        guard size.width >= 1, size.height >= 1, size != builtSize else { return }
        builtSize = size
        content?.removeFromSuperview()
        let c = DemoScreen.view(named: screenName, size: size) ?? View(frame: Rect(origin: .zero, size: size))
        insertSubview(c, at: 0)
        content = c
        onRebuild?(self)
    }
}
