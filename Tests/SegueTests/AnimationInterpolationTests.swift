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

@MainActor @Suite struct AnimationKeyframeModeTests {
    func anim(_ mode: CalculationMode, _ values: [Double], _ times: [Double]? = nil) -> KeyframeAnimation {
        let k = KeyframeAnimation(keyPath: .opacity)
        k.values = values.map { .double($0) }
        k.keyTimes = times
        k.calculationMode = mode
        return k
    }
    func at(_ k: KeyframeAnimation, _ f: Double) -> Double {
        guard case let .double(d) = k.value(atFraction: f, model: .double(-1)) else { return .nan }
        return d
    }

    @Test func linearDiscretePacedCubic() {
        let lin = anim(.linear, [0, 10, 40], [0, 0.5, 1])
        #expect(near(at(lin, 0.25), 5) && near(at(lin, 0.75), 25))
        let disc = anim(.discrete, [0, 10, 40])
        #expect(at(disc, 0.2) == 0 && at(disc, 0.4) == 10 && at(disc, 0.9) == 40)
        // Paced: 10 of 40 units happen in the first quarter of the time, whatever the key times say.
        let paced = anim(.paced, [0, 10, 40], [0, 0.9, 1])
        #expect(near(at(paced, 0.25), 10) && near(at(paced, 0.5), 20))
        // Cubic passes through the values, and on collinear evenly timed values it is the straight line.
        let cub = anim(.cubic, [0, 10, 20, 30])
        #expect(near(at(cub, 1.0 / 3), 10) && near(at(cub, 0.5), 15, 1e-12))
        let bend = anim(.cubic, [0, 10, 0])
        #expect(at(bend, 0.25) > 5) // a curve, not the linear 5
    }

    @Test func keyframeOptionsPickTheMode() {
        let w = Window(size: Size(width: 10, height: 10))
        let v = View(frame: .zero)
        w.addSubview(v)
        View.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeDiscrete, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0 }
        })
        #expect((v.layer.animation(forKey: "opacity") as? KeyframeAnimation)?.calculationMode == .discrete)
        w.advance(to: 1)
    }
}
