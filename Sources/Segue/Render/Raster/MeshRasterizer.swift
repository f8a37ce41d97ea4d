// MeshRasterizer: the one textured-triangle rasterizer behind every 3D and warp effect.
// - Exact coverage: vertices snap to 1/16 px and edge functions are evaluated in 64-bit integers, so
//   the top-left rule is exact — a pixel centre on an edge shared by two triangles belongs to exactly
//   one of them (no cracks, no double blending). Each row's span comes from each edge's floor
//   quotient, not from per-pixel tests: divided once where a triangle's rows start, then carried row
//   to row with its remainder (`RowColumns`), exactly.
// - Perspective-correct texturing: u/w, v/w and 1/w are planes in screen space; every pixel's (u, v)
//   is their quotient, computed eight pixels at a time in single precision (MeshSpans) — exact to
//   about 1/1000 texel whatever the perspective, with no subdivision or stepping error.
// - Bilinear sampling, with a transparent frame around the texture (anti-aliased outer edges): the
//   pixels of a span whose taps all lie inside the texture (one range, found at the span's ends or by
//   bisection) take the vector kernels in one piece, the pixel or two past a page's border the checked
//   sampler; unit-scale flat rows (a page lying flat, calm water) take gather-free loads.
// - Per-vertex shade (× rgb), highlight (+ white × alpha) and alpha are screen-linear; triangles
//   without any of them take the plain path.
// - Consecutive triangles over the same rows (a grid row) are drawn row by row, as runs where their
//   spans abut (MeshRuns): same pixels, without a span set-up and a part-empty group per small span.
// - A fan of triangles over one plane (a page's slab, a cube face, a skirt) is set up as its convex
//   polygon: one span a row where the triangles made one for each they cross (a curl's roll is thin
//   strips, its rows mostly span set-ups: p50 0.56–0.73 with polygons). Same coverage; the planes
//   are its largest triangle's.
// - Pixels an opaque draw after this one covers may be left out (`Occlusion`).
// - Each row hints the cache the same columns two rows down: a thin strip's spans are a few pixels,
//   and their destination, read cold, was much of their time (a curl's roll: 0.93× with the hints).
// - A texture may be given transposed (`Bitmap.transposed`, for a mesh read across its rows): the
//   vertices' u and v trade places as they are read, and nothing else changes.

import Foundation
import CPrefetch

struct MeshRasterizer {
    let target: Bitmap
    let clip: PixelRect
    let texture: Bitmap
    let opacity: Double
    let cullBackFaces: Bool
    /// Whether spans may take the vector kernels, and the texture's one colour if it has one.
    let fast: Bool, uniform: UInt32?
    /// Pixels left undrawn: something opaque drawn later covers them (`Occlusion`).
    let occluded: Occlusion?

    /// Texel units of `texture` per mesh texel unit along u and v: 1 for the mesh's own texture, ½ per
    /// halving for one of its levels (`Bitmap.level`).
    let texelScale: (u: Double, v: Double)
    /// Whether `texture` is the mesh's texture transposed (`Bitmap.transposed`): vertices' u and v
    /// trade places as they are read, and `texelScale` is in the transposed texture's axes.
    let transposed: Bool

    init(target: Bitmap, clip: PixelRect, texture: Bitmap, texelScale: (u: Double, v: Double) = (1, 1), transposed: Bool = false,
         opacity: Double, cullBackFaces: Bool, occluded: Occlusion? = nil) {
        self.target = target; self.clip = clip; self.texture = texture; self.texelScale = texelScale; self.opacity = opacity
        self.transposed = transposed
        self.cullBackFaces = cullBackFaces; self.occluded = occluded
        fast = FastPaths.enabled && SpanPlanes.fitsKernels(stride: texture.stride, height: texture.height)
        uniform = texture.uniformPixel
    }

    /// Draws the mesh's triangles in order; runs of triangles over the same rows (a grid row) as bands.
    func draw(_ mesh: Mesh) {
        let v = mesh.vertices, n = v.count
        // The band's lists from the thread's scratch, taken out while in use (ThreadScratch).
        let scratch = ThreadScratch.current
        var band = scratch.band, spans = scratch.spans, sorted = scratch.sorted, walks = scratch.walks
        (scratch.band, scratch.spans, scratch.sorted, scratch.walks) = ([], [], [], [])
        band.removeAll(keepingCapacity: true)
        defer { (scratch.band, scratch.spans, scratch.sorted, scratch.walks) = (band, spans, sorted, walks) }
        var attributes: RowAttributes? = nil
        var rows = (0, -1)                             // the band's rows
        func flush() {
            band.withUnsafeBufferPointer { b in
                if b.count >= Self.bandMinimum {
                    if attributes == nil { attributes = RowAttributes(columns: clip.x0..<clip.x1) }
                    draw(band: b, attributes!, &spans, &sorted, &walks)
                } else {
                    for k in b.indices { draw(b.baseAddress! + k) }
                }
            }
            band.removeAll(keepingCapacity: true)
        }
        let indices = mesh.indices
        var i = 0
        while i + 2 < indices.count {
            let a = Int(indices[i]), b = Int(indices[i + 1]), c = Int(indices[i + 2])
            // A fan of triangles (a, b, c), (a, c, d), … over one plane is drawn as its polygon: one
            // span a row instead of one per triangle the row crosses. Its corners are a, b and each
            // triangle's third index, read in place (no list of them per fan).
            var sides = 3, j = i + 3
            while j + 2 < indices.count && sides < RasterTriangle.maxSides && Int(indices[j]) == a
                    && indices[j + 1] == indices[j - 1] {
                sides += 1; j += 3
            }
            let start = i
            @inline(__always) func corner(_ k: Int) -> Int { Int(k < 2 ? indices[start + k] : indices[start + 3 * k - 4]) }
            let t: RasterTriangle
            if sides > 3, FastPaths.enabled, (0..<sides).allSatisfy({ corner($0) < n }),
               let polygon = setUp(polygon: sides, corner: corner, of: v) {
                t = polygon
                i = j
            } else {
                i += 3
                guard a < n, b < n, c < n, let triangle = setUp(read(v[a]), read(v[b]), read(v[c])) else { continue }
                t = triangle
            }
            if !band.isEmpty && rows != (t.r0, t.r1) { flush() }
            rows = (t.r0, t.r1)
            band.append(t)
        }
        flush()
    }

    @inline(__always) private static func snap(_ f: Float) -> Int {
        let d = Double(f) * 16
        return Int(max(-6.7e7, min(6.7e7, d)).rounded())
    }

    @inline(__always) static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
    @inline(__always) static func ceilDiv(_ a: Int, _ b: Int) -> Int { -floorDiv(-a, b) }

    func draw(_ t: UnsafePointer<RasterTriangle>) {
        let r1 = t.pointee.r1
        var walk = RowColumns(t, row: t.pointee.r0)
        for r in t.pointee.r0...r1 {
            let (cs, ce) = walk.next()
            visible(row: r, cs, ce) {
                // The same columns two rows down, where that row's span lies near this one's:
                // hinted, so that a short span's pixels are in the cache when it is drawn (only
                // visible ones: an occluded strip's would be fetched for nothing).
                if r + 2 <= r1 {
                    let ahead = target.row(r + 2)
                    segue_prefetch(ahead + $0); segue_prefetch(ahead + $1 - 1)
                }
                span(t, row: r, $0, $1)
            }
        }
    }

    /// The pixels cs..<ce of row r less the occluded ones: `body` once for each piece left (none, one
    /// or two).
    @inline(__always) func visible(row r: Int, _ cs: Int, _ ce: Int, _ body: (Int, Int) -> Void) {
        guard let occluded else { if cs < ce { body(cs, ce) }; return }
        occluded.forEachVisibleRun(row: r, cs, ce, body)
    }

    /// The rows r0...r1 and columns c0..<c1 of the clip whose pixel centres a shape with these snapped
    /// bounds (1/16 px) may cover; nil when none.
    @inline(__always) private func pixels(minX: Int, maxX: Int, minY: Int, maxY: Int) -> (r0: Int, r1: Int, c0: Int, c1: Int)? {
        let r0 = max(clip.y0, Self.ceilDiv(minY - 8, 16)), r1 = min(clip.y1 - 1, Self.floorDiv(maxY - 8, 16))
        let c0 = max(clip.x0, Self.ceilDiv(minX - 8, 16)), c1 = min(clip.x1, Self.floorDiv(maxX - 8, 16) + 1)
        return r0 <= r1 && c0 < c1 ? (r0, r1, c0, c1) : nil
    }

    /// A convex fan's polygon set up as one, with the planes of its largest triangle: nil (then it is
    /// drawn triangle by triangle) unless every corner lies on those planes (within 1/64 texel and
    /// 1/1024 of a factor) and its corners, snapped, turn one way. Its pixels are those of the
    /// triangles (the same outer edges, the same top-left rule; the inner edges are gone).
    func setUp(polygon corners: [Int], of vertices: [MeshVertex]) -> RasterTriangle? {
        setUp(polygon: corners.count, corner: { corners[$0] }, of: vertices)
    }

    /// `setUp(polygon:of:)` for the `m` corners `corner(0)`, …, `corner(m − 1)` (vertex indices).
    func setUp(polygon m: Int, corner: (Int) -> Int, of vertices: [MeshVertex]) -> RasterTriangle? {
        guard m > 3, m <= RasterTriangle.maxSides else { return nil }
        @inline(__always) func p(_ k: Int) -> MeshVertex { read(vertices[corner(k)]) }
        for k in 0..<m {
            let v = p(k)
            guard v.w > 0, v.x.isFinite, v.y.isFinite, v.w.isFinite else { return nil }
        }
        var best = 1, bestArea = 0.0
        for k in 1..<(m - 1) {
            let area = abs(Double(p(k).x - p(0).x) * Double(p(k + 1).y - p(0).y) - Double(p(k + 1).x - p(0).x) * Double(p(k).y - p(0).y))
            if area > bestArea { best = k; bestArea = area }
        }
        guard var t = setUp(p(0), p(best), p(best + 1)) else { return nil }
        for k in 0..<m {
            let v = p(k)
            let x = Double(v.x), y = Double(v.y), q = 1 / Double(v.w)
            let pq = t.pq.at(x, y)
            guard abs(pq - q) <= 1e-4 * q, abs(t.ps.at(x, y) / pq - Double(v.u) * texelScale.u) <= 1.0 / 64,
                  abs(t.pt.at(x, y) / pq - Double(v.v) * texelScale.v) <= 1.0 / 64,
                  abs(t.psh.at(x, y) - Double(v.shade)) <= 1.0 / 1024, abs(t.phl.at(x, y) - Double(v.highlight)) <= 1.0 / 1024,
                  abs(t.pal.at(x, y) - Double(v.alpha) * opacity) <= 1.0 / 1024 else { return nil }
            if t.plain && !(v.shade == 1 && v.highlight == 0 && v.alpha == p(0).alpha) { return nil }
        }
        // Snapped corners, clockwise on screen (positive area, as the triangles are set up); at most
        // six, kept in a tuple (no allocation per polygon).
        var X = (0, 0, 0, 0, 0, 0), Y = (0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &X) { xb in
            withUnsafeMutableBytes(of: &Y) { yb -> RasterTriangle? in
                let X = xb.bindMemory(to: Int.self), Y = yb.bindMemory(to: Int.self)
                // Corners that snap onto the one before are one corner: an edge of no length would
                // pass no pixel (a slab whose line runs a hair from a page corner).
                var n = 0
                for k in 0..<m {
                    let x = Self.snap(p(k).x), y = Self.snap(p(k).y)
                    if n > 0 && x == X[n - 1] && y == Y[n - 1] { continue }
                    X[n] = x; Y[n] = y; n += 1
                }
                while n > 1 && X[n - 1] == X[0] && Y[n - 1] == Y[0] { n -= 1 }
                if n < 3 { return nil }
                var area = 0
                for k in 0..<n { area += X[k] * Y[(k + 1) % n] - X[(k + 1) % n] * Y[k] }
                if area == 0 || (area < 0 && cullBackFaces) { return nil }
                if area < 0 {
                    for k in 0..<n / 2 { X.swapAt(k, n - 1 - k); Y.swapAt(k, n - 1 - k) }
                }
                var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
                for k in 0..<n {
                    let a = k, b = (k + 1) % n, c = (k + 2) % n
                    if (X[b] - X[a]) * (Y[c] - Y[b]) - (X[c] - X[b]) * (Y[b] - Y[a]) < 0 { return nil }
                    minX = min(minX, X[k]); maxX = max(maxX, X[k]); minY = min(minY, Y[k]); maxY = max(maxY, Y[k])
                }
                guard let (r0, r1, c0, c1) = pixels(minX: minX, maxX: maxX, minY: minY, maxY: maxY) else { return nil }
                func edge(_ k: Int) -> Edge { k < n ? Edge(X[k], Y[k], X[(k + 1) % n], Y[(k + 1) % n]) : .none }
                t = RasterTriangle(e0: edge(0), e1: edge(1), e2: edge(2), r0: r0, r1: r1, c0: c0, c1: c1, ps: t.ps, pt: t.pt, pq: t.pq,
                                   psh: t.psh, phl: t.phl, pal: t.pal, plain: t.plain, plainOpacity: t.plainOpacity, unitRows: t.unitRows)
                t.e3 = edge(3); t.e4 = edge(4); t.e5 = edge(5); t.sides = n
                return t
            }
        }
    }

    /// A vertex as this draw reads it: u and v trade places in a transposed texture.
    @inline(__always) func read(_ v: MeshVertex) -> MeshVertex {
        guard transposed else { return v }
        var r = v
        r.u = v.v; r.v = v.u
        return r
    }

    /// A triangle's edges, rows, columns and attribute planes; nil when it draws nothing (degenerate,
    /// culled, behind the eye, off the clip, or fully transparent).
    /// The vertices as read (`read(_:)`).
    func setUp(_ p0: MeshVertex, _ p1: MeshVertex, _ p2: MeshVertex) -> RasterTriangle? {
        @inline(__always) func usable(_ p: MeshVertex) -> Bool { p.w > 0 && p.x.isFinite && p.y.isFinite && p.w.isFinite }
        guard usable(p0), usable(p1), usable(p2) else { return nil }
        var v0 = p0, v1 = p1, v2 = p2
        let X0 = Self.snap(v0.x), Y0 = Self.snap(v0.y)
        var X1 = Self.snap(v1.x), Y1 = Self.snap(v1.y)
        var X2 = Self.snap(v2.x), Y2 = Self.snap(v2.y)
        var area = (X1 - X0) * (Y2 - Y0) - (X2 - X0) * (Y1 - Y0)
        if area == 0 { return nil }
        // Positive area = clockwise on screen (y down): the winding of an unrotated `Mesh` grid.
        if area < 0 {
            if cullBackFaces { return nil }
            swap(&v1, &v2); swap(&X1, &X2); swap(&Y1, &Y2); area = -area
        }
        let minY = min(Y0, Y1, Y2), maxY = max(Y0, Y1, Y2)
        let minX = min(X0, X1, X2), maxX = max(X0, X1, X2)
        guard let (r0, r1, c0, c1) = pixels(minX: minX, maxX: maxX, minY: minY, maxY: maxY) else { return nil }

        // Attribute planes over the exact positions (snapping only decides coverage).
        var fit = PlaneFit(v0, v1, v2)
        if fit.det == 0 { fit.det = Double(area) / 256 }
        let plane = fit.plane
        let q0 = 1 / Double(v0.w), q1 = 1 / Double(v1.w), q2 = 1 / Double(v2.w)
        let plain = v0.shade == 1 && v1.shade == 1 && v2.shade == 1 && v0.highlight == 0 && v1.highlight == 0
            && v2.highlight == 0 && v0.alpha == v1.alpha && v1.alpha == v2.alpha
        let plainOpacity = alpha8(opacity * Double(v0.alpha))
        if plain && plainOpacity == 0 { return nil }
        let su = texelScale.u, sv = texelScale.v
        let pq = plane(q0, q1, q2), pt = plane(Double(v0.v) * sv * q0, Double(v1.v) * sv * q1, Double(v2.v) * sv * q2)
        return RasterTriangle(
            e0: Edge(X0, Y0, X1, Y1), e1: Edge(X1, Y1, X2, Y2), e2: Edge(X2, Y2, X0, Y0), r0: r0, r1: r1, c0: c0, c1: c1,
            ps: plane(Double(v0.u) * su * q0, Double(v1.u) * su * q1, Double(v2.u) * su * q2), pt: pt, pq: pq,
            psh: plane(Double(v0.shade), Double(v1.shade), Double(v2.shade)),
            phl: plane(Double(v0.highlight), Double(v1.highlight), Double(v2.highlight)),
            pal: plane(Double(v0.alpha) * opacity, Double(v1.alpha) * opacity, Double(v2.alpha) * opacity),
            plain: plain, plainOpacity: plainOpacity,
            // q = 1/w constant along rows (an affine map, or a perspective whose depth varies only down
            // the screen) and u advancing exactly one texel a pixel with v fixed: a flat, unscaled page.
            unitRows: pq.dx == 0 && pt.dx == 0)
    }

    /// Draws pixels cs..<ce of row r of triangle t (read in place: a triangle is too big to copy per
    /// span).
    func span(_ t: UnsafePointer<RasterTriangle>, row r: Int, _ cs: Int, _ ce: Int) {
        let W = texture.width, H = texture.height
        let tex = texture.pixels, ts = texture.stride
        let plain = t.pointee.plain, plainOpacity = t.pointee.plainOpacity
        let row = target.row(r), line = UnsafeMutableBufferPointer(start: row, count: target.width)
        let planes = RasterTriangle.planes(t, row: r, from: cs)
        let unit = RasterTriangle.unitRow(t, planes)
        var (SH, HL, AL, dSH, dHL, dAL) = RasterTriangle.factors(t, row: r, from: cs)
        // The pixels whose taps all lie inside the texture go to the kernels in one piece; those
        // reaching past it (at a page's border, usually a pixel or two) take the checked sampler.
        // The span's end positions decide both whether it lies inside and whether it steps along
        // texture rows (`SpanPlanes.stepsAlongRows`): computed once (two divisions a span).
        let n = ce - cs
        let a = planes.position(0), b = planes.position(n - 1)
        let whole = SpanPlanes.inside(a, b, width: W, height: H)
        let inner = whole ? 0..<n : planes.insideRange(n, width: W, height: H)
        // Whether the inner piece, pixels i0..<i0 + n, steps along texture rows: from the ends above
        // when it is the whole span.
        @inline(__always) func along(_ whole: Bool, _ a: (x: Int32, y: Int32), _ b: (x: Int32, y: Int32), _ i0: Int, _ n: Int) -> Bool {
            whole ? SpanPlanes.stepsAlongRows(a, b, count: n) : planes.stepsAlongRows(first: i0, count: n)
        }
        for k in 0..<3 {
            let piece = k == 0 ? 0..<inner.lowerBound : k == 1 ? inner : inner.upperBound..<n
            if piece.isEmpty { continue }
            let n = piece.count, i0 = piece.lowerBound, x = cs + i0
            let inside = k == 1
            let dst = row + x
            if plain {
                if inside && fast && unit {
                    let p = planes.position(i0), y = Int(p.y >> 8), src = tex + y * ts + Int(p.x >> 8)
                    // The texels the row `lookahead` rows on will copy (the same columns, a flat page).
                    let ahead = y + (t.pointee.pt.dy < 0 ? -lookahead : lookahead)
                    if ahead >= 0 && ahead < H { hintTexels(src + (ahead - y) * ts, n + 1) }
                    translatedSpan(dst, n, src, ts, fx: UInt32(p.x & 0xff), fy: UInt32(p.y & 0xff), opacity: plainOpacity)
                } else if inside && fast {
                    meshSpan(dst, n, tex, ts, planes, first: i0, within: line, opacity: plainOpacity, alongRows: along(whole, a, b, i0, n))
                } else {
                    for i in 0..<n {
                        let p = planes.position(i0 + i), U = Int(p.x) << 16, V = Int(p.y) << 16
                        put(dst + i, inside ? sampleInside(tex, ts, U, V) : sampleChecked(texture, U, V), plainOpacity)
                    }
                }
            } else if inside && fast && dSH == 0 && dHL == 0 && dAL == 0 && HL >> 16 <= 0 && AL >> 16 >= 256 && uniform == nil {
                // Constant shade, no highlight, full alpha along the row (a cube face, a card).
                meshSpan(dst, n, tex, ts, planes, first: i0, within: line, opacity: 255, shade: UInt16(min(256, max(0, SH >> 16))),
                         alongRows: along(whole, a, b, i0, n))
            } else if inside && fast {
                shadedSpan(dst, n, tex, ts, planes, first: i0, within: line, &SH, &HL, &AL, dSH, dHL, dAL, uniform: uniform,
                           translated: unit && uniform == nil ? planes.position(i0) : nil,
                           alongRows: uniform == nil && !unit ? along(whole, a, b, i0, n) : nil)
            } else {
                for i in 0..<n {
                    let p = planes.position(i0 + i), U = Int(p.x) << 16, V = Int(p.y) << 16
                    let s = inside ? sampleInside(tex, ts, U, V) : sampleChecked(texture, U, V)
                    put(dst + i, modulatePixel(s, SH >> 16, HL >> 16, AL >> 16), 255)
                    SH += dSH; HL += dHL; AL += dAL
                }
            }
        }
    }
}

/// A triangle set up for drawing: its edges, the rows and columns it may cover, and its attribute
/// planes — u/w, v/w, 1/w (perspective-correct texturing) and shade, highlight, alpha.
struct RasterTriangle {
    let e0, e1, e2: Edge
    /// A convex polygon's further edges (`sides` > 3; unused ones pass every pixel).
    var e3 = Edge.none, e4 = Edge.none, e5 = Edge.none
    var sides = 3
    static let maxSides = 6
    let r0, r1, c0, c1: Int
    let ps, pt, pq, psh, phl, pal: Plane
    /// No shade, highlight or varying alpha: drawn at `plainOpacity`.
    let plain: Bool
    let plainOpacity: UInt32
    let unitRows: Bool

    /// The columns of row r of triangle t inside all three edges (empty when cs ≥ ce). Static, on the
    /// triangle in place: a method call would copy the whole triangle for every row.
    @inline(__always) static func columns(_ t: UnsafePointer<RasterTriangle>, row r: Int) -> (Int, Int) {
        let Py = 16 * r + 8
        var cs = t.pointee.c0, ce = t.pointee.c1
        t.pointee.e0.clip(row: Py, &cs, &ce); t.pointee.e1.clip(row: Py, &cs, &ce); t.pointee.e2.clip(row: Py, &cs, &ce)
        if t.pointee.sides > 3 {
            t.pointee.e3.clip(row: Py, &cs, &ce); t.pointee.e4.clip(row: Py, &cs, &ce); t.pointee.e5.clip(row: Py, &cs, &ce)
        }
        return (cs, ce)
    }

    /// The texture planes along row r from the centre of pixel cs.
    @inline(__always) static func planes(_ t: UnsafePointer<RasterTriangle>, row r: Int, from cs: Int) -> SpanPlanes {
        let xc = Double(cs) + 0.5, yc = Double(r) + 0.5
        let ps = t.pointee.ps, pt = t.pointee.pt, pq = t.pointee.pq
        return SpanPlanes(s: Float(ps.at(xc, yc) * 256), t: Float(pt.at(xc, yc) * 256), q: Float(pq.at(xc, yc)),
                          ds: Float(ps.dx * 256), dt: Float(pt.dx * 256), dq: Float(pq.dx))
    }

    /// Whether a row of t with these planes steps exactly one texel a pixel along one texture row (a
    /// flat, unscaled page): pixel i samples at the first pixel's position + (i, 0) texels.
    @inline(__always) static func unitRow(_ t: UnsafePointer<RasterTriangle>, _ planes: SpanPlanes) -> Bool {
        t.pointee.unitRows && planes.ds * (1 / planes.q) == 256
    }

    /// Shade, highlight and alpha at the centre of pixel cs of row r and their steps along it, in
    /// 8.16 fixed point (units of 1/256; the value used is x >> 16). All zero for plain triangles.
    @inline(__always) static func factors(_ t: UnsafePointer<RasterTriangle>, row r: Int, from cs: Int)
        -> (SH: Int, HL: Int, AL: Int, dSH: Int, dHL: Int, dAL: Int) {
        if t.pointee.plain { return (0, 0, 0, 0, 0, 0) }
        let psh = t.pointee.psh, phl = t.pointee.phl, pal = t.pointee.pal
        @inline(__always) func fx(_ d: Double) -> Int { Int(max(-1e6, min(1e6, d)) * 16_777_216) }
        let xc = Double(cs) + 0.5, yc = Double(r) + 0.5
        return (fx(psh.at(xc, yc)), fx(phl.at(xc, yc)), fx(pal.at(xc, yc)), fx(psh.dx), fx(phl.dx), fx(pal.dx))
    }
}

/// A triangle edge a→b in 1/16 px: E(P) = A·(Px − Xa) + B·(Py − Ya), positive inside. Pixel centres
/// on the edge count when it is a top or left edge (`bias` 1 turns E ≥ 0 into E + 1 > 0).
struct Edge {
    let A, B, Xa, Ya, bias: Int

    @inline(__always) init(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) {
        A = -(yb - ya); B = xb - xa; Xa = xa; Ya = ya
        bias = A > 0 || (A == 0 && B > 0) ? 1 : 0
    }

    private init(A: Int, B: Int, bias: Int) { self.A = A; self.B = B; Xa = 0; Ya = 0; self.bias = bias }
    /// An edge every pixel lies inside.
    static let none = Edge(A: 0, B: 0, bias: 1)

    /// Narrows the half-open pixel range [cs, ce) of the row whose centre is at `py` (1/16 px) to the
    /// columns c with A·16c + K > 0, K = A·(8 − Xa) + B·(py − Ya) + bias: one division, exact.
    @inline(__always) func clip(row py: Int, _ cs: inout Int, _ ce: inout Int) {
        let K = A * (8 - Xa) + B * (py - Ya) + bias
        if A > 0 { cs = max(cs, MeshRasterizer.floorDiv(-K, 16 * A) + 1) }
        else if A < 0 { ce = min(ce, MeshRasterizer.ceilDiv(K, -16 * A)) }
        else if K <= 0 { ce = cs }
    }
}

/// The columns of a triangle's consecutive rows, `RasterTriangle.columns` row after row without its
/// divisions: each edge's bound is a floor quotient whose numerator changes by the same amount every
/// row, so its quotient and remainder are carried from row to row (exact, as the divisions are).
struct RowColumns {
    private var e0, e1, e2, e3, e4, e5: EdgeStep
    private let polygon: Bool, c0, c1: Int

    /// The walk of triangle t from row r.
    init(_ t: UnsafePointer<RasterTriangle>, row r: Int) {
        let py = 16 * r + 8
        c0 = t.pointee.c0; c1 = t.pointee.c1; polygon = t.pointee.sides > 3
        e0 = EdgeStep(t.pointee.e0, row: py); e1 = EdgeStep(t.pointee.e1, row: py); e2 = EdgeStep(t.pointee.e2, row: py)
        e3 = EdgeStep(t.pointee.e3, row: py); e4 = EdgeStep(t.pointee.e4, row: py); e5 = EdgeStep(t.pointee.e5, row: py)
    }

    /// This row's columns (empty when cs ≥ ce); the walk moves on to the next row.
    @inline(__always) mutating func next() -> (Int, Int) {
        var cs = c0, ce = c1
        e0.clip(&cs, &ce); e1.clip(&cs, &ce); e2.clip(&cs, &ce)
        if polygon { e3.clip(&cs, &ce); e4.clip(&cs, &ce); e5.clip(&cs, &ce) }
        return (cs, ce)
    }
}

/// One edge's bound on the columns of consecutive rows (`Edge.clip`): with N = −K and D = 16·|A|, the
/// first column inside is ⌊N/D⌋ + 1 where A > 0, the column past the last −⌊N/D⌋ where A < 0; N falls
/// by 16·B a row. A horizontal edge passes a row where K > 0 (K kept in `q`).
struct EdgeStep {
    /// ⌊N/D⌋ and N − D·⌊N/D⌋ at the current row (K for a horizontal edge).
    private var q, m: Int
    /// D, and the quotient and remainder of a row's change of N (of K: `sq`, for a horizontal edge).
    private let d, sq, sm: Int
    private let lower: Bool

    init(_ e: Edge, row py: Int) {
        let K = e.A * (8 - e.Xa) + e.B * (py - e.Ya) + e.bias
        lower = e.A > 0
        guard e.A != 0 else { q = K; m = 0; d = 0; sq = 16 * e.B; sm = 0; return }
        d = 16 * abs(e.A)
        q = MeshRasterizer.floorDiv(-K, d); m = -K - q * d
        sq = MeshRasterizer.floorDiv(-16 * e.B, d); sm = -16 * e.B - sq * d
    }

    /// Narrows [cs, ce) to this row's columns inside the edge, and steps to the next row.
    @inline(__always) mutating func clip(_ cs: inout Int, _ ce: inout Int) {
        if d == 0 {
            if q <= 0 { ce = cs }
            q += sq
            return
        }
        if lower { cs = max(cs, q + 1) } else { ce = min(ce, -q) }
        q += sq; m += sm
        if m >= d { m -= d; q += 1 }
    }
}

/// A screen-space linear attribute f(x, y) = f0 + dx·(x − x0) + dy·(y − y0).
struct Plane {
    let f0, dx, dy, x0, y0: Double
    @inline(__always) func at(_ x: Double, _ y: Double) -> Double { f0 + dx * (x - x0) + dy * (y - y0) }
}

/// A triangle's corners on the screen, for the planes through values given at them.
struct PlaneFit {
    let x0, y0, dx1, dy1, dx2, dy2: Double
    /// Twice the triangle's signed area.
    var det: Double

    init(_ v0: MeshVertex, _ v1: MeshVertex, _ v2: MeshVertex) {
        x0 = Double(v0.x); y0 = Double(v0.y)
        dx1 = Double(v1.x) - x0; dy1 = Double(v1.y) - y0
        dx2 = Double(v2.x) - x0; dy2 = Double(v2.y) - y0
        det = dx1 * dy2 - dx2 * dy1
    }

    /// The screen-linear f with f0, f1, f2 at the three corners.
    func plane(_ f0: Double, _ f1: Double, _ f2: Double) -> Plane {
        Plane(f0: f0, dx: ((f1 - f0) * dy2 - (f2 - f0) * dy1) / det, dy: ((f2 - f0) * dx1 - (f1 - f0) * dx2) / det,
              x0: x0, y0: y0)
    }
}

extension Bitmap {
    /// The one colour of a small texture whose texels are all equal (nil for anything else: only
    /// textures of up to 64 texels are looked at, so the check costs nothing per triangle).
    var uniformPixel: UInt32? {
        guard width * height <= 64, width > 0, height > 0 else { return nil }
        let c = row(0)[0]
        for y in 0..<height { for x in 0..<width where row(y)[x] != c { return nil } }
        return c
    }
}
