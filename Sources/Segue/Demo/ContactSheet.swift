// ContactSheet: frames laid out in a grid, each scaled down with its caption under it and a title on
// top — how people compare the moments of a transition at a glance.

public enum ContactSheet {
    /// A sheet of `frames` (all the same size) in `columns` columns (default: about square), each drawn at
    /// `scale`, captioned by `captions`.
    public static func make(title: String, frames: [Bitmap], captions: [String], columns: Int? = nil,
                            scale: Double = 0.5) -> Bitmap {
        guard let first = frames.first else { return Bitmap(width: 1, height: 1) }
        let cols = max(1, columns ?? Int(Double(frames.count).squareRoot().rounded(.up)))
        let rows = (frames.count + cols - 1) / cols
        let cw = max(1, Int((Double(first.width) * scale).rounded())), ch = max(1, Int((Double(first.height) * scale).rounded()))
        let gap = 12, captionH = 26, titleH = 40
        let sheet = Bitmap(width: gap + cols * (cw + gap), height: titleH + rows * (ch + captionH + gap),
                           fill: Color(hex: 0x1C1C1E).premultipliedPixel)
        TextLayout(text: title, font: Font.systemFont(ofSize: 20, weight: .semibold))
            .draw(into: sheet, in: Rect(x: Double(gap), y: 8, width: Double(sheet.width - 2 * gap), height: 30), color: .white)
        let captionFont = Font.systemFont(ofSize: 15)
        let canvas = Canvas(target: sheet)
        for (k, frame) in frames.enumerated() {
            let x0 = gap + (k % cols) * (cw + gap), y0 = titleH + (k / cols) * (ch + captionH + gap)
            let place = Transform3D(scaleX: Double(cw) / Double(frame.width), y: Double(ch) / Double(frame.height), z: 1)
                .concatenating(Transform3D(translationX: Double(x0), y: Double(y0), z: 0))
            canvas.draw(frame, transform: place)
            if k < captions.count {
                TextLayout(text: captions[k], font: captionFont)
                    .draw(into: sheet, in: Rect(x: Double(x0), y: Double(y0 + ch + 4), width: Double(cw), height: Double(captionH)),
                          alignment: .center, color: Color(white: 0.85))
            }
        }
        return sheet
    }
}
