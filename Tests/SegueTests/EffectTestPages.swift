// Test pages for the effect suites: two opaque, clearly different, asymmetric pictures (a generated
// landscape with a title block near the top-left), so a mirrored, swapped or shifted frame shows.

@testable import Segue

enum EffectTestPages {
    /// The old and new page at `width × height` pixels.
    /// Without `text` the lettering is left out: goldens must not depend on the machine's fonts, and
    /// tests must not fill the shared glyph cache while text tests count it.
    static func make(width: Int, height: Int, text: Bool = false) -> (old: Bitmap, new: Bitmap) {
        (page(width, height, style: .day, seed: 3, title: "Inbox", band: 0xFF007AFF, text: text),
         page(width, height, style: .dusk, seed: 7, title: "Detail", band: 0xFFFF9500, text: text))
    }

    private static func page(_ w: Int, _ h: Int, style: Image.HeroStyle, seed: UInt64, title: String, band: UInt32,
                             text: Bool) -> Bitmap {
        let b = Image.hero(size: Size(width: Double(w), height: Double(h)), style: style, seed: seed).bitmap.copy()
        // A solid navigation band across the top and a card on the left: strong, asymmetric edges.
        let bandH = max(2, h / 7)
        for y in 0..<bandH { b.row(y).update(repeating: band, count: w) }
        let cardX0 = w / 12, cardX1 = w / 2, cardY0 = h / 3, cardY1 = h * 3 / 4
        for y in cardY0..<cardY1 { b.row(y).advanced(by: cardX0).update(repeating: 0xFFF2F2F7, count: cardX1 - cardX0) }
        guard text else {
            // Without lettering, a dark stripe in the card still marks left from right.
            for y in (cardY0 + h / 20)..<(cardY0 + h / 10) { b.row(y).advanced(by: cardX0 + w / 40).update(repeating: 0xFF1C1C1E, count: w / 8) }
            return b
        }
        let font = Font.boldSystemFont(ofSize: max(8, Double(h) / 10))
        TextLayout(text: title, font: font).draw(into: b, in: Rect(x: Double(w) / 24, y: Double(bandH) * 0.12,
                                                                width: Double(w), height: Double(bandH)),
                                                 color: .white)
        TextLayout(text: "Aa 123", font: font).draw(into: b, in: Rect(x: Double(cardX0 + w / 40), y: Double(cardY0 + h / 30),
                                                                   width: Double(cardX1 - cardX0), height: Double(h / 4)),
                                                    color: .black)
        return b
    }
}

extension EffectTestPages {
    /// An effect at `progress` over the test pages on a 160 × 100 screen, lying straight and mirrored
    /// (not unturned): the straight frame, and the mean difference per channel (0…255) between it and
    /// the mirrored frame mirrored back — an effect drawn one way for a page lying straight (a warp) and
    /// another for a turned one (a mesh) shows about the same picture both ways.
    @MainActor static func mirroredDifference(_ effect: () -> TransitionEffect, at progress: Double) -> (straight: Bitmap, mean: Double) {
        let (old, new) = make(width: 160, height: 100)
        let size = Size(width: 160, height: 100)
        let straight = Bitmap(width: 160, height: 100, fill: 0xff00_0000), mirrored = straight.copy()
        effect().draw(EffectFrame(old: old, new: new, progress: progress, size: size), in: Canvas(target: straight))
        let mirror = Transform3D(AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 160, ty: 0))
        effect().draw(EffectFrame(old: old, new: new, progress: progress, size: size, pageToDevice: mirror), in: Canvas(target: mirrored))
        var total = 0
        for y in 0..<100 {
            for x in 0..<160 {
                let a = straight.row(y)[x], b = mirrored.row(y)[159 - x]
                for s in stride(from: 0, to: 32, by: 8) { total += abs(Int((a >> s) & 0xff) - Int((b >> s) & 0xff)) }
            }
        }
        return (straight, Double(total) / Double(160 * 100 * 4))
    }
}
