// Canvas ramps: a convex polygon filled with colours that change along one direction (an axial
// gradient, CAGradientLayer's .axial) — a soft shadow cast along a line. Each row of the polygon is one
// span between its edges, and along a row the ramp position advances by a constant step, so a pixel
// is one lookup in a table of premultiplied colours and one source-over: eight pixels a step, no
// division, no triangles, whatever the number of colours. A pixel belongs to the polygon when its
// centre does (as the mesh rasterizer decides coverage); edges are not anti-aliased. Big fills (a
// curl's shadow over the page underneath) go in bands of rows on the canvas's threads, as meshes do.
// A ramp may also be drawn over an image lying on whole pixels beneath it instead of over the target
// (`beneath`): the image copied and shaded in one pass — the page under a curl and its shadow, which
// were two passes over the same pixels, the second reading back what the first wrote. Eight pixels'
// colours lie within eight entries of each other on a gentle ramp and are read from one window of
// the table (`tableWindow8`); the image's rows below are hinted, a short stream each row that the
// hardware prefetchers find late. The curl's fused pass held at 0.5, its share of a frame's samples:
// 14.1 % with neither, 13.9 % with the window alone, 12.8 % with the hints alone, 9.2–9.5 % with both.

import CGather

/// Colours along a direction: at device point (x, y) the ramp position is t = f0 + fx·x + fy·y, and the
/// colour is `pixels[round(t·(n − 1))]`, t clamped to 0…1 (the end colours continue beyond).
struct AxialRamp {
    /// Premultiplied colours at evenly spaced positions from t = 0 to t = 1 (at least one).
    let pixels: [UInt32]
    let f0, fx, fy: Double
}

extension Canvas {
    /// Fills the convex polygon `corners` (device pixels, in order around it) with `ramp`, source-over;
    /// large fills in bands of rows on the canvas's threads (`banded`), like meshes. Pixels `occluded`
    /// (covered by an opaque draw to come) are left alone; the others get the same colours. With
    /// `beneath`, the ramp goes over that image's pixel (x − dx, y − dy) at device pixel (x, y), not
    /// over the target's: the image, opaque, copied with the ramp over it (pixels of the polygon off
    /// the image are left alone).
    func fill(convex corners: [(x: Double, y: Double)], ramp: AxialRamp, occluded: Occlusion? = nil,
              beneath: (image: Bitmap, dx: Int, dy: Int)? = nil) {
        guard corners.count >= 3, !ramp.pixels.isEmpty, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        settle()
        var left = Double.infinity, right = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
        for c in corners { left = min(left, c.x); right = max(right, c.x); top = min(top, c.y); bottom = max(bottom, c.y) }
        func pixel(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v)).rounded(.down)) }
        let box = PixelRect(x0: pixel(left) - 1, y0: pixel(top) - 1, x1: pixel(right) + 2, y1: pixel(bottom) + 2)
        banded(box, ConvexBands(corners: corners, ramp: ramp, top: top, bottom: bottom, occluded: occluded, beneath: beneath))
    }

    /// `fill(convex:ramp:)` on this canvas's clip, on the calling thread.
    fileprivate func fillRows(convex corners: [(x: Double, y: Double)], ramp: AxialRamp, top: Double, bottom: Double,
                          occluded: Occlusion?, beneath: (image: Bitmap, dx: Int, dy: Int)?) {
        // Where the image beneath lies (all of the device without one).
        let under = beneath.map { PixelRect(x0: $0.dx, y0: $0.dy, x1: $0.dx + $0.image.width, y1: $0.dy + $0.image.height) }
        let clip = under.map { self.clip.intersection($0) } ?? self.clip
        let r0 = max(clip.y0, Int((max(-1e9, top) - 0.5).rounded(.up))), r1 = min(clip.y1, Int((min(1e9, bottom) - 0.5).rounded(.up)))
        guard r0 < r1 else { return }
        let last = ramp.pixels.count - 1, scale = Double(last) * 65536
        ramp.pixels.withUnsafeBufferPointer { lut in
            for r in r0..<r1 {
                let yc = Double(r) + 0.5
                // The row's centre line crosses a convex polygon's edges at its two ends.
                let (lo, hi) = convexRow(y: yc, count: corners.count) { corners[$0] }
                guard lo < hi else { continue }
                let cs = max(clip.x0, Int((max(-1e9, lo) - 0.5).rounded(.up))), ce = min(clip.x1, Int((min(1e9, hi) - 0.5).rounded(.up)))
                guard cs < ce else { continue }
                // Ramp index in 16.16 at the first pixel centre, and its step.
                let k0 = (ramp.f0 + ramp.fx * (Double(cs) + 0.5) + ramp.fy * yc) * scale
                let dk = ramp.fx * scale
                @inline(__always) func whole(_ x: Double) -> Int { let c = max(-4e15, min(4e15, x)); return Int(c + (c >= 0 ? 0.5 : -0.5)) }
                let start = whole(k0), step = whole(dk), row = target.row(r)
                let image = beneath.map { UnsafePointer($0.image.row(r - $0.dy)) - $0.dx }
                // The image's row `lookahead` below, about these columns (`hintTexels`).
                if let b = beneath, r + lookahead < r1 {
                    hintTexels(UnsafePointer(b.image.row(r + lookahead - b.dy)) - b.dx + cs, ce - cs)
                }
                // Each run left visible from the row's own start and step: the same index per pixel.
                func draw(_ a: Int, _ b: Int) {
                    rampSpan(row + a, b - a, lut, start: start + (a - cs) * step, step: step, beneath: image.map { $0 + a })
                }
                if let occluded { occluded.forEachVisibleRun(row: r, cs, ce, draw) } else { draw(cs, ce) }
            }
        }
    }
}

/// `count` pixels at `dst`, pixel i taking `lut[clamp((start + i·step + ½) >> 16)]` over it (16.16
/// indices) — over `beneath[i]` instead where given. Eight pixels a step where the indices fit 32-bit
/// lanes; the scalar loop is the reference.
@inline(__always)
func rampSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ lut: UnsafeBufferPointer<UInt32>, start: Int, step: Int,
              beneath: UnsafePointer<UInt32>? = nil) {
    let under = beneath ?? UnsafePointer(dst)
    let last = lut.count - 1
    var i = 0
    if FastPaths.enabled && count >= 8 && abs(start) + (count + 8) * abs(step) < 1 << 30 {
        let lanes = I8(0, 1, 2, 3, 4, 5, 6, 7) &* Int32(truncatingIfNeeded: step) &+ Int32(truncatingIfNeeded: start + 32768)
        let top = I8(repeating: Int32(last))
        let p = lut.baseAddress!
        while i + 8 <= count {
            var k = (lanes &+ Int32(truncatingIfNeeded: i * step)) &>> 16
            k = k & ~(k &>> 31)                               // max(k, 0)
            let over = k &- top
            k = top &+ (over & (over &>> 31))                 // min(k, last)
            // The eight entries from one window of the table where they lie within eight of each
            // other (a ramp a pixel or more an entry: its indices step monotonically), else each its own load.
            let least = min(k[0], k[7]), base = Int(max(0, min(least, Int32(last) - 7)))
            let s = windowTapsAvailable && last >= 7 && abs(Int(k[7]) - Int(k[0])) < 8
                ? tableWindow8(p + base, k &- Int32(base))
                : Px8(p[Int(k[0])], p[Int(k[1])], p[Int(k[2])], p[Int(k[3])], p[Int(k[4])], p[Int(k[5])], p[Int(k[6])], p[Int(k[7])])
            let d = UnsafeRawPointer(under + i).loadUnaligned(as: Px8.self)
            UnsafeMutableRawPointer(dst + i).storeBytes(of: over8(s, d, opacity: 255), as: Px8.self)
            i += 8
        }
    }
    while i < count {
        let k = min(last, max(0, (start + i * step + 32768) >> 16))
        dst[i] = over(lut[k], under[i])
        i += 1
    }
}

/// Lane i: `table[index[i]]`, indices 0…7 — one permute (`segue_table_window8`, CGather).
@inline(__always) func tableWindow8(_ table: UnsafePointer<UInt32>, _ index: I8) -> Px8 {
    var lanes = index, out = Px8()
    withUnsafeBytes(of: &lanes) { l in
        withUnsafeMutableBytes(of: &out) {
            segue_table_window8(table, l.baseAddress!.assumingMemoryBound(to: Int32.self), $0.baseAddress!.assumingMemoryBound(to: UInt32.self))
        }
    }
    return out
}

/// `fill(convex:ramp:…)`'s bands.
private struct ConvexBands: BandDraw {
    let corners: [(x: Double, y: Double)], ramp: AxialRamp, top, bottom: Double, occluded: Occlusion?
    let beneath: (image: Bitmap, dx: Int, dy: Int)?
    func draw(in band: Canvas) {
        band.fillRows(convex: corners, ramp: ramp, top: top, bottom: bottom, occluded: occluded, beneath: beneath)
    }
}
