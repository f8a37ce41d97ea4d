// Line breaking, hard newlines, truncation, limits and measured sizes.
import Testing
@testable import Segue

@Suite struct TextLayoutTests {
    let font = Font.systemFont(ofSize: 17)
    func width(_ s: String) -> Double { TextLayout(text: s, font: font).size.width }

    @Test func advancesAddUp() {
        #expect(abs(width("nnnn") - 4 * width("n")) < 1e-9)
        #expect(width("") == 0)
        #expect(TextLayout(text: "", font: font).lines.count == 1)
    }

    @Test func wrapsAtSpaces() {
        let l = TextLayout(text: "one two three", font: font, maxWidth: width("one two") + 1)
        #expect(l.lines.map(\.text) == ["one two", "three"])
        #expect(!l.isTruncated)
        for line in l.lines { #expect(line.width <= width("one two") + 1) }
    }

    @Test func trailingSpacesDoNotCount() {
        #expect(abs(width("word   ") - width("word")) < 1e-9)
        let l = TextLayout(text: "nn   nn", font: font, maxWidth: width("nn") + 0.5)
        #expect(l.lines.map(\.text) == ["nn", "nn"])
        #expect(abs(l.lines[0].width - width("nn")) < 1e-9)
    }

    @Test func hardNewlinesBreak() {
        let l = TextLayout(text: "a\nb\n\nc\r\nd\re", font: font)
        #expect(l.lines.map(\.text) == ["a", "b", "", "c", "d", "e"])
        #expect(abs(l.size.height - 6 * font.lineHeight) < 1e-9)
    }

    @Test func longWordsBreakByCharacters() {
        let l = TextLayout(text: "abcdefghij", font: font, maxWidth: width("abcd") + 0.5)
        #expect(l.lines.map(\.text).joined() == "abcdefghij")
        #expect(l.lines.count >= 3)
        for line in l.lines { #expect(line.width <= width("abcd") + 0.5) }
    }

    @Test func ideographsBreakAnywhere() {
        let one = width("转")
        let l = TextLayout(text: "转场动画转场动画", font: font, maxWidth: one * 3 + 0.5)
        #expect(l.lines.map(\.text) == ["转场动", "画转场", "动画"])
    }

    @Test func lineLimitTruncatesWithEllipsis() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let maxW = 150.0
        let l = TextLayout(text: text, font: font, maxWidth: maxW, numberOfLines: 2)
        #expect(l.lines.count == 2)
        #expect(l.isTruncated)
        #expect(l.lines[1].text.hasSuffix("…"))
        #expect(!l.lines[1].text.hasSuffix(" …"))
        #expect(l.lines[1].width <= maxW + 1e-9)
        let all = TextLayout(text: text, font: font, maxWidth: maxW, numberOfLines: 0)
        #expect(all.lines.count > 2 && !all.isTruncated)
    }

    @Test func singleLineTruncatesAndDroppedParagraphsShowTheEllipsis() {
        let l = TextLayout(text: "A rather long single line of text", font: font, maxWidth: 100, numberOfLines: 1)
        #expect(l.lines.count == 1 && l.isTruncated && l.lines[0].text.hasSuffix("…"))
        #expect(l.lines[0].width <= 100)
        let p = TextLayout(text: "Short\nSecond", font: font, numberOfLines: 1)
        #expect(p.lines.map(\.text) == ["Short…"])
        let fits = TextLayout(text: "Short", font: font, maxWidth: 200, numberOfLines: 1)
        #expect(fits.lines.map(\.text) == ["Short"] && !fits.isTruncated)
    }

    @Test func heightLimitsLines() {
        let l = TextLayout(text: "a\nb\nc\nd", font: font, maxHeight: font.lineHeight * 2.5)
        #expect(l.lines.count == 2)
        #expect(l.lines[1].text == "b…")
        // At least one line always shows.
        #expect(TextLayout(text: "a\nb", font: font, maxHeight: 3).lines.count == 1)
    }

    @Test func measuredSizesRoundUp() {
        let s = font.size(of: "Hello, world")
        #expect(s.width == width("Hello, world").rounded(.up))
        #expect(s.height == font.lineHeight.rounded(.up))
        let wrapped = "Hello, world".size(withFont: font, constrainedTo: Size(width: width("Hello,") + 1, height: .infinity))
        #expect(wrapped.height == (2 * font.lineHeight).rounded(.up))
        #expect(wrapped.width <= width("Hello,") + 1)
    }

    @Test func tabsAreFourSpaces() {
        let space = width("a b") - width("a") - width("b")  // a lone space is trailing and measures 0
        #expect(space > 3)
        #expect(abs(width("a\tb") - (width("a") + 4 * space + width("b"))) < 1e-9)
    }
}

@Suite struct TextLineBreakModeTests {
    let font = Font.systemFont(ofSize: 17)
    let text = "alpha beta gamma delta epsilon zeta eta theta"
    func width(_ s: String) -> Double { TextLayout(text: s, font: font).size.width }

    @Test func truncationPlacesTheEllipsis() {
        let maxW = 120.0
        func line(_ m: LineBreakMode) -> TextLayout.Line {
            let l = TextLayout(text: text, font: font, maxWidth: maxW, numberOfLines: 1, lineBreakMode: m)
            #expect(l.isTruncated && l.lines.count == 1)
            #expect(l.lines[0].width <= maxW + 1e-6)
            return l.lines[0]
        }
        let tail = line(.byTruncatingTail).text, head = line(.byTruncatingHead).text, middle = line(.byTruncatingMiddle).text
        #expect(tail.hasPrefix("alpha") && tail.hasSuffix("…"))
        #expect(head.hasPrefix("…") && head.hasSuffix("theta"))
        #expect(middle.hasPrefix("alpha") && middle.hasSuffix("theta") && middle.contains("…"))
    }

    @Test func wrappingModesStopWithoutEllipsis() {
        let maxW = 120.0
        let word = TextLayout(text: text, font: font, maxWidth: maxW, numberOfLines: 2, lineBreakMode: .byWordWrapping)
        #expect(word.lines.count == 2 && word.isTruncated)
        #expect(!word.lines.map(\.text).joined().contains("…"))
        let all = TextLayout(text: text, font: font, maxWidth: maxW)
        #expect(word.lines.map(\.text) == Array(all.lines.prefix(2).map(\.text)))
        let chars = TextLayout(text: text, font: font, maxWidth: maxW, lineBreakMode: .byCharWrapping)
        // Character wrapping fills each line: every line but the last is within one glyph of the width.
        for l in chars.lines.dropLast() { #expect(l.width > maxW - width("m") - 1 && l.width <= maxW + 1e-6) }
        #expect(chars.lines.map(\.text).joined(separator: " ").filter { $0 != " " } == text.filter { $0 != " " })
        let clip = TextLayout(text: text, font: font, maxWidth: maxW, numberOfLines: 1, lineBreakMode: .byClipping)
        #expect(clip.lines[0].text == text && clip.lines[0].width > maxW)
    }
}
