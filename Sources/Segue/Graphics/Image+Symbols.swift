// Symbol images: `Image(systemName:)` with SF Symbols names for the common interface icons, drawn from
// glyphs the system font (DejaVu Sans) carries — chevrons, marks, stars, hearts, arrows, gear, house.
// They are template images: image views and buttons fill them with their tint colour, as UIKit does.
// The bitmap is the glyph's ink with a one-pixel margin, so icons centre on their shape.

extension Image {
    /// SF Symbols names this build can draw, and the DejaVu Sans character each one uses.
    public static let systemSymbols: [String: Character] = [
        "chevron.left": "\u{276E}", "chevron.right": "\u{276F}", "chevron.backward": "\u{276E}", "chevron.forward": "\u{276F}",
        "xmark": "\u{2715}", "checkmark": "\u{2713}", "plus": "\u{271A}", "minus": "\u{2212}",
        "star": "\u{2606}", "star.fill": "\u{2605}", "heart": "\u{2661}", "heart.fill": "\u{2665}",
        "circle": "\u{25CB}", "circle.fill": "\u{25CF}", "largecircle.fill.circle": "\u{25C9}",
        "gearshape": "\u{2699}", "gear": "\u{2699}", "line.3.horizontal": "\u{2630}", "line.horizontal.3": "\u{2630}",
        "house": "\u{2302}", "envelope": "\u{2709}", "phone": "\u{260E}", "music.note": "\u{266A}",
        "arrow.left": "\u{2190}", "arrow.right": "\u{2192}", "arrow.up": "\u{2191}", "arrow.down": "\u{2193}",
        "arrow.clockwise": "\u{21BB}", "arrow.counterclockwise": "\u{21BA}", "pencil": "\u{270E}",
        "play.fill": "\u{25B6}", "backward.fill": "\u{25C0}", "triangle.fill": "\u{25B2}", "ellipsis": "\u{22EF}",
        "exclamationmark.triangle": "\u{26A0}", "bolt.fill": "\u{26A1}", "command": "\u{2318}",
        "sun.max": "\u{2600}", "cloud": "\u{2601}", "umbrella": "\u{2602}", "flag": "\u{2690}", "flag.fill": "\u{2691}",
        "delete.left": "\u{232B}", "return": "\u{23CE}", "checkmark.square": "\u{2611}", "xmark.square": "\u{2612}",
    ]

    /// The symbol `name` (an SF Symbols name from `systemSymbols`) at `pointSize`, or nil for other names.
    public convenience init?(systemName name: String, pointSize: Double = 17, weight: Font.Weight = .regular) {
        guard let ch = Image.systemSymbols[name] else { return nil }
        let font = Font.systemFont(ofSize: pointSize, weight: weight)
        let layout = TextLayout(text: String(ch), font: font)
        let w = Int(layout.size.width.rounded(.up)) + 8, h = Int(layout.size.height.rounded(.up)) + 8
        let canvas = Bitmap(width: w, height: h)
        layout.draw(into: canvas, in: Rect(x: 4, y: 4, width: Double(w - 8), height: Double(h - 8)), color: .black)
        // Crop to the ink plus a one-pixel margin.
        var x0 = w, y0 = h, x1 = 0, y1 = 0
        for y in 0..<h { for x in 0..<w where canvas[x, y] != 0 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1) } }
        guard x0 < x1 else { return nil }
        x0 = max(0, x0 - 1); y0 = max(0, y0 - 1); x1 = min(w, x1 + 1); y1 = min(h, y1 + 1)
        let out = Bitmap(width: x1 - x0, height: y1 - y0)
        for y in y0..<y1 { out.row(y - y0).update(from: canvas.row(y) + x0, count: x1 - x0) }
        self.init(bitmap: out, renderingMode: .automatic, isSymbol: true)
    }
}
