// MeshFootprint: how minified a mesh reads its texture — texels per screen pixel along u and along
// v, the least over the mesh's vertices, perspective-correct (u = s/q with s, q screen-linear over
// each triangle). A draw reads a texture halved along an axis (`Bitmap.level`) as many times as
// log2 of that least footprint rounds to — the level choice of GL's nearest-mipmap filtering, per
// axis — so where the mesh is least squeezed it reads between 0.7 and 1.4 texels a pixel, and
// everywhere else more. Triangles that map no area of texture (a feathered edge's skirt repeats its
// edge's u, v) say nothing about minification and are left out.

import Foundation

extension Mesh {
    /// Halvings along u and v (`Bitmap.level(x:y:)`) a draw of this mesh reads, at most `limit` each.
    func minification(limit: (x: Int, y: Int)) -> (x: Int, y: Int) {
        var fu = Double.infinity, fv = Double.infinity
        forEachTriangle { a, b, c in
            guard let f = Self.footprint(a, b, c) else { return true }
            fu = min(fu, f.u); fv = min(fv, f.v)
            return fu >= 2.squareRoot() || fv >= 2.squareRoot()      // else neither axis halves
        }
        return Self.halvings((fu, fv), limit: limit)
    }

    /// The halvings along u and v a footprint of (u, v) texels a pixel wants: log2 of each, rounded,
    /// at most `limit`.
    static func halvings(_ f: (u: Double, v: Double), limit: (x: Int, y: Int)) -> (x: Int, y: Int) {
        @inline(__always) func halvings(_ f: Double, _ limit: Int) -> Int {
            guard f.isFinite, f >= 2.squareRoot() else { return 0 }
            return min(limit, Int(log2(f) + 0.5))
        }
        return (halvings(f.u, limit.x), halvings(f.v, limit.y))
    }

    /// The least texels a pixel along u and along v at the triangle's corners (each the larger of its
    /// steps across and down the screen); nil for a triangle that is degenerate on the screen or in
    /// the texture, or has a corner at or behind the eye.
    static func footprint(_ p0: MeshVertex, _ p1: MeshVertex, _ p2: MeshVertex) -> (u: Double, v: Double)? {
        @inline(__always) func usable(_ p: MeshVertex) -> Bool {
            p.w > 0 && p.x.isFinite && p.y.isFinite && p.w.isFinite && p.u.isFinite && p.v.isFinite
        }
        guard usable(p0), usable(p1), usable(p2), mapsTextureArea(p0, p1, p2) else { return nil }
        let fit = PlaneFit(p0, p1, p2)
        guard abs(fit.det) > 1e-6 else { return nil }
        let q = (1 / Double(p0.w), 1 / Double(p1.w), 1 / Double(p2.w))
        let gq = fit.plane(q.0, q.1, q.2)
        let gs = fit.plane(Double(p0.u) * q.0, Double(p1.u) * q.1, Double(p2.u) * q.2)
        let gt = fit.plane(Double(p0.v) * q.0, Double(p1.v) * q.1, Double(p2.v) * q.2)
        // d(s/q) = (ds − (s/q)·dq) / q at a corner.
        @inline(__always) func at(_ p: MeshVertex, _ qi: Double) -> (u: Double, v: Double) {
            let u = Double(p.u), v = Double(p.v)
            return (max(abs(gs.dx - u * gq.dx), abs(gs.dy - u * gq.dy)) / qi, max(abs(gt.dx - v * gq.dx), abs(gt.dy - v * gq.dy)) / qi)
        }
        let f0 = at(p0, q.0), f1 = at(p1, q.1), f2 = at(p2, q.2)
        return (min(f0.u, f1.u, f2.u), min(f0.v, f1.v, f2.v))
    }
}
