import Foundation

/// A 4×4 homogeneous transform (CATransform3D's shape). Points are row vectors `[x y z 1]·M`, so
/// translation lives in `m41…m43` and perspective in `m34` (`-1/d` puts the eye at distance `d`).
/// `a.concatenating(b)` applies `a` first, like `CATransform3DConcat(a, b)`.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    public var isIdentity: Bool { self == .identity }

    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity; m41 = tx; m42 = ty; m43 = tz
    }
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self = .identity; m11 = sx; m22 = sy; m33 = sz
    }
    /// Rotation by `angle` radians about the axis `(x, y, z)`; a zero axis gives the identity.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let len = (x * x + y * y + z * z).squareRoot()
        self = .identity
        guard len > 0 else { return }
        let x = x / len, y = y / len, z = z / len
        let s = sin(angle), c = cos(angle), t = 1 - c
        m11 = x * x * t + c;     m12 = x * y * t + z * s; m13 = x * z * t - y * s
        m21 = x * y * t - z * s; m22 = y * y * t + c;     m23 = y * z * t + x * s
        m31 = x * z * t + y * s; m32 = y * z * t - x * s; m33 = z * z * t + c
    }
    /// The 3D form of an affine transform (CATransform3DMakeAffineTransform).
    public init(_ t: AffineTransform) {
        self = .identity; m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    /// True when the transform maps the z = 0 plane by a 2D affine map (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }
    /// The affine part (CATransform3DGetAffineTransform); meaningful when `isAffine`.
    public var affine: AffineTransform { AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

    /// `self` followed by `t`.
    public func concatenating(_ t: Transform3D) -> Transform3D {
        let a = self
        func r(_ a1: Double, _ a2: Double, _ a3: Double, _ a4: Double) -> (Double, Double, Double, Double) {
            (a1 * t.m11 + a2 * t.m21 + a3 * t.m31 + a4 * t.m41,
             a1 * t.m12 + a2 * t.m22 + a3 * t.m32 + a4 * t.m42,
             a1 * t.m13 + a2 * t.m23 + a3 * t.m33 + a4 * t.m43,
             a1 * t.m14 + a2 * t.m24 + a3 * t.m34 + a4 * t.m44)
        }
        let r1 = r(a.m11, a.m12, a.m13, a.m14), r2 = r(a.m21, a.m22, a.m23, a.m24)
        let r3 = r(a.m31, a.m32, a.m33, a.m34), r4 = r(a.m41, a.m42, a.m43, a.m44)
        return Transform3D(m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
                           m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }
    /// Translation in the transform's own space, then `self` (CATransform3DTranslate).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The homogeneous image of `(x, y, z, 1)`.
    @inline(__always)
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41, x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43, x * m14 + y * m24 + z * m34 + m44)
    }
    /// The projected 2D image of a point of the z = 0 plane.
    public func project(_ p: Point) -> Point {
        let h = apply(x: p.x, y: p.y)
        return Point(x: h.x / h.w, y: h.y / h.w)
    }

    /// The inverse (CATransform3DInvert); a singular transform is returned unchanged.
    public func inverted() -> Transform3D {
        let m = [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
        var inv = [Double](repeating: 0, count: 16)
        inv[0] = m[5]*m[10]*m[15] - m[5]*m[11]*m[14] - m[9]*m[6]*m[15] + m[9]*m[7]*m[14] + m[13]*m[6]*m[11] - m[13]*m[7]*m[10]
        inv[4] = -m[4]*m[10]*m[15] + m[4]*m[11]*m[14] + m[8]*m[6]*m[15] - m[8]*m[7]*m[14] - m[12]*m[6]*m[11] + m[12]*m[7]*m[10]
        inv[8] = m[4]*m[9]*m[15] - m[4]*m[11]*m[13] - m[8]*m[5]*m[15] + m[8]*m[7]*m[13] + m[12]*m[5]*m[11] - m[12]*m[7]*m[9]
        inv[12] = -m[4]*m[9]*m[14] + m[4]*m[10]*m[13] + m[8]*m[5]*m[14] - m[8]*m[6]*m[13] - m[12]*m[5]*m[10] + m[12]*m[6]*m[9]
        inv[1] = -m[1]*m[10]*m[15] + m[1]*m[11]*m[14] + m[9]*m[2]*m[15] - m[9]*m[3]*m[14] - m[13]*m[2]*m[11] + m[13]*m[3]*m[10]
        inv[5] = m[0]*m[10]*m[15] - m[0]*m[11]*m[14] - m[8]*m[2]*m[15] + m[8]*m[3]*m[14] + m[12]*m[2]*m[11] - m[12]*m[3]*m[10]
        inv[9] = -m[0]*m[9]*m[15] + m[0]*m[11]*m[13] + m[8]*m[1]*m[15] - m[8]*m[3]*m[13] - m[12]*m[1]*m[11] + m[12]*m[3]*m[9]
        inv[13] = m[0]*m[9]*m[14] - m[0]*m[10]*m[13] - m[8]*m[1]*m[14] + m[8]*m[2]*m[13] + m[12]*m[1]*m[10] - m[12]*m[2]*m[9]
        inv[2] = m[1]*m[6]*m[15] - m[1]*m[7]*m[14] - m[5]*m[2]*m[15] + m[5]*m[3]*m[14] + m[13]*m[2]*m[7] - m[13]*m[3]*m[6]
        inv[6] = -m[0]*m[6]*m[15] + m[0]*m[7]*m[14] + m[4]*m[2]*m[15] - m[4]*m[3]*m[14] - m[12]*m[2]*m[7] + m[12]*m[3]*m[6]
        inv[10] = m[0]*m[5]*m[15] - m[0]*m[7]*m[13] - m[4]*m[1]*m[15] + m[4]*m[3]*m[13] + m[12]*m[1]*m[7] - m[12]*m[3]*m[5]
        inv[14] = -m[0]*m[5]*m[14] + m[0]*m[6]*m[13] + m[4]*m[1]*m[14] - m[4]*m[2]*m[13] - m[12]*m[1]*m[6] + m[12]*m[2]*m[5]
        inv[3] = -m[1]*m[6]*m[11] + m[1]*m[7]*m[10] + m[5]*m[2]*m[11] - m[5]*m[3]*m[10] - m[9]*m[2]*m[7] + m[9]*m[3]*m[6]
        inv[7] = m[0]*m[6]*m[11] - m[0]*m[7]*m[10] - m[4]*m[2]*m[11] + m[4]*m[3]*m[10] + m[8]*m[2]*m[7] - m[8]*m[3]*m[6]
        inv[11] = -m[0]*m[5]*m[11] + m[0]*m[7]*m[9] + m[4]*m[1]*m[11] - m[4]*m[3]*m[9] - m[8]*m[1]*m[7] + m[8]*m[3]*m[5]
        inv[15] = m[0]*m[5]*m[10] - m[0]*m[6]*m[9] - m[4]*m[1]*m[10] + m[4]*m[2]*m[9] + m[8]*m[1]*m[6] - m[8]*m[2]*m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        if det == 0 || !det.isFinite { return self }
        let s = 1 / det
        let v = inv.map { $0 * s }
        return Transform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                           m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    public var description: String {
        "[\(m11) \(m12) \(m13) \(m14); \(m21) \(m22) \(m23) \(m24); \(m31) \(m32) \(m33) \(m34); \(m41) \(m42) \(m43) \(m44)]"
    }
}
