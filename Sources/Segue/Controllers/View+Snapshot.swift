// UIView.snapshotView(afterScreenUpdates:): a view that shows a frozen copy of another view. The copy is
// taken at once as a detached clone of the layer tree (model values after pending updates, or what is on
// screen now), so later changes to the original do not show; it is rendered to a bitmap at once (as UIKit
// renders a snapshot when it is taken, so the first frame showing it pays nothing) and then scaled into
// the snapshot view's bounds, as UIKit's snapshot scales when its frame animates (seed 000 flies one into
// a 50-pt button).

extension View {
    /// A new view showing this view as it looks now; `afterScreenUpdates` takes pending model changes
    /// (rather than the animated values on screen).
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> View? {
        layoutIfNeeded()
        displayIfNeeded()
        let frozen = Layer.frozenCopy(of: layer, presentation: !afterUpdates)
        return SnapshotView(frozen: frozen, size: bounds.size)
    }
}

/// The view a snapshot returns.
final class SnapshotView: View {
    init(frozen: Layer, size: Size) {
        super.init(frame: Rect(origin: .zero, size: size))
        layer.contentOverride = FrozenLayerContent(frozen)
    }
}

/// Draws a frozen layer tree, rendered once when taken, scaled into the layer's bounds.
@MainActor
final class FrozenLayerContent: LayerContentOverride {
    /// The frozen tree rendered once, when the snapshot is taken — as UIKit renders a snapshot then,
    /// so the frame that first shows it pays nothing for it.
    let image: Bitmap
    /// A snapshot of an opaque screen hides what lies beneath it (every pixel it covers whole is opaque:
    /// its edge texels are clamped, not faded, inside the bounds).
    let paintsBoundsOpaquely: Bool

    init(_ frozen: Layer) {
        image = Compositor().snapshot(frozen, presentation: false)
        paintsBoundsOpaquely = image.isOpaque
    }

    func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect) {
        guard image.width > 0, image.height > 0, bounds.width > 0, bounds.height > 0 else { return }
        let toBounds = Transform3D(scaleX: bounds.width / Double(image.width), y: bounds.height / Double(image.height), z: 1)
            .concatenating(Transform3D(translationX: bounds.minX, y: bounds.minY, z: 0))
        canvas.draw(image, transform: toBounds.concatenating(layerToDevice), opacity: opacity)
    }
}

extension Layer {
    /// A detached copy of `layer` and its sublayers (model or presentation values), sharing content bitmaps.
    static func frozenCopy(of layer: Layer, presentation: Bool) -> Layer {
        let c = Layer()
        c.model = presentation ? layer.presentationState() : layer.model
        c.anchorPoint = layer.anchorPoint
        c.zPosition = layer.zPosition
        c.isHidden = layer.isHidden
        c.masksToBounds = layer.masksToBounds
        c.borderWidth = layer.borderWidth
        c.borderColor = layer.borderColor
        c.shadowColor = layer.shadowColor
        c.shadowOpacity = layer.shadowOpacity
        c.shadowRadius = layer.shadowRadius
        c.shadowOffset = layer.shadowOffset
        c.contents = layer.contents
        c.contentsGravity = layer.contentsGravity
        c.contentOverride = layer.contentOverride
        for s in layer.sublayers { c.addSublayer(frozenCopy(of: s, presentation: presentation)) }
        return c
    }
}
