// TextLayout: lays a string out in lines for one font — hard newlines, greedy word wrap to a width
// (breaking inside a word only when the word alone is too wide, and between CJK ideographs), a line
// limit whose last line ends as the line break mode says ("…" at the tail by default), and per-line
// widths for alignment. Glyphs keep fractional pen positions; drawing snaps them to quarter pixels
// (TextLayout+Drawing). No shaping beyond kerning (TextShaper): one Unicode scalar is one glyph, which
// is right for the Latin, Cyrillic and CJK text Segue shows; right-to-left scripts are not handled.
import Foundation

/// Horizontal alignment of text lines (NSTextAlignment's shape; natural is left for left-to-right text).
public enum TextAlignment: Sendable, Hashable {
    case left, center, right, natural
}

/// How lines wrap and how the last allowed line ends when text remains (NSLineBreakMode's shape).
/// All modes wrap at word boundaries except `byCharWrapping`; the truncating modes put "…" at the
/// tail, head or middle of the last line; `byWordWrapping` and `byCharWrapping` just stop; `byClipping`
/// lets the last line run on (the bounds clip it).
public enum LineBreakMode: Sendable, Hashable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

public struct TextLayout: Sendable {
    /// A glyph placed on a line, `x` pixels from the line's start.
    public struct PlacedGlyph: Sendable, Hashable {
        let face: Int
        let glyph: UInt32
        public let scalar: Unicode.Scalar
        public let x: Double
    }

    public struct Line: Sendable {
        public let glyphs: [PlacedGlyph]
        /// Advance width without trailing spaces.
        public let width: Double
        /// The characters on the line (trailing spaces dropped; "…" when truncated).
        public var text: String { String(String.UnicodeScalarView(glyphs.map(\.scalar))) }
    }

    public let font: Font
    public let lines: [Line]
    /// True when text was cut off (by the line limit or the height) and the last line ends in "…".
    public let isTruncated: Bool

    /// Width of the widest line and the height of the text box, unrounded: `lines × lineHeight` plus the
    /// room accented capitals need above the first line (`accentRoom`).
    public var size: Size {
        let m = font.metrics
        return Size(width: lines.map(\.width).max() ?? 0, height: Double(lines.count) * m.lineHeight + m.overshootTop)
    }

    /// Room above the first line's ascender that accented capitals use once rendered; `size` includes
    /// it and drawing starts that far below the box's top.
    public var accentRoom: Double { font.metrics.overshootTop }

    /// Lays out `text`. `maxWidth` wraps lines (∞: only hard newlines break); `numberOfLines` limits the
    /// line count (0: no limit), as does `maxHeight` (at least one line always shows); text beyond the
    /// limit ends the last line as `lineBreakMode` says (by default "…" at its tail).
    public init(text: String, font: Font, maxWidth: Double = .infinity, maxHeight: Double = .infinity,
                numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byTruncatingTail) {
        self.font = font
        let width = maxWidth > 0 ? maxWidth : .infinity
        var limit = numberOfLines > 0 ? numberOfLines : Int.max
        if maxHeight.isFinite, font.lineHeight > 0 {
            limit = min(limit, max(1, Int(((maxHeight + 0.01) / font.lineHeight).rounded(.down))))
        }
        let shaper = Shaper(font: font)
        var out: [Line] = []
        var truncated = false
        // Composed form (NFC): "e" + U+0301 becomes "é", one glyph the face designed, not a floating accent.
        let paragraphs = Self.paragraphs(of: text.precomposedStringWithCanonicalMapping)
        paragraphLoop: for (pi, paragraph) in paragraphs.enumerated() {
            let items = shaper.items(paragraph)
            let ranges = Self.breakLines(items, width: width, byCharacter: lineBreakMode == .byCharWrapping)
            for (li, r) in ranges.enumerated() {
                let isLastAllowed = out.count == limit - 1
                let moreFollows = li < ranges.count - 1 || pi < paragraphs.count - 1
                if isLastAllowed && moreFollows {
                    switch lineBreakMode {
                    case .byWordWrapping, .byCharWrapping: out.append(shaper.line(items[r]))
                    case .byClipping: out.append(shaper.line(items[r.lowerBound...]))
                    case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                        out.append(shaper.truncatedLine(Array(items[r.lowerBound...]), width: width, mode: lineBreakMode))
                    }
                    truncated = true
                    break paragraphLoop
                }
                out.append(shaper.line(items[r]))
            }
        }
        lines = out
        isTruncated = truncated
    }

    /// Splits on hard line breaks (\n, \r\n, \r, U+2028, U+2029); an empty text is one empty paragraph.
    static func paragraphs(of text: String) -> [[Unicode.Scalar]] {
        var result: [[Unicode.Scalar]] = [[]]
        var previousCR = false
        for s in text.unicodeScalars {
            switch s.value {
            case 0x0A where previousCR: previousCR = false; continue
            case 0x0A, 0x2028, 0x2029: result.append([])
            case 0x0D: result.append([]); previousCR = true; continue
            default: result[result.count - 1].append(s)
            }
            previousCR = false
        }
        return result
    }

    /// Greedy line breaking: returns item ranges, one per line. Spaces hang past the width.
    static func breakLines(_ items: [Shaper.Item], width: Double, byCharacter: Bool = false) -> [Range<Int>] {
        guard !items.isEmpty else { return [0..<0] }
        var ranges: [Range<Int>] = []
        var start = 0
        let n = items.count
        while start < n {
            var x = 0.0
            var lastBreak: Int? = nil
            var end = n
            var i = start
            while i < n {
                let it = items[i]
                if it.isSpace {
                    x += it.advance + (i > start ? it.kern : 0)
                    i += 1
                    lastBreak = i
                    continue
                }
                if it.breaksBefore && i > start && !items[i - 1].forbidsBreakAfter { lastBreak = i }
                let w = it.advance + (i > start ? it.kern : 0)
                if x + w > width + 1e-6 && i > start {
                    end = byCharacter ? i : lastBreak.flatMap { $0 > start ? $0 : nil } ?? i
                    break
                }
                x += w
                i += 1
                if it.breaksAfter && !(i < n && items[i].forbidsBreakBefore) { lastBreak = i }
            }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}

extension Font {
    /// The size `text` takes in this font, wrapped to `size.width` and limited to `size.height` and to
    /// `numberOfLines` lines (0: any), rounded up to whole points (as views size themselves).
    public func size(of text: String, constrainedTo size: Size = Size(width: .infinity, height: .infinity),
                     numberOfLines: Int = 0) -> Size {
        let s = TextLayout(text: text, font: self, maxWidth: size.width, maxHeight: size.height, numberOfLines: numberOfLines).size
        return Size(width: s.width.rounded(.up), height: s.height.rounded(.up))
    }
}

extension String {
    /// The size of the string in `font` (NSString.size(withAttributes:)'s role), wrapped to `size.width`.
    public func size(withFont font: Font, constrainedTo size: Size = Size(width: .infinity, height: .infinity)) -> Size {
        font.size(of: self, constrainedTo: size)
    }
}
