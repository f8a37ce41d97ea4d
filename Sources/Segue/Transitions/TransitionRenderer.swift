// TransitionRenderer: any transition rendered headless — one frame, a sequence, or a contact sheet
// of evenly spaced frames labelled with their progress. This is what `segue render --transition`
// calls; frames are drawn straight from the two pages, over black as in a window.

public enum TransitionRenderer {
    /// The frame of `type` at `progress` (0 = `from`, 1 = `to`), the size of `from`.
    public static func render(type: TransitionType, subtype: TransitionSubtype? = nil, from: Bitmap, to: Bitmap,
                              progress: Double, background: Color = .black) -> Bitmap {
        let out = Bitmap(width: from.width, height: from.height, fill: background.premultipliedPixel)
        let effect = type.makeEffect()
        let f = EffectFrame(old: from, new: to, progress: progress, subtype: subtype ?? .fromLeft,
                            size: Size(width: Double(from.width), height: Double(from.height)))
        effect.draw(f, in: Canvas(target: out))
        return out
    }

    /// `count` frames at evenly spaced progress from 0 to 1 (both included).
    public static func frames(type: TransitionType, subtype: TransitionSubtype? = nil, from: Bitmap, to: Bitmap,
                              count: Int) -> [Bitmap] {
        let effect = type.makeEffect()
        let size = Size(width: Double(from.width), height: Double(from.height))
        let opaque = (from.isOpaque, to.isOpaque)
        return progressSteps(count).map { p in
            let out = Bitmap(width: from.width, height: from.height, fill: Color.black.premultipliedPixel)
            effect.draw(EffectFrame(old: from, new: to, progress: p, subtype: subtype ?? .fromLeft, size: size,
                                    newIsOpaque: opaque.1, oldIsOpaque: opaque.0), in: Canvas(target: out))
            return out
        }
    }

    /// Evenly spaced progress values from 0 to 1, `count` of them (one: just 0).
    public static func progressSteps(_ count: Int) -> [Double] {
        count <= 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// A contact sheet: `count` frames in a grid of `columns` (default: about square), each drawn at
    /// `scale` of the page size with its progress printed under it, and a title line on top.
    public static func contactSheet(type: TransitionType, subtype: TransitionSubtype? = nil, from: Bitmap, to: Bitmap,
                                    count: Int, columns: Int? = nil, scale: Double = 0.5) -> Bitmap {
        let steps = progressSteps(count)
        let cols = max(1, columns ?? Int(Double(steps.count).squareRoot().rounded(.up)))
        let rowsCount = (steps.count + cols - 1) / cols
        let cw = max(1, Int((Double(from.width) * scale).rounded())), ch = max(1, Int((Double(from.height) * scale).rounded()))
        let gap = 12, labelH = 26, titleH = 40
        let sheet = Bitmap(width: gap + cols * (cw + gap), height: titleH + rowsCount * (ch + labelH + gap),
                           fill: Color(hex: 0x1C1C1E).premultipliedPixel)
        let labelFont = Font.systemFont(ofSize: 15), titleFont = Font.systemFont(ofSize: 20, weight: .semibold)
        let title = type.usesSubtype ? "\(type.rawValue) · \((subtype ?? .fromLeft).rawValue)" : type.rawValue
        TextLayout(text: title, font: titleFont).draw(into: sheet, in: Rect(x: Double(gap), y: 8, width: 2000, height: 30),
                                                     color: .white)
        let effect = type.makeEffect()
        let size = Size(width: Double(from.width), height: Double(from.height))
        let opaque = (from.isOpaque, to.isOpaque)
        for (k, p) in steps.enumerated() {
            let x0 = gap + (k % cols) * (cw + gap), y0 = titleH + (k / cols) * (ch + labelH + gap)
            let cell = PixelRect(x0: x0, y0: y0, x1: x0 + cw, y1: y0 + ch)
            for y in cell.y0..<cell.y1 { sheet.row(y).advanced(by: x0).update(repeating: 0xff00_0000, count: cw) }
            var canvas = Canvas(target: sheet)
            canvas.clip = cell
            let toSheet = Transform3D(scaleX: scale, y: scale, z: 1)
                .concatenating(Transform3D(translationX: Double(x0), y: Double(y0), z: 0))
            effect.draw(EffectFrame(old: from, new: to, progress: p, subtype: subtype ?? .fromLeft, size: size,
                                    pageToDevice: toSheet, newIsOpaque: opaque.1, oldIsOpaque: opaque.0), in: canvas)
            let label = "progress \(formatProgress(p))"
            TextLayout(text: label, font: labelFont).draw(into: sheet, in: Rect(x: Double(x0), y: Double(cell.y1 + 4),
                                                                              width: Double(cw), height: Double(labelH)),
                                                          alignment: .center, color: Color(white: 0.85))
        }
        return sheet
    }

    /// Progress as text with up to three decimals ("0", "0.25", "0.143").
    public static func formatProgress(_ p: Double) -> String {
        let milli = Int((p * 1000).rounded())
        if milli % 1000 == 0 { return "\(milli / 1000)" }
        var frac = String(milli % 1000)
        while frac.count < 3 { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        return "\(milli / 1000).\(frac)"
    }
}
