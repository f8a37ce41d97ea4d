// Cube: the old and new page are two faces of a cube turning about its centre, in perspective, so the
// face on the subtype's side comes round to the front (the private "cube" type). Each face is one
// perspective-correct quad (two triangles); the face turning away darkens. Faces are drawn far to
// near and a face seen from behind is skipped, which is all the hidden-surface work a convex solid needs.

import Foundation

public final class CubeEffect: TransitionEffect {
    private var mesh = Mesh()
    private var quad: [MeshVertex] = []
    public init() {}

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        if f.drawEnds(in: canvas) { return }
        let pr = PageProjector(f, eyeDistance: 2.2 * max(f.size.width, f.size.height))
        let L = pr.length, B = pr.breadth
        let th = f.progress * Double.pi / 2, c = cos(th), s = sin(th)
        // A point at (X, Z) relative to the cube's centre (L/2, −L/2), turned by θ.
        // The cube backs off as it turns so its leading edge never comes nearer than the page plane.
        let recede = (0.5.squareRoot() - 0.5) * L * sin(2 * th)
        func turned(_ x: Double, _ z: Double) -> (a: Double, z: Double) {
            (L / 2 + x * c - z * s, -L / 2 + x * s + z * c - recede)
        }
        struct Face { let tex: Bitmap; let depth: Double; let shade: Double; let points: [(Double, Double)] }
        // Old face: X from −L/2 to L/2 at Z = L/2. New face: X = L/2, Z from L/2 to −L/2.
        let oldFace = Face(tex: f.old, depth: L / 2 * c, shade: 0.5 + 0.5 * c,
                           points: [(-L / 2, L / 2), (L / 2, L / 2)])
        let newFace = Face(tex: f.new, depth: L / 2 * s, shade: 0.5 + 0.5 * s,
                           points: [(L / 2, L / 2), (L / 2, -L / 2)])
        mesh.reset()
        for face in [oldFace, newFace].sorted(by: { $0.depth < $1.depth }) {
            let p0 = turned(face.points[0].0, face.points[0].1), p1 = turned(face.points[1].0, face.points[1].1)
            quad.removeAll(keepingCapacity: true)
            quad.append(pr.vertex(a: p0.a, b: 0, z: p0.z, ta: 0, tb: 0, texture: face.tex, shade: face.shade, alpha: f.opacity))
            quad.append(pr.vertex(a: p1.a, b: 0, z: p1.z, ta: L, tb: 0, texture: face.tex, shade: face.shade, alpha: f.opacity))
            quad.append(pr.vertex(a: p1.a, b: B, z: p1.z, ta: L, tb: B, texture: face.tex, shade: face.shade, alpha: f.opacity))
            quad.append(pr.vertex(a: p0.a, b: B, z: p0.z, ta: 0, tb: B, texture: face.tex, shade: face.shade, alpha: f.opacity))
            guard Mesh.isFrontFacing(quad) else { continue }
            mesh.reset()
            mesh.appendQuad(quad[0], quad[1], quad[2], quad[3])
            canvas.draw(mesh, texture: face.tex)
        }
    }
}
