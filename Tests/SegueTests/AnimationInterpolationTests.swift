import Testing
@testable import Segue
import Foundation

@Suite struct AnimationInterpolationTests {
    func close(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(x, y).allSatisfy { abs($0 - $1) <= tol }
    }

    @Test func decompositionRoundTrips() {
        var flip = Transform3D.identity
        flip.m34 = -1.0 / 500
        let samples: [Transform3D] = [
            .identity,
            Transform3D(rotationAngle: -1.5, x: 0, y: 0, z: 1),
            Transform3D(rotationAngle: 2.5, x: 1, y: 2, z: 3).scaledBy(x: 2, y: 0.5, z: 1.5).translatedBy(x: 3, y: -4, z: 5),
            flip.rotated(by: 0.8, x: 0, y: 1, z: 0),
            Transform3D(AffineTransform(a: 1, b: 0.3, c: 0.7, d: 1, tx: 4, ty: 5)),
            Transform3D(scaleX: -1, y: 1, z: 1),
        ]
        for m in samples { #expect(close(m.decomposed.recomposed, m), "\(m)") }
    }

    @Test func rotationsInterpolateByAngleNotEntries() {
        let a = Transform3D.identity, b = Transform3D(rotationAngle: 1.2, x: 0, y: 0, z: 1)
        guard case let .transform(mid) = AnimatableValue.interpolate(.transform(a), .transform(b), 0.5) else { Issue.record(); return }
        #expect(close(mid, Transform3D(rotationAngle: 0.6, x: 0, y: 0, z: 1)))
        // 3D: a flip about y with perspective interpolates its angle, keeping the perspective.
        var p = Transform3D.identity
        p.m34 = -1.0 / 400
        let f0 = p, f1 = p.rotated(by: 1.0, x: 0, y: 1, z: 0)
        guard case let .transform(fm) = AnimatableValue.interpolate(.transform(f0), .transform(f1), 0.25) else { Issue.record(); return }
        #expect(close(fm, p.rotated(by: 0.25, x: 0, y: 1, z: 0)))
        // Scale and translation mix linearly.
        let s0 = Transform3D(translationX: 0, y: 0, z: 0), s1 = Transform3D(scaleX: 3, y: 3, z: 1).translatedBy(x: 10, y: 0, z: 0)
        guard case let .transform(sm) = AnimatableValue.interpolate(.transform(s0), .transform(s1), 0.5) else { Issue.record(); return }
        #expect(abs(sm.m11 - 2) < 1e-12 && abs(sm.m41 - 15) < 1e-12)
    }

    @Test func rectsPointsNumbersAndOvershoot() {
        let r = AnimatableValue.interpolate(.rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                            .rect(Rect(x: 10, y: 20, width: 30, height: 40)), 1.5)
        #expect(r == .rect(Rect(x: 15, y: 30, width: 40, height: 55)))
        #expect(AnimatableValue.interpolate(.double(1), .double(3), 0.25) == .double(1.5))
        #expect(AnimatableValue.interpolate(.point(.zero), .point(Point(x: 4, y: 8)), 0.5) == .point(Point(x: 2, y: 4)))
    }
}
