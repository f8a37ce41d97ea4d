// Transform decomposition for animation: a 4×4 transform is split into perspective, translation,
// scale, skew and a rotation quaternion, each interpolated on its own (quaternions by slerp, the
// rest linearly), then recomposed. This is how Core Animation and CSS animate transforms: a rotation
// stays a rotation mid-flight instead of shrinking through the matrix entries' average.
// Row-vector convention (as Transform3D): M = A·P, A affine (3×3 part L, translation row t), P the
// perspective; L's rows are Gram–Schmidt orthogonalised into scale, skew and a rotation matrix.
import Foundation

/// The parts of a transform that interpolate independently.
public struct DecomposedTransform: Hashable, Sendable {
    public var translation: (x: Double, y: Double, z: Double)
    public var scale: (x: Double, y: Double, z: Double)
    /// Shears xy, xz, yz.
    public var skew: (xy: Double, xz: Double, yz: Double)
    /// Unit quaternion (x, y, z, w).
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)
    /// The last column of the perspective factor (m14, m24, m34, m44).
    public var perspective: (x: Double, y: Double, z: Double, w: Double)

    public static func == (l: Self, r: Self) -> Bool { l.recomposed == r.recomposed }
    public func hash(into h: inout Hasher) { h.combine(recomposed) }

    /// Linear mix of every part except the rotation, which follows the shorter great arc (slerp).
    /// `t` outside 0…1 extrapolates (spring overshoot).
    public static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var r = a
        r.translation = (l(a.translation.x, b.translation.x), l(a.translation.y, b.translation.y), l(a.translation.z, b.translation.z))
        r.scale = (l(a.scale.x, b.scale.x), l(a.scale.y, b.scale.y), l(a.scale.z, b.scale.z))
        r.skew = (l(a.skew.xy, b.skew.xy), l(a.skew.xz, b.skew.xz), l(a.skew.yz, b.skew.yz))
        r.perspective = (l(a.perspective.x, b.perspective.x), l(a.perspective.y, b.perspective.y),
                         l(a.perspective.z, b.perspective.z), l(a.perspective.w, b.perspective.w))
        r.quaternion = slerp(a.quaternion, b.quaternion, t)
        return r
    }

    static func slerp(_ a: (x: Double, y: Double, z: Double, w: Double), _ b0: (x: Double, y: Double, z: Double, w: Double),
                      _ t: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        var b = b0
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 { b = (-b.x, -b.y, -b.z, -b.w); dot = -dot }
        let wa: Double, wb: Double
        if dot > 0.999999 {
            wa = 1 - t; wb = t
        } else {
            let theta = acos(min(dot, 1)), s = sin(theta)
            wa = sin((1 - t) * theta) / s; wb = sin(t * theta) / s
        }
        var q = (x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0 { q = (q.x / n, q.y / n, q.z / n, q.w / n) }
        return q
    }

    /// The transform these parts describe.
    public var recomposed: Transform3D {
        let (x, y, z, w) = quaternion
        // Rotation rows for row vectors (v·R), consistent with Transform3D(rotationAngle:x:y:z:).
        let r0 = (1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let r1 = (2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let r2 = (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        func add(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
            (a.0 + b.0 * s, a.1 + b.1 * s, a.2 + b.2 * s)
        }
        func mul(_ a: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) { (a.0 * s, a.1 * s, a.2 * s) }
        let row0 = mul(r0, scale.x)
        let row1 = mul(add(r1, r0, skew.xy), scale.y)
        let row2 = mul(add(add(r2, r0, skew.xz), r1, skew.yz), scale.z)
        let a = Transform3D(m11: row0.0, m12: row0.1, m13: row0.2, m14: 0,
                            m21: row1.0, m22: row1.1, m23: row1.2, m24: 0,
                            m31: row2.0, m32: row2.1, m33: row2.2, m34: 0,
                            m41: translation.x, m42: translation.y, m43: translation.z, m44: 1)
        let p = perspective
        if p.x == 0 && p.y == 0 && p.z == 0 && p.w == 1 { return a }
        var pm = Transform3D.identity
        pm.m14 = p.x; pm.m24 = p.y; pm.m34 = p.z; pm.m44 = p.w
        return a.concatenating(pm)
    }
}

extension Transform3D {
    /// Splits the transform into interpolable parts (see `DecomposedTransform`).
    public var decomposed: DecomposedTransform {
        // A: the matrix with its last column replaced by (0,0,0,1); P's column = A⁻¹·(m14,m24,m34,m44).
        var a = self
        a.m14 = 0; a.m24 = 0; a.m34 = 0; a.m44 = 1
        var persp = (x: 0.0, y: 0.0, z: 0.0, w: 1.0)
        if m14 != 0 || m24 != 0 || m34 != 0 || m44 != 1 {
            let inv = a.inverted()
            let c = (m14, m24, m34, m44)
            persp = (inv.m11 * c.0 + inv.m12 * c.1 + inv.m13 * c.2 + inv.m14 * c.3,
                     inv.m21 * c.0 + inv.m22 * c.1 + inv.m23 * c.2 + inv.m24 * c.3,
                     inv.m31 * c.0 + inv.m32 * c.1 + inv.m33 * c.2 + inv.m34 * c.3,
                     inv.m41 * c.0 + inv.m42 * c.1 + inv.m43 * c.2 + inv.m44 * c.3)
        }
        typealias V = (Double, Double, Double)
        func dot(_ u: V, _ v: V) -> Double { u.0 * v.0 + u.1 * v.1 + u.2 * v.2 }
        func len(_ u: V) -> Double { dot(u, u).squareRoot() }
        func sub(_ u: V, _ v: V, _ s: Double) -> V { (u.0 - v.0 * s, u.1 - v.1 * s, u.2 - v.2 * s) }
        func div(_ u: V, _ s: Double) -> V { s == 0 ? u : (u.0 / s, u.1 / s, u.2 / s) }
        func cross(_ u: V, _ v: V) -> V { (u.1 * v.2 - u.2 * v.1, u.2 * v.0 - u.0 * v.2, u.0 * v.1 - u.1 * v.0) }

        var r0: V = (m11, m12, m13), r1: V = (m21, m22, m23), r2: V = (m31, m32, m33)
        var sx = len(r0)
        r0 = sx > 1e-12 ? div(r0, sx) : (1, 0, 0)
        var kxy = dot(r0, r1)
        r1 = sub(r1, r0, kxy)
        var sy = len(r1)
        if sy > 1e-12 { r1 = div(r1, sy); kxy /= sy } else { r1 = cross((0, 0, 1), r0); if len(r1) < 1e-12 { r1 = (0, 1, 0) }; r1 = div(r1, len(r1)); kxy = 0 }
        var kxz = dot(r0, r2)
        r2 = sub(r2, r0, kxz)
        var kyz = dot(r1, r2)
        r2 = sub(r2, r1, kyz)
        var sz = len(r2)
        if sz > 1e-12 { r2 = div(r2, sz); kxz /= sz; kyz /= sz } else { r2 = cross(r0, r1); kxz = 0; kyz = 0 }
        if dot(r0, cross(r1, r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = (-r0.0, -r0.1, -r0.2); r1 = (-r1.0, -r1.1, -r1.2); r2 = (-r2.0, -r2.1, -r2.2)
        }
        // Quaternion of the rotation rows (inverse of `recomposed`'s formula).
        let trace = r0.0 + r1.1 + r2.2
        var q: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = ((r1.2 - r2.1) / s, (r2.0 - r0.2) / s, (r0.1 - r1.0) / s, s / 4)
        } else if r0.0 > r1.1 && r0.0 > r2.2 {
            let s = (1 + r0.0 - r1.1 - r2.2).squareRoot() * 2
            q = (s / 4, (r1.0 + r0.1) / s, (r2.0 + r0.2) / s, (r1.2 - r2.1) / s)
        } else if r1.1 > r2.2 {
            let s = (1 + r1.1 - r0.0 - r2.2).squareRoot() * 2
            q = ((r1.0 + r0.1) / s, s / 4, (r2.1 + r1.2) / s, (r2.0 - r0.2) / s)
        } else {
            let s = (1 + r2.2 - r0.0 - r1.1).squareRoot() * 2
            q = ((r2.0 + r0.2) / s, (r2.1 + r1.2) / s, s / 4, (r0.1 - r1.0) / s)
        }
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0 { q = (q.x / n, q.y / n, q.z / n, q.w / n) }
        return DecomposedTransform(translation: (m41, m42, m43), scale: (sx, sy, sz), skew: (kxy, kxz, kyz),
                                   quaternion: q, perspective: persp)
    }
}
