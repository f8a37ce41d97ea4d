// Layer: the render-tree node (CALayer's shape). It holds model values only; what is on screen at a
// moment is `presentation()`, the model with every running animation applied at its timeline's
// current time. Setters report each change to the animation engine (`ActionContext`), which decides
// whether the change animates — one mechanism, no special cases in setters.

/// Content gravity (CALayerContentsGravity's shape).
public enum ContentsGravity: String, Sendable {
    case center, resize, resizeAspect, resizeAspectFill
}

/// The animatable part of a layer, as one value: the model, or a presentation at some time.
public struct LayerState: Hashable, Sendable {
    public var position = Point.zero
    public var bounds = Rect.zero
    public var opacity = 1.0
    public var transform = Transform3D.identity
    public var sublayerTransform = Transform3D.identity
    public var backgroundColor: Color? = nil
    public var cornerRadius = 0.0

    public subscript(property: LayerProperty) -> AnimatableValue {
        get {
            switch property {
            case .position: .point(position)
            case .bounds: .rect(bounds)
            case .opacity: .double(opacity)
            case .transform: .transform(transform)
            case .sublayerTransform: .transform(sublayerTransform)
            case .backgroundColor: .color(backgroundColor ?? .clear)
            case .cornerRadius: .double(cornerRadius)
            }
        }
        set {
            switch (property, newValue) {
            case (.position, .point(let p)): position = p
            case (.bounds, .rect(let r)): bounds = r
            case (.opacity, .double(let d)): opacity = d
            case (.transform, .transform(let t)): transform = t
            case (.sublayerTransform, .transform(let t)): sublayerTransform = t
            case (.backgroundColor, .color(let c)): backgroundColor = c
            case (.cornerRadius, .double(let d)): cornerRadius = d
            default: assertionFailure("value \(newValue) does not fit \(property)")
            }
        }
    }
}

@MainActor
open class Layer {
    /// The model values.
    public internal(set) var model = LayerState()

    public init() {}

    /// The view this layer backs, if any.
    public internal(set) weak var delegate: View?

    // MARK: Geometry

    public var position: Point {
        get { model.position }
        set { set(.position, .point(newValue)) }
    }
    public var bounds: Rect {
        get { model.bounds }
        set { set(.bounds, .rect(newValue)) }
    }
    public var anchorPoint = Point(x: 0.5, y: 0.5) { didSet { setNeedsComposite() } }
    public var zPosition = 0.0 { didSet { setNeedsComposite() } }
    public var transform: Transform3D {
        get { model.transform }
        set { set(.transform, .transform(newValue)) }
    }
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { set(.sublayerTransform, .transform(newValue)) }
    }

    /// The layer's extent in its superlayer's coordinates (CALayer.frame).
    public var frame: Rect {
        get { Layer.frame(of: model, anchorPoint: anchorPoint) }
        set {
            // As CALayer does: the frame sets the bounds size and the position; the transform stays.
            bounds = Rect(origin: bounds.origin, size: Size(width: newValue.width, height: newValue.height))
            position = Point(x: newValue.minX + anchorPoint.x * newValue.width,
                             y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    static func frame(of s: LayerState, anchorPoint: Point) -> Rect {
        let size = s.bounds.size
        let local = Rect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height,
                         width: size.width, height: size.height)
        if s.transform.isIdentity { return local.offsetBy(dx: s.position.x, dy: s.position.y) }
        let t = s.transform.affine.concatenating(AffineTransform(translationX: s.position.x, y: s.position.y))
        return local.applying(t)
    }

    // MARK: Appearance

    public var opacity: Double {
        get { model.opacity }
        set { set(.opacity, .double(newValue)) }
    }
    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set {
            if newValue == nil && model.backgroundColor == nil { return }
            set(.backgroundColor, .color(newValue ?? .clear))
            if newValue == nil { model.backgroundColor = nil }
        }
    }
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { set(.cornerRadius, .double(newValue)) }
    }
    public var isHidden = false { didSet { setNeedsComposite() } }
    public var masksToBounds = false { didSet { setNeedsComposite() } }
    public var borderWidth = 0.0 { didSet { setNeedsComposite() } }
    public var borderColor: Color = .black { didSet { setNeedsComposite() } }
    public var shadowColor: Color = .black { didSet { setNeedsComposite() } }
    public var shadowOpacity = 0.0 { didSet { setNeedsComposite() } }
    public var shadowRadius = 3.0 { didSet { setNeedsComposite() } }
    public var shadowOffset = Size(width: 0, height: -3) { didSet { setNeedsComposite() } }

    /// The layer's image, drawn into its bounds by `contentsGravity`.
    public var contents: Bitmap? { didSet { setNeedsComposite() } }
    public var contentsGravity: ContentsGravity = .resize { didSet { setNeedsComposite() } }
    /// Set while a transition draws this layer in place of its content and sublayers.
    public var contentOverride: LayerContentOverride? { didSet { setNeedsComposite() } }
    /// CALayer's `shouldRasterize` (at scale 1): a snapshot of the layer (`Compositor.snapshot`) is
    /// kept with it as its picture, and any compositor then draws the layer and its sublayers in place
    /// (translated to whole pixels) from that picture, not only the one that made it, while they keep
    /// the look it shows — a screen prepared in idle time, snapshotted then, is a copy in the snapshot
    /// its presentation takes.
    public var shouldRasterize = false { didSet { if !shouldRasterize { rasterized = nil } } }
    /// The picture `shouldRasterize` keeps, the look it shows (`Compositor.digest`) and its pixels'
    /// version then: drawn over since (a compositor reusing its texture's storage), it is not used.
    var rasterized: (bitmap: Bitmap, digest: Int, version: Int)?

    // MARK: Tree

    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?

    public func addSublayer(_ layer: Layer) { insertSublayer(layer, at: sublayers.count) }

    public func insertSublayer(_ layer: Layer, at index: Int) {
        if layer.superlayer === self, let i = sublayers.firstIndex(where: { $0 === layer }) {
            sublayers.remove(at: i)
            sublayers.insert(layer, at: min(index, sublayers.count))
            setNeedsComposite()
            return
        }
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: max(0, min(index, sublayers.count)))
        layer.superlayer = self
        setNeedsComposite()
        sublayersDidChange()
        layer.didMoveToRoot()
    }
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        guard let s = sibling, let i = sublayers.firstIndex(where: { $0 === s }) else { return insertSublayer(layer, at: 0) }
        let already = layer.superlayer === self ? sublayers.firstIndex(where: { $0 === layer }) : nil
        insertSublayer(layer, at: already.map { $0 < i ? i - 1 : i } ?? i)
    }
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        guard let s = sibling, let i = sublayers.firstIndex(where: { $0 === s }) else { return addSublayer(layer) }
        let already = layer.superlayer === self ? sublayers.firstIndex(where: { $0 === layer }) : nil
        insertSublayer(layer, at: already.map { $0 < i ? i : i + 1 } ?? i + 1)
    }
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
        parent.setNeedsComposite()
        parent.sublayersDidChange()
    }

    /// The top of this layer's tree.
    public var rootLayer: Layer {
        var l = self
        while let p = l.superlayer { l = p }
        return l
    }

    // MARK: Change tracking

    /// Bumped by every change that alters this layer's own rendering or its subtree's.
    public private(set) var renderVersion = 0

    /// Marks this layer and its ancestors as needing a new composite.
    public func setNeedsComposite() {
        var l: Layer? = self
        while let c = l { c.renderVersion &+= 1; l = c.superlayer }
        hostNeedsFrame()
    }

    /// Sets a model value and reports the change, so an enclosing animation block can animate it.
    func set(_ property: LayerProperty, _ value: AnimatableValue) {
        let old = model[property]
        guard old != value else { return }
        let from = presentationValue(property)
        model[property] = value
        ActionContext.layer(self, didChange: property, from: from, to: value)
        setNeedsComposite()
    }

    /// Called after sublayers were added or removed (transitions hook here).
    func sublayersDidChange() {
        TransitionHook.sublayersDidChange(self)
    }

    /// Called when this layer joins a tree; pending animations resolve their start time then.
    func didMoveToRoot() {
        AnimationHook.layerDidMoveToRoot(self)
        for s in sublayers { s.didMoveToRoot() }
    }

    /// Host hook (the window): something changed, a new frame is wanted.
    var frameRequestHandler: (() -> Void)?
    private func hostNeedsFrame() {
        rootLayer.frameRequestHandler?()
    }
}
