import Testing
@testable import Segue
import Foundation

@Suite struct GeometryTests {
    @Test func affineConcatenationAppliesLeftFirst() {
        let t = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(Point(x: 1, y: 1).applying(t) == Point(x: 22, y: 2))
        let r = AffineTransform.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 2)
        // CGAffineTransformScale(CGAffineTransformTranslate(I)) scales in the translated space first.
        #expect(Point(x: 1, y: 1).applying(r) == Point(x: 12, y: 2))
    }

    @Test func affineInverse() {
        let t = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -4)
        let p = Point(x: 3, y: 9)
        let q = p.applying(t).applying(t.inverted())
        #expect(abs(q.x - p.x) < 1e-9 && abs(q.y - p.y) < 1e-9)
        let singular = AffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func rotationMatchesCoreGraphics() {
        let t = AffineTransform(rotationAngle: .pi / 2)
        let p = Point(x: 1, y: 0).applying(t)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func transform3DInverseAndAffineRoundTrip() {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = t.rotated(by: 0.5, x: 0, y: 1, z: 0).translatedBy(x: 10, y: 20, z: 30)
        let i = t.inverted()
        let m = t.concatenating(i)
        for (a, b) in [(m.m11, 1.0), (m.m22, 1), (m.m33, 1), (m.m44, 1), (m.m12, 0), (m.m41, 0), (m.m34, 0)] {
            #expect(abs(a - b) < 1e-9)
        }
        let a = AffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        #expect(Transform3D(a).isAffine)
        #expect(Transform3D(a).affine == a)
    }

    @Test func perspectiveUnprojectInvertsProject() {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = t.rotated(by: 0.8, x: 0, y: 1, z: 0)
        let p = Point(x: 40, y: -70)
        let q = t.project(p)
        let back = t.unproject(q)!
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
    }

    @Test func rectOperations() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 10, y: 5, width: 80, height: 40))
        #expect(r.offsetBy(dx: 3, dy: 4).origin == Point(x: 3, y: 4))
        #expect(r.midX == 50 && r.midY == 25)
        #expect(r.intersection(Rect(x: 90, y: 40, width: 20, height: 20)) == Rect(x: 90, y: 40, width: 10, height: 10))
        #expect(r.intersection(Rect(x: 200, y: 0, width: 1, height: 1)).isNull)
        #expect(r.union(Rect(x: -10, y: 0, width: 5, height: 100)) == Rect(x: -10, y: 0, width: 110, height: 100))
        #expect(Rect(x: 10, y: 10, width: -5, height: -5).standardized == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(r.insetBy(dx: 60, dy: 0).isNull)
    }

    @Test func premultipliedColour() {
        let c = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        let p = c.premultipliedPixel
        #expect(p >> 24 == 128 && (p >> 16) & 0xff == 128 && (p >> 8) & 0xff == 64 && p & 0xff == 0)
        let back = Color(premultipliedPixel: p)
        #expect(abs(back.red - 1) < 0.01 && abs(back.green - 0.5) < 0.01 && abs(back.alpha - 0.5) < 0.01)
        #expect(Color.clear.premultipliedPixel == 0)
    }
}

@MainActor @Suite struct ViewTreeTests {
    @Test func frameAndCenter() {
        let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == Rect(x: -40, y: -5, width: 200, height: 100))
    }

    @Test func subviewOrderAndLayers() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View(), b = View(), c = View()
        root.addSubview(a); root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [a, c, b].map { ObjectIdentifier($0) })
        #expect(root.layer.sublayers.map { ObjectIdentifier($0) } == [a, c, b].map { ObjectIdentifier($0.layer) })
        root.bringSubviewToFront(a)
        #expect(root.subviews.last === a && root.layer.sublayers.last === a.layer)
        c.removeFromSuperview()
        #expect(c.superview == nil && root.subviews.count == 2 && c.layer.superlayer == nil)
    }

    @Test func hitTestAndConvert() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let child = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let grandchild = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(child); child.addSubview(grandchild)
        #expect(root.hitTest(Point(x: 115, y: 115)) === grandchild)
        #expect(root.hitTest(Point(x: 150, y: 150)) === child)
        #expect(root.hitTest(Point(x: 50, y: 50)) === root)
        grandchild.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 115, y: 115)) === child)
        #expect(grandchild.convert(Point(x: 0, y: 0), to: root) == Point(x: 110, y: 110))
        #expect(root.convert(Point(x: 110, y: 110), to: grandchild) == Point(x: 0, y: 0))
        child.transform = AffineTransform(rotationAngle: .pi)
        let p = grandchild.convert(Point(x: 0, y: 0), to: root)
        #expect(abs(p.x - 190) < 1e-9 && abs(p.y - 190) < 1e-9)
    }
}

@Suite struct PNGTests {
    @Test func roundTripKeepsPremultipliedPixels() throws {
        let b = Bitmap(width: 3, height: 2)
        b[0, 0] = Color(red: 1, green: 0, blue: 0).premultipliedPixel
        b[1, 0] = Color(red: 0, green: 1, blue: 0, alpha: 0.5).premultipliedPixel
        b[2, 1] = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8).premultipliedPixel
        let back = try PNG.decode(try PNG.encode(b))
        #expect(back.width == 3 && back.height == 2)
        #expect(back.maxChannelDifference(to: b)! <= 1)
    }

    @Test func rejectsGarbageAndTruncation() throws {
        #expect(throws: PNGError.self) { try PNG.decode([1, 2, 3]) }
        let good = try PNG.encode(Bitmap(width: 8, height: 8, fill: 0xff00ff00))
        #expect(throws: PNGError.self) { try PNG.decode(Array(good.prefix(good.count / 2))) }
    }
}
