// Cube: the old and new page are two faces of a cube turning about its centre, in perspective, so the
// face on the subtype's side comes round to the front (the private "cube" type). Each face is a
// perspective-correct quad (two triangles), cut across its turn where the texture level its squeeze
// wants changes, so that its far side reads a coarser level than its near side; the face turning
// away darkens. Faces are drawn far to near and a face seen from behind is skipped, which is all the
// hidden-surface work a convex solid needs.
// The faces are also the frame's opaque outline (EffectBackdrop).

import Foundation

public final class CubeEffect: TransitionEffect, OutlinedEffect {
    private var mesh = Mesh()
    private var quad: [MeshVertex] = []
    /// The levels its pages' turn reads, planned with the first frame and made one a frame after it.
    private var levels = LevelPlan()
    public init() {}

    /// Calls `body` with each face facing the viewer, far to near: its corners in order (with
    /// `pieces`, each piece's, `forEachLevelPiece`, and whether the piece has the face's outer side),
    /// its page and whether that is the old one; returns the projector.
    @discardableResult
    private func faces(_ f: EffectFrame, pieces: Bool = false,
                       _ body: (_ corners: [MeshVertex], _ texture: Bitmap, _ isOld: Bool, _ outer: Bool) -> Void) -> PageProjector {
        let pr = PageProjector(f, eyeDistance: 2.2 * max(f.size.width, f.size.height))
        let L = pr.length, B = pr.breadth
        let th = f.progress * Double.pi / 2, c = cos(th), s = sin(th)
        // A point at (X, Z) relative to the cube's centre (L/2, −L/2), turned by θ.
        // The cube backs off as it turns so its leading edge never comes nearer than the page plane.
        let recede = (0.5.squareRoot() - 0.5) * L * sin(2 * th)
        func turned(_ x: Double, _ z: Double) -> (a: Double, z: Double) {
            (L / 2 + x * c - z * s, -L / 2 + x * s + z * c - recede)
        }
        // Old face: X from −L/2 to L/2 at Z = L/2. New face: X = L/2, Z from L/2 to −L/2. The one whose
        // centre is farther (smaller z) is drawn first.
        let oldFirst = L / 2 * c < L / 2 * s
        for k in 0..<2 {
            let isOld = (k == 0) == oldFirst
            let tex = isOld ? f.old : f.new
            let shade = isOld ? 0.5 + 0.5 * c : 0.5 + 0.5 * s
            let p0 = isOld ? turned(-L / 2, L / 2) : turned(L / 2, L / 2)
            let p1 = isOld ? turned(L / 2, L / 2) : turned(L / 2, -L / 2)
            // The face's point a fraction t of the way from p0 to p1 (it is flat: exact), at b.
            func vertex(_ t: Double, _ b: Double) -> MeshVertex {
                pr.vertex(a: p0.a + (p1.a - p0.a) * t, b: b, z: p0.z + (p1.z - p0.z) * t, ta: L * t, tb: b, texture: tex,
                          shade: shade, alpha: f.opacity)
            }
            func piece(_ t0: Double, _ t1: Double) -> Bool {
                quad.removeAll(keepingCapacity: true)
                quad.append(vertex(t0, 0)); quad.append(vertex(t1, 0)); quad.append(vertex(t1, B)); quad.append(vertex(t0, B))
                guard Mesh.isFrontFacing(quad) else { return false }
                body(quad, tex, isOld, isOld ? t0 == 0 : t1 == 1)
                return true
            }
            if pieces { forEachLevelPiece(of: tex, breadth: B, vertex, piece) } else { _ = piece(0, 1) }
        }
        return pr
    }

    /// Each face whose page is opaque, a polygon of its own: along the edge they share each fades
    /// into its texture's clear frame, so that edge is not opaque, but each polygon is trusted only
    /// from a margin inside it, which leaves a band along the shared edge to the fill. A pixel more
    /// margin than a flat page's, for the near edge's magnification. (The larger face alone left
    /// the smaller one's inside cleared and drawn over: both, the cube held at 0.5 took 0.95× the
    /// time and whole transitions' p95 and p99 0.93× and 0.95×.)
    func opaqueOutline(_ f: EffectFrame, into outline: inout OpaqueOutline) {
        let before = outline.polygons.count
        let pr = faces(f) { corners, _, isOld, _ in
            if isOld ? f.oldIsOpaque : f.newIsOpaque { outline.add(corners) }
        }
        guard outline.polygons.count > before else { return }
        outline.margin = max(outline.margin, pr.coverMargin(f.old) + 1, pr.coverMargin(f.new) + 1)
    }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        f.makeLevels(on: canvas, &levels) { moment, note in
            faces(moment, pieces: true) { quad, tex, isOld, outer in note(faceMesh(quad, isOld: isOld, outer: outer), tex) }
        }
        if f.drawEnds(in: canvas) { return }
        faces(f, pieces: true) { quad, tex, isOld, outer in canvas.draw(faceMesh(quad, isOld: isOld, outer: outer), texture: tex) }
    }

    /// A face's (or a piece's) mesh (in `mesh`): its quad, the face's silhouette feathered — top,
    /// bottom and, where the piece has it, the outer side (not the edge the faces share).
    private func faceMesh(_ quad: [MeshVertex], isOld: Bool, outer: Bool) -> Mesh {
        mesh.reset()
        mesh.appendQuad(quad[0], quad[1], quad[2], quad[3])
        var centre = quad[0]
        centre.x = (quad[0].x + quad[1].x + quad[2].x + quad[3].x) / 4
        centre.y = (quad[0].y + quad[1].y + quad[2].y + quad[3].y) / 4
        mesh.appendSkirt(quad[0], quad[1], inside: centre)
        mesh.appendSkirt(quad[2], quad[3], inside: centre)
        if outer { isOld ? mesh.appendSkirt(quad[3], quad[0], inside: centre) : mesh.appendSkirt(quad[1], quad[2], inside: centre) }
        return mesh
    }
}
