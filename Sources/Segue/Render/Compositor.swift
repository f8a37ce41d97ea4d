// CONTRACT (owned by the render work): renders a layer tree, with presentation values, into a Bitmap.

/// Something that draws a layer in place of its usual content and sublayers for a while — a running
/// CATransition draws its effect between snapshots of the old and new state this way.
@MainActor
public protocol LayerContentOverride: AnyObject {
    /// Draws the layer's whole appearance; `layerToDevice` maps the layer's bounds space to the canvas.
    func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect)
}

@MainActor
public final class Compositor {
    public init() {}

    /// Renders `root` (with presentation values) into `target`, which is cleared to `background` first.
    public func render(_ root: Layer, into target: Bitmap, background: Color = .black) {
        fatalError("Compositor.render: not yet implemented")
    }

    /// The layer and its sublayers rendered alone into a bitmap the size of its bounds (layer.bounds
    /// maps to the bitmap's pixels), with model values (`presentation == false`) or presentation values.
    /// Its own transform, position and opacity are not applied.
    public func snapshot(_ layer: Layer, presentation: Bool = true) -> Bitmap {
        fatalError("Compositor.snapshot: not yet implemented")
    }
}
