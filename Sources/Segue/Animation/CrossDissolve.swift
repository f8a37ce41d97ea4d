// CrossDissolve: `View.transition(with:…, .transitionCrossDissolve)`. The layer's look before the
// change is kept as a detached copy of its tree, rendered lazily once; the look after is copied from
// the live layer at the first frame (after content views have redrawn) — every frame with
// `.allowAnimatedContent`. Copies are rendered by a private compositor, so the live tree is never
// touched mid-composite. Both are drawn with alphas chosen so that, for opaque content, the result is
// exactly old·(1−p) + new·p at any layer opacity a: old at a(1−p)/(1−ap), then new over it at a·p.

@MainActor
final class CrossDissolve: LayerContentOverride {
    private let old: Layer
    private weak var layer: Layer?
    private let entry: AttachedAnimation
    private let live: Bool
    private var oldImage: Bitmap?
    private var newImage: Bitmap?
    private lazy var compositor = Compositor()

    init(old: Layer, layer: Layer, entry: AttachedAnimation, live: Bool) {
        self.old = old
        self.layer = layer
        self.entry = entry
        self.live = live
    }

    /// Paced progress 0…1 now.
    var progress: Double { min(max(entry.fraction ?? 1, 0), 1) }

    /// The (old, new) opacities that blend exactly for opaque content at layer opacity `a`.
    static func alphas(progress p: Double, opacity a: Double) -> (old: Double, new: Double) {
        let newAlpha = a * p
        let denom = 1 - newAlpha
        return (denom > 1e-9 ? a * (1 - p) / denom : 0, newAlpha)
    }

    func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect) {
        guard let layer else { return }
        let before = oldImage ?? compositor.snapshot(old, presentation: false)
        oldImage = before
        let after = (live ? nil : newImage) ?? compositor.snapshot(layer.detachedCopy(withOverride: false), presentation: false)
        newImage = after
        let (ao, an) = Self.alphas(progress: progress, opacity: opacity)
        func place(_ b: Bitmap) -> Transform3D {
            let sx = b.width > 0 ? bounds.width / Double(b.width) : 1
            let sy = b.height > 0 ? bounds.height / Double(b.height) : 1
            return Transform3D(scaleX: sx, y: sy, z: 1)
                .concatenating(Transform3D(translationX: bounds.minX, y: bounds.minY, z: 0))
                .concatenating(layerToDevice)
        }
        if ao > 0 { canvas.draw(before, transform: place(before), opacity: ao) }
        if an > 0 { canvas.draw(after, transform: place(after), opacity: an) }
    }
}

extension Layer {
    /// A copy of this layer and its sublayers as they look now (presentation values), outside any tree.
    func detachedCopy(withOverride: Bool = true) -> Layer {
        let c = Layer()
        c.model = presentationState()
        c.anchorPoint = anchorPoint
        c.zPosition = zPosition
        c.isHidden = isHidden
        c.masksToBounds = masksToBounds
        c.borderWidth = borderWidth
        c.borderColor = borderColor
        c.shadowColor = shadowColor
        c.shadowOpacity = shadowOpacity
        c.shadowRadius = shadowRadius
        c.shadowOffset = shadowOffset
        c.contents = contents
        c.contentsGravity = contentsGravity
        if withOverride { c.contentOverride = contentOverride }
        for s in sublayers { c.addSublayer(s.detachedCopy()) }
        return c
    }
}
