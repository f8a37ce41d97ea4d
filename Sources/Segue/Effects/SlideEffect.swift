// Slides: moveIn (the new page slides in over the old), push (the new page pushes the old one out)
// and reveal (the old page slides away uncovering the new). The subtype names the side the motion
// comes from, so "from right" moves everything leftwards. Whole images are placed by translation on
// whole device pixels (`EffectFrame.imageTransform`), which the canvas draws as row copies. The page
// lying still beneath is drawn only where the opaque moving page does not cover it; under a general
// map, push's seam, where two anti-aliased edges meet, gets an underlay so nothing beneath shows
// through it.

public final class SlideEffect: TransitionEffect {
    public enum Kind: Sendable { case moveIn, push, reveal }
    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// Between opaque pages every pixel is covered: the page lying still is drawn wherever the moving
    /// one does not cover it, and push's two pages meet on a pixel boundary or over an underlay
    /// (see `drawSeamUnderlay`).
    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { oldIsOpaque && newIsOpaque }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        let p = min(1, max(0, f.progress))
        // Unit vector pointing where the new page comes from.
        let (ux, uy): (Double, Double) = switch f.subtype {
        case .fromRight: (1, 0)
        case .fromLeft: (-1, 0)
        case .fromBottom: (0, 1)
        case .fromTop: (0, -1)
        }
        let w = f.size.width, h = f.size.height
        let inX = ux * w * (1 - p), inY = uy * h * (1 - p)       // new page entering
        let outX = -ux * w * p, outY = -uy * h * p                 // old page leaving
        if p >= 1 { canvas.draw(f.new, transform: f.imageTransform(f.new), opacity: f.opacity); return }
        if p <= 0 { canvas.draw(f.old, transform: f.imageTransform(f.old), opacity: f.opacity); return }
        switch kind {
        case .moveIn:
            let cover = f.newIsOpaque ? coveredPixels(f, f.new, dx: inX, dy: inY) : nil
            canvas.excluding(cover).draw(f.old, transform: f.imageTransform(f.old), opacity: f.underlyingOldOpacity)
            canvas.draw(f.new, transform: f.imageTransform(f.new, dx: inX, dy: inY), opacity: f.opacity)
        case .push:
            drawSeamUnderlay(f, in: canvas, ux: ux, uy: uy, inX: inX, inY: inY)
            canvas.draw(f.old, transform: f.imageTransform(f.old, dx: outX, dy: outY), opacity: f.opacity)
            canvas.draw(f.new, transform: f.imageTransform(f.new, dx: inX, dy: inY), opacity: f.opacity)
        case .reveal:
            let cover = f.oldIsOpaque ? coveredPixels(f, f.old, dx: outX, dy: outY) : nil
            canvas.excluding(cover).draw(f.new, transform: f.imageTransform(f.new), opacity: f.underlyingNewOpacity)
            canvas.draw(f.old, transform: f.imageTransform(f.old, dx: outX, dy: outY), opacity: f.opacity)
        }
    }

    /// Push's two pages meet between pixels under a map that is not a translation (a page turned or
    /// scaled inside its container): the seam pixel is covered by each only in part, and the two
    /// anti-aliased edges composited over each other would let a quarter of what lies beneath show
    /// through (a dark line sliding across between two white screens). Drawn first, under both, the new
    /// page moved a few device pixels toward the old one fills the seam with the new page's edge, so
    /// the seam is a blend of the two pages alone and the effect covers the page. Under a translation
    /// both pages land on whole pixels (`imageTransform`) and meet on a pixel boundary: no seam.
    private func drawSeamUnderlay(_ f: EffectFrame, in canvas: Canvas, ux: Double, uy: Double, inX: Double, inY: Double) {
        guard f.opacity >= 1, f.oldIsOpaque, f.newIsOpaque else { return }
        let t = f.pageToDevice
        if case .translation = t.placement { return }
        // Page units per device pixel, at most, along the motion (and some to spare).
        let len = (ux != 0 ? (t.m11 * t.m11 + t.m12 * t.m12) : (t.m21 * t.m21 + t.m22 * t.m22)).squareRoot()
        let shift = len > 1e-6 ? min(f.size.width + f.size.height, 2 / len) : 2
        canvas.draw(f.new, transform: f.imageTransform(f.new, dx: inX - ux * shift, dy: inY - uy * shift), opacity: 1)
    }

    /// The device pixels an opaque `image` moved by (dx, dy) covers at full opacity, when it lands on the
    /// device by a translation — on whole pixels (`imageTransform`), so its box (what lies under it
    /// need not be drawn); nil otherwise.
    private func coveredPixels(_ f: EffectFrame, _ image: Bitmap, dx: Double, dy: Double) -> PixelRect? {
        guard FastPaths.enabled, f.opacity >= 1,
              let (x, y) = Canvas.wholePixelPlacement(f.imageTransform(image, dx: dx, dy: dy)) else { return nil }
        return PixelRect(x0: x, y0: y, x1: x + image.width, y1: y + image.height)
    }
}
