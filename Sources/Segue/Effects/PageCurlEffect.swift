// Page curl: the old page peels up from its bottom-right corner around a cylinder lying on the page,
// whose axis sweeps diagonally across until the whole page has rolled over and off, uncovering the new
// page (pageCurl). pageUnCurl is the exact reverse; the modal partialCurl stops part way and holds.
//
// Geometry (page space): n is the unit direction towards the corner, d = P·n − L a point's distance
// past the axis line L. d ≤ 0 stays flat; 0 < d < πr wraps the cylinder (angle φ = d/r, lifted
// r·(1 − cos φ)); beyond, the page lies flat on top, face down, travelling back. The page is a grid
// whose lifted cells are drawn in order of d, which is order of height — painter's order is exact for
// a single cylinder; cells across the axis or the crest are cut along it, so the page bends on those
// lines and not along the grid (no staircase, no notches in the silhouette). The back of the page
// shows mirrored (the geometry does that), washed out like paper seen from behind with the print
// showing through; the curl is shaded by its slope; the new page lies in a soft shadow along the roll
// and the page darkens slightly on either side of the crease. What is one plane is drawn as few big
// pieces: the page past the roll (flat on top) as one polygon, the shadow as strips parallel to the
// axis over the page underneath (`fillSlab`: the page between two lines of d).

import Foundation

public final class PageCurlEffect: TransitionEffect {
    public enum Direction: Sendable { case curl, unCurl }
    public let direction: Direction
    /// How far the curl goes at progress 1 (1 = the page rolls right off; less holds part way).
    public let extent: Double
    /// Angle of n above the horizontal, in radians, at progress 0 and 1 (the axis turns as it sweeps).
    public let angles: (start: Double, end: Double)

    private var points: [Lift] = []
    private var flat = Mesh(), lifted = Mesh(), under = Mesh(), shadow = Mesh()
    /// Strips across the shadow's fall-off on the page underneath.
    private static let shadowStrips = 12
    /// Lifted cells and cut pieces by height: a cell by its top-left vertex, a piece as −1 − the
    /// offset of its first corner in `pieceCorners`.
    private var order: [(d: Double, cell: Int)] = []
    /// Cells across a bend (the axis or the crest).
    private var cutCells: [Int] = []
    /// The pieces they are cut into: each piece's corner count, then its vertex indices in order around it.
    private var pieceCorners: [UInt32] = []

    private struct Lift { var x, y, z, phi, d: Double }
    /// The page's size and the axis: unit normal n towards the corner, d = P·n − L past the axis.
    private struct PageAxis {
        let W, H, nx, ny, L: Double
        func d(_ x: Double, _ y: Double) -> Double { x * nx + y * ny - L }
    }
    /// The shadow's darkness along its fall, as premultiplied black (reused from frame to frame).
    private var shadowRamp: [UInt32] = []
    /// A convex slab of the page (`fillSlab`), reused from frame to frame.
    private var slab: [(x: Double, y: Double, d: Double)] = []
    /// A corner of a cell being cut: page position, distance past the axis, vertex index.
    private struct CutCorner { var x, y, d: Double; var index: UInt32 }

    public init(direction: Direction = .curl, extent: Double = 1,
                angles: (start: Double, end: Double) = (0.95, 0.62)) {
        self.direction = direction
        self.extent = extent
        self.angles = angles
    }

    /// The modal partialCurl: the page lifts from the bottom edge about a nearly horizontal axis and
    /// holds with roughly the lower half of the page below uncovered.
    public static func partial() -> PageCurlEffect {
        PageCurlEffect(direction: .curl, extent: 0.36, angles: (1.45, 1.38))
    }

    /// Opaque pages leave nothing beneath showing: the page underneath is drawn wherever the curl has
    /// uncovered it, the flat page everywhere else.
    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { oldIsOpaque && newIsOpaque }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        if extent >= 1, f.drawEnds(in: canvas) { return }
        if f.progress <= 0 { canvas.draw(f.old, transform: f.imageTransform(f.old), opacity: f.opacity); return }
        switch direction {
        case .curl: drawCurl(page: f.old, under: f.new, progress: f.progress, f, canvas)
        case .unCurl: drawCurl(page: f.new, under: f.old, progress: 1 - f.progress, f, canvas)
        }
    }

    private func drawCurl(page: Bitmap, under below: Bitmap, progress p: Double, _ f: EffectFrame, _ canvas: Canvas) {
        let W = f.size.width, H = f.size.height
        let pr = PageProjector(f)
        let diag = (W * W + H * H).squareRoot()
        let r = 0.075 * diag
        let angle = angles.start + (angles.end - angles.start) * p
        let nx = cos(angle), ny = sin(angle)
        let m1 = W * nx + H * ny                    // the corner's reach along n (the top-left is 0)
        let L = m1 - extent * p * (m1 + Double.pi * r)
        let axis = PageAxis(W: W, H: H, nx: nx, ny: ny, L: L)
        // Shadows fade in and out at the ends so the first and last frames are untouched pages.
        let strength = smoothstep(0, 0.06, p) * (extent >= 1 ? smoothstep(0, 0.1, 1 - p) : 1)

        // Grid sized to the page: about 26 px cells at 640 wide, never fewer than 24 columns.
        let cols = max(24, min(64, Int((W / 24).rounded()))), rows = max(16, Int((Double(cols) * H / W).rounded()))
        /// Page point (x, y) where the curl has carried it; `exactly` gives its distance past the axis
        /// when it is known (a point cut on a bend, so rounding cannot put it on the wrong side).
        func lift(_ x: Double, _ y: Double, exactly known: Double? = nil) -> Lift {
            let d = known ?? axis.d(x, y)
            var q = Lift(x: x, y: y, z: 0, phi: 0, d: d)
            if d > 0 {
                let dd: Double
                if d < Double.pi * r {
                    q.phi = d / r
                    dd = r * sin(q.phi) - d
                    q.z = r * (1 - cos(q.phi))
                } else {
                    q.phi = Double.pi
                    dd = Double.pi * r - 2 * d
                    q.z = 2 * r
                }
                q.x += dd * nx; q.y += dd * ny
            }
            return q
        }
        points.removeAll(keepingCapacity: true)
        for j in 0...rows {
            let y = H * Double(j) / Double(rows)
            for i in 0...cols { points.append(lift(W * Double(i) / Double(cols), y)) }
        }

        // The page underneath: only cells the curl has uncovered (some corner past the axis) can show
        // — an opaque flat page hides the rest, so those are not drawn at all — as runs of whole cells.
        under.reset()
        let stride = cols + 1
        for j in 0...rows {
            for i in 0...cols {
                let x = W * Double(i) / Double(cols), y = H * Double(j) / Double(rows)
                under.vertices.append(pr.vertex(x: x, y: y, u: x, v: y, texture: below, alpha: f.opacity))
            }
        }
        let pageOpaque = direction == .curl ? f.oldIsOpaque : f.newIsOpaque
        for j in 0..<rows {
            under.appendGridRow(j, columns: cols, stride: stride) { a in
                let far = max(points[a].d, points[a + 1].d, points[a + stride].d, points[a + stride + 1].d)
                return pageOpaque && far <= 0 ? .skip : .mergeable
            }
        }
        canvas.draw(under, texture: below)
        // Its soft shadow, darkest at the roll's outer edge (d ≈ r, where the page underneath first
        // shows) and fading over about another radius and a half. The shadow depends on d alone, so
        // where the page lies flat on the screen (an affine page-to-device map, d affine across the
        // screen too) it is one polygon filled with a ramp of black along n (`AxialRamp`); otherwise
        // black strips parallel to the axis, each translucent by its darkness (× (1 − a) is × shade).
        if strength > 0 {
            let fall = (start: 0.8 * r, end: 2.6 * r)
            func darkness(_ d: Double) -> Double { strength * 0.42 * pow(1 - smoothstep(fall.start, fall.end, d), 1.5) * f.opacity }
            let from = pageOpaque ? 0 : -Double.infinity     // an opaque page hides the rest
            if pr.toDevice.isAffine {
                drawShadowRamp(from: from, fall: fall, axis, pr.toDevice.affine, darkness, canvas)
            } else {
                drawShadowStrips(from: from, fall: fall, axis, pr, darkness, canvas)
            }
        }

        // The curling page: flat cells first, then the lifted cells from the axis outwards (lowest first).
        flat.reset(); lifted.reset(); order.removeAll(keepingCapacity: true); cutCells.removeAll(keepingCapacity: true)
        // The page on either side of the axis lies in the crease's shade (contact shadow), darkest at
        // the axis and gone 0.6 r from it either way, so the shading is continuous across the bend.
        func contact(_ d: Double) -> Double {
            1 - strength * 0.16 * (d <= 0 ? smoothstep(-0.6 * r, 0, d) : 1 - smoothstep(0, 0.6 * r, d))
        }
        for (k, q) in points.enumerated() {
            let j = k / stride, i = k % stride
            let u = W * Double(i) / Double(cols), v = H * Double(j) / Double(rows)
            flat.vertices.append(pageVertex(q, u: u, v: v, pr: pr, texture: page, opacity: f.opacity, shade: contact(q.d)))
        }
        // The lines where the page bends: the axis (the contact shadow's darkest line, where the flat
        // page starts to lift) and the crest (φ = π/2, where the roll turns back over itself).
        let bends = [0, Double.pi / 2 * r]
        // Past the roll (d ≥ πr) the page lies flat on top, face down, evenly shaded: one plane, the
        // highest thing drawn. There it is drawn as one polygon after everything else (`appendBack`)
        // rather than cell by cell, in long spans; cells reaching from the roll into it are drawn
        // whole and the polygon covers their far part. Drawing that part twice is invisible only for
        // an opaque page at full opacity; otherwise every lifted cell is drawn.
        let backLine = Double.pi * r
        let backPiece = pageOpaque && f.opacity >= 1
        // Flat cells out of the contact shade (shade 1 at every corner) go in runs, as one quad each.
        // Lifted cells (some corner past the axis) are left out here and queued by height instead.
        for j in 0..<rows {
            flat.appendGridRow(j, columns: cols, stride: stride) { a in
                let ds = (points[a].d, points[a + 1].d, points[a + stride].d, points[a + stride + 1].d)
                let far = max(ds.0, ds.1, ds.2, ds.3)
                guard far <= 0 else {
                    let near = min(ds.0, ds.1, ds.2, ds.3)
                    if backPiece && near >= backLine { return .skip }
                    if bends.contains(where: { near < $0 && far > $0 }) { cutCells.append(a) } else {
                        order.append(((ds.0 + ds.1 + ds.2 + ds.3) / 4, a))
                    }
                    return .skip
                }
                return strength == 0 || far <= -0.6 * r ? .mergeable : .single
            }
        }
        lifted.vertices = flat.vertices
        // A cell across a bend would bend only along its edges: across the axis its contact shadow
        // would reach into the lifting page cell by cell (a staircase along the tilted axis), across
        // the crest it would fold inside its triangles and show a notch of the dark front through the
        // back. It is cut along each bend it crosses, and each piece is queued by its own height.
        pieceCorners.removeAll(keepingCapacity: true)
        for a in cutCells {
            var polys: [[CutCorner]] = [[a, a + 1, a + stride + 1, a + stride].map { k in
                CutCorner(x: W * Double(k % stride) / Double(cols), y: H * Double(k / stride) / Double(rows),
                          d: points[k].d, index: UInt32(k))
            }]
            for bend in bends {
                polys = polys.flatMap { poly -> [[CutCorner]] in
                    guard poly.contains(where: { $0.d < bend }), poly.contains(where: { $0.d > bend }) else { return [poly] }
                    var below: [CutCorner] = [], above: [CutCorner] = []
                    for (k, c) in poly.enumerated() {
                        let n = poly[(k + 1) % poly.count]
                        if c.d <= bend { below.append(c) }
                        if c.d >= bend { above.append(c) }
                        guard (c.d < bend && n.d > bend) || (c.d > bend && n.d < bend) else { continue }
                        let t = (bend - c.d) / (n.d - c.d)
                        let x = c.x + t * (n.x - c.x), y = c.y + t * (n.y - c.y)
                        let cut = CutCorner(x: x, y: y, d: bend, index: UInt32(lifted.vertices.count))
                        lifted.vertices.append(pageVertex(lift(x, y, exactly: bend), u: x, v: y, pr: pr, texture: page, opacity: f.opacity,
                                                          shade: contact(bend)))
                        below.append(cut); above.append(cut)
                    }
                    return [below, above]
                }
            }
            for poly in polys {
                order.append((poly.reduce(0) { $0 + $1.d } / Double(poly.count), -1 - pieceCorners.count))
                pieceCorners.append(UInt32(poly.count))
                for c in poly { pieceCorners.append(c.index) }
            }
        }
        order.sort { $0.d < $1.d }
        for (_, a) in order {
            if a >= 0 { lifted.appendGridCell(a, stride: stride); continue }
            // A convex piece, as a fan from its first corner.
            let p = -1 - a, n = Int(pieceCorners[p]), first = pieceCorners[p + 1]
            for k in 2..<n {
                lifted.indices.append(first); lifted.indices.append(pieceCorners[p + k]); lifted.indices.append(pieceCorners[p + k + 1])
            }
        }
        if backPiece { appendBack(from: backLine, axis, lift: { x, y, d in
            pageVertex(lift(x, y, exactly: d), u: x, v: y, pr: pr, texture: page, opacity: f.opacity, shade: contact(d))
        }) }
        // Feather the lifted page's border, which now stands out against what lies beneath.
        let v = flat.vertices   // the same vertices, read from a buffer the skirts do not grow
        func skirts(_ a: Int) {
            let i = a % stride, j = a / stride
            if j == 0 { lifted.appendSkirt(v[a], v[a + 1], inside: v[a + stride]) }
            if j == rows - 1 { lifted.appendSkirt(v[a + stride], v[a + stride + 1], inside: v[a]) }
            if i == 0 { lifted.appendSkirt(v[a], v[a + stride], inside: v[a + 1]) }
            if i == cols - 1 { lifted.appendSkirt(v[a + 1], v[a + stride + 1], inside: v[a]) }
        }
        for (_, a) in order where a >= 0 { skirts(a) }
        for a in cutCells { skirts(a) }
        canvas.draw(flat, texture: page)
        canvas.draw(lifted, texture: page)
    }

    /// The shadow over the page underneath as one polygon, the page between d = `from` and the end of
    /// the fall, filled with black as dark as `darkness(d)` at 256 evenly spaced d (a level apart at most).
    private func drawShadowRamp(from: Double, fall: (start: Double, end: Double), _ axis: PageAxis, _ toDevice: AffineTransform,
                                _ darkness: (Double) -> Double, _ canvas: Canvas) {
        fillSlab(from: from, to: fall.end, axis)
        guard slab.count >= 3 else { return }
        shadowRamp.removeAll(keepingCapacity: true)
        for k in 0..<256 {
            shadowRamp.append(alpha8(darkness(fall.start + (fall.end - fall.start) * Double(k) / 255)) << 24)
        }
        // t = (d − start) / (end − start), d = n·p − L at page point p = toDevice⁻¹(x, y).
        let inv = toDevice.inverted(), span = fall.end - fall.start
        let gx = (axis.nx * inv.a + axis.ny * inv.b) / span, gy = (axis.nx * inv.c + axis.ny * inv.d) / span
        let g0 = (axis.nx * inv.tx + axis.ny * inv.ty - axis.L - fall.start) / span
        canvas.fill(convex: slab.map { (x: $0.x * toDevice.a + $0.y * toDevice.c + toDevice.tx,
                                        y: $0.x * toDevice.b + $0.y * toDevice.d + toDevice.ty) },
                    ramp: AxialRamp(pixels: shadowRamp, f0: g0, fx: gx, fy: gy))
    }

    /// The shadow as black strips parallel to the axis, translucent by their darkness: exact along the
    /// axis, piecewise linear across it, under any page-to-device map.
    private func drawShadowStrips(from: Double, fall: (start: Double, end: Double), _ axis: PageAxis, _ pr: PageProjector,
                                  _ darkness: (Double) -> Double, _ canvas: Canvas) {
        shadow.reset()
        var from = from
        for k in 0...Self.shadowStrips {
            let to = fall.start + (fall.end - fall.start) * Double(k) / Double(Self.shadowStrips)
            fillSlab(from: from, to: to, axis)
            from = to
            guard slab.count >= 3 else { continue }
            let base = shadow.vertices.count
            for c in slab { shadow.vertices.append(pr.solidVertex(x: c.x, y: c.y, alpha: darkness(c.d))) }
            shadow.appendFan(from: base)
        }
        canvas.draw(shadow, texture: SolidTexture.black)
    }

    /// Fills `slab` with the part of the page rectangle between distances `d0` and `d1` past the axis,
    /// corners in order around it, each with its distance. Points on a line of d come from the
    /// rectangle's own edges, so two slabs meeting on a line share them bit for bit.
    private func fillSlab(from d0: Double, to d1: Double, _ axis: PageAxis) {
        slab.removeAll(keepingCapacity: true)
        let corners = ((0.0, 0.0), (axis.W, 0.0), (axis.W, axis.H), (0.0, axis.H))
        for k in 0..<4 {
            let c = k == 0 ? corners.0 : k == 1 ? corners.1 : k == 2 ? corners.2 : corners.3
            let e = k == 0 ? corners.1 : k == 1 ? corners.2 : k == 2 ? corners.3 : corners.0
            let dc = axis.d(c.0, c.1), de = axis.d(e.0, e.1)
            if dc >= d0 && dc <= d1 { slab.append((c.0, c.1, dc)) }
            // Where the edge crosses the slab's lines, in order along it.
            func cross(_ line: Double) {
                guard line.isFinite && min(dc, de) < line && line < max(dc, de) else { return }
                let t = (line - dc) / (de - dc)
                slab.append((c.0 + t * (e.0 - c.0), c.1 + t * (e.1 - c.1), line))
            }
            if dc < de { cross(d0); cross(d1) } else { cross(d1); cross(d0) }
        }
    }

    /// Appends to `lifted` the part of the page at distance `line` or more past the axis as a fan of
    /// triangles, with skirts along the page's own edges. `vertex(x, y, d)` places page point (x, y)
    /// at distance d.
    private func appendBack(from line: Double, _ axis: PageAxis, lift vertex: (Double, Double, Double) -> MeshVertex) {
        fillSlab(from: line, to: .infinity, axis)
        guard slab.count >= 3 else { return }
        let base = lifted.vertices.count
        for p in slab { lifted.vertices.append(vertex(p.x, p.y, p.d)) }
        lifted.appendFan(from: base)
        // Skirts along the edges that lie on the page's border, away from the polygon's centre.
        var centre = lifted.vertices[base]
        centre.x = 0; centre.y = 0
        for v in lifted.vertices[base...] { centre.x += v.x; centre.y += v.y }
        centre.x /= Float(slab.count); centre.y /= Float(slab.count)
        for k in slab.indices {
            let a = slab[k], b = slab[(k + 1) % slab.count]
            if (a.x == 0 && b.x == 0) || (a.x == axis.W && b.x == axis.W) || (a.y == 0 && b.y == 0) || (a.y == axis.H && b.y == axis.H) {
                lifted.appendSkirt(lifted.vertices[base + k], lifted.vertices[base + (k + 1) % slab.count], inside: centre)
            }
        }
    }

    /// A vertex of the curling page: the front lit by its slope, the back washed out and see-through.
    private func pageVertex(_ q: Lift, u: Double, v: Double, pr: PageProjector, texture: Bitmap, opacity: Double,
                            shade contact: Double) -> MeshVertex {
        if q.phi == 0 {
            return pr.vertex(x: q.x, y: q.y, u: u, v: v, texture: texture, shade: contact, alpha: opacity)
        }
        if q.phi <= Double.pi / 2 {
            // Front: turns darker as it rolls away from the viewer, darkest at the crest.
            let shade = (1 - 0.38 * pow(sin(q.phi), 3)) * contact
            return pr.vertex(x: q.x, y: q.y, z: q.z, u: u, v: v, texture: texture, shade: shade, alpha: opacity)
        }
        // Back: the page's own print showing faintly (mirrored) through white paper, a soft highlight
        // along the roll.
        let t = -cos(q.phi)                         // 0 at the crest, 1 lying flat on top
        let shade = 0.22 + 0.06 * (1 - t)
        let highlight = 0.58 + 0.16 * t + 0.2 * sin(q.phi) * t
        return pr.vertex(x: q.x, y: q.y, z: q.z, u: u, v: v, texture: texture, shade: shade, highlight: highlight,
                         alpha: opacity)
    }
}
