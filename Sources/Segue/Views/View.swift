// View: UIView's shape over a Layer. Geometry and appearance forward to the layer (so they animate
// through the layer's one change mechanism); the view adds the tree of views, hit testing,
// coordinate conversion, layout and event delivery.

@MainActor
open class View {
    public let layer: Layer

    public init(frame: Rect) {
        layer = Layer()
        layer.delegate = self
        layer.frame = frame
    }
    public convenience init() { self.init(frame: .zero) }

    // MARK: Geometry

    public var frame: Rect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != old { setNeedsLayout() }
        }
    }
    public var bounds: Rect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != old { setNeedsLayout() }
        }
    }
    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The 2D transform; reading it returns the affine part of `layer.transform`.
    public var transform: AffineTransform {
        get { layer.transform.affine }
        set { layer.transform = Transform3D(newValue) }
    }
    public var transform3D: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    public var alpha: Double {
        get { layer.opacity }
        set { layer.opacity = newValue }
    }
    public var backgroundColor: Color? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    public var isUserInteractionEnabled = true
    public var tag = 0

    // MARK: Tree

    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?

    /// The window this view is in, if any.
    open var window: Window? {
        var v: View? = self
        while let c = v {
            if let w = c as? Window { return w }
            v = c.superview
        }
        return nil
    }

    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    public func insertSubview(_ view: View, at index: Int) {
        if view === self { return }
        let oldWindow = view.window
        if view.superview === self, let i = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: i)
        } else {
            view.detach()
            view.willMove(toSuperview: self)
        }
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        view.superview = self
        // Keep the layer order equal to the view order.
        if i + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[i + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        // What the new subtree still needs, its new ancestors now have below them.
        markPending(layout: view.subtreeNeedsLayout, display: view.subtreeNeedsDisplay)
        view.didMoveToSuperview()
        if oldWindow !== window { view.notifyWindowChange() }
        didAddSubview(view)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let j = subviews.firstIndex(where: { $0 === view })
        insertSubview(view, at: j.map { $0 < i ? i - 1 : i } ?? i)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let j = subviews.firstIndex(where: { $0 === view })
        insertSubview(view, at: j.map { $0 < i ? i : i + 1 } ?? i + 1)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    public func removeFromSuperview() {
        guard superview != nil else { return }
        let hadWindow = window != nil
        willMove(toSuperview: nil)
        detach()
        didMoveToSuperview()
        if hadWindow { notifyWindowChange() }
    }

    private func detach() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    private func notifyWindowChange() {
        didMoveToWindow()
        for s in subviews { s.notifyWindowChange() }
    }

    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let c = v { if c === view { return true }; v = c.superview }
        return false
    }

    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }

    open func willMove(toSuperview newSuperview: View?) {}
    open func didMoveToSuperview() {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: View) {}
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Layout

    private(set) var needsLayout = true
    /// Whether this view or one below it needs layout, so the pass skips still subtrees — a screen of
    /// a thousand views costs nothing a frame while it only moves. Set up the superview chain by
    /// `setNeedsLayout` and when a subtree that needs it is attached (`markPending`).
    private var subtreeNeedsLayout = true
    public func setNeedsLayout() { needsLayout = true; markPending(layout: true); layer.setNeedsComposite() }
    /// Lays out what needs it, from the topmost of this view's ancestors that needs layout itself (as
    /// Core Animation does: their layout may resize this view) down through this view's subtree.
    public func layoutIfNeeded() {
        var top = self
        while let s = top.superview, s.needsLayout { top = s }
        top.layoutSubtreeIfNeeded()
    }

    private func layoutSubtreeIfNeeded() {
        guard subtreeNeedsLayout else { return }
        subtreeNeedsLayout = false
        if needsLayout { needsLayout = false; layoutSubviews() }
        for s in subviews { s.layoutSubtreeIfNeeded() }
    }
    open func layoutSubviews() {}

    // MARK: Content

    /// Views with custom content redraw it here into `layer.contents`; the default has none.
    open func updateContents() {}

    /// Asks for `updateContents()` before the next composite.
    public func setNeedsDisplay() { needsDisplay = true; markPending(display: true); layer.setNeedsComposite() }
    var needsDisplay = true
    /// Whether this view or one below it needs `updateContents()` (as `subtreeNeedsLayout`).
    private var subtreeNeedsDisplay = true

    func displayIfNeeded() {
        guard subtreeNeedsDisplay else { return }
        subtreeNeedsDisplay = false
        if needsDisplay { needsDisplay = false; updateContents() }
        for s in subviews { s.displayIfNeeded() }
    }

    /// Marks this view and its ancestors as having layout or display pending below them.
    private func markPending(layout: Bool = false, display: Bool = false) {
        guard layout || display else { return }
        var v: View? = self
        while let c = v {
            if layout { c.subtreeNeedsLayout = true }
            if display { c.subtreeNeedsDisplay = true }
            v = c.superview
        }
    }

    // MARK: Sizing (content views override)

    /// UIView.noIntrinsicMetric.
    public static let noIntrinsicMetric = -1.0
    /// The natural size of the view's content (noIntrinsicMetric in a dimension that has none).
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
    /// The size that best fits `size`; the default keeps the current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame's origin.
    public func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        frame = Rect(origin: frame.origin, size: s)
    }

    // MARK: Tint

    private var explicitTintColor: Color?
    /// The tint (UIView.tintColor): set here, or inherited from the superview; systemBlue at the root.
    /// Setting nil returns to the inherited tint.
    public var tintColor: Color! {
        get { explicitTintColor ?? superview?.tintColor ?? .systemBlue }
        set { explicitTintColor = newValue; tintDidChangeHere() }
    }
    /// Called when the effective tint changes (set here or on an ancestor).
    open func tintColorDidChange() {}
    private func tintDidChangeHere() {
        tintColorDidChange()
        for s in subviews where s.explicitTintColor == nil { s.tintDidChangeHere() }
    }

    // MARK: Hit testing

    /// The deepest visible, interactive descendant containing `point` (in this view's coordinates).
    open func hitTest(_ point: Point) -> View? {
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, self.point(inside: point) else { return nil }
        for s in subviews.reversed() {
            guard let p = s.layer.transformToSuperlayer.unproject(point) else { continue }
            if let hit = s.hitTest(p) { return hit }
        }
        return self
    }
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    // MARK: Touches (UIResponder's shape; the window's event dispatch calls these)

    open func touchesBegan(_ touches: [Touch], with event: Event?) {}
    open func touchesMoved(_ touches: [Touch], with event: Event?) {}
    open func touchesEnded(_ touches: [Touch], with event: Event?) {}
    open func touchesCancelled(_ touches: [Touch], with event: Event?) {}

    // MARK: Gestures (filled by Gestures/)

    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
}
