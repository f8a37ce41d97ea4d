// Canvas+HeldCopy: the render canvas holds each whole-pixel image copy at full opacity back for one
// call, so that what is drawn straight over it — a translucent page fading in over another (a
// cross-dissolve, the seeds' fades), the dimming over a page sliding away (the navigation slides) — is
// drawn in the same pass over the destination (`crossfadeRow`, `dimmedRow`): each pixel is read from
// both sources and written once, instead of written, read back and written again (measured at
// 1920×1080, held at the middle of the transition, ten pairs each: a cross-dissolve 0.74× the time,
// a navigation push 0.72×, a pop 0.90×).
// The pixels are the same as drawing straight away, bit for bit: a copy at full opacity gives each
// pixel the same value however its row is cut into vector groups, and so does a constant-colour
// blend; an image blended over at part opacity does not (opaque groups of eight take a lerp, others
// source-over, the last few pixels of a run source-over), so its rows are cut only at whole groups
// of eight from where they start (`sharedColumns`). Any other call, and the end of the frame, first
// draws the held copy (`settle`). Only the compositor's render canvas holds (`Compositor.render`
// gives it a `HeldCopy` and settles it); band canvases and every other canvas draw straight away.

/// The copy a render canvas is holding back, shared by the canvas's copies (clip pieces of it).
final class HeldCopy: @unchecked Sendable {  // Touched only by the rendering thread, before any banding.
    struct Copy {
        let image: Bitmap
        let x: Int, y: Int
        /// The pixels it draws: its placement within the clip it was drawn under.
        let rect: PixelRect
    }
    var copy: Copy?
    /// How many draws went through the same pass as a held copy (`Compositor.Statistics`, for tests).
    var fused = 0
}

extension Canvas {
    /// Draws the held copy, if there is one, as `blit` would have.
    func settle() {
        guard let h = held, let c = h.copy else { return }
        h.copy = nil
        var plain = self
        plain.held = nil
        plain.clip = c.rect
        plain.blitNow(c.image, x: c.x, y: c.y, opacity: 255)
    }

    /// `blit` on a canvas that holds copies: drawn in one pass with the held copy where it lies over
    /// it, else held itself if it is at full opacity. False when it takes no part (the held copy
    /// drawn, it then draws through `blitNow`).
    func holdBlit(_ image: Bitmap, x tx: Int, y ty: Int, opacity: UInt32, occluded: Occlusion?) -> Bool {
        guard let h = held, occluded == nil, FastPaths.enabled else { return false }
        let r = PixelRect(x0: tx, y0: ty, x1: tx + image.width, y1: ty + image.height).intersection(clip)
        guard !r.isEmpty, opacity > 0 else { return true }
        if let below = h.copy, let shared = Self.sharedColumns(below.rect, r, opacity: opacity) {
            h.copy = nil
            fuse(below, shared, over: r, ImageOverCopy(image: image, x: tx, y: ty, opacity: opacity))
            return true
        }
        settle()
        guard opacity == 255 else { return false }
        h.copy = HeldCopy.Copy(image: image, x: tx, y: ty, rect: r)
        return true
    }

    /// `fillDevice` on a canvas holding a copy, for a translucent box on whole pixels (the dimming over
    /// a page): blended row by row with the held copy where it lies over it. False when it cannot
    /// take part.
    func holdFill(_ box: RoundedBox, pixel: UInt32) -> Bool {
        guard let h = held, let below = h.copy, FastPaths.enabled, box.r == 0, pixel >> 24 < 255,
              box.x0 == box.x0.rounded(), box.y0 == box.y0.rounded(),
              box.x1 == box.x1.rounded(), box.y1 == box.y1.rounded() else { return false }
        let r = clipped(box), shared = r.intersection(below.rect)
        guard !shared.isEmpty else { return false }
        h.copy = nil
        // Every pixel of the box is wholly covered: the row's span is the whole run.
        fuse(below, shared, over: r, DimOverCopy(pixel: pixel))
        return true
    }

    /// Where an image drawn over `r` at `opacity` shares the pass with a copy over `below`: where they
    /// meet, its sides moved in to whole groups of eight from the start of the image's rows (or the
    /// end of them), so that each of its rows is cut where its vector groups begin; nil if nothing
    /// is left.
    static func sharedColumns(_ below: PixelRect, _ r: PixelRect, opacity: UInt32) -> PixelRect? {
        var s = below.intersection(r)
        if opacity < 255 && !s.isEmpty {
            s.x0 = r.x0 + (s.x0 - r.x0 + 7) / 8 * 8
            if s.x1 < r.x1 { s.x1 = r.x0 + (s.x1 - r.x0) / 8 * 8 }
        }
        return s.isEmpty ? nil : s
    }

    /// The held copy `below`, then `draw` over `r`, in one sweep down their rows: in each row the
    /// copy's run less `shared` (where the two meet, or part of it), then over `shared` the two at
    /// once (`OverCopy.both`), then the rest of the draw's run (`OverCopy.alone`). Each row stays one
    /// stream through memory, however the two rectangles overlap.
    private func fuse<Over: OverCopy>(_ below: HeldCopy.Copy, _ shared: PixelRect, over r: PixelRect, _ draw: Over) {
        held?.fused += 1
        let a = below.rect
        let rows = PixelRect(x0: min(a.x0, r.x0), y0: min(a.y0, r.y0), x1: max(a.x1, r.x1), y1: max(a.y1, r.y1))
        var plain = self
        plain.held = nil
        plain.clip = rows
        plain.banded(rows, Fused(below: below, shared: shared, r: r, draw: draw))
    }
}

/// What is drawn over a held copy in the copy's pass (`fuse`).
private protocol OverCopy {
    /// Draws the copy's source `copy` and this over it into `n` pixels at `dst`, those of row `y`
    /// from column `x0` on.
    func both(_ dst: UnsafeMutablePointer<UInt32>, _ copy: UnsafePointer<UInt32>, row y: Int, _ x0: Int, _ n: Int)
    /// Draws this alone into columns x0..<x1 of row `y`.
    func alone(_ band: Canvas, row y: Int, _ x0: Int, _ x1: Int)
}

/// An image at `opacity` (`holdBlit`).
private struct ImageOverCopy: OverCopy {
    let image: Bitmap, x: Int, y: Int, opacity: UInt32
    func both(_ dst: UnsafeMutablePointer<UInt32>, _ copy: UnsafePointer<UInt32>, row r: Int, _ x0: Int, _ n: Int) {
        crossfadeRow(dst, copy, 255, image.row(r - y) + (x0 - x), opacity, n)
    }
    func alone(_ band: Canvas, row r: Int, _ x0: Int, _ x1: Int) {
        band.blitRow(image, x: x, y: y, row: r, x0, x1, opacity: opacity)
    }
}

/// A translucent colour over whole pixels (`holdFill`).
private struct DimOverCopy: OverCopy {
    let pixel: UInt32
    func both(_ dst: UnsafeMutablePointer<UInt32>, _ copy: UnsafePointer<UInt32>, row y: Int, _ x0: Int, _ n: Int) {
        dimmedRow(dst, copy, pixel, n)
    }
    func alone(_ band: Canvas, row y: Int, _ x0: Int, _ x1: Int) { blendSpan(band.target.row(y) + x0, x1 - x0, pixel) }
}

/// `fuse`'s bands.
private struct Fused<Over: OverCopy>: BandDraw {
    let below: HeldCopy.Copy, shared: PixelRect, r: PixelRect, draw: Over
    func draw(in band: Canvas) {
        let a = below.rect
        for y in band.clip.y0..<band.clip.y1 {
            let meet = y >= shared.y0 && y < shared.y1
            // Each of the two runs in the row, less the shared columns where they meet.
            func parts(_ x0: Int, _ x1: Int, _ body: (Int, Int) -> Void) {
                guard meet else { return body(x0, x1) }
                if x0 < shared.x0 { body(x0, shared.x0) }
                if shared.x1 < x1 { body(shared.x1, x1) }
            }
            if y >= a.y0 && y < a.y1 {
                if y + 1 < a.y1 { band.hintRow(below.image, x: below.x, y: below.y, row: y + 1, a.x0, a.x1) }
                parts(a.x0, a.x1) { band.blitRow(below.image, x: below.x, y: below.y, row: y, $0, $1, opacity: 255) }
            }
            if meet {
                draw.both(band.target.row(y) + shared.x0, below.image.row(y - below.y) + (shared.x0 - below.x), row: y,
                          shared.x0, shared.x1 - shared.x0)
            }
            if y >= r.y0 && y < r.y1 { parts(r.x0, r.x1) { draw.alone(band, row: y, $0, $1) } }
        }
    }
}
