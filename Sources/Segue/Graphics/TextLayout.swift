// TextLayout: lays a string out in lines for one font — hard newlines, greedy word wrap to a width
// (breaking inside a word only when the word alone is too wide, and between CJK ideographs), a line
// limit with tail truncation by "…", and per-line widths for alignment. Glyphs keep fractional pen
// positions; drawing snaps them to quarter pixels (see TextLayout+Drawing). No shaping beyond kerning:
// one Unicode scalar is one glyph, which is right for the Latin, Cyrillic and CJK text Segue shows.
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

    /// Width of the widest line and the height of all lines (`lines × lineHeight`), unrounded.
    public var size: Size {
        Size(width: lines.map(\.width).max() ?? 0, height: Double(lines.count) * font.lineHeight)
    }

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
                if it.breaksBefore && i > start { lastBreak = i }
                let w = it.advance + (i > start ? it.kern : 0)
                if x + w > width + 1e-6 && i > start {
                    end = byCharacter ? i : lastBreak.flatMap { $0 > start ? $0 : nil } ?? i
                    break
                }
                x += w
                i += 1
                if it.breaksAfter { lastBreak = i }
            }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}

/// Turns scalars into glyph items with advances and kerning, and items into lines.
struct Shaper {
    struct Item {
        let scalar: Unicode.Scalar
        let face: Int
        let glyph: UInt32
        let advance: Double
        /// Kerning against the previous item (ignored at a line start).
        let kern: Double
        let isSpace: Bool
        let breaksBefore: Bool
        let breaksAfter: Bool
    }

    let font: Font
    private let registry = FontRegistry.shared

    init(font: Font) { self.font = font }

    func items(_ scalars: [Unicode.Scalar]) -> [Item] {
        var out: [Item] = []
        out.reserveCapacity(scalars.count)
        var prev: (face: Int, glyph: UInt32)? = nil
        for s in scalars {
            if s.value == 0x09 {  // tab: four spaces wide
                let space = item(for: " ", previous: nil)
                out.append(Item(scalar: " ", face: space.face, glyph: space.glyph, advance: space.advance * 4, kern: 0,
                                isSpace: true, breaksBefore: false, breaksAfter: true))
                prev = nil
                continue
            }
            if s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0xFEFF || s.value == 0x200B {
                // Control and zero-width characters: nothing drawn; a zero-width space still allows a break.
                if s.value == 0x200B, let last = out.popLast() {
                    out.append(Item(scalar: last.scalar, face: last.face, glyph: last.glyph, advance: last.advance, kern: last.kern,
                                    isSpace: last.isSpace, breaksBefore: last.breaksBefore, breaksAfter: true))
                }
                continue
            }
            let it = item(for: s, previous: prev)
            out.append(it)
            prev = (it.face, it.glyph)
        }
        return out
    }

    private func item(for s: Unicode.Scalar, previous: (face: Int, glyph: UInt32)?) -> Item {
        let (face, glyph) = registry.face(for: s, primary: font.face)
        let advance = face >= 0 ? registry.advance(face: face, size: font.pointSize, glyph: glyph) : font.pointSize * 0.5
        var kern = 0.0
        if let p = previous, p.face == face { kern = registry.kerning(face: face, size: font.pointSize, left: p.glyph, right: glyph) }
        let wide = Self.isIdeographic(s)
        let space = s.properties.isWhitespace && s.value != 0xA0 && s.value != 0x202F
        let breakAfterPunct = s == "-" || s == "/" || s == "\u{2013}" || s == "\u{2014}"
        return Item(scalar: s, face: face, glyph: glyph, advance: advance, kern: kern, isSpace: space,
                    breaksBefore: wide && !Self.isClosingPunctuation(s), breaksAfter: wide || breakAfterPunct)
    }

    /// CJK ideographs, kana, hangul and full-width forms: a line may break on either side.
    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// Punctuation that must not start a line (、。，！？ and closing brackets).
    static func isClosingPunctuation(_ s: Unicode.Scalar) -> Bool {
        [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0xFF09, 0x300D, 0x300F, 0x3011].contains(s.value)
    }

    func line<C: Collection>(_ items: C) -> TextLayout.Line where C.Element == Item {
        var glyphs: [TextLayout.PlacedGlyph] = []
        glyphs.reserveCapacity(items.count)
        var x = 0.0
        var width = 0.0
        var first = true
        for it in items {
            if !first { x += it.kern }
            first = false
            glyphs.append(TextLayout.PlacedGlyph(face: it.face, glyph: it.glyph, scalar: it.scalar, x: x))
            x += it.advance
            if !it.isSpace { width = x }
        }
        // Trailing spaces neither count nor draw.
        while let last = glyphs.last, last.scalar.properties.isWhitespace { glyphs.removeLast() }
        return TextLayout.Line(glyphs: glyphs, width: width)
    }

    /// The last line of truncated text: as much of `items` as fits in `width` with "…" at the tail,
    /// the head, or the middle (`mode`).
    func truncatedLine(_ items: [Item], width: Double, mode: LineBreakMode) -> TextLayout.Line {
        let mark = ellipsis()
        let budget = width - mark.reduce(0) { $0 + $1.advance }
        func fits(_ run: [Item]) -> Double { run.enumerated().reduce(0) { $0 + $1.element.advance + ($1.offset > 0 ? $1.element.kern : 0) } }
        // The longest prefix within `limit`, without trailing spaces.
        func prefix(_ limit: Double) -> [Item] {
            var kept: [Item] = [], x = 0.0
            for it in items {
                let w = it.advance + (kept.isEmpty ? 0 : it.kern)
                if x + w > limit + 1e-6 { break }
                kept.append(it); x += w
            }
            while kept.last?.isSpace == true { kept.removeLast() }
            return kept
        }
        // The longest suffix within `limit`, without leading spaces.
        func suffix(_ limit: Double) -> [Item] {
            var kept: [Item] = [], x = 0.0
            for it in items.reversed() {
                if x + it.advance > limit + 1e-6 { break }
                kept.insert(it, at: 0); x += it.advance + (kept.count > 1 ? kept[1].kern : 0)
            }
            while kept.first?.isSpace == true { kept.removeFirst() }
            return kept
        }
        let run: [Item]
        switch mode {
        case .byTruncatingHead: run = mark + unkerned(suffix(budget))
        case .byTruncatingMiddle:
            let head = prefix(budget / 2)
            run = head + mark + unkerned(suffix(budget - fits(head)))
        default: run = prefix(budget) + mark
        }
        return line(run)
    }

    /// "…" as items (three dots when no face has the ellipsis), not kerned against its neighbours.
    private func ellipsis() -> [Item] {
        let e = item(for: "\u{2026}", previous: nil)
        if e.glyph != 0 || e.face < 0 { return [unkerned([e])[0]] }
        return unkerned(Array(repeating: item(for: ".", previous: nil), count: 3))
    }

    /// `items` with the kerning against their (now different) predecessor removed from the first.
    private func unkerned(_ items: [Item]) -> [Item] {
        guard let f = items.first else { return items }
        let first = Item(scalar: f.scalar, face: f.face, glyph: f.glyph, advance: f.advance, kern: 0,
                         isSpace: f.isSpace, breaksBefore: f.breaksBefore, breaksAfter: f.breaksAfter)
        return [first] + items.dropFirst()
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
