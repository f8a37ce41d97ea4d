// Canvas perspective images: a projective map sends the texture's rectangle to a quadrilateral, which
// one quad of the mesh rasterizer draws exactly (texturing is perspective-correct, so no tessellation
// is needed). The quad is the texture plus half a texel of transparent frame, so its edges fade over
// one pixel like the affine path's. Corners at or behind the eye (w ≤ ε) are clipped away in
// homogeneous space before the divide, so a card turned past 90° never explodes across the screen.

extension Canvas {
    func drawPerspective(_ image: Bitmap, _ t: Transform3D, opacity: Double) {
        let W = Double(image.width), H = Double(image.height)
        guard W > 0, H > 0 else { return }
        // Homogeneous corners: (X, Y, w, u, v).
        typealias HV = (X: Double, Y: Double, w: Double, u: Double, v: Double)
        var poly: [HV] = []
        for (u, v) in [(-0.5, -0.5), (W + 0.5, -0.5), (W + 0.5, H + 0.5), (-0.5, H + 0.5)] {
            let h = t.apply(x: u, y: v)
            poly.append((h.x, h.y, h.w, u, v))
        }
        let eps = 1e-5
        if poly.contains(where: { $0.w <= eps }) {
            var out: [HV] = []
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.w > eps { out.append(a) }
                if (a.w > eps) != (b.w > eps) {
                    let k = (eps - a.w) / (b.w - a.w)
                    out.append((a.X + (b.X - a.X) * k, a.Y + (b.Y - a.Y) * k, eps,
                                a.u + (b.u - a.u) * k, a.v + (b.v - a.v) * k))
                }
            }
            poly = out
        }
        guard poly.count >= 3 else { return }
        let verts = poly.map {
            MeshVertex(x: Float($0.X / $0.w), y: Float($0.Y / $0.w), w: Float($0.w), u: Float($0.u), v: Float($0.v))
        }
        var indices: [UInt32] = []
        for i in 1..<(verts.count - 1) { indices += [0, UInt32(i), UInt32(i + 1)] }
        draw(Mesh(vertices: verts, indices: indices), texture: image, opacity: opacity)
    }
}
