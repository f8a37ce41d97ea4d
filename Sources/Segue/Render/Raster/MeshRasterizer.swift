// MeshRasterizer: the one textured-triangle rasterizer behind every 3D and warp effect.
// - Exact coverage: vertices snap to 1/16 px and edge functions are evaluated in 64-bit integers, so
//   the top-left rule is exact — a pixel centre on an edge shared by two triangles belongs to exactly
//   one of them (no cracks, no double blending). Each row's span comes from one integer division per
//   edge, not from per-pixel tests.
// - Perspective-correct texturing: u/w, v/w and 1/w are planes in screen space; the true (u, v) is
//   computed with its derivatives at the start of each segment (up to 32 px, shorter where the
//   perspective bends u faster, so the error stays under 1/256 texel) and stepped quadratically
//   (forward differences) in 8.24 fixed point in between: span subdivision without drift.
// - Bilinear sampling, with a transparent frame around the texture (anti-aliased outer edges);
//   segments whose endpoints lie well inside the texture use the unchecked sampler.
// - Per-vertex shade (× rgb), highlight (+ white × alpha) and alpha are screen-linear; triangles
//   without any of them take the plain path.

import Foundation

struct MeshRasterizer {
    let target: Bitmap
    let clip: PixelRect
    let texture: Bitmap
    let opacity: Double
    let cullBackFaces: Bool

    static let segment = 32

    func draw(_ mesh: Mesh) {
        let v = mesh.vertices, n = v.count
        var i = 0
        while i + 2 < mesh.indices.count {
            let a = Int(mesh.indices[i]), b = Int(mesh.indices[i + 1]), c = Int(mesh.indices[i + 2])
            i += 3
            guard a < n, b < n, c < n else { continue }
            triangle(v[a], v[b], v[c])
        }
    }

    @inline(__always) private static func snap(_ f: Float) -> Int {
        let d = Double(f) * 16
        return Int(max(-6.7e7, min(6.7e7, d)).rounded())
    }

    @inline(__always) private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
    @inline(__always) private static func ceilDiv(_ a: Int, _ b: Int) -> Int { -floorDiv(-a, b) }

    func triangle(_ p0: MeshVertex, _ p1: MeshVertex, _ p2: MeshVertex) {
        for p in [p0, p1, p2] { guard p.w > 0, p.x.isFinite, p.y.isFinite, p.w.isFinite else { return } }
        var v0 = p0, v1 = p1, v2 = p2
        let X0 = Self.snap(v0.x), Y0 = Self.snap(v0.y)
        var X1 = Self.snap(v1.x), Y1 = Self.snap(v1.y)
        var X2 = Self.snap(v2.x), Y2 = Self.snap(v2.y)
        var area = (X1 - X0) * (Y2 - Y0) - (X2 - X0) * (Y1 - Y0)
        if area == 0 { return }
        // Positive area = clockwise on screen (y down): the winding of an unrotated `Mesh` grid.
        if area < 0 {
            if cullBackFaces { return }
            swap(&v1, &v2); swap(&X1, &X2); swap(&Y1, &Y2); area = -area
        }
        _ = area

        // Edges a→b as E(P) = A·(Px − Xa) + B·(Py − Ya), positive inside.
        let xs = [X0, X1, X2], ys = [Y0, Y1, Y2]
        var EA = (0, 0, 0), EB = (0, 0, 0), EX = (0, 0, 0), EY = (0, 0, 0), Ebias = (0, 0, 0)
        func edge(_ a: Int, _ b: Int) -> (Int, Int, Int, Int, Int) {
            let A = -(ys[b] - ys[a]), B = xs[b] - xs[a]
            let topLeft = A > 0 || (A == 0 && B > 0)
            return (A, B, xs[a], ys[a], topLeft ? 1 : 0)
        }
        let e0 = edge(0, 1), e1 = edge(1, 2), e2 = edge(2, 0)
        EA = (e0.0, e1.0, e2.0); EB = (e0.1, e1.1, e2.1); EX = (e0.2, e1.2, e2.2); EY = (e0.3, e1.3, e2.3)
        Ebias = (e0.4, e1.4, e2.4)

        let minY = min(Y0, Y1, Y2), maxY = max(Y0, Y1, Y2)
        let minX = min(X0, X1, X2), maxX = max(X0, X1, X2)
        let r0 = max(clip.y0, Self.ceilDiv(minY - 8, 16)), r1 = min(clip.y1 - 1, Self.floorDiv(maxY - 8, 16))
        let c0 = max(clip.x0, Self.ceilDiv(minX - 8, 16)), c1 = min(clip.x1, Self.floorDiv(maxX - 8, 16) + 1)
        guard r0 <= r1, c0 < c1 else { return }

        // Attribute planes over the exact positions (snapping only decides coverage).
        let x0 = Double(v0.x), y0 = Double(v0.y)
        let dx1 = Double(v1.x) - x0, dy1 = Double(v1.y) - y0
        let dx2 = Double(v2.x) - x0, dy2 = Double(v2.y) - y0
        var det = dx1 * dy2 - dx2 * dy1
        if det == 0 { det = Double(area) / 256 }
        func plane(_ f0: Double, _ f1: Double, _ f2: Double) -> Plane {
            Plane(f0: f0, dx: ((f1 - f0) * dy2 - (f2 - f0) * dy1) / det, dy: ((f2 - f0) * dx1 - (f1 - f0) * dx2) / det,
                  x0: x0, y0: y0)
        }
        let q0 = 1 / Double(v0.w), q1 = 1 / Double(v1.w), q2 = 1 / Double(v2.w)
        let pq = plane(q0, q1, q2)
        let ps = plane(Double(v0.u) * q0, Double(v1.u) * q1, Double(v2.u) * q2)
        let pt = plane(Double(v0.v) * q0, Double(v1.v) * q1, Double(v2.v) * q2)
        let plain = v0.shade == 1 && v1.shade == 1 && v2.shade == 1 && v0.highlight == 0 && v1.highlight == 0
            && v2.highlight == 0 && v0.alpha == v1.alpha && v1.alpha == v2.alpha
        let plainOpacity = alpha8(opacity * Double(v0.alpha))
        if plain && plainOpacity == 0 { return }
        let psh = plane(Double(v0.shade), Double(v1.shade), Double(v2.shade))
        let phl = plane(Double(v0.highlight), Double(v1.highlight), Double(v2.highlight))
        let pal = plane(Double(v0.alpha) * opacity, Double(v1.alpha) * opacity, Double(v2.alpha) * opacity)

        let W = Double(texture.width), H = Double(texture.height)
        let eps = 4e-3
        let tex = texture.pixels, ts = texture.stride
        for r in r0...r1 {
            let Py = 16 * r + 8
            var cs = c0, ce = c1
            func clipEdge(_ A: Int, _ B: Int, _ Xa: Int, _ Ya: Int, _ bias: Int) {
                let K = A * (8 - Xa) + B * (Py - Ya) + bias
                if A > 0 { cs = max(cs, Self.floorDiv(-K, 16 * A) + 1) }
                else if A < 0 { ce = min(ce, Self.ceilDiv(K, -16 * A)) }
                else if K <= 0 { ce = cs }
            }
            clipEdge(EA.0, EB.0, EX.0, EY.0, Ebias.0)
            clipEdge(EA.1, EB.1, EX.1, EY.1, Ebias.1)
            clipEdge(EA.2, EB.2, EX.2, EY.2, Ebias.2)
            guard cs < ce else { continue }
            let row = target.row(r)
            let yc = Double(r) + 0.5
            var x = cs
            // The sample position and its first and second x-derivatives at the centre of pixel `c`:
            // u = s/q, u′ = (s′ − u·q′)/q, u″ = −2·(q′/q)·u′ (likewise v).
            func jet(_ c: Int) -> (u: Double, v: Double, du: Double, dv: Double, ddu: Double, ddv: Double) {
                let xc = Double(c) + 0.5
                let q = pq.at(xc, yc)
                let iq = q > 1e-12 ? 1 / q : 1e12
                let u = ps.at(xc, yc) * iq, v = pt.at(xc, yc) * iq
                let du = (ps.dx - u * pq.dx) * iq, dv = (pt.dx - v * pq.dx) * iq
                let r = -2 * pq.dx * iq
                return (u - 0.5, v - 0.5, du, dv, r * du, r * dv)
            }
            // Quadratic stepping (second-order forward differences) from a segment's start errs by
            // about n³·(q′/q)²·|u′| texels after n pixels; pick n so that stays under 1/256 texel.
            // Affine triangles (q′ = 0) are exact and get the longest segments.
            let tol = 1.0 / 256
            func segmentLength(at c: Int) -> Int {
                if pq.dx == 0 { return Self.segment }
                let j = jet(c)
                let q = pq.at(Double(c) + 0.5, yc)
                guard q > 1e-12 else { return 1 }
                let r = pq.dx / q
                let k = r * r * max(abs(j.du), abs(j.dv))
                guard k > 0 else { return Self.segment }
                return max(1, min(Self.segment, Int(cbrt(tol / k))))
            }
            // One segment length for the row: the shorter of what its two ends allow.
            let seg = min(segmentLength(at: cs), segmentLength(at: ce - 1))
            var a = jet(x)
            while x < ce {
                let n = min(seg, ce - x)
                // Each segment restarts from the exact jet, so errors never accumulate along the row.
                let b = jet(x + n)
                let (ua, va, ub, vb) = (a.u, a.v, b.u, b.v)
                var U = fixed(ua) + weightRounding, V = fixed(va) + weightRounding
                var dU = fixed(a.du + a.ddu / 2), dV = fixed(a.dv + a.ddv / 2)
                let ddU = fixed(a.ddu), ddV = fixed(a.ddv)
                let inside = min(ua, ub) > eps && max(ua, ub) < W - 1 - eps && min(va, vb) > eps && max(va, vb) < H - 1 - eps
                let dst = row + x
                if plain {
                    if inside {
                        bilinearSpan(dst, n, tex, ts, &U, &V, &dU, &dV, ddU, ddV, opacity: plainOpacity)
                    } else {
                        for i in 0..<n {
                            put(dst + i, sampleChecked(texture, U, V), plainOpacity)
                            U += dU; V += dV; dU += ddU; dV += ddV
                        }
                    }
                } else {
                    for i in 0..<n {
                        let s = inside ? sampleInside(tex, ts, U, V) : sampleChecked(texture, U, V)
                        let xc = Double(x + i) + 0.5
                        put(dst + i, modulate(s, psh.at(xc, yc), phl.at(xc, yc), pal.at(xc, yc)), 255)
                        U += dU; V += dV; dU += ddU; dV += ddV
                    }
                }
                x += n
                a = b
            }
        }
    }

    /// rgb × shade, + white × highlight × alpha (kept premultiplied), then everything × alpha.
    @inline(__always) private func modulate(_ p: UInt32, _ shade: Double, _ highlight: Double, _ alpha: Double) -> UInt32 {
        let a = Int(p >> 24)
        if a == 0 { return 0 }
        let sh = Int((min(max(shade, 0), 1) * 256).rounded()), hl = Int((min(max(highlight, 0), 1) * 256).rounded())
        let al = Int((min(max(alpha, 0), 1) * 256).rounded())
        func ch(_ s: UInt32) -> UInt32 {
            let c = Int((p >> s) & 0xff)
            let lit = min(a, (c * sh + a * hl + 128) >> 8)
            return UInt32((lit * al + 128) >> 8) << s
        }
        return UInt32((a * al + 128) >> 8) << 24 | ch(16) | ch(8) | ch(0)
    }
}

/// A screen-space linear attribute f(x, y) = f0 + dx·(x − x0) + dy·(y − y0).
struct Plane {
    let f0, dx, dy, x0, y0: Double
    @inline(__always) func at(_ x: Double, _ y: Double) -> Double { f0 + dx * (x - x0) + dy * (y - y0) }
}
