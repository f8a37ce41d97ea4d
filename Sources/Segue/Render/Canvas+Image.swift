// Canvas image drawing: the axis-aligned and affine paths. An integer translation copies or blends
// rows (`blendRow`: opaque runs are plain copies). Any other affine map inverts once per draw and then
// walks each row in 8.24 fixed point, one add per coordinate per pixel, sampling bilinearly with the
// lane-parallel `bilinear`. Each row is split analytically into an inner span, where all four taps
// are inside the texture and the loop has no bounds checks, and thin border spans that clamp taps to
// the edge and multiply by the pixel's coverage of the image (EdgeRamp) — the anti-aliased edges.
// A pure translation between pixels has the same weights at every pixel: its inner span is
// `translatedSpan` (FastSpans), vector loads of consecutive texels instead of gathers.
import Foundation

/// The open interval of x where `lo < s0 + x·ds < hi`.
@inline(__always) func solveSpan(_ s0: Double, _ ds: Double, _ lo: Double, _ hi: Double) -> (Double, Double) {
    if ds == 0 { return lo < s0 && s0 < hi ? (-1e9, 1e9) : (1e9, -1e9) }
    let a = (lo - s0) / ds, b = (hi - s0) / ds
    return ds > 0 ? (a, b) : (b, a)
}

/// Integer x strictly inside the open interval, as a half-open range clamped to `[c0, c1)`.
@inline(__always) func integerSpan(_ r: (Double, Double), _ c0: Int, _ c1: Int) -> (Int, Int) {
    let lo = max(Double(c0 - 1), min(Double(c1), r.0)), hi = min(Double(c1), max(Double(c0 - 1), r.1))
    let a = max(c0, Int(lo.rounded(.down)) + 1), b = min(c1, Int(hi.rounded(.up)))
    return (a, max(a, b))
}

let fracBits = 24
let fracOne = Double(1 << 24)
/// `d` in 8.24 fixed point, rounded (a plain convert: `rounded()` is a libm call on baseline x86-64).
/// Out-of-range or NaN inputs (a jet just outside a triangle, say) clamp instead of trapping.
@inline(__always) func fixed(_ d: Double) -> Int {
    let x = d * fracOne
    guard x > -1e15, x < 1e15 else { return x >= 1e15 ? Int(1e15) : -Int(1e15) }
    return Int(x + (x >= 0 ? 0.5 : -0.5))
}

/// Added to 8.24 coordinates so that taking the top 8 fraction bits rounds rather than truncates.
let weightRounding = 1 << 15

/// A bilinear sample at 8.24 coordinates with taps outside the texture reading as transparent.
@inline(__always) func sampleChecked(_ tex: Bitmap, _ U: Int, _ V: Int) -> UInt32 {
    let x = U >> fracBits, y = V >> fracBits
    let fx = UInt64((U >> (fracBits - 8)) & 0xff), fy = UInt64((V >> (fracBits - 8)) & 0xff)
    let w = tex.width, h = tex.height, p = tex.pixels, s = tex.stride
    let x0ok = x >= 0 && x < w, x1ok = x + 1 >= 0 && x + 1 < w
    let y0ok = y >= 0 && y < h, y1ok = y + 1 >= 0 && y + 1 < h
    let t00 = x0ok && y0ok ? p[y * s + x] : 0
    let t10 = x1ok && y0ok ? p[y * s + x + 1] : 0
    let t01 = x0ok && y1ok ? p[(y + 1) * s + x] : 0
    let t11 = x1ok && y1ok ? p[(y + 1) * s + x + 1] : 0
    return bilinear(t00, t10, t01, t11, fx, fy)
}

/// A bilinear sample known to have all four taps inside the texture.
@inline(__always) func sampleInside(_ p: UnsafeMutablePointer<UInt32>, _ stride: Int, _ U: Int, _ V: Int) -> UInt32 {
    let q = p + (V >> fracBits) * stride + (U >> fracBits)
    return bilinear(q[0], q[1], q[stride], q[stride + 1],
                    UInt64((U >> (fracBits - 8)) & 0xff), UInt64((V >> (fracBits - 8)) & 0xff))
}

/// Writes `s` (already sampled) scaled by `opacity` over `dst`.
@inline(__always) func put(_ dst: UnsafeMutablePointer<UInt32>, _ s: UInt32, _ opacity: UInt32) {
    let v = opacity == 255 ? s : scale(s, opacity)
    let a = v >> 24
    if a == 255 { dst.pointee = v } else if v != 0 { dst.pointee = v &+ scale(dst.pointee, 255 - a) }
}

extension Canvas {
    /// `blit(a, …, opacityA)` then `blit(b, …, opacityB)` fused row by row (`crossfadeRow`).
    func blitTwo(_ a: Bitmap, _ b: Bitmap, x tx: Int, y ty: Int, opacityA: UInt32, opacityB: UInt32) {
        let r = PixelRect(x0: tx, y0: ty, x1: tx + a.width, y1: ty + a.height).intersection(clip)
        guard !r.isEmpty else { return }
        if threads > 1 { return banded(r) { $0.blitTwo(a, b, x: tx, y: ty, opacityA: opacityA, opacityB: opacityB) } }
        for y in r.y0..<r.y1 {
            crossfadeRow(target.row(y) + r.x0, a.row(y - ty) + (r.x0 - tx), opacityA, b.row(y - ty) + (r.x0 - tx), opacityB,
                         r.x1 - r.x0)
        }
    }

    /// Integer translation: row copies and blends.
    func blit(_ image: Bitmap, x tx: Int, y ty: Int, opacity: UInt32) {
        let r = PixelRect(x0: tx, y0: ty, x1: tx + image.width, y1: ty + image.height).intersection(clip)
        guard !r.isEmpty, opacity > 0 else { return }
        if threads > 1 { return banded(r) { $0.blit(image, x: tx, y: ty, opacity: opacity) } }
        for y in r.y0..<r.y1 {
            blendRow(target.row(y) + r.x0, image.row(y - ty) + (r.x0 - tx), r.x1 - r.x0, opacity: opacity)
        }
    }

    /// Affine map `t` (texel space → device), bilinear.
    func drawAffine(_ image: Bitmap, _ t: AffineTransform, opacity: UInt32) {
        let det = t.a * t.d - t.b * t.c
        guard opacity > 0, det != 0, det.isFinite, image.width > 0, image.height > 0 else { return }
        let inv = t.inverted()
        let W = Double(image.width), H = Double(image.height)
        // Half a device pixel in texel units across each texture axis: the anti-aliasing ramp.
        let hu = 0.5 * (inv.a * inv.a + inv.c * inv.c).squareRoot(), hv = 0.5 * (inv.b * inv.b + inv.d * inv.d).squareRoot()
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for (u, v) in [(-hu, -hv), (W + hu, -hv), (-hu, H + hv), (W + hu, H + hv)] {
            let x = u * t.a + v * t.c + t.tx, y = u * t.b + v * t.d + t.ty
            bx0 = min(bx0, x); bx1 = max(bx1, x); by0 = min(by0, y); by1 = max(by1, y)
        }
        let area = PixelRect(x0: Int(max(-1e9, bx0).rounded(.down)), y0: Int(max(-1e9, by0).rounded(.down)),
                             x1: Int(min(1e9, bx1).rounded(.up)), y1: Int(min(1e9, by1).rounded(.up))).intersection(clip)
        guard !area.isEmpty else { return }
        if threads > 1 { return banded(area) { $0.drawAffine(image, t, opacity: opacity) } }
        let dudx = inv.a, dvdx = inv.b
        let dU = fixed(dudx), dV = fixed(dvdx)
        let eps = 4e-3
        let mu = max(0.5, hu) + eps, mv = max(0.5, hv) + eps
        let tex = image.pixels, ts = image.stride
        let translation = dU == 1 << fracBits && dV == 0 && FastPaths.enabled
        let edge = EdgeRamp(width: W, height: H, hu: hu, hv: hv)
        for y in area.y0..<area.y1 {
            let cy = Double(y) + 0.5
            // Texture position of the centre of pixel x = 0 of this row.
            let u0 = 0.5 * inv.a + cy * inv.c + inv.tx
            let v0 = 0.5 * inv.b + cy * inv.d + inv.ty
            let ou = solveSpan(u0, dudx, -hu, W + hu), ov = solveSpan(v0, dvdx, -hv, H + hv)
            let (os, oe) = integerSpan((max(ou.0, ov.0), min(ou.1, ov.1)), area.x0, area.x1)
            guard os < oe else { continue }
            // Inside: full coverage and all four taps in the texture, so no checks at all.
            let iu = solveSpan(u0, dudx, mu, W - mu), iv = solveSpan(v0, dvdx, mv, H - mv)
            var (ins, ine) = integerSpan((max(iu.0, iv.0), min(iu.1, iv.1)), os, oe)
            if ins >= ine { ins = oe; ine = oe }
            let row = target.row(y)
            // 8.24 sample positions (texel centres at integers).
            var U = fixed((u0 - 0.5 + Double(os) * dudx)) + weightRounding
            var V = fixed((v0 - 0.5 + Double(os) * dvdx)) + weightRounding
            var x = os
            while x < ins { put(row + x, edge.sample(image, U, V), opacity); U += dU; V += dV; x += 1 }
            if x < ine {
                if translation {
                    // Constant weights and consecutive taps: vector loads instead of gathers.
                    translatedSpan(row + x, ine - x, tex + (V >> fracBits) * ts + (U >> fracBits), ts,
                                   fx: UInt32((U >> (fracBits - 8)) & 0xff), fy: UInt32((V >> (fracBits - 8)) & 0xff),
                                   opacity: opacity)
                    U += (ine - x) << fracBits
                } else if dV == 0 && FastPaths.enabled {
                    // Scaled, not turned: the row samples one pair of texture rows.
                    scaledSpan(row + x, ine - x, tex, ts, &U, V, dU, opacity: opacity)
                } else {
                    var sU = dU, sV = dV
                    bilinearSpan(row + x, ine - x, tex, ts, &U, &V, &sU, &sV, 0, 0, opacity: opacity)
                }
                x = ine
            }
            while x < oe { put(row + x, edge.sample(image, U, V), opacity); U += dU; V += dV; x += 1 }
        }
    }
}

/// Edge pixels of an affine image: bilinear with clamp-to-edge taps, times the pixel's coverage by
/// the image's parallelogram (its distance to each pair of edges, in device pixels, + ½, clamped).
/// Exact area coverage for axis-aligned placements, so a scaled image's edges stay crisp.
struct EdgeRamp {
    let width, height, hu, hv: Double

    @inline(__always) func sample(_ tex: Bitmap, _ U: Int, _ V: Int) -> UInt32 {
        let u = Double(U - weightRounding) / fracOne + 0.5, v = Double(V - weightRounding) / fracOne + 0.5
        let cu = min(1, max(0, min(u, width - u) / (2 * hu) + 0.5)), cv = min(1, max(0, min(v, height - v) / (2 * hv) + 0.5))
        let c = cu * cv
        guard c > 0 else { return 0 }
        let s = sampleClamped(tex, U, V)
        return c >= 1 ? s : scale(s, alpha8(c))
    }
}

/// A bilinear sample with taps clamped to the texture's edge texels.
@inline(__always) func sampleClamped(_ tex: Bitmap, _ U: Int, _ V: Int) -> UInt32 {
    let x = U >> fracBits, y = V >> fracBits
    let fx = UInt64((U >> (fracBits - 8)) & 0xff), fy = UInt64((V >> (fracBits - 8)) & 0xff)
    let w = tex.width - 1, h = tex.height - 1, p = tex.pixels, s = tex.stride
    let x0 = min(max(x, 0), w), x1 = min(max(x + 1, 0), w), y0 = min(max(y, 0), h), y1 = min(max(y + 1, 0), h)
    return bilinear(p[y0 * s + x0], p[y0 * s + x1], p[y1 * s + x0], p[y1 * s + x1], fx, fy)
}
