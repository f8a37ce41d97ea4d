// RowWarp: a texture drawn through a stack of level lines, each showing one whole texture row spread
// between two screen columns (the suck's genie page, its rows narrowing into the funnel). Between two
// lines every attribute is linear in the screen row — the bilinear patch of a grid whose rows are
// level — so on a pixel row the texture row is fixed and the columns step evenly: the whole row is
// one affine span, drawn by the mesh kernels (`meshSpan`, `shadedSpan`) in one piece, not a span per
// triangle of a grid cell (half a cell, ~60 px at 1080p, each paying a set-up and a part-empty last
// group), and a row a texel a pixel wide is read as a page lying flat is. The picture is the exact
// patch, without the kink along each cell's diagonal.
// Edges are feathered as a mesh's skirts feather them: pixels within a pixel outside the outline
// (measured across the edge) fade out, sampling the edge texels (clamped sampler); the pixels whose
// taps reach past the texture take the clamped sampler too. With fast paths off every pixel goes
// through `sampleClamped` and `modulatePixel`, from the same numbers (the kernels' references).

import Foundation

struct RowWarp {
    /// A level line: on screen row `y` (device pixels, may be fractional) the texture row `v` (texels,
    /// texel centres at +½) spread from `left` to `right`, shaded (× rgb) and faded by `alpha`.
    struct Line {
        var y, left, right, v, shade, alpha: Double
        /// Every value finite and below 10⁷ in magnitude (NaN fails): what the warp draws at all.
        var isBounded: Bool {
            abs(y) < 1e7 && abs(left) < 1e7 && abs(right) < 1e7 && abs(v) < 1e7 && abs(shade) < 1e7 && abs(alpha) < 1e7
        }
    }
    /// Top to bottom of the texture (the screen rows may fold back; bands draw in order).
    var lines: [Line] = []
}

extension Canvas {
    /// Draws `texture` through the warp's lines, source-over: the band between each pair of lines in
    /// turn, then a pixel's feather beyond the first and last lines.
    func draw(_ warp: RowWarp, texture: Bitmap) {
        let lines = warp.lines
        guard lines.count >= 2, texture.width > 1, texture.height > 1,
              lines.allSatisfy(\.isBounded) else { return }
        settle()
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for l in lines {
            box = (min(box.x0, l.left), min(box.y0, l.y), max(box.x1, l.right), max(box.y1, l.y))
        }
        // Skirts reach up to √2 px sideways on a 45° side (the outline's slopes are bounded by how far
        // they reach between two lines, so a few pixels of margin covers any feather).
        let slack = 2 + lines.indices.dropLast().reduce(0.0) { m, k in
            let dy = abs(lines[k + 1].y - lines[k].y)
            let d = max(abs(lines[k + 1].left - lines[k].left), abs(lines[k + 1].right - lines[k].right))
            return max(m, dy > 1e-9 ? min(8, d / dy) : 0)
        }
        let region = PixelRect(x0: Int((box.x0 - slack).rounded(.down)), y0: Int((box.y0 - 2).rounded(.down)),
                               x1: Int((box.x1 + slack).rounded(.up)) + 1, y1: Int((box.y1 + 2).rounded(.up)) + 1)
        banded(region, RowWarpBands(lines: lines, texture: texture, region: region))
    }
}

/// `draw(_:texture:)`'s bands (a row warp's).
private struct RowWarpBands: BandDraw {
    let lines: [RowWarp.Line], texture: Bitmap, region: PixelRect
    func draw(in band: Canvas) {
        let r = region.intersection(band.clip)
        guard !r.isEmpty else { return }
        RowWarpRows(lines: lines, texture: texture, target: band.target, clip: r).draw()
    }
}

/// The rows of one band of a row warp draw.
private struct RowWarpRows {
    let lines: [RowWarp.Line], texture: Bitmap, target: Bitmap, clip: PixelRect
    /// Read once a draw: `FastPaths.enabled` is task-local, too slow to ask per row.
    let fast = FastPaths.enabled

    /// The first pixel whose centre lies at or right of (or below) `x`, as rows' and columns' spans start.
    @inline(__always) static func pixel(_ x: Double) -> Int { Int((x - 0.5).rounded(.up)) }

    func draw() {
        for k in lines.indices.dropLast() {
            let a = lines[k], b = lines[k + 1], dy = b.y - a.y
            guard dy != 0 else { continue }
            // The band's rows: centres in [min y, max y), so bands meeting at a line share no row.
            let r0 = max(clip.y0, Self.pixel(min(a.y, b.y))), r1 = min(clip.y1, Self.pixel(max(a.y, b.y)))
            guard r0 < r1 else { continue }
            let sides = sideFeathers(a, b)
            for r in r0..<r1 { drawRow(r, at: lerp(a, b, (Double(r) + 0.5 - a.y) / dy), sides, coverage: 1) }
        }
        // A pixel's feather beyond the first and last lines, away from their neighbours.
        func feather(_ end: RowWarp.Line, _ next: RowWarp.Line) {
            let out = next.y >= end.y ? -1.0 : 1.0, sides = sideFeathers(end, next)
            let lo = out < 0 ? end.y - 1 : end.y, hi = out < 0 ? end.y : end.y + 1
            let r0 = max(clip.y0, Self.pixel(lo)), r1 = min(clip.y1, Self.pixel(hi))
            for r in r0..<max(r0, r1) {
                drawRow(r, at: end, sides, coverage: 1 - abs(Double(r) + 0.5 - end.y))
            }
        }
        feather(lines[0], lines[1])
        feather(lines[lines.count - 1], lines[lines.count - 2])
    }

    @inline(__always) func lerp(_ a: RowWarp.Line, _ b: RowWarp.Line, _ t: Double) -> RowWarp.Line {
        @inline(__always) func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return RowWarp.Line(y: l(a.y, b.y), left: l(a.left, b.left), right: l(a.right, b.right), v: l(a.v, b.v),
                            shade: l(a.shade, b.shade), alpha: l(a.alpha, b.alpha))
    }

    /// How far along a pixel row a pixel's width across the band's left and right edges reaches: the
    /// feather, one pixel measured across the edge, is 1 / cos of the edge's slant along the row.
    func sideFeathers(_ a: RowWarp.Line, _ b: RowWarp.Line) -> (left: Double, right: Double) {
        let dy = b.y - a.y
        guard abs(dy) > 1e-9 else { return (1, 1) }
        @inline(__always) func across(_ dx: Double) -> Double { min(8, (1 + (dx / dy) * (dx / dy)).squareRoot()) }
        return (across(b.left - a.left), across(b.right - a.right))
    }

    /// Pixel row r of the texture row `line` shows: its pixels from `left` to `right` at `coverage`,
    /// and the feathers beyond its ends.
    func drawRow(_ r: Int, at line: RowWarp.Line, _ sides: (left: Double, right: Double), coverage: Double) {
        let width = line.right - line.left
        guard width > 1e-3, coverage > 0 else { return }
        let cs = Self.pixel(line.left), ce = Self.pixel(line.right)
        let ls = max(clip.x0, Self.pixel(line.left - sides.left)), re = min(clip.x1, Self.pixel(line.right + sides.right))
        guard ls < re else { return }
        // Texels a pixel, and the planes from pixel ls (q = 1: an affine span along a texture row).
        let step = Double(texture.width) / width
        let planes = SpanPlanes(s: Float(256 * (Double(ls) + 0.5 - line.left) * step), t: Float(256 * line.v), q: 1,
                                ds: Float(256 * step), dt: 0, dq: 0)
        @inline(__always) func factor(_ f: Double) -> Int { Int(min(256, max(0, (f * 256).rounded()))) }
        let SH = factor(line.shade), AL = factor(line.alpha * coverage)
        let row = UnsafeMutableBufferPointer(start: target.row(r), count: target.width)
        // One pixel (index i from ls) through the clamped sampler, faded by `fade` (its feather).
        @inline(__always) func pixel(_ i: Int, fade: Double) {
            let al = fade >= 1 ? AL : factor(line.alpha * coverage * fade)
            guard al > 0 else { return }
            let p = planes.position(i)
            put(row.baseAddress! + ls + i, modulatePixel(sampleClamped(texture, Int(p.x) << 16, Int(p.y) << 16), SH, 0, al), 255)
        }
        // Feathers: pixel centres within `sides` of the ends, fading linearly to nothing.
        for x in ls..<min(re, max(ls, cs)) { pixel(x - ls, fade: 1 - (line.left - (Double(x) + 0.5)) / sides.left) }
        for x in max(ls, ce)..<max(re, ls, ce) { pixel(x - ls, fade: 1 - ((Double(x) + 0.5) - line.right) / sides.right) }
        // The row itself: the pixels whose taps lie inside the texture to the kernels, in one piece.
        let s0 = max(ls, cs), s1 = min(re, ce)
        guard s0 < s1, AL > 0 else { return }
        let n = s1 - s0, first = s0 - ls
        let inner = fast ? Segue.insideRange(n, xMax: Int32(256 * (texture.width - 1) - 4), yMax: Int32(256 * (texture.height - 1) - 4)) {
            planes.position(first + $0)
        } : 0..<0
        for i in 0..<inner.lowerBound { pixel(first + i, fade: 1) }
        for i in inner.upperBound..<n { pixel(first + i, fade: 1) }
        guard !inner.isEmpty else { return }
        let dst = row.baseAddress! + s0 + inner.lowerBound, count = inner.count, at = first + inner.lowerBound
        // A row a texel a pixel (the page's rows not yet drawn in): consecutive texels, as a page
        // lying flat is read — a blend of the row pair, a copy on whole texels.
        if planes.ds == 256 {
            let p = planes.position(at)
            if SH >= 256 && AL >= 256 {
                translatedSpan(dst, count, texture.pixels + Int(p.y >> 8) * texture.stride + Int(p.x >> 8), texture.stride,
                               fx: UInt32(p.x & 0xff), fy: UInt32(p.y & 0xff), opacity: 255)
            } else {
                var sh = SH << 16, hl = 0, al = AL << 16
                shadedSpan(dst, count, texture.pixels, texture.stride, planes, first: at, within: row, &sh, &hl, &al, 0, 0, 0,
                           translated: p)
            }
        } else if AL >= 256 {
            meshSpan(dst, count, texture.pixels, texture.stride, planes, first: at, within: row, opacity: 255, shade: UInt16(SH))
        } else {
            var sh = SH << 16, hl = 0, al = AL << 16
            shadedSpan(dst, count, texture.pixels, texture.stride, planes, first: at, within: row, &sh, &hl, &al, 0, 0, 0)
        }
    }
}
