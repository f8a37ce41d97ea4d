// Dynamic Type's text styles at their default ("Large") sizes, as fixed fonts: the sizes and weights
// iOS uses for each style, so ported code asking for `.headline` or `.footnote` gets the familiar scale.

extension Font {
    /// UIFont.TextStyle's shape.
    public enum TextStyle: String, CaseIterable, Sendable {
        case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2

        /// Point size and weight at the default content size category.
        public var metrics: (size: Double, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .body: (17, .regular)
            case .callout: (16, .regular)
            case .subheadline: (15, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            }
        }
    }

    /// The system font for a text style (UIFont.preferredFont(forTextStyle:)).
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        let m = style.metrics
        return systemFont(ofSize: m.size, weight: m.weight)
    }
}
