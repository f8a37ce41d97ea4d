// Glyph coverage lands where the layout says — inside the line box, on the baseline — and nowhere else.
import Testing
@testable import Segue

@Suite struct TextDrawingTests {
    /// The bounding box of pixels differing from `background`, or nil.
    static func ink(_ b: Bitmap, background: UInt32 = 0) -> PixelRect? {
        var r = PixelRect(x0: .max, y0: .max, x1: .min, y1: .min)
        for y in 0..<b.height { for x in 0..<b.width where b[x, y] != background {
            r.x0 = min(r.x0, x); r.y0 = min(r.y0, y); r.x1 = max(r.x1, x + 1); r.y1 = max(r.y1, y + 1)
        } }
        return r.x0 == .max ? nil : r
    }

    @Test func capitalSitsOnTheBaseline() throws {
        let font = Font.systemFont(ofSize: 40)
        let b = Bitmap(width: 100, height: 80, fill: 0xFFFF_FFFF)
        let layout = TextLayout(text: "H", font: font)
        layout.draw(into: b, in: Rect(x: 10, y: 10, width: 80, height: 60), color: .black)
        let box = try #require(Self.ink(b, background: 0xFFFF_FFFF))
        let baseline = Int((10 + layout.accentRoom + font.ascender).rounded())
        #expect(box.y1 == baseline)  // "H" has no descender: ink ends exactly at the baseline
        #expect(abs(Double(baseline - box.y0) - font.capHeight) <= 1)
        #expect(box.x0 >= 10 && box.x1 <= 10 + Int(font.size(of: "H").width))
        // Light hinting keeps horizontal stems crisp: some pixels are fully black.
        var solid = 0
        for y in box.y0..<box.y1 { for x in box.x0..<box.x1 where b[x, y] == 0xFF00_0000 { solid += 1 } }
        #expect(solid > 50)
    }

    @Test func descendersStayInsideTheLineBox() throws {
        let font = Font.systemFont(ofSize: 24)
        let b = Bitmap(width: 200, height: 100)
        let layout = TextLayout(text: "gjpqyÅЙ", font: font)
        let rect = Rect(x: 5, y: 30, width: 190, height: layout.size.height)
        layout.draw(into: b, in: rect, color: .black)
        let box = try #require(Self.ink(b))
        let baseline = Int((rect.minY + layout.accentRoom + font.ascender).rounded())
        #expect(box.y1 > baseline + 3)  // descenders go below the baseline
        #expect(box.y0 >= Int(rect.minY))
        #expect(box.y1 <= Int(rect.maxY.rounded(.up)))
    }

    @Test func nothingOutsideTheClip() {
        let font = Font.systemFont(ofSize: 30)
        let b = Bitmap(width: 200, height: 60)
        let clip = PixelRect(x0: 20, y0: 0, x1: 60, y1: 60)
        TextLayout(text: "WWWWWW", font: font).draw(into: b, in: Rect(x: 0, y: 5, width: 200, height: 50), color: .black, clip: clip)
        var inside = 0
        for y in 0..<60 { for x in 0..<200 where b[x, y] != 0 {
            #expect(x >= 20 && x < 60)
            inside += 1
        } }
        #expect(inside > 0)
    }

    @Test func glyphsOutsideTheBitmapAreNotRendered() {
        let font = Font.systemFont(ofSize: 19.5)  // a size no other test uses: its cache entries are ours
        _ = font.lineHeight  // metrics render a few accented capitals of their own
        let before = FontRegistry.shared.cachedGlyphCount(size: 19.5)
        let b = Bitmap(width: 30, height: 30)
        // Far to the right of and below a small bitmap: nothing to draw, nothing rendered.
        TextLayout(text: "Offscreen", font: font).draw(into: b, in: Rect(x: 200, y: 0, width: 300, height: 30), color: .black)
        TextLayout(text: "Offscreen", font: font).draw(into: b, in: Rect(x: 0, y: 300, width: 300, height: 30), color: .black)
        #expect(FontRegistry.shared.cachedGlyphCount(size: 19.5) <= before)  // ≤: a parallel test may empty the cache
        // A line partly inside still draws its visible part.
        TextLayout(text: "Offscreen", font: font).draw(into: b, in: Rect(x: 0, y: 0, width: 300, height: 30), color: .black)
        #expect(TextDrawingTests.ink(b) != nil)
    }

    @Test func colouredCoverageIsValidPremultiplied() {
        let b = Bitmap(width: 120, height: 40)
        TextLayout(text: "Red text", font: .systemFont(ofSize: 20)).draw(into: b, in: Rect(x: 0, y: 0, width: 120, height: 40), color: .red)
        var partial = 0
        for y in 0..<40 { for x in 0..<120 {
            let p = b[x, y], a = p >> 24
            #expect((p >> 16) & 0xff == a)
            #expect(p & 0xffff == 0)
            if a > 0 && a < 255 { partial += 1 }
        } }
        #expect(partial > 0)  // anti-aliased edges
    }

    @Test func alignmentPlacesLinesInTheBox() throws {
        let font = Font.systemFont(ofSize: 20)
        let rect = Rect(x: 10, y: 0, width: 300, height: 30)
        let layout = TextLayout(text: "Align", font: font)
        func box(_ a: TextAlignment) throws -> PixelRect {
            let b = Bitmap(width: 320, height: 30)
            layout.draw(into: b, in: rect, alignment: a, color: .black)
            return try #require(Self.ink(b))
        }
        let left = try box(.left), natural = try box(.natural), center = try box(.center), right = try box(.right)
        #expect(left == natural)
        #expect(left.x0 >= 10 && left.x0 <= 13)
        #expect(right.x1 <= 310 && right.x1 >= 307)
        let mid = Double(center.x0 + center.x1) / 2
        #expect(abs(mid - rect.midX) <= 2)
        #expect(abs((right.x0 - left.x0) - Int((rect.width - layout.size.width).rounded())) <= 1)
    }

    @Test func translucentColourBlendsOverExistingPixels() {
        let b = Bitmap(width: 60, height: 40, fill: Color.blue.premultipliedPixel)
        TextLayout(text: "■■", font: .systemFont(ofSize: 30)).draw(into: b, in: Rect(x: 0, y: 0, width: 60, height: 40),
                                                                  color: Color.white.withAlphaComponent(0.5))
        // Where coverage is full, white at 50 % over blue: (127/128, 127/128, 255).
        var found = false
        for y in 0..<40 { for x in 0..<60 {
            let c = Color(premultipliedPixel: b[x, y])
            #expect(c.alpha == 1)
            if abs(c.red - 0.5) < 0.01 && abs(c.blue - 1) < 0.01 { found = true }
        } }
        #expect(found)
    }
}
