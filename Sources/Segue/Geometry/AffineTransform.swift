import Foundation

/// A 2D affine transform (CGAffineTransform's shape). Points are row vectors:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, so `t1.concatenating(t2)` applies `t1` first.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(rotationAngle angle: Double) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// Rotation in the transform's own space, then `self` (CGAffineTransformRotate).
    public func rotated(by angle: Double) -> AffineTransform { AffineTransform(rotationAngle: angle).concatenating(self) }
    public func translatedBy(x: Double, y: Double) -> AffineTransform { AffineTransform(translationX: x, y: y).concatenating(self) }
    public func scaledBy(x: Double, y: Double) -> AffineTransform { AffineTransform(scaleX: x, y: y).concatenating(self) }

    /// The inverse; a singular transform is returned unchanged, as CoreGraphics does.
    public func inverted() -> AffineTransform {
        let det = a * d - b * c
        if det == 0 || !det.isFinite { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
