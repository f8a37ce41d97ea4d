// Render golden images: small scenes through the whole compositor, compared with PNGs under Goldens/.
import Testing
import Foundation
@testable import Segue

@MainActor
func makeLayer(_ frame: Rect, _ color: Color? = nil, radius: Double = 0) -> Layer {
    let l = Layer()
    l.frame = frame
    l.backgroundColor = color
    l.cornerRadius = radius
    return l
}

@MainActor
func renderScene(width: Int, height: Int, background: Color = .white, _ build: (Layer) -> Void) -> Bitmap {
    let root = makeLayer(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    build(root)
    let b = Bitmap(width: width, height: height)
    Compositor().render(root, into: b, background: background)
    return b
}

@MainActor @Suite struct RenderGoldenTests {
    @Test func solidFillsWithAlpha() throws {
        let b = Bitmap(width: 64, height: 48, fill: Color.white.premultipliedPixel)
        let c = Canvas(target: b)
        c.fill(Rect(x: 4.5, y: 4.25, width: 30, height: 20.5), color: .systemRed)
        c.fill(Rect(x: 20, y: 12, width: 36, height: 28), color: .systemBlue, opacity: 0.5)
        c.fill(Rect(x: 10.3, y: 30.6, width: 20, height: 12), color: Color.systemGreen.withAlphaComponent(0.6))
        c.fill(Rect(x: 40, y: 2, width: 0.5, height: 44), color: .black)
        try expectGolden(b, "fills-alpha")
    }

    @Test func nestedGroupOpacity() throws {
        let b = renderScene(width: 96, height: 64) { root in
            // Two overlapping opaque squares in a 50 % group: the overlap is not darker.
            let group = makeLayer(Rect(x: 4, y: 4, width: 52, height: 40))
            group.opacity = 0.5
            group.addSublayer(makeLayer(Rect(x: 0, y: 0, width: 30, height: 30), .systemRed))
            group.addSublayer(makeLayer(Rect(x: 16, y: 10, width: 30, height: 30), .systemBlue))
            // A nested group at 60 % inside the 50 % one.
            let inner = makeLayer(Rect(x: 6, y: 20, width: 40, height: 20))
            inner.opacity = 0.6
            inner.addSublayer(makeLayer(Rect(x: 0, y: 0, width: 24, height: 16), .systemGreen))
            inner.addSublayer(makeLayer(Rect(x: 12, y: 4, width: 24, height: 16), .black))
            group.addSublayer(inner)
            root.addSublayer(group)
            // A leaf at 50 % just multiplies.
            root.addSublayer(makeLayer(Rect(x: 60, y: 10, width: 30, height: 44), .systemPurple)); root.sublayers[1].opacity = 0.5
        }
        try expectGolden(b, "group-opacity")
    }

    @Test func clipping() throws {
        let b = renderScene(width: 96, height: 64) { root in
            // Axis-aligned clip.
            let box = makeLayer(Rect(x: 6, y: 6, width: 36, height: 36), .lightGray)
            box.masksToBounds = true
            box.addSublayer(makeLayer(Rect(x: 18, y: -10, width: 30, height: 30), .systemOrange))
            root.addSublayer(box)
            // Rounded clip: the child's corners follow the parent's.
            let round = makeLayer(Rect(x: 50, y: 8, width: 40, height: 48), .darkGray, radius: 14)
            round.masksToBounds = true
            round.addSublayer(makeLayer(Rect(x: -4, y: -4, width: 30, height: 30), .systemTeal))
            root.addSublayer(round)
            // Unclipped sibling overflowing its parent.
            let loose = makeLayer(Rect(x: 6, y: 48, width: 20, height: 10), .gray)
            loose.addSublayer(makeLayer(Rect(x: 14, y: 4, width: 20, height: 10), .systemPink))
            root.addSublayer(loose)
        }
        try expectGolden(b, "clipping")
    }

    @Test func roundedCornersBorderShadow() throws {
        let b = renderScene(width: 120, height: 80, background: .secondarySystemBackground) { root in
            root.backgroundColor = .secondarySystemBackground
            let card = makeLayer(Rect(x: 14.5, y: 12, width: 56, height: 50), .white, radius: 12)
            card.shadowOpacity = 0.4
            card.shadowRadius = 6
            card.shadowOffset = Size(width: 0, height: 4)
            root.addSublayer(card)
            let ring = makeLayer(Rect(x: 80, y: 10, width: 32, height: 32), Color.systemYellow, radius: 16)
            ring.borderWidth = 3
            ring.borderColor = .systemIndigo
            root.addSublayer(ring)
            let pill = makeLayer(Rect(x: 78.3, y: 50.6, width: 36, height: 16), .systemGreen, radius: 8)
            pill.borderWidth = 1.5
            pill.borderColor = Color.black.withAlphaComponent(0.5)
            root.addSublayer(pill)
        }
        try expectGolden(b, "rounded-border-shadow")
    }

    @Test func affineRotatedImage() throws {
        let b = Bitmap(width: 96, height: 80, fill: Color.white.premultipliedPixel)
        let t = AffineTransform(translationX: -24, y: -16).rotated(by: 0)
            .concatenating(AffineTransform(rotationAngle: 20 * .pi / 180))
            .concatenating(AffineTransform(scaleX: 1.4, y: 1.4))
            .concatenating(AffineTransform(translationX: 48.3, y: 40.2))
        Canvas(target: b).draw(Fixtures.card(), transform: Transform3D(t), opacity: 0.9)
        try expectGolden(b, "affine-image")
    }

    @Test func rotatedShapes() throws {
        let b = Bitmap(width: 96, height: 64, fill: Color.white.premultipliedPixel)
        let c = Canvas(target: b)
        let spin = Transform3D(AffineTransform(rotationAngle: 30 * .pi / 180).concatenating(AffineTransform(translationX: 30, y: 8)))
        c.fill(Rect(x: 0, y: 0, width: 36, height: 24), cornerRadius: 6, color: .systemTeal, transform: spin)
        c.stroke(Rect(x: 0, y: 0, width: 36, height: 24), cornerRadius: 6, width: 2, color: .systemIndigo, transform: spin)
        var p = Transform3D.identity; p.m34 = -1.0 / 80
        let tilt = Transform3D(translationX: -14, y: -20, z: 0).concatenating(Transform3D(rotationAngle: 0.7, x: 0, y: 1, z: 0))
            .concatenating(p).concatenating(Transform3D(translationX: 74, y: 32, z: 0))
        c.fill(Rect(x: 0, y: 0, width: 28, height: 40), cornerRadius: 8, color: .systemPink, opacity: 0.8, transform: tilt)
        try expectGolden(b, "rotated-shapes")
    }

    @Test func perspectiveCard() throws {
        let b = renderScene(width: 160, height: 110, background: .black) { root in
            root.backgroundColor = .darkGray
            // CATransform3D with m34 = −1/500 on the parent's sublayerTransform; the card turns 45° about y.
            var p = Transform3D.identity; p.m34 = -1.0 / 500
            root.sublayerTransform = p
            let card = makeLayer(Rect(x: 30, y: 15, width: 100, height: 80), .white, radius: 8)
            card.transform = Transform3D(rotationAngle: 45 * .pi / 180, x: 0, y: 1, z: 0)
            card.borderWidth = 2
            card.borderColor = .systemBlue
            let image = Layer()
            image.frame = Rect(x: 10, y: 10, width: 80, height: 44)
            image.contents = Fixtures.card()
            image.contentsGravity = .resizeAspect
            card.addSublayer(image)
            card.addSublayer(makeLayer(Rect(x: 10, y: 60, width: 50, height: 10), .systemRed, radius: 5))
            root.addSublayer(card)
        }
        try expectGolden(b, "perspective-card")
    }

    @Test func contentsGravity() throws {
        let b = renderScene(width: 128, height: 40) { root in
            for (i, g) in [ContentsGravity.resize, .resizeAspect, .resizeAspectFill, .center].enumerated() {
                let l = makeLayer(Rect(x: 2 + Double(i) * 32, y: 4, width: 28, height: 32), .lightGray)
                l.contents = Fixtures.card(width: 24, height: 16)
                l.contentsGravity = g
                l.masksToBounds = g == .resizeAspectFill
                root.addSublayer(l)
            }
        }
        try expectGolden(b, "contents-gravity")
    }
}
