// FontRegistry: the one owner of fontconfig and FreeType state. Fonts are found through fontconfig,
// opened once per file (faces live as long as the process: there are few of them), and every glyph is
// rendered once per (face, size, glyph, subpixel phase) into a bounded cache. Nothing here allocates
// per frame once the glyphs of a text have been seen. FreeType faces are not thread-safe, so one lock
// guards all of it; the cached results are immutable values that callers keep without the lock.
import CFontconfig
import CFreeType
import Foundation

/// An anti-aliased glyph image: 8-bit coverage, `left`/`top` from the pen position on the baseline.
struct GlyphImage: Sendable {
    let width: Int
    let height: Int
    /// Pixels from the pen to the image's left column.
    let left: Int
    /// Pixels from the baseline up to the image's top row.
    let top: Int
    /// `width × height` coverage values, rows top to bottom.
    let coverage: [UInt8]
}

/// Metrics of a face at a size, in pixels (= points: Segue draws at one pixel per point).
struct FaceMetrics: Sendable, Hashable {
    var ascender: Double
    var descender: Double   // negative, below the baseline (UIFont's convention)
    var lineHeight: Double  // ascender − descender + line gap
    var capHeight: Double
    var xHeight: Double
}

final class FontRegistry: @unchecked Sendable {
    static let shared = FontRegistry()

    /// Subpixel positions a glyph is rendered at horizontally (quarter pixels).
    static let subpixelPhases = 4
    /// Bound on cached glyph images; the cache is dropped whole when it fills (rare: ~distinct glyphs × sizes).
    static let glyphCacheLimit = 8192

    private let lock = NSLock()
    private var library: FT_Library?
    private var config: OpaquePointer?

    private struct Face {
        let path: String
        let index: Int
        let family: String
        let style: String
        let postscriptName: String
        let weight: Int
        let face: FT_Face
        let hasKerning: Bool
        var charSizeSet: Int = -1  // current char size in 26.6, to avoid needless FT_Set_Char_Size
    }
    private var faces: [Face] = []
    private var faceByFile: [String: Int] = [:]
    private var matches: [String: Int] = [:]       // query → face id (−1: nothing)
    private var fallbacks: [UInt32: Int] = [:]     // scalar → face id holding it (−1: none)
    private var glyphs: [GlyphKey: GlyphImage] = [:]
    private var advances: [GlyphKey: Double] = [:]
    private var metrics: [SizeKey: FaceMetrics] = [:]
    private var warned: Set<String> = []

    private struct SizeKey: Hashable { let face: Int; let size26: Int }
    private struct GlyphKey: Hashable { let face: Int; let size26: Int; let glyph: UInt32; let phase: Int }

    private init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 { library = lib } else { warnOnce("FreeType failed to initialize; text will not be drawn") }
        config = FcInitLoadConfigAndFonts()
        if config == nil { warnOnce("fontconfig failed to load its configuration; text will not be drawn") }
    }

    // MARK: Lookup

    struct Match: Sendable { let face: Int; let family: String; let postscriptName: String; let weight: Int }

    /// The face fontconfig picks for `family` at `weight` (a fontconfig weight), or nil when no font exists.
    /// With `exactFamily`, a match of another family (fontconfig's fallback) counts as no match.
    func match(family: String, fcWeight: Int, exactFamily: Bool) -> Match? {
        lock.lock(); defer { lock.unlock() }
        let key = "family:\(family)|\(fcWeight)"
        let id: Int
        if let cached = matches[key] { id = cached } else {
            id = fontconfigMatch { p in
                _ = family.withCString { FcPatternAddString(p, FC_FAMILY, $0) }
                FcPatternAddInteger(p, FC_WEIGHT, Int32(fcWeight))
                FcPatternAddInteger(p, FC_SLANT, Int32(FC_SLANT_ROMAN))
            }
            matches[key] = id
        }
        guard id >= 0 else { return nil }
        let f = faces[id]
        if exactFamily && f.family.caseInsensitiveCompare(family) != .orderedSame { return nil }
        return Match(face: id, family: f.family, postscriptName: f.postscriptName, weight: f.weight)
    }

    /// The face whose PostScript or full name is `name` ("DejaVuSans-Bold", "DejaVu Sans Bold"), if any.
    func match(name: String) -> Match? {
        lock.lock(); defer { lock.unlock() }
        for property in [FC_POSTSCRIPT_NAME, FC_FULLNAME] {
            let key = "\(property):\(name)"
            let id: Int
            if let cached = matches[key] { id = cached } else {
                id = fontconfigMatch { p in _ = name.withCString { FcPatternAddString(p, property, $0) } }
                matches[key] = id
            }
            guard id >= 0 else { continue }
            let f = faces[id]
            let names = [f.postscriptName, f.family + " " + f.style, f.family + (f.style == "Book" || f.style == "Regular" ? "" : " " + f.style)]
            if names.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                return Match(face: id, family: f.family, postscriptName: f.postscriptName, weight: f.weight)
            }
        }
        return nil
    }

    /// Prints `message` on stderr the first time it is asked to.
    private func warnOnce(_ message: String) {
        // Lock held (or in init).
        guard !warned.contains(message) else { return }
        warned.insert(message)
        FileHandle.standardError.write(Data("Segue: \(message)\n".utf8))
    }

    /// The warnings printed so far.
    var warnings: Set<String> { lock.lock(); defer { lock.unlock() }; return warned }

    /// Thread-safe variant for callers outside the registry.
    func warn(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        warnOnce(message)
    }

    /// Runs a fontconfig match on a pattern built by `build`; opens the matched file. Lock held.
    private func fontconfigMatch(_ build: (OpaquePointer) -> Void) -> Int {
        guard let config, let pattern = FcPatternCreate() else { return -1 }
        defer { FcPatternDestroy(pattern) }
        build(pattern)
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return -1 }
        defer { FcPatternDestroy(found) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else { return -1 }
        var index: Int32 = 0
        _ = FcPatternGetInteger(found, FC_INDEX, 0, &index)
        var weight = Int32(FC_WEIGHT_REGULAR)
        _ = FcPatternGetInteger(found, FC_WEIGHT, 0, &weight)
        return openFace(path: String(cString: file), index: Int(index), weight: Int(weight))
    }

    /// Opens (once) the face at `path`/`index`. Lock held.
    private func openFace(path: String, index: Int, weight: Int) -> Int {
        let key = "\(path)#\(index)"
        if let id = faceByFile[key] { return id }
        guard let library else { return -1 }
        var face: FT_Face?
        guard FT_New_Face(library, path, index, &face) == 0, let face else {
            faceByFile[key] = -1
            return -1
        }
        // Unicode charmap when the face has one (FreeType selects it by default for most faces).
        _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        let rec = face.pointee
        let family = rec.family_name.map { String(cString: $0) } ?? "Unknown"
        let style = rec.style_name.map { String(cString: $0) } ?? "Regular"
        let ps = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? family
        let hasKerning = rec.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        faces.append(Face(path: path, index: index, family: family, style: style, postscriptName: ps,
                          weight: weight, face: face, hasKerning: hasKerning))
        faceByFile[key] = faces.count - 1
        return faces.count - 1
    }

    // MARK: Glyphs

    /// The face to draw `scalar` with: `primary` when it has the glyph, else a fontconfig fallback
    /// that covers it (cached per scalar), else `primary` (whose .notdef box then shows).
    func face(for scalar: Unicode.Scalar, primary: Int) -> (face: Int, glyph: UInt32) {
        lock.lock(); defer { lock.unlock() }
        guard primary >= 0 else { return (primary, 0) }
        let g = FT_Get_Char_Index(faces[primary].face, FT_ULong(scalar.value))
        if g != 0 || scalar.value < 0x20 { return (primary, g) }
        let fb: Int
        if let cached = fallbacks[scalar.value] { fb = cached } else {
            fb = fallbackFace(for: scalar.value)
            fallbacks[scalar.value] = fb
        }
        guard fb >= 0 else { return (primary, 0) }
        return (fb, FT_Get_Char_Index(faces[fb].face, FT_ULong(scalar.value)))
    }

    private func fallbackFace(for scalar: UInt32) -> Int {
        guard let charset = FcCharSetCreate() else { return -1 }
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar)
        let id = fontconfigMatch { p in
            _ = "sans-serif".withCString { FcPatternAddString(p, FC_FAMILY, $0) }
            FcPatternAddCharSet(p, FC_CHARSET, charset)
        }
        guard id >= 0, FT_Get_Char_Index(faces[id].face, FT_ULong(scalar)) != 0 else { return -1 }
        return id
    }

    /// Kerning between two glyphs of one face, in pixels (0 when the face has no kerning table).
    func kerning(face id: Int, size: Double, left: UInt32, right: UInt32) -> Double {
        lock.lock(); defer { lock.unlock() }
        guard id >= 0, faces[id].hasKerning, left != 0, right != 0 else { return 0 }
        setSize(id, size)
        var v = FT_Vector()
        guard FT_Get_Kerning(faces[id].face, left, right, FT_KERNING_UNFITTED.rawValue, &v) == 0 else { return 0 }
        return Double(v.x) / 64
    }

    /// Whether a face carries a kerning table FreeType can read.
    func hasKerning(face id: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return id >= 0 && faces[id].hasKerning
    }

    /// The unhinted advance of a glyph in pixels (fractional: layout positions glyphs at subpixels).
    func advance(face id: Int, size: Double, glyph: UInt32) -> Double {
        lock.lock(); defer { lock.unlock() }
        guard id >= 0 else { return 0 }
        let key = GlyphKey(face: id, size26: size26(size), glyph: glyph, phase: -1)
        if let a = advances[key] { return a }
        setSize(id, size)
        let face = faces[id].face
        guard FT_Load_Glyph(face, glyph, Self.loadFlags) == 0 else { return 0 }
        let a = Double(face.pointee.glyph.pointee.linearHoriAdvance) / 65536
        if advances.count > Self.glyphCacheLimit * 4 { advances.removeAll(keepingCapacity: true) }
        advances[key] = a
        return a
    }

    /// The glyph's coverage image with its origin moved right by `phase / subpixelPhases` pixels.
    func glyphImage(face id: Int, size: Double, glyph: UInt32, phase: Int) -> GlyphImage? {
        lock.lock(); defer { lock.unlock() }
        guard id >= 0 else { return nil }
        let key = GlyphKey(face: id, size26: size26(size), glyph: glyph, phase: phase)
        if let g = glyphs[key] { return g }
        setSize(id, size)
        let face = faces[id].face
        var delta = FT_Vector(x: FT_Pos(phase * 64 / Self.subpixelPhases), y: 0)
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        guard FT_Load_Glyph(face, glyph, Self.loadFlags | FT_Int32(FT_LOAD_RENDER)) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bm = slot.bitmap
        let w = Int(bm.width), h = Int(bm.rows)
        var coverage = [UInt8](repeating: 0, count: w * h)
        if w > 0, h > 0, let buffer = bm.buffer {
            let pitch = Int(bm.pitch)
            let mono = bm.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
            for y in 0..<h {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * -pitch
                for x in 0..<w {
                    coverage[y * w + x] = mono ? ((row[x >> 3] >> (7 - UInt8(x & 7))) & 1 == 1 ? 255 : 0) : row[x]
                }
            }
        }
        let image = GlyphImage(width: w, height: h, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: coverage)
        if glyphs.count >= Self.glyphCacheLimit { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = image
        return image
    }

    /// Face metrics at `size`, from the font's design units (unrounded: layout rounds where it places).
    func metrics(face id: Int, size: Double) -> FaceMetrics {
        lock.lock(); defer { lock.unlock() }
        guard id >= 0 else { return FaceMetrics(ascender: size * 0.8, descender: -size * 0.2, lineHeight: size * 1.2, capHeight: size * 0.7, xHeight: size * 0.5) }
        let key = SizeKey(face: id, size26: size26(size))
        if let m = metrics[key] { return m }
        let rec = faces[id].face.pointee
        let scale = size / Double(max(1, rec.units_per_EM))
        let asc = Double(rec.ascender) * scale
        let desc = Double(rec.descender) * scale
        let height = max(Double(rec.height) * scale, asc - desc)
        // Cap and x heights from the outlines of "H" and "x" (unhinted bounding boxes).
        func top(of c: UInt32, default d: Double) -> Double {
            setSize(id, size)
            let face = faces[id].face
            let g = FT_Get_Char_Index(face, FT_ULong(c))
            guard g != 0, FT_Load_Glyph(face, g, FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)) == 0 else { return d }
            let m = face.pointee.glyph.pointee.metrics
            return Double(m.horiBearingY) / 64
        }
        let m = FaceMetrics(ascender: asc, descender: desc, lineHeight: height,
                            capHeight: top(of: 0x48, default: asc * 0.75), xHeight: top(of: 0x78, default: asc * 0.55))
        metrics[key] = m
        return m
    }

    /// Family and style of a face, for names.
    func names(face id: Int) -> (family: String, style: String, postscript: String, path: String) {
        lock.lock(); defer { lock.unlock() }
        guard id >= 0 else { return ("", "", "", "") }
        let f = faces[id]
        return (f.family, f.style, f.postscriptName, f.path)
    }

    /// Number of cached glyph images (for tests of cache behaviour).
    var cachedGlyphCount: Int { lock.lock(); defer { lock.unlock() }; return glyphs.count }

    // MARK: Private

    /// Light hinting: vertical-only snapping (crisp baselines and x-heights, shapes and spacing kept),
    /// the usual choice for anti-aliased UI text; no embedded bitmaps (they ignore subpixel phases).
    private static let loadFlags: FT_Int32 = FT_Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16 | FT_Int32(FT_LOAD_NO_BITMAP)

    private func size26(_ size: Double) -> Int { max(1, Int((size * 64).rounded())) }

    private func setSize(_ id: Int, _ size: Double) {
        let s = size26(size)
        guard faces[id].charSizeSet != s else { return }
        if FT_Set_Char_Size(faces[id].face, 0, FT_F26Dot6(s), 72, 72) == 0 { faces[id].charSizeSet = s }
    }
}
