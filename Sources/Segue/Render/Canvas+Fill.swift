// Canvas fills: solid (rounded) rectangles and rings. An axis-aligned shape is filled directly: per row
// a short run of per-pixel analytic coverage at each end (fractional edges, arcs) around one constant
// span that goes to `blendSpan` (a plain store when opaque). Rotated or perspective fills draw the
// shape once into a small texture in local units and hand it to the image path, so every transform is
// served by the same anti-aliased samplers.
import Foundation

extension Canvas {
    /// Pixel bounds of a box, clipped.
    func clipped(_ b: RoundedBox) -> PixelRect {
        PixelRect(x0: Int(max(-1e9, b.x0).rounded(.down)), y0: Int(max(-1e9, b.y0).rounded(.down)),
                  x1: Int(min(1e9, b.x1).rounded(.up)), y1: Int(min(1e9, b.y1).rounded(.up))).intersection(clip)
    }

    /// Fills a device-space rounded box with the premultiplied `pixel`.
    func fillDevice(_ box: RoundedBox, pixel: UInt32) {
        guard !box.isEmpty, pixel != 0 else { return }
        if holdFill(box, pixel: pixel) { return }
        settle()
        let pr = clipped(box)
        guard !pr.isEmpty else { return }
        for iy in pr.y0..<pr.y1 {
            let row = target.row(iy)
            let (le, rs) = box.variableColumns(row: iy)
            let l = min(max(le, pr.x0), pr.x1), r = max(min(rs, pr.x1), l)
            for ix in pr.x0..<l { coverPixel(row + ix, pixel, box.coverage(ix, iy)) }
            blendSpan(row + l, r - l, scale(pixel, alpha8(box.rowCoverage(iy))))
            for ix in r..<pr.x1 { coverPixel(row + ix, pixel, box.coverage(ix, iy)) }
        }
    }

    /// Fills the ring between `outer` and `inner` (a border) with the premultiplied `pixel`.
    func strokeDevice(outer: RoundedBox, inner: RoundedBox, pixel: UInt32) {
        guard !outer.isEmpty, pixel != 0 else { return }
        settle()
        if inner.isEmpty { return fillDevice(outer, pixel: pixel) }
        let pr = clipped(outer)
        guard !pr.isEmpty else { return }
        for iy in pr.y0..<pr.y1 {
            let row = target.row(iy)
            if inner.rowCoverage(iy) >= 1 {
                let (le, rs) = inner.variableColumns(row: iy)
                let l = min(max(le, pr.x0), pr.x1), r = max(min(rs, pr.x1), l)
                for ix in pr.x0..<l { coverPixel(row + ix, pixel, outer.coverage(ix, iy) - inner.coverage(ix, iy)) }
                for ix in r..<pr.x1 { coverPixel(row + ix, pixel, outer.coverage(ix, iy) - inner.coverage(ix, iy)) }
            } else {
                for ix in pr.x0..<pr.x1 { coverPixel(row + ix, pixel, outer.coverage(ix, iy) - inner.coverage(ix, iy)) }
            }
        }
    }

    @inline(__always) private func coverPixel(_ p: UnsafeMutablePointer<UInt32>, _ pixel: UInt32, _ c: Double) {
        guard c > 0 else { return }
        p.pointee = over(c >= 1 ? pixel : scale(pixel, alpha8(c)), p.pointee)
    }

    /// The device box of `rect` under `t` when `t` is a 2D translation plus a uniform or axis scale
    /// with equal magnitudes (so corners stay circular); nil otherwise.
    static func axisAlignedBox(_ rect: Rect, cornerRadius: Double, _ t: Transform3D) -> RoundedBox? {
        guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 == 1, abs(t.m11) == abs(t.m22) else { return nil }
        let xa = rect.minX * t.m11 + t.m41, xb = rect.maxX * t.m11 + t.m41
        let ya = rect.minY * t.m22 + t.m42, yb = rect.maxY * t.m22 + t.m42
        return RoundedBox(x0: min(xa, xb), y0: min(ya, yb), x1: max(xa, xb), y1: max(ya, yb),
                          r: cornerRadius * abs(t.m11))
    }

    /// The shape rasterized into a texture in local units (origin at `rect`'s origin), for drawing through
    /// the image path under a rotating or perspective transform.
    static func shapeTexture(_ rect: Rect, cornerRadius: Double, pixel: UInt32, border: Double? = nil) -> Bitmap? {
        let w = Int(min(rect.width, 4096).rounded(.up)), h = Int(min(rect.height, 4096).rounded(.up))
        guard w > 0, h > 0 else { return nil }
        let tex = Bitmap(width: w, height: h)
        let c = Canvas(target: tex)
        let outer = RoundedBox(x0: 0, y0: 0, x1: rect.width, y1: rect.height, r: cornerRadius)
        if let bw = border {
            let inner = RoundedBox(x0: bw, y0: bw, x1: rect.width - bw, y1: rect.height - bw, r: max(0, cornerRadius - bw))
            c.strokeDevice(outer: outer, inner: inner, pixel: pixel)
        } else {
            c.fillDevice(outer, pixel: pixel)
        }
        return tex
    }

    func fillImpl(_ rect: Rect, cornerRadius: Double, color: Color, opacity: Double, transform: Transform3D) {
        let pixel = scale(color.premultipliedPixel, alpha8(opacity))
        guard pixel != 0, rect.width > 0, rect.height > 0 else { return }
        if let box = Canvas.axisAlignedBox(rect, cornerRadius: cornerRadius, transform) {
            return fillDevice(box, pixel: pixel)
        }
        guard let tex = Canvas.shapeTexture(rect, cornerRadius: cornerRadius, pixel: pixel) else { return }
        draw(tex, transform: Transform3D(translationX: rect.minX, y: rect.minY, z: 0).concatenating(transform))
    }

    /// Strokes the inside of `rect`'s (rounded) outline with `width` (CALayer's border).
    public func stroke(_ rect: Rect, cornerRadius: Double = 0, width: Double, color: Color, opacity: Double = 1,
                       transform: Transform3D = .identity) {
        let pixel = scale(color.premultipliedPixel, alpha8(opacity))
        guard pixel != 0, width > 0, rect.width > 0, rect.height > 0 else { return }
        if let o = Canvas.axisAlignedBox(rect, cornerRadius: cornerRadius, transform) {
            let bw = width * abs(transform.m11)
            let i = RoundedBox(x0: o.x0 + bw, y0: o.y0 + bw, x1: o.x1 - bw, y1: o.y1 - bw, r: max(0, o.r - bw))
            return strokeDevice(outer: o, inner: i, pixel: pixel)
        }
        guard let tex = Canvas.shapeTexture(rect, cornerRadius: cornerRadius, pixel: pixel, border: width) else { return }
        draw(tex, transform: Transform3D(translationX: rect.minX, y: rect.minY, z: 0).concatenating(transform))
    }
}
