// Mesh: the one input of the textured-mesh rasterizer. Every 3D and warp effect (cube, flips, curls,
// ripple, suck, iris) only builds a mesh; the rasterizer does perspective-correct, bilinear,
// shaded drawing for all of them.

/// A mesh vertex: projected device position, homogeneous `w` (1 for affine placement; the
/// rasterizer interpolates `u/w`, `v/w`, `1/w` for perspective-correct texturing), texture
/// coordinates in texel units, and per-vertex shading.
public struct MeshVertex: Sendable {
    public var x: Float, y: Float, w: Float
    public var u: Float, v: Float
    /// Multiplies the texel's colour (1 = unchanged, 0 = black).
    public var shade: Float
    /// Adds white light, scaled by the texel's alpha (0 = none).
    public var highlight: Float
    /// Multiplies the texel's opacity.
    public var alpha: Float

    public init(x: Float, y: Float, w: Float = 1, u: Float, v: Float,
                shade: Float = 1, highlight: Float = 0, alpha: Float = 1) {
        self.x = x; self.y = y; self.w = w; self.u = u; self.v = v
        self.shade = shade; self.highlight = highlight; self.alpha = alpha
    }
}

/// Triangles over shared vertices, drawn in index order (painter's algorithm: later on top).
public struct Mesh: Sendable {
    public var vertices: [MeshVertex]
    /// Three indices a triangle.
    public var indices: [UInt32]

    public init(vertices: [MeshVertex] = [], indices: [UInt32] = []) {
        self.vertices = vertices; self.indices = indices
    }

    /// A regular grid of `columns × rows` cells; `vertex(i, j)` gives the vertex at column `i` ∈ 0…columns,
    /// row `j` ∈ 0…rows. Each cell is split into two triangles.
    public init(columns: Int, rows: Int, vertex: (Int, Int) -> MeshVertex) {
        vertices = []
        vertices.reserveCapacity((columns + 1) * (rows + 1))
        for j in 0...rows { for i in 0...columns { vertices.append(vertex(i, j)) } }
        indices = []
        indices.reserveCapacity(columns * rows * 6)
        let stride = UInt32(columns + 1)
        for j in 0..<UInt32(rows) {
            for i in 0..<UInt32(columns) {
                let a = j * stride + i, b = a + 1, c = a + stride, d = c + 1
                appendTriangle(a, b, c)
                appendTriangle(b, d, c)
            }
        }
    }
}

extension Mesh {
    /// Appends the triangle of vertices a, b, c (without the array an `indices += […]` makes).
    mutating func appendTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        indices.append(a); indices.append(b); indices.append(c)
    }

    /// Calls `body` with the corners of each triangle whose indices are in range, in order, while it
    /// returns true.
    func forEachTriangle(_ body: (MeshVertex, MeshVertex, MeshVertex) -> Bool) {
        var i = 0
        while i + 2 < indices.count {
            let a = Int(indices[i]), b = Int(indices[i + 1]), c = Int(indices[i + 2])
            i += 3
            guard a < vertices.count, b < vertices.count, c < vertices.count else { continue }
            if !body(vertices[a], vertices[b], vertices[c]) { return }
        }
    }

    /// Whether a triangle maps an area of texture: not a feathered edge's skirt, whose outer corners
    /// repeat its edge's u, v.
    static func mapsTextureArea(_ p: MeshVertex, _ q: MeshVertex, _ r: MeshVertex) -> Bool {
        abs(Double(q.u - p.u) * Double(r.v - p.v) - Double(r.u - p.u) * Double(q.v - p.v)) > 1e-3
    }

    /// Whether most of the mesh, by area on the screen, is read more across texture rows than along
    /// them as it is drawn along screen rows (|dv/dx| > |du/dx|: a page turned past 45° in the screen,
    /// the back of a curling page), where each pixel's taps lie on new texture rows. Perspective is
    /// left out of the estimate (u, v linear over the corners), and so are triangles that map no
    /// area of texture.
    var readsAcrossTextureRows: Bool {
        var across = 0.0, along = 0.0
        forEachTriangle { p, q, r in
            let det = (q.x - p.x) * (r.y - p.y) - (r.x - p.x) * (q.y - p.y)
            guard det != 0, det.isFinite, Self.mapsTextureArea(p, q, r) else { return true }
            // du/dx and dv/dx of the triangle's texture map (times det).
            let dudx = (q.u - p.u) * (r.y - p.y) - (r.u - p.u) * (q.y - p.y)
            let dvdx = (q.v - p.v) * (r.y - p.y) - (r.v - p.v) * (q.y - p.y)
            if abs(dvdx) > abs(dudx) { across += Double(abs(det)) } else { along += Double(abs(det)) }
            return true
        }
        return across > along
    }
}
