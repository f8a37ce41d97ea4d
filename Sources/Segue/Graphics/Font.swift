// Font: UIFont's shape as a value — a face (found by fontconfig, opened by the FontRegistry) at a
// point size. One point is one pixel in Segue. The system font is DejaVu Sans; when it is missing, any
// sans-serif face stands in, with a single warning on stderr.

/// A font: a face at a size (UIFont's shape).
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// Font weight (UIFont.Weight's shape and raw values).
    public struct Weight: Hashable, Sendable, RawRepresentable, Comparable {
        public let rawValue: Double
        public init(rawValue: Double) { self.rawValue = rawValue }
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The fontconfig weight (FC_WEIGHT_*) nearest in meaning.
        var fontconfigWeight: Int {
            switch rawValue {
            case ..<(-0.7): 40      // extralight
            case ..<(-0.5): 45
            case ..<(-0.2): 50      // light
            case ..<0.12: 80        // regular
            case ..<0.27: 100       // medium
            case ..<0.35: 180       // semibold
            case ..<0.5: 200        // bold
            case ..<0.6: 205        // extrabold
            default: 210            // black
            }
        }
    }

    /// The family of the system font.
    public static let systemFamily = "DejaVu Sans"

    public let pointSize: Double
    /// The face's family name ("DejaVu Sans").
    public let familyName: String
    /// The face's PostScript name ("DejaVuSans-Bold").
    public let fontName: String
    /// The weight asked for (the face may be the nearest one the family has).
    public let weight: Weight
    /// The registry's face id (−1: no font at all on this machine; text measures as boxes and draws nothing).
    let face: Int

    init(match: FontRegistry.Match?, size: Double, weight: Weight) {
        pointSize = max(0, size)
        face = match?.face ?? -1
        familyName = match?.family ?? ""
        fontName = match?.postscriptName ?? ""
        self.weight = weight
    }

    // MARK: Creating

    public static func systemFont(ofSize size: Double) -> Font { systemFont(ofSize: size, weight: .regular) }
    public static func boldSystemFont(ofSize size: Double) -> Font { systemFont(ofSize: size, weight: .bold) }

    public static func systemFont(ofSize size: Double, weight: Weight) -> Font {
        font(family: systemFamily, size: size, weight: weight)
    }

    /// `family` when installed, else any sans-serif face, with a one-time warning on stderr.
    static func font(family: String, size: Double, weight: Weight) -> Font {
        let registry = FontRegistry.shared
        if let m = registry.match(family: family, fcWeight: weight.fontconfigWeight, exactFamily: true) {
            return Font(match: m, size: size, weight: weight)
        }
        let fallback = registry.match(family: "sans-serif", fcWeight: weight.fontconfigWeight, exactFamily: false)
        if let f = fallback {
            registry.warn("font family '\(family)' not found; using '\(f.family)' in its place")
        } else {
            registry.warn("no font found through fontconfig; text will not be drawn")
        }
        return Font(match: fallback, size: size, weight: weight)
    }

    /// The font named `name` — a family ("DejaVu Serif"), a PostScript name ("DejaVuSans-Bold") or a full
    /// name ("DejaVu Sans Bold") — or nil when no installed face carries that name.
    public init?(name: String, size: Double) {
        let registry = FontRegistry.shared
        if let m = registry.match(family: name, fcWeight: Weight.regular.fontconfigWeight, exactFamily: true) {
            self.init(match: m, size: size, weight: .regular)
        } else if let m = registry.match(name: name) {
            self.init(match: m, size: size, weight: m.weight >= 180 ? .bold : .regular)
        } else {
            return nil
        }
    }

    /// The face of `family` nearest to `weight`, or nil when the family is not installed.
    public init?(family: String, size: Double, weight: Weight = .regular) {
        guard let m = FontRegistry.shared.match(family: family, fcWeight: weight.fontconfigWeight, exactFamily: true) else { return nil }
        self.init(match: m, size: size, weight: weight)
    }

    /// The same face at another size.
    public func withSize(_ size: Double) -> Font {
        Font(face: face, size: size, family: familyName, name: fontName, weight: weight)
    }

    private init(face: Int, size: Double, family: String, name: String, weight: Weight) {
        self.face = face; pointSize = max(0, size); familyName = family; fontName = name; self.weight = weight
    }

    // MARK: Metrics (pixels; y up from the baseline, so the descender is negative)

    var metrics: FaceMetrics { FontRegistry.shared.metrics(face: face, size: pointSize) }

    public var ascender: Double { metrics.ascender }
    public var descender: Double { metrics.descender }
    /// Baseline-to-baseline distance of consecutive lines.
    public var lineHeight: Double { metrics.lineHeight }
    /// Extra space between lines beyond ascender − descender.
    public var leading: Double { metrics.lineHeight - (metrics.ascender - metrics.descender) }
    public var capHeight: Double { metrics.capHeight }
    public var xHeight: Double { metrics.xHeight }

    /// True when the face has a kerning table that layout applies.
    public var hasKerning: Bool { FontRegistry.shared.hasKerning(face: face) }

    /// The file the face was loaded from.
    public var filePath: String { FontRegistry.shared.names(face: face).path }

    public var description: String { "Font(\(fontName.isEmpty ? "none" : fontName), \(pointSize) pt)" }
}
