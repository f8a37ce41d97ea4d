// Flip: the page is a card turning half a revolution about its centre line, in perspective, the old
// page on its front and the new page on its back (oglFlip; the modal flipHorizontal). "From right"
// brings the right edge towards the viewer and over to the left; top and bottom turn about the
// horizontal axis. The card recedes a little as it turns and darkens slightly when seen at an angle.
// One quad a frame, whichever side faces the viewer, with feathered edges; the quad is also the
// frame's opaque outline (EffectBackdrop).

import Foundation

public final class FlipEffect: TransitionEffect, OutlinedEffect {
    private var mesh = Mesh()
    /// The card's corners, kept from frame to frame (an array made a frame was an allocation).
    private var quad: [MeshVertex] = []
    /// The levels its pages' turn reads, planned with the first frame and made one a frame after it.
    private var levels = LevelPlan()
    public init() {}

    /// The card's corners in order (in `quad`), the page on the side facing the viewer and whether it
    /// is opaque, and the projector.
    private func card(_ f: EffectFrame) -> (corners: [MeshVertex], texture: Bitmap, opaque: Bool, projector: PageProjector) {
        let pr = PageProjector(f, eyeDistance: 2.0 * (f.subtype == .fromLeft || f.subtype == .fromRight
                                                       ? f.size.width : f.size.height))
        let L = pr.length, B = pr.breadth
        let th = f.progress * Double.pi, c = cos(th), s = sin(th)
        let recede = -0.12 * L * s
        let front = th <= Double.pi / 2
        let tex = front ? f.old : f.new
        let shade = 0.72 + 0.28 * abs(c)
        // Card coordinate x ∈ [−L/2, L/2] sits at a = L/2 + x·cosθ, z = x·sinθ.
        func corner(_ x: Double, _ b: Double) -> MeshVertex {
            let a = L / 2 + x * c, z = x * s + recede
            let ta = front ? L / 2 + x : L / 2 - x   // the back shows the new page unmirrored at θ = π
            return pr.vertex(a: a, b: b, z: z, ta: ta, tb: b, texture: tex, shade: shade, alpha: f.opacity)
        }
        quad.removeAll(keepingCapacity: true)
        quad.append(corner(-L / 2, 0)); quad.append(corner(L / 2, 0)); quad.append(corner(L / 2, B)); quad.append(corner(-L / 2, B))
        return (quad, tex, front ? f.oldIsOpaque : f.newIsOpaque, pr)
    }

    /// The card, where its page is opaque; a pixel more margin than a flat page's, for the near
    /// edge's magnification.
    func opaqueOutline(_ f: EffectFrame, into outline: inout OpaqueOutline) {
        let (q, tex, opaque, pr) = card(f)
        guard opaque else { return }
        outline.add(q)
        outline.margin = max(outline.margin, pr.coverMargin(tex) + 1)
    }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        f.makeLevels(on: canvas, &levels) { moment, note in
            let (q, tex, _, _) = card(moment)
            note(cardMesh(q), tex)
        }
        if f.drawEnds(in: canvas) { return }
        let (q, tex, _, _) = card(f)
        canvas.draw(cardMesh(q), texture: tex)
    }

    /// The card's mesh (in `mesh`): its quad, every side feathered.
    private func cardMesh(_ q: [MeshVertex]) -> Mesh {
        mesh.reset()
        mesh.appendQuad(q[0], q[1], q[2], q[3])
        var centre = q[0]
        centre.x = (q[0].x + q[1].x + q[2].x + q[3].x) / 4; centre.y = (q[0].y + q[1].y + q[2].y + q[3].y) / 4
        for k in 0..<4 { mesh.appendSkirt(q[k], q[(k + 1) % 4], inside: centre) }
        return mesh
    }
}
