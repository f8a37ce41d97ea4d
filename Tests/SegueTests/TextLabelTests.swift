// Label: content bitmap size, sizing, redraw on change, nothing clipped.
import Testing
@testable import Segue

@MainActor @Suite struct TextLabelTests {
    func inkSum(_ b: Bitmap) -> Int {
        var s = 0
        for y in 0..<b.height { for x in 0..<b.width { s += Int(b[x, y] >> 24) } }
        return s
    }

    @Test func contentsCoverTheBoundsInWholePixels() throws {
        let l = Label(frame: Rect(x: 3, y: 4, width: 100.5, height: 20.2))
        l.text = "Hello"
        l.updateContents()
        let c = try #require(l.layer.contents)
        #expect(c.width == 101 && c.height == 21)
        l.text = nil
        l.updateContents()
        #expect(l.layer.contents == nil)
    }

    @Test func intrinsicSizeAndSizeToFit() {
        let font = Font.systemFont(ofSize: 15)
        let l = Label(frame: Rect(x: 20, y: 30, width: 5, height: 5))
        l.font = font
        l.text = "Intrinsic"
        #expect(l.intrinsicContentSize == font.size(of: "Intrinsic"))
        l.sizeToFit()
        #expect(l.frame.origin == Point(x: 20, y: 30))
        #expect(l.frame.size == font.size(of: "Intrinsic"))
        l.text = ""
        #expect(l.intrinsicContentSize == .zero)
    }

    @Test func multilineSizeThatFitsWraps() {
        let l = Label()
        l.text = "one two three four five six seven"
        l.numberOfLines = 0
        let one = l.sizeThatFits(Size(width: .infinity, height: .infinity))
        let wrapped = l.sizeThatFits(Size(width: 80, height: .infinity))
        #expect(wrapped.width <= 80)
        #expect(wrapped.height > 2 * one.height)
        l.numberOfLines = 1
        #expect(l.sizeThatFits(Size(width: 80, height: .infinity)) == one)  // one line: width is not constrained
        l.numberOfLines = 2
        #expect(l.sizeThatFits(Size(width: 80, height: .infinity)).height == (2 * l.font.lineHeight).rounded(.up))
    }

    @Test func propertyChangesAskForRedraw() throws {
        let l = Label(frame: Rect(x: 0, y: 0, width: 120, height: 30))
        l.text = "Redraw"
        l.displayIfNeeded()
        #expect(!l.needsDisplay)
        let first = try #require(l.layer.contents)
        l.textColor = .systemRed
        #expect(l.needsDisplay)
        l.displayIfNeeded()
        let second = try #require(l.layer.contents)
        #expect(first !== second)
        #expect(first.maxChannelDifference(to: second)! > 100)
        l.textColor = .systemRed  // unchanged: no redraw
        #expect(!l.needsDisplay)
        l.bounds = Rect(x: 0, y: 0, width: 150, height: 30)
        l.layoutIfNeeded()
        #expect(l.needsDisplay)
    }

    @Test func sizedToFitNothingIsClipped() throws {
        // The label's ink equals the same text drawn on a roomy canvas: descenders intact.
        // (Accented capitals such as "Å" rise ~1 px above DejaVu's ascender and may touch a tight top edge.)
        let font = Font.systemFont(ofSize: 17)
        let l = Label()
        l.font = font
        l.text = "gypsy jq, Qy"
        l.sizeToFit()
        l.updateContents()
        let c = try #require(l.layer.contents)
        let big = Bitmap(width: c.width + 40, height: c.height + 40)
        TextLayout(text: "gypsy jq, Qy", font: font).draw(into: big, in: Rect(x: 20, y: 20, width: l.bounds.width, height: 30), color: .label)
        #expect(inkSum(c) == inkSum(big))
        #expect(!l.isTruncated)
    }

    @Test func textIsCentredVerticallyAndAligned() throws {
        let l = Label(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        l.text = "Mid"
        l.textAlignment = .right
        l.updateContents()
        let c = try #require(l.layer.contents)
        let box = try #require(TextDrawingTests.ink(c))
        #expect(abs(Double(box.y0 + box.y1) / 2 - 50) < 6)
        #expect(box.x1 >= 196)
    }

    @Test func tooSmallBoundsTruncate() {
        let l = Label(frame: Rect(x: 0, y: 0, width: 60, height: 24))
        l.text = "Much too long for this"
        l.updateContents()
        #expect(l.isTruncated)
    }
}

@MainActor @Suite struct TextLabelFittingTests {
    @Test func adjustsFontSizeToFitWidth() {
        let l = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        l.font = .systemFont(ofSize: 20)
        l.text = "A headline that is long"
        #expect(l.fittingFont(for: l.text!, width: 100).pointSize == 20)  // off by default
        l.adjustsFontSizeToFitWidth = true
        let fitted = l.fittingFont(for: l.text!, width: 100)
        #expect(fitted.pointSize < 20)
        #expect(TextLayout(text: l.text!, font: fitted).size.width <= 100)
        l.minimumScaleFactor = 0.8
        #expect(l.fittingFont(for: l.text!, width: 100).pointSize == 16)
        l.updateContents()
        #expect(l.isTruncated)  // 16 pt is still too wide: the tail is cut
        l.minimumScaleFactor = 0
        l.updateContents()
        #expect(!l.isTruncated)
    }
}

@MainActor @Suite struct TextLabelStyleTests {
    func colours(_ b: Bitmap) -> Set<UInt32> {
        var s = Set<UInt32>()
        for y in 0..<b.height { for x in 0..<b.width where b[x, y] >> 24 == 255 { s.insert(b[x, y]) } }
        return s
    }

    @Test func highlightedTextColour() throws {
        let l = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        l.text = "Hi"
        l.textColor = .black
        l.highlightedTextColor = .white
        l.updateContents()
        let normal = try #require(l.layer.contents)
        #expect(colours(normal) == [Color.black.premultipliedPixel])
        l.isHighlighted = true
        #expect(l.needsDisplay)
        l.updateContents()
        let highlighted = try #require(l.layer.contents)
        #expect(colours(highlighted) == [Color.white.premultipliedPixel])
    }

    @Test func shadowDrawsUnderTheTextAtItsOffset() throws {
        let l = Label(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        l.text = "I"
        l.textColor = .white
        l.updateContents()
        let first = try #require(l.layer.contents)
        let plain = try #require(TextDrawingTests.ink(first))
        l.shadowColor = .black
        l.shadowOffset = Size(width: 3, height: 2)
        l.updateContents()
        let c = try #require(l.layer.contents)
        let shadowed = try #require(TextDrawingTests.ink(c))
        #expect(shadowed.x1 == plain.x1 + 3 && shadowed.y1 == plain.y1 + 2)
        #expect(colours(c) == [Color.white.premultipliedPixel, Color.black.premultipliedPixel])
    }

    @Test func decomposedAccentsCompose() {
        let font = Font.systemFont(ofSize: 17)
        let composed = TextLayout(text: "caf\u{E9}", font: font), decomposed = TextLayout(text: "cafe\u{301}", font: font)
        #expect(decomposed.lines[0].text == "café")
        #expect(decomposed.size == composed.size)
    }
}
