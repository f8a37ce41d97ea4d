// Shaper: the step between a string and a layout. Each Unicode scalar becomes one glyph item (from the
// font's face or a fontconfig fallback face that has it) with its unhinted advance, its kerning against
// the previous glyph, and its line-break properties (spaces, CJK either side, kinsoku punctuation);
// items then become placed lines, including the truncated last line with its "…".

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
        /// Closing punctuation (、。，！？」）…) never starts a line: the break moves back a character.
        var forbidsBreakBefore = false
        /// Opening punctuation (「（“…) never ends a line.
        var forbidsBreakAfter = false
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
                                    isSpace: last.isSpace, breaksBefore: last.breaksBefore, breaksAfter: true,
                                    forbidsBreakBefore: last.forbidsBreakBefore, forbidsBreakAfter: last.forbidsBreakAfter))
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
        let closing = Self.isClosingPunctuation(s), opening = Self.isOpeningPunctuation(s)
        return Item(scalar: s, face: face, glyph: glyph, advance: advance, kern: kern, isSpace: space,
                    breaksBefore: wide && !closing, breaksAfter: (wide || breakAfterPunct) && !opening,
                    forbidsBreakBefore: closing, forbidsBreakAfter: opening)
    }

    /// CJK ideographs, kana, hangul and full-width forms: a line may break on either side.
    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// Punctuation that must not start a line (、。，！？：；, closing brackets and quotes, and their
    /// Latin counterparts).
    static func isClosingPunctuation(_ s: Unicode.Scalar) -> Bool {
        [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0xFF09, 0xFF3D, 0xFF5D,
         0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x201D, 0x2019, 0x2026,
         0x2C, 0x2E, 0x21, 0x3F, 0x3A, 0x3B, 0x29, 0x5D, 0x7D].contains(s.value)
    }

    /// Punctuation that must not end a line (opening brackets and quotes).
    static func isOpeningPunctuation(_ s: Unicode.Scalar) -> Bool {
        [0xFF08, 0xFF3B, 0xFF5B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x201C, 0x2018,
         0x28, 0x5B, 0x7B].contains(s.value)
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
                         isSpace: f.isSpace, breaksBefore: f.breaksBefore, breaksAfter: f.breaksAfter,
                         forbidsBreakBefore: f.forbidsBreakBefore, forbidsBreakAfter: f.forbidsBreakAfter)
        return [first] + items.dropFirst()
    }
}
