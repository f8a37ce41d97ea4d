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
                indices += [a, b, c, b, d, c]
            }
        }
    }
}

extension Mesh {
    /// Whether every triangle is read along texture rows as it is drawn along screen rows: no
    /// perspective, and v constant along each screen row (a page lying flat, moved or scaled).
    var readsAlongTextureRows: Bool {
        var i = 0
        while i + 2 < indices.count {
            let a = Int(indices[i]), b = Int(indices[i + 1]), c = Int(indices[i + 2])
            i += 3
            guard a < vertices.count, b < vertices.count, c < vertices.count else { continue }
            let p = vertices[a], q = vertices[b], r = vertices[c]
            guard p.w == 1, q.w == 1, r.w == 1 else { return false }
            let det = (q.x - p.x) * (r.y - p.y) - (r.x - p.x) * (q.y - p.y)
            if det == 0 { continue }
            // dv/dx of the triangle's texture map, against the texels it spans.
            let dvdx = ((q.v - p.v) * (r.y - p.y) - (r.v - p.v) * (q.y - p.y)) / det
            if abs(dvdx) > 1e-3 { return false }
        }
        return true
    }
}
