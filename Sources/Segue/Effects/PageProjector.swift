// PageProjector: page-space 3D points to mesh vertices. A point (x, y, z) of the page (z toward the
// viewer) is seen in perspective from an eye `eyeDistance` above the page centre, then mapped by the
// page-to-device transform; the vertex keeps the homogeneous w so the rasterizer interpolates textures
// perspective-correctly. Subtypes are handled once here: effects are written for "from right" in a
// canonical frame (a along the motion, b across it) and `orientation` maps positions and texture
// coordinates together, so every direction is the same effect mirrored or transposed.

struct PageProjector {
    let size: Size
    let toDevice: Transform3D
    /// Distance of the eye from the page plane, page units (.infinity: no perspective).
    let eyeDistance: Double
    let subtype: TransitionSubtype

    init(_ frame: EffectFrame, eyeDistance: Double = .infinity) {
        size = frame.size
        toDevice = frame.pageToDevice
        self.eyeDistance = eyeDistance
        subtype = frame.subtype
    }

    /// How far inside an opaque page's outline (device pixels) what it covers may be left undrawn
    /// (`Occlusion`'s margin): two texels of `texture` in device pixels, as the page lies flat — its
    /// frame fades over one — and the feathered edge's pixel; at least 3.
    func coverMargin(_ texture: Bitmap) -> Int {
        let a = toDevice.affine
        let texel = toDevice.isAffine ? abs(a.a * a.d - a.b * a.c).squareRoot()
            * max(size.width / Double(max(1, texture.width)), size.height / Double(max(1, texture.height))) : 2
        return max(3, Int((2 * texel).rounded(.up)) + 1)
    }

    /// Device pixels a page unit spans at most, as the page lies flat (2 under a perspective map).
    var deviceScale: Double {
        guard toDevice.isAffine else { return 2 }
        let a = toDevice.affine
        return max(a.a * a.a + a.b * a.b, a.c * a.c + a.d * a.d).squareRoot()
    }

    /// Length of the page along the motion, and across it.
    var length: Double { subtype == .fromLeft || subtype == .fromRight ? size.width : size.height }
    var breadth: Double { subtype == .fromLeft || subtype == .fromRight ? size.height : size.width }

    /// Canonical (a, b) to page (x, y).
    @inline(__always) func page(_ a: Double, _ b: Double) -> (Double, Double) {
        switch subtype {
        case .fromRight: (a, b)
        case .fromLeft: (size.width - a, b)
        case .fromBottom: (b, a)
        case .fromTop: (b, size.height - a)
        }
    }

    /// The vertex of canonical point (a, b, z) showing canonical texture point (ta, tb) of `texture`.
    @inline(__always)
    func vertex(a: Double, b: Double, z: Double = 0, ta: Double, tb: Double, texture: Bitmap,
                shade: Double = 1, highlight: Double = 0, alpha: Double = 1) -> MeshVertex {
        let (x, y) = page(a, b)
        let (u, v) = page(ta, tb)
        return vertex(x: x, y: y, z: z, u: u, v: v, texture: texture, shade: shade, highlight: highlight, alpha: alpha)
    }

    /// The vertex of page point (x, y, z) showing page point (u, v) of `texture`.
    @inline(__always)
    func vertex(x: Double, y: Double, z: Double = 0, u: Double, v: Double, texture: Bitmap,
                shade: Double = 1, highlight: Double = 0, alpha: Double = 1) -> MeshVertex {
        // Perspective about the page centre: w0 = (D − z) / D.
        var px = x, py = y, w0 = 1.0
        if eyeDistance.isFinite {
            w0 = (eyeDistance - z) / eyeDistance
            let cx = size.width / 2, cy = size.height / 2
            px = cx + (x - cx) / w0
            py = cy + (y - cy) / w0
        }
        let h = toDevice.apply(x: px, y: py)
        let su = Double(texture.width) / max(1e-9, size.width), sv = Double(texture.height) / max(1e-9, size.height)
        return MeshVertex(x: Float(h.x / h.w), y: Float(h.y / h.w), w: Float(h.w * w0),
                          u: Float(u * su), v: Float(v * sv),
                          shade: Float(shade), highlight: Float(highlight), alpha: Float(alpha))
    }
}

extension PageProjector {
    /// A vertex of page point (x, y, z) sampling the centre of a `SolidTexture`.
    @inline(__always)
    func solidVertex(x: Double, y: Double, z: Double = 0, shade: Double = 1, highlight: Double = 0,
                     alpha: Double = 1) -> MeshVertex {
        var v = vertex(x: x, y: y, z: z, u: 0, v: 0, texture: SolidTexture.black, shade: shade,
                       highlight: highlight, alpha: alpha)
        v.u = 2; v.v = 2
        return v
    }
}

extension Mesh {
    /// Empties the mesh, keeping its storage for the next frame.
    mutating func reset() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Appends a quad (a, b, c, d in order around it) as two triangles.
    mutating func appendQuad(_ a: MeshVertex, _ b: MeshVertex, _ c: MeshVertex, _ d: MeshVertex) {
        let i = UInt32(vertices.count)
        vertices.append(a); vertices.append(b); vertices.append(c); vertices.append(d)
        indices.append(i); indices.append(i + 1); indices.append(i + 2)
        indices.append(i); indices.append(i + 2); indices.append(i + 3)
    }

    /// Appends the triangles of the convex polygon whose corners are the vertices from `base` to the
    /// end, in order around it, as a fan from the first.
    mutating func appendFan(from base: Int) {
        guard vertices.count - base >= 3 else { return }
        let b = UInt32(base)
        for k in UInt32(1)..<UInt32(vertices.count - base - 1) {
            indices.append(b); indices.append(b + k); indices.append(b + k + 1)
        }
    }

    /// Feathers the mesh edge a–b: a strip `width` device pixels wide outside it (away from `inside`)
    /// whose alpha falls to 0, so silhouettes are anti-aliased like image edges. The strip shares a and
    /// b exactly with the mesh, so no crack can open between them.
    mutating func appendSkirt(_ a: MeshVertex, _ b: MeshVertex, inside c: MeshVertex, width: Float = 1) {
        var nx = b.y - a.y, ny = a.x - b.x
        let len = (nx * nx + ny * ny).squareRoot()
        guard len > 1e-6 else { return }
        nx /= len; ny /= len
        if nx * (c.x - a.x) + ny * (c.y - a.y) > 0 { nx = -nx; ny = -ny }
        var a2 = a, b2 = b
        a2.x += nx * width; a2.y += ny * width; a2.alpha = 0
        b2.x += nx * width; b2.y += ny * width; b2.alpha = 0
        let i = UInt32(vertices.count)
        vertices.append(a); vertices.append(b); vertices.append(b2); vertices.append(a2)
        indices.append(i); indices.append(i + 1); indices.append(i + 2)
        indices.append(i); indices.append(i + 2); indices.append(i + 3)
    }

    /// Appends `count` cells of a grid row, starting with the one whose top-left vertex is `a`
    /// (`stride` vertices a grid row), as one quad: for a run of cells that are one flat piece of page
    /// with the same shade, whose pixels are then drawn as long spans rather than many short ones.
    /// Only where the run's top and bottom edges each lie on one horizontal line, so its long edges
    /// meet the neighbouring rows' cells without a crack; elsewhere cell by cell.
    mutating func appendGridRun(_ a: Int, count: Int, stride: Int) {
        guard count > 0 else { return }
        let top = vertices[a].y, bottom = vertices[a + stride].y
        var straight = count > 1
        for k in 0...count where vertices[a + k].y != top || vertices[a + stride + k].y != bottom { straight = false; break }
        if !straight {
            for k in 0..<count { appendGridCell(a + k, stride: stride) }
            return
        }
        let p = UInt32(a), q = UInt32(a + count), r = UInt32(a + stride), t = UInt32(a + stride + count)
        indices.append(p); indices.append(q); indices.append(r)
        indices.append(q); indices.append(t); indices.append(r)
    }

    /// What to do with one cell of a grid row (`appendGridRow`).
    enum GridCell { case skip, single, mergeable }

    /// Appends grid row `j` (`columns` cells, `stride` vertices a grid row) as `kind` says of each cell
    /// (by its top-left vertex): consecutive mergeable cells in runs (`appendGridRun`), the others one
    /// by one, skipped ones not at all.
    mutating func appendGridRow(_ j: Int, columns: Int, stride: Int, _ kind: (Int) -> GridCell) {
        var run = 0
        for i in 0..<columns {
            let a = j * stride + i
            let k = kind(a)
            if k == .mergeable { run += 1; continue }
            appendGridRun(a - run, count: run, stride: stride)
            run = 0
            if k == .single { appendGridCell(a, stride: stride) }
        }
        appendGridRun(j * stride + columns - run, count: run, stride: stride)
    }

    /// Appends the grid cell whose top-left vertex is `a` as two triangles.
    mutating func appendGridCell(_ a: Int, stride: Int) {
        let p = UInt32(a), q = p + 1, r = p + UInt32(stride), s = r + 1
        indices.append(p); indices.append(q); indices.append(r)
        indices.append(q); indices.append(s); indices.append(r)
    }

    /// Appends the triangles of a `columns × rows` grid whose vertices were appended row by row
    /// starting at index `base`.
    mutating func appendGridIndices(base: Int, columns: Int, rows: Int) {
        let stride = UInt32(columns + 1), b = UInt32(base)
        for j in 0..<UInt32(rows) {
            for i in 0..<UInt32(columns) {
                let p = b + j * stride + i, q = p + 1, r = p + stride, s = r + 1
                indices.append(p); indices.append(q); indices.append(r)
                indices.append(q); indices.append(s); indices.append(r)
            }
        }
    }
}

/// Small solid textures for blades and shadows (meshes always sample a texture).
enum SolidTexture {
    static let black = Bitmap(width: 4, height: 4, fill: 0xff00_0000)
    /// Iris blades: a dark graphite grey.
    static let blade = Bitmap(width: 4, height: 4, fill: 0xff1c_1c1e)
}

/// Hermite smoothstep of `x` between `e0` and `e1`.
@inline(__always) func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
    let t = min(1, max(0, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)
}
