// Scene: screens described as data — background colour or image, a title, labels, buttons, cards and
// images placed in a design-size coordinate space — and what each button does. A scene is a plain
// value: decoding (Scene+Decoding) checks everything, building views (Scene+Views) cannot fail.

/// A scene file's content, images already loaded.
public struct Scene: Sendable {
    /// The coordinate space frames are given in; stretched to the window (fonts by the smaller ratio).
    public var designSize: Size
    public var screens: [Screen]
    /// The screen shown first.
    public var start: String
    /// Files this scene was read from (the scene file, then every image): what hot reload watches.
    public var files: [String]

    public func screen(named name: String) -> Screen? { screens.first { $0.name == name } }

    public struct Screen: Sendable {
        public var name: String
        public var background: Color
        /// Drawn aspect-fill over the background colour.
        public var backgroundImage: Image?
        public var title: String?
        public var titleColor: Color
        public var statusBar: Bool
        public var elements: [Element]
        /// What a click anywhere outside a button does (screenshot screens use it).
        public var tap: Action?
    }

    public struct Element: Sendable {
        public enum Kind: Sendable {
            case label(text: String, size: Double, weight: Font.Weight, color: Color, align: TextAlignment, lines: Int)
            case button(title: String, size: Double, color: Color, fill: Color?, weight: Font.Weight, action: Action?)
            case card(color: Color, radius: Double, shadow: Bool, elements: [Element])
            case image(Image, radius: Double, fit: Bool)
        }
        public var frame: Rect
        public var kind: Kind
        /// A font family for a label's or button's text (nil: the system font). A family that is not
        /// installed falls back to a sans-serif face, with one warning on stderr.
        public var fontFamily: String? = nil
    }

    /// What a button (or a tap) does.
    public enum Action: Sendable, Equatable {
        /// Present `screen` with a catalogue transition (effect or modal style; nil = cover vertical).
        case present(screen: String, transition: Presentation)
        case push(screen: String)
        case pop
        case dismiss
    }

    public struct Presentation: Sendable, Equatable {
        /// A catalogue name (`segue list transitions`): a CATransition type or a modal style.
        public var name: String
        public var subtype: TransitionSubtype?
        public var duration: Double
        public init(name: String, subtype: TransitionSubtype? = nil, duration: Double = 0.6) {
            self.name = name; self.subtype = subtype; self.duration = duration
        }
    }

    /// Transition names a `present` action accepts.
    @MainActor public static var presentationNames: [String] {
        DemoCatalog.all.compactMap { t in
            switch t.kind { case .effect, .modal: t.name; default: nil }
        }
    }
}
