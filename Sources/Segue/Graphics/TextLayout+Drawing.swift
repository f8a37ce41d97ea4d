// Drawing laid-out text straight into a Bitmap, independent of the compositor: each glyph's 8-bit
// coverage scales the premultiplied text colour, blended source-over. Baselines land on whole pixels
// (light hinting has snapped the glyphs vertically to them); pen positions snap to quarter pixels and
// pick the glyph image rendered at that subpixel phase, so spacing stays even without blur.

extension TextLayout {
    /// Draws the lines top-down from `rect.minY` (the first baseline is `accentRoom` plus one
    /// ascender below it), each
    /// aligned within `rect.width`, clipped to the bitmap and to `clip` (device pixels) when given.
    public func draw(into bitmap: Bitmap, in rect: Rect, alignment: TextAlignment = .natural,
                     color: Color, clip: PixelRect? = nil) {
        var bounds = PixelRect(x0: 0, y0: 0, x1: bitmap.width, y1: bitmap.height)
        if let c = clip { bounds = bounds.intersection(c) }
        guard !bounds.isEmpty, color.alpha > 0 else { return }
        let registry = FontRegistry.shared
        let phases = FontRegistry.subpixelPhases
        let pixel = color.premultipliedPixel
        let lineHeight = font.lineHeight
        let ascender = font.ascender + accentRoom
        // Coordinates beyond ±2^30 (or NaN) cannot land on a bitmap: skip rather than trap converting them.
        func drawable(_ v: Double) -> Bool { v.magnitude < 1_073_741_824 }
        for (i, line) in lines.enumerated() {
            let y = rect.minY + ascender + Double(i) * lineHeight
            guard drawable(y) else { continue }
            let baseline = Int(y.rounded())
            // Glyphs stay within about one em of their pen position: skip what cannot reach the clip.
            let em = Int(font.pointSize.rounded(.up)) + 2
            if baseline - 2 * em >= bounds.y1 || baseline + em <= bounds.y0 { continue }
            let free = rect.width - line.width
            let offset: Double = switch alignment {
            case .left, .natural: 0
            case .center: free / 2
            case .right: free
            }
            let lineX = rect.minX + offset
            for g in line.glyphs where g.face >= 0 {
                let px = lineX + g.x
                guard drawable(px) else { continue }
                if Int(px) - em >= bounds.x1 || Int(px) + 2 * em <= bounds.x0 { continue }
                var ix = Int(px.rounded(.down))
                var phase = Int(((px - Double(ix)) * Double(phases)).rounded())
                if phase == phases { ix += 1; phase = 0 }
                guard let image = registry.glyphImage(face: g.face, size: font.pointSize, glyph: g.glyph, phase: phase),
                      image.width > 0 else { continue }
                Self.blend(image, at: ix + image.left, baseline - image.top, pixel: pixel, into: bitmap, clip: bounds)
            }
        }
    }

    /// Source-over of `pixel` (premultiplied) scaled by each coverage value, at device (x, y).
    static func blend(_ g: GlyphImage, at x: Int, _ y: Int, pixel: UInt32, into bitmap: Bitmap, clip: PixelRect) {
        let x0 = max(x, clip.x0), x1 = min(x + g.width, clip.x1)
        let y0 = max(y, clip.y0), y1 = min(y + g.height, clip.y1)
        guard x0 < x1, y0 < y1 else { return }
        let sa = pixel >> 24, sr = (pixel >> 16) & 0xff, sg = (pixel >> 8) & 0xff, sb = pixel & 0xff
        g.coverage.withUnsafeBufferPointer { cov in
            for row in y0..<y1 {
                let dst = bitmap.row(row)
                let src = (row - y) * g.width - x
                for col in x0..<x1 {
                    let c = UInt32(cov[src + col])
                    if c == 0 { continue }
                    if c == 255 && sa == 255 { dst[col] = pixel; continue }
                    @inline(__always) func mul(_ a: UInt32, _ b: UInt32) -> UInt32 { let t = a * b + 128; return (t + (t >> 8)) >> 8 }
                    let a = mul(sa, c), r = mul(sr, c), gg = mul(sg, c), b = mul(sb, c)
                    let inv = 255 - a
                    let d = dst[col]
                    let da = a + mul(d >> 24, inv)
                    let dr = r + mul((d >> 16) & 0xff, inv)
                    let dg = gg + mul((d >> 8) & 0xff, inv)
                    let db = b + mul(d & 0xff, inv)
                    dst[col] = da << 24 | dr << 16 | dg << 8 | db
                }
            }
        }
    }
}
