// Canvas image drawing: the axis-aligned and affine paths. An integer translation copies or blends
// rows (`blendRow`: opaque runs are plain copies), hinting the next row's run to the cache when rows
// are narrower than their bitmaps. Any other affine map inverts once per draw and then
// walks each row in 8.24 fixed point, one add per coordinate per pixel, sampling bilinearly with the
// lane-parallel `bilinear`. Each row is split analytically into an inner span, where all four taps
// are inside the texture and the loop has no bounds checks, and thin border spans that clamp taps to
// the edge and multiply by the pixel's coverage of the image (EdgeRamp) — the anti-aliased edges.
// A pure translation between pixels has the same weights at every pixel: its inner span is
// `translatedSpan` (FastSpans), vector loads of consecutive texels instead of gathers. A slide or a
// scale (no turn or shear) has the same columns on every row, so those are solved once per draw and
// its edge columns' coverage tabulated (`drawAxisAligned`): no divisions or edge arithmetic per row.
// A big turned image's inner pixels are drawn in strips down the screen instead (TurnedStrips), the
// rows keeping their edges and the few inner pixels beside the strips; where the CPU has no window
// gather for strips, one turned so that a row reads more than 1024 texture rows draws its inner spans
// in columns 512 wide, all the rows of one column before the next (`drawsColumnBands`). Every pixel's
// 8.24 position is the one affine map from the device origin, so rows, strips and columns sample alike.
import Foundation
import CPrefetch

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

/// Hints the first `runHintLines` cache lines from `p` (the start of a row's run) to the cache.
@inline(__always) func hintRun(_ p: UnsafePointer<UInt32>) {
    let r = UnsafeRawPointer(p)
    for k in 0..<runHintLines { segue_prefetch(r + 64 * k) }
}

/// Lines hinted at the start of a run: 512 bytes, what a half-width 1080p row copy measured best with
/// (ABBA rounds of the slides, against none).
let runHintLines = 8

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
    func blitTwo(_ a: Bitmap, _ b: Bitmap, x tx: Int, y ty: Int, opacityA: UInt32, opacityB: UInt32, bothOpaque: Bool) {
        settle()
        let r = PixelRect(x0: tx, y0: ty, x1: tx + a.width, y1: ty + a.height).intersection(clip)
        guard !r.isEmpty else { return }
        if threads > 1 {
            return banded(r, BlitTwo(a: a, b: b, x: tx, y: ty, opacityA: opacityA, opacityB: opacityB, bothOpaque: bothOpaque))
        }
        for y in r.y0..<r.y1 {
            crossfadeRow(target.row(y) + r.x0, a.row(y - ty) + (r.x0 - tx), opacityA, b.row(y - ty) + (r.x0 - tx), opacityB,
                         r.x1 - r.x0, bothOpaque: bothOpaque)
        }
    }

    /// Integer translation: row copies and blends. On the render canvas the copy may be held back a
    /// call, to be drawn in one pass with what is drawn over it (Canvas+HeldCopy).
    func blit(_ image: Bitmap, x tx: Int, y ty: Int, opacity: UInt32, occluded: Occlusion? = nil) {
        if holdBlit(image, x: tx, y: ty, opacity: opacity, occluded: occluded) { return }
        settle()
        blitNow(image, x: tx, y: ty, opacity: opacity, occluded: occluded)
    }

    /// `blit` straight away. A row narrower than its source or destination bitmap (a page half slid
    /// in) is a run of its own in memory, which the hardware prefetchers — following a stream within a
    /// 4 KB page — start cold each time; so the next row's run is hinted while this one is copied.
    /// (Full rows are one stream down the bitmap and get no hints.)
    func blitNow(_ image: Bitmap, x tx: Int, y ty: Int, opacity: UInt32, occluded: Occlusion? = nil) {
        let r = PixelRect(x0: tx, y0: ty, x1: tx + image.width, y1: ty + image.height).intersection(clip)
        guard !r.isEmpty, opacity > 0 else { return }
        if threads > 1 { return banded(r, Blit(image: image, x: tx, y: ty, opacity: opacity, occluded: occluded)) }
        for y in r.y0..<r.y1 {
            if y + 1 < r.y1 { hintRow(image, x: tx, y: ty, row: y + 1, r.x0, r.x1) }
            if let occluded {
                occluded.forEachVisibleRun(row: y, r.x0, r.x1) { blitRow(image, x: tx, y: ty, row: y, $0, $1, opacity: opacity) }
            } else {
                blitRow(image, x: tx, y: ty, row: y, r.x0, r.x1, opacity: opacity)
            }
        }
    }

    /// Row `y`'s pixels x0..<x1 of the image placed at (tx, ty).
    @inline(__always)
    func blitRow(_ image: Bitmap, x tx: Int, y ty: Int, row y: Int, _ x0: Int, _ x1: Int, opacity: UInt32) {
        blendRow(target.row(y) + x0, image.row(y - ty) + (x0 - tx), x1 - x0, opacity: opacity)
    }

    /// Cache hints for row `y`'s run x0..<x1 of the image placed at (tx, ty), on the sides where the
    /// run is narrower than its bitmap.
    @inline(__always)
    func hintRow(_ image: Bitmap, x tx: Int, y ty: Int, row y: Int, _ x0: Int, _ x1: Int) {
        if x1 - x0 < image.stride { hintRun(image.row(y - ty) + (x0 - tx)) }
        if x1 - x0 < target.stride { hintRun(target.row(y) + x0) }
    }

    /// Affine map `t` (texel space → device), bilinear.
    func drawAffine(_ image: Bitmap, _ t: AffineTransform, opacity: UInt32) {
        drawAffine(image, t, opacity: opacity, inBand: false, transposed: nil)
    }

    /// `drawAffine`; a band of a split draw (`inBand`) is given the transposed copy its strips read,
    /// if any, asked for before the draw split (on one thread).
    fileprivate func drawAffine(_ image: Bitmap, _ t: AffineTransform, opacity: UInt32, inBand: Bool, transposed: Bitmap?) {
        let det = t.a * t.d - t.b * t.c
        settle()
        guard opacity > 0, det != 0, det.isFinite, image.width > 0, image.height > 0 else { return }
        let inv = t.inverted()
        let W = Double(image.width), H = Double(image.height)
        // Half a device pixel in texel units across each texture axis: the anti-aliasing ramp.
        let hu = 0.5 * (inv.a * inv.a + inv.c * inv.c).squareRoot(), hv = 0.5 * (inv.b * inv.b + inv.d * inv.d).squareRoot()
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        func corner(_ u: Double, _ v: Double) {                // (four calls, not an array of corners a draw)
            let x = u * t.a + v * t.c + t.tx, y = u * t.b + v * t.d + t.ty
            bx0 = min(bx0, x); bx1 = max(bx1, x); by0 = min(by0, y); by1 = max(by1, y)
        }
        corner(-hu, -hv); corner(W + hu, -hv); corner(-hu, H + hv); corner(W + hu, H + hv)
        let area = PixelRect(x0: Int(max(-1e9, bx0).rounded(.down)), y0: Int(max(-1e9, by0).rounded(.down)),
                             x1: Int(min(1e9, bx1).rounded(.up)), y1: Int(min(1e9, by1).rounded(.up))).intersection(clip)
        guard !area.isEmpty else { return }
        let dudx = inv.a, dvdx = inv.b
        let dU = fixed(dudx), dV = fixed(dvdx)
        // 8.24 positions anchored at the device origin: pixel (x, y) samples at U00 + x·dU + y·dUy (and
        // so for V), the same integer whichever row or strip reaches it (texel centres at integers).
        let dUy = fixed(inv.c), dVy = fixed(inv.d)
        let U00 = fixed(0.5 * inv.a + 0.5 * inv.c + inv.tx - 0.5) + weightRounding
        let V00 = fixed(0.5 * inv.b + 0.5 * inv.d + inv.ty - 0.5) + weightRounding
        // A big turned image's inner pixels in strips sixteen columns wide (TurnedStrips), where its
        // groups read within a window — of its transposed copy where it is turned past 45°, if it has
        // one or its contents are steady enough to make one (`transposedIfSteady`, asked for before
        // the draw splits into bands); the rows draw only their edges and the inner ends beside the
        // strips.
        let turned = inv.b != 0 || inv.c != 0, side = max(image.width, image.height)
        let plan = turned && FastPaths.enabled && area.x1 - area.x0 >= 64 && (area.x1 - area.x0) * (area.y1 - area.y0) >= 1 << 16
            && SpanPlanes.fitsKernels(stride: max(image.stride, side), height: side)
            ? TurnedStrips.plan(u: (dU, dUy), v: (dV, dVy)) { inBand ? transposed : image.transposedIfSteady(threads: threads) } : nil
        // Turned past about 28° (eight rows a staircase), a steady image's transposed copy is made a
        // twelfth a frame ahead of the draws past 45° that read it.
        if !inBand, let plan, plan.copy == nil, plan.strips.depth >= 8 { image.prepareTransposedIfSteady(rows: (image.width + 11) / 12) }
        if threads > 1 { return banded(area, Affine(image: image, t: t, opacity: opacity, transposed: plan?.copy)) }
        let eps = 4e-3
        let mu = max(0.5, hu) + eps, mv = max(0.5, hv) + eps
        let edge = EdgeRamp(width: W, height: H, hu: hu, hv: hv)
        if inv.b == 0 && inv.c == 0 && FastPaths.enabled,
           drawAxisAligned(image, inv, area: area, opacity: opacity, edge: edge, mu: mu, mv: mv) { return }
        let strips = plan?.strips, copy = plan?.copy
        // A big turned image drawn without strips may draw its inner spans in columns, one column's
        // rows at a time (`drawsColumnBands`); the rows draw the edges and note the spans.
        let bands = strips == nil && turned && FastPaths.enabled && Self.drawsColumnBands(dvdx: dvdx, width: area.x1 - area.x0)
        let stripStorage = strips == nil ? 0 : StripRows.capacity(area)
        // The rows' bookkeeping in the thread's scratch (ThreadScratch): no allocation a frame.
        let scratch = ThreadScratch.current
        do {
            let storage = scratch.buffer(.stripRows, of: Int32.self, count: stripStorage + (bands ? 2 * (area.y1 - area.y0) : 0))
            let layout = strips.map { _ in StripRows(storage, area) }
            let spans = bands ? NotedSpans(base: storage + stripStorage, y0: area.y0) : nil
            for y in area.y0..<area.y1 {
                let cy = Double(y) + 0.5
                // Texture position of the centre of pixel x = 0 of this row.
                let u0 = 0.5 * inv.a + cy * inv.c + inv.tx
                let v0 = 0.5 * inv.b + cy * inv.d + inv.ty
                let ou = solveSpan(u0, dudx, -hu, W + hu), ov = solveSpan(v0, dvdx, -hv, H + hv)
                var (os, oe) = integerSpan((max(ou.0, ov.0), min(ou.1, ov.1)), area.x0, area.x1)
                if os >= oe { os = area.x0; oe = os }
                // Inside: full coverage and all four taps in the texture, so no checks at all.
                let iu = solveSpan(u0, dudx, mu, W - mu), iv = solveSpan(v0, dvdx, mv, H - mv)
                var (ins, ine) = integerSpan((max(iu.0, iv.0), min(iu.1, iv.1)), os, oe)
                if ins >= ine { ins = oe; ine = oe }
                // The strips wholly inside the inner span draw its middle (every row is noted for them).
                let middle = layout?.note(row: y, inner: ins, ine) ?? ins..<ins
                spans?[y] = 0..<0
                guard os < oe else { continue }
                let row = target.row(y)
                var U = U00 + os * dU + y * dUy, V = V00 + os * dV + y * dVy
                var x = os
                while x < ins { put(row + x, edge.sample(image, U, V), opacity); U += dU; V += dV; x += 1 }
                if !middle.isEmpty {
                    if x < middle.lowerBound { innerSpan(image, row + x, middle.lowerBound - x, &U, &V, dU, dV, opacity: opacity) }
                    x = middle.upperBound
                    U = U00 + x * dU + y * dUy; V = V00 + x * dV + y * dVy
                }
                if let spans {
                    spans[y] = x..<max(x, ine)
                    if x < ine { x = ine; U = U00 + x * dU + y * dUy; V = V00 + x * dV + y * dVy }
                } else if x < ine {
                    innerSpan(image, row + x, ine - x, &U, &V, dU, dV, opacity: opacity)
                    x = ine
                }
                while x < oe { put(row + x, edge.sample(image, U, V), opacity); U += dU; V += dV; x += 1 }
            }
            if let spans {
                for b in Swift.stride(from: area.x0, to: area.x1, by: Self.columnBand) {
                    for y in area.y0..<area.y1 {
                        let r = spans[y].clamped(to: b..<b + Self.columnBand)
                        guard !r.isEmpty else { continue }
                        var U = U00 + r.lowerBound * dU + y * dUy, V = V00 + r.lowerBound * dV + y * dVy
                        innerSpan(image, target.row(y) + r.lowerBound, r.count, &U, &V, dU, dV, opacity: opacity)
                    }
                }
            }
            guard let strips, let layout else { return }
            // The transposed copy's rows are the image's columns: u and v trade places (Bitmap+Transposed).
            let texture = copy ?? image
            let (C, dC, dCy, R, dR, dRy) = copy == nil ? (U00, dU, dUy, V00, dV, dVy) : (V00, dV, dVy, U00, dU, dUy)
            do {
                let ring = scratch.buffer(.stripRing, of: Px16.self, count: TurnedStrips.ring)
                for m in 0..<layout.count {
                    let x0 = (layout.firstStrip + m) << 4, rows = layout.rows(ofStrip: m)
                    guard !rows.isEmpty else { continue }
                    strips.draw(target, strip: m, of: layout, rows: rows,
                                C: C + x0 * dC, R: R + x0 * dR, dCy: dCy, dRy: dRy, texture: texture.pixels,
                                stride: texture.stride, width: texture.width, height: texture.height, opacity: opacity,
                                ring: ring)
                }
            }
        }
    }

    /// The width of the columns in which a turned image's inner spans are drawn, one column's rows at a
    /// time, where a whole row would read too many texture rows (`drawsColumnBands`).
    static let columnBand = 512

    /// Whether a turned image's inner spans, `width` pixels across the draw, go in columns
    /// `columnBand` wide, all the rows of one column before the next, rather than row by row: where a
    /// row reads more than 1024 texture rows (|∂v/∂x| a pixel). Each texture row lies in pages of its
    /// own, and a row by row draw reads all those rows' lines and pages again a screen row later — more
    /// than the second-level cache and address-translation cache keep: 3840×2160 at 45°, 2600 texture
    /// rows a row, drew 1.5× as fast in columns of 512 (1024 alike, 128–256 slower; AVX2, no strips);
    /// 1920×1080 at 45°, 1300 rows, alike either way.
    static func drawsColumnBands(dvdx: Double, width: Int) -> Bool {
        width > columnBand && abs(dvdx) * Double(width) > 1024
    }

    /// Each row's inner span, noted by `drawAffine`'s rows for its columns (`drawsColumnBands`): two
    /// Int32s a row from `y0`, in storage the draw holds.
    private struct NotedSpans {
        let base: UnsafeMutablePointer<Int32>, y0: Int
        subscript(y: Int) -> Range<Int> {
            get { Int(base[2 * (y - y0)])..<Int(base[2 * (y - y0) + 1]) }
            nonmutating set { base[2 * (y - y0)] = Int32(newValue.lowerBound); base[2 * (y - y0) + 1] = Int32(newValue.upperBound) }
        }
    }

    /// The inner span of a row (full coverage, every tap inside the texture) by the cheapest kernel
    /// that gives its pixels, leaving (U, V) after its last pixel.
    @inline(__always)
    private func innerSpan(_ image: Bitmap, _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ U: inout Int, _ V: inout Int,
                           _ dU: Int, _ dV: Int, opacity: UInt32) {
        let tex = image.pixels, ts = image.stride
        if dU == 1 << fracBits && dV == 0 && FastPaths.enabled {
            // A pure translation between pixels: constant weights and consecutive taps, vector loads.
            translatedSpan(dst, count, tex + (V >> fracBits) * ts + (U >> fracBits), ts,
                           fx: UInt32((U >> (fracBits - 8)) & 0xff), fy: UInt32((V >> (fracBits - 8)) & 0xff),
                           opacity: opacity)
            U += count << fracBits
        } else {
            // Turned or sheared (scales come here only when `drawAxisAligned` declines them): eight
            // pixels a step through the mesh kernels, the last few four at a time.
            var done = 0
            if FastPaths.enabled && SpanPlanes.fitsKernels(stride: ts, height: image.height) {
                done = affineSpan(dst, count, tex, ts, &U, &V, dU, dV, opacity: opacity)
            }
            bilinearSpan(dst + done, count - done, tex, ts, &U, &V, dU, dV, opacity: opacity)
        }
    }

    /// `drawAffine`'s rows for a map without turn or shear (a slide, a scale): u depends on the
    /// column alone and v on the row alone, so the edge and inner columns are solved once for every
    /// row (no divisions per row), and on rows clear of the top and bottom ramps each edge column's
    /// coverage is a constant, worked out once (v's factor is 1 there). The same expressions as the
    /// general loop, so the same pixels. False (nothing drawn) when the edge columns are too many to
    /// tabulate: an image too narrow to have inner columns (a texel or so wide) drawn wider than eight
    /// pixels.
    private func drawAxisAligned(_ image: Bitmap, _ inv: AffineTransform, area: PixelRect, opacity: UInt32,
                                 edge: EdgeRamp, mu: Double, mv: Double) -> Bool {
        let W = Double(image.width), H = Double(image.height), dudx = inv.a
        let dU = fixed(dudx)
        let cy0 = Double(area.y0) + 0.5
        let u0 = 0.5 * inv.a + cy0 * inv.c + inv.tx
        let ou = solveSpan(u0, dudx, -edge.hu, W + edge.hu), iu = solveSpan(u0, dudx, mu, W - mu)
        let (os, oe) = integerSpan(ou, area.x0, area.x1)
        guard os < oe else { return true }
        let inner = integerSpan(iu, os, oe)
        // Constants from here on (the row loop below captures them).
        let (ins, ine) = inner.0 < inner.1 ? inner : (oe, oe)
        let U0 = fixed((u0 - 0.5 + Double(os) * dudx)) + weightRounding
        let left = ins - os, edges = left + oe - ine
        // Magnified by about 7/6 or more (eight pixels' left columns within six of each other), where the
        // window does not read the taps: each inner row's first by AVX2's permute (`magnifiedGroups`).
        let magnified = rowTaps8Available && ine - ins >= 16 && 7 * abs(dU) <= 6 << fracBits
        guard edges <= 8 else { return false }
        // Each edge column's factor on the inner rows: 0 none, 256 full, else alpha8 of its coverage.
        // (A constant once made: a `var` captured by the row loop below was boxed on the heap each draw.)
        let factor = {
            var f = SIMD8<UInt32>()
            for k in 0..<edges {
                let x = k < left ? os + k : ine + (k - left)
                let c = edge.coverage(u: U0 + (x - os) * dU)
                f[k] = c <= 0 ? 0 : c >= 1 ? 256 : alpha8(c)
            }
            return f
        }()
        @inline(__always) func edgePixel(_ p: UnsafeMutablePointer<UInt32>, _ k: Int, _ U: Int, _ V: Int) {
            let f = factor[k]
            guard f > 0 else { return }
            let s = sampleClamped(image, U, V)
            put(p, f == 256 ? s : scale(s, f), opacity)
        }
        // A ramp row wholly covered (the image's top or bottom edge on a pixel boundary, as a sliding
        // page's are) whose inner span reads only rows that exist is drawn like an inner row: its
        // v factor is 1, so each pixel's coverage is its column's. The last row qualifies only
        // under a translation with no vertical phase, which reads that one row.
        @inline(__always) func wholeRampRow(_ V: Int) -> Bool {
            guard edge.coverage(v: V) >= 1 else { return false }
            let r = V >> fracBits
            return r >= 0 && (r + 1 < image.height || (r + 1 == image.height && dU == 1 << fracBits && (V >> (fracBits - 8)) & 0xff == 0))
        }
        /// The rows; `taps`, for a scale, the inner columns' left tap columns then their weights.
        func rows(_ taps: UnsafeMutableBufferPointer<UInt32>?) {
            for y in area.y0..<area.y1 {
                let v0 = 0.5 * inv.b + (Double(y) + 0.5) * inv.d + inv.ty
                let outer = solveSpan(v0, 0, -edge.hv, H + edge.hv), inner = solveSpan(v0, 0, mv, H - mv)
                guard outer.0 < outer.1 else { continue }
                let row = target.row(y)
                var U = U0, V = fixed(v0 - 0.5 + Double(os) * inv.b) + weightRounding
                if inner.0 >= inner.1 && !wholeRampRow(V) {
                    // A row of the top or bottom ramp: every pixel is an edge pixel.
                    for x in os..<oe { put(row + x, edge.sample(image, U, V), opacity); U += dU }
                    continue
                }
                for k in 0..<left { edgePixel(row + os + k, k, U, V); U += dU }
                if let taps {
                    let n = ine - ins, c = taps.baseAddress!
                    // Magnified, the groups whose taps fit eight texels a row first (`magnifiedGroups`).
                    let done = !magnified ? 0
                        : magnifiedGroups(row + ins, n, image.pixels, image.stride, V, columns: c, fractions: c + n, opacity: opacity)
                    scaledRow(row + ins + done, n - done, image.pixels, image.stride, V, columns: c + done,
                              fractions: c + n + done, opacity: opacity)
                    U = U0 + (ine - os) * dU
                } else if ins < ine {
                    innerSpan(image, row + ins, ine - ins, &U, &V, dU, 0, opacity: opacity)  // V stays: dV = 0
                }
                for k in left..<edges { edgePixel(row + ine + (k - left), k, U, V); U += dU }
            }
        }
        // Scaled: every inner row samples the same columns with the same weights, so those are
        // worked out once (`scaledRow`), a few kilobytes in the thread's scratch (ThreadScratch: a
        // temporary allocation that size went to the heap, once a draw).
        guard dU != 1 << fracBits, ine - ins >= 8 else { rows(nil); return true }
        let n = ine - ins
        let taps = UnsafeMutableBufferPointer(start: ThreadScratch.current.buffer(.scaledTaps, of: UInt32.self, count: 2 * n), count: 2 * n)
        for k in 0..<n {
            let U = U0 + (ins - os + k) * dU
            taps[k] = UInt32(truncatingIfNeeded: U >> fracBits)
            taps[n + k] = UInt32(truncatingIfNeeded: U >> (fracBits - 8)) & 0xff
        }
        rows(taps)
        return true
    }
}

/// Edge pixels of an affine image: bilinear with clamp-to-edge taps, times the pixel's coverage by
/// the image's parallelogram (its distance to each pair of edges, in device pixels, + ½, clamped).
/// Exact area coverage for axis-aligned placements, so a scaled image's edges stay crisp.
struct EdgeRamp {
    let width, height, hu, hv: Double

    /// The pixel's coverage across the texture's columns, for its 8.24 sample position U (0…1).
    @inline(__always) func coverage(u U: Int) -> Double { Self.coverage(U, width, hu) }
    /// The pixel's coverage across the texture's rows, for its 8.24 sample position V (0…1).
    @inline(__always) func coverage(v V: Int) -> Double { Self.coverage(V, height, hv) }
    @inline(__always) private static func coverage(_ P: Int, _ size: Double, _ half: Double) -> Double {
        let p = Double(P - weightRounding) / fracOne + 0.5
        return min(1, max(0, min(p, size - p) / (2 * half) + 0.5))
    }

    @inline(__always) func sample(_ tex: Bitmap, _ U: Int, _ V: Int) -> UInt32 {
        let c = coverage(u: U) * coverage(v: V)
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

/// `blitTwo`'s bands.
private struct BlitTwo: BandDraw {
    let a, b: Bitmap, x, y: Int, opacityA, opacityB: UInt32, bothOpaque: Bool
    func draw(in band: Canvas) { band.blitTwo(a, b, x: x, y: y, opacityA: opacityA, opacityB: opacityB, bothOpaque: bothOpaque) }
}

/// `blitNow`'s bands.
private struct Blit: BandDraw {
    let image: Bitmap, x, y: Int, opacity: UInt32, occluded: Occlusion?
    func draw(in band: Canvas) { band.blitNow(image, x: x, y: y, opacity: opacity, occluded: occluded) }
}

/// `drawAffine`'s bands.
private struct Affine: BandDraw {
    let image: Bitmap, t: AffineTransform, opacity: UInt32, transposed: Bitmap?
    func draw(in band: Canvas) { band.drawAffine(image, t, opacity: opacity, inBand: true, transposed: transposed) }
}
