// CONTRACT (owned by the render work): device-space drawing into a Bitmap, clipped to `clip`.
// Bodies here are placeholders until the compositor lands; the signatures are what callers use.

/// A rectangle of whole device pixels, half-open: x0 ≤ x < x1, y0 ≤ y < y1.
public struct PixelRect: Hashable, Sendable {
    public var x0, y0, x1, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// Drawing into a premultiplied BGRA bitmap. Source-over compositing throughout.
public struct Canvas {
    public let target: Bitmap
    public var clip: PixelRect

    public init(target: Bitmap) {
        self.target = target
        clip = PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
    }

    /// Fills `rect` (local coordinates) mapped to the device by `transform`, with anti-aliased edges
    /// and corners rounded by `cornerRadius` (local units).
    public func fill(_ rect: Rect, cornerRadius: Double = 0, color: Color, opacity: Double = 1,
                     transform: Transform3D = .identity) {
        fatalError("Canvas.fill: compositor not yet implemented")
    }

    /// Draws `image` with its texel space mapped to the device by `transform`. Integer translations
    /// copy or blend rows; affine maps sample bilinearly; perspective goes through `draw(_:texture:)`.
    /// Edges are anti-aliased.
    public func draw(_ image: Bitmap, transform: Transform3D, opacity: Double = 1) {
        fatalError("Canvas.draw(image): compositor not yet implemented")
    }

    /// Rasterizes `mesh` textured by `texture`, perspective-correct and bilinear, with per-vertex
    /// shading and alpha, triangles in order. With `cullBackFaces`, clockwise-on-screen triangles
    /// (y down) are skipped.
    public func draw(_ mesh: Mesh, texture: Bitmap, opacity: Double = 1, cullBackFaces: Bool = false) {
        fatalError("Canvas.draw(mesh): compositor not yet implemented")
    }
}
