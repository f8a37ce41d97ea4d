// Font lookup through fontconfig and metrics from FreeType (DejaVu is installed on every CI image we use).
import Testing
@testable import Segue

@Suite struct TextFontTests {
    @Test func systemFontIsDejaVuSans() {
        let f = Font.systemFont(ofSize: 17)
        #expect(f.familyName == "DejaVu Sans")
        #expect(f.fontName == "DejaVuSans")
        #expect(f.filePath.hasSuffix("DejaVuSans.ttf"))
        #expect(f.pointSize == 17)
    }

    @Test func boldAndWeightsPickTheNearestFace() {
        #expect(Font.boldSystemFont(ofSize: 17).fontName == "DejaVuSans-Bold")
        #expect(Font.systemFont(ofSize: 17, weight: .semibold).fontName == "DejaVuSans-Bold")
        #expect(Font.systemFont(ofSize: 17, weight: .bold).fontName == "DejaVuSans-Bold")
        #expect(Font.systemFont(ofSize: 17, weight: .regular).fontName == "DejaVuSans")
        #expect(Font.systemFont(ofSize: 17, weight: .medium).fontName == "DejaVuSans")
    }

    @Test func fontByNameFindsFamiliesAndPostScriptNames() throws {
        let serif = try #require(Font(name: "DejaVu Serif", size: 12))
        #expect(serif.familyName == "DejaVu Serif")
        let bold = try #require(Font(name: "DejaVuSans-Bold", size: 12))
        #expect(bold.fontName == "DejaVuSans-Bold")
        let full = try #require(Font(name: "DejaVu Sans Bold", size: 12))
        #expect(full.fontName == "DejaVuSans-Bold")
        #expect(Font(name: "No Such Typeface 4711", size: 12) == nil)
        #expect(Font(family: "No Such Typeface 4711", size: 12) == nil)
    }

    @Test func missingFamilyFallsBackToASansFaceWithOneWarning() {
        let f = Font.font(family: "Nonexistent Sans 4711", size: 14, weight: .regular)
        #expect(!f.familyName.isEmpty && f.familyName != "Nonexistent Sans 4711")
        #expect(f.size(of: "Hello").width > 20)
        let message = "font family 'Nonexistent Sans 4711' not found; using '\(f.familyName)' in its place"
        #expect(FontRegistry.shared.warnings.contains(message))
        let again = Font.font(family: "Nonexistent Sans 4711", size: 20, weight: .regular)
        #expect(again.fontName == f.fontName)
        #expect(FontRegistry.shared.warnings.filter { $0.contains("4711") }.count == 1)
    }

    @Test func textStylesFollowTheIOSScale() {
        #expect(Font.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(Font.preferredFont(forTextStyle: .headline).fontName == "DejaVuSans-Bold")
        #expect(Font.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        let sizes = Font.TextStyle.allCases.map { $0.metrics.size }
        #expect(sizes.first == 34 && sizes.last == 11)
    }

    @Test func metricsAreSaneAndScaleWithSize() {
        let f = Font.systemFont(ofSize: 20)
        #expect(f.ascender > 0 && f.descender < 0)
        #expect(f.lineHeight >= f.ascender - f.descender - 1e-9)
        #expect(f.leading >= 0)
        // DejaVu Sans: ascender 0.928 em, descender −0.236 em, cap height 0.729 em, x-height 0.547 em.
        #expect(abs(f.ascender - 0.928 * 20) < 0.2)
        #expect(abs(f.descender + 0.236 * 20) < 0.2)
        #expect(f.capHeight > 0.65 * 20 && f.capHeight < 0.8 * 20)
        #expect(f.xHeight > 0.45 * 20 && f.xHeight < f.capHeight)
        let big = f.withSize(40)
        #expect(abs(big.lineHeight - 2 * f.lineHeight) < 1e-6)
        #expect(big.fontName == f.fontName)
    }

    @Test func dejaVuHasKerning() {
        let f = Font.systemFont(ofSize: 20)
        #expect(f.hasKerning)
        func w(_ s: String) -> Double { TextLayout(text: s, font: f).size.width }
        #expect(w("AV") < w("A") + w("V") - 1)
        #expect(w("To") < w("T") + w("o") - 2)
        #expect(abs(w("nn") - 2 * w("n")) < 1e-9)  // no kerning where the face has none
    }


}

/// The glyph cache is shared by the whole process: these two run one at a time, and look only at a
/// size no other test draws, so text drawn by tests running alongside cannot disturb them.
@Suite(.serialized) struct GlyphCacheTests {
    @Test func glyphsAreCachedNotRerendered() {
        let size = 23.37
        let layout = TextLayout(text: "cache me", font: Font.systemFont(ofSize: size))
        let b = Bitmap(width: 200, height: 40)
        layout.draw(into: b, in: Rect(x: 0, y: 0, width: 200, height: 40), color: .black)
        let after1 = FontRegistry.shared.cachedGlyphCount(size: size)
        #expect(after1 > 0)
        layout.draw(into: b, in: Rect(x: 0, y: 0, width: 200, height: 40), color: .black)
        #expect(FontRegistry.shared.cachedGlyphCount(size: size) == after1)
    }

    @Test func glyphCacheStaysBounded() {
        // ASCII at 40 sizes and 4 subpixel phases is ~15,000 glyph images: more than the cache holds.
        let text = String(String.UnicodeScalarView((0x21...0x7E).compactMap(Unicode.Scalar.init)))
        let b = Bitmap(width: 3200, height: 64)
        for size in stride(from: 8.0, to: 48.0, by: 1.0) {
            let layout = TextLayout(text: text, font: .systemFont(ofSize: size))
            for phase in 0..<4 {
                layout.draw(into: b, in: Rect(x: Double(phase) * 0.25, y: 0, width: 3200, height: 64), color: .black)
                #expect(FontRegistry.shared.cachedGlyphCount <= FontRegistry.glyphCacheLimit)
            }
        }
    }

    @Test func missingGlyphsComeFromAFallbackFace() {
        // DejaVu Sans has no CJK ideographs; fontconfig supplies a face that does.
        let f = Font.systemFont(ofSize: 16)
        let (face, glyph) = FontRegistry.shared.face(for: "转", primary: f.face)
        #expect(glyph != 0)
        #expect(face != f.face)
        #expect(f.size(of: "转场").width > 16)
    }
}
