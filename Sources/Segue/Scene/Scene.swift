// Scene: screens described as data — background colour, picture or gradient, a title, labels, buttons,
// cards, images and grids placed in a design-size coordinate space — and what each button does. A scene
// is a plain value: decoding (Scene+Decoding) checks everything, building views (Scene+Views) cannot fail.
// Frames may be expressions of the space they live in ("100% - 16"), so one description lays out at any
// window size; pictures may be generated (landscapes, gradients) at the size they are drawn.

/// A scene file's content, images already loaded.
public struct Scene: Sendable {
    /// The coordinate space frames are given in; stretched to the window (fonts by the smaller ratio).
    public var designSize: Size
    /// How the design space meets a window of another shape.
    public var layout: Layout = .stretch
    public var screens: [Screen]
    /// The screen shown first.
    public var start: String
    /// Files this scene was read from (the scene file, then every image): what hot reload watches.
    public var files: [String]

    public func screen(named name: String) -> Screen? { screens.first { $0.name == name } }

    public enum Layout: String, Sendable, CaseIterable {
        /// Each axis is stretched to the window: the screen is always `designSize` design points.
        case stretch
        /// One uniform scale (the smaller ratio): the screen is `designSize` points on its shorter side
        /// and longer on the other; frames given as percentages or from the far edge use the extra room.
        case scale
    }

    public struct Screen: Sendable {
        public var name: String
        public var background: Color
        /// Drawn aspect-fill over the background colour: a PNG, or a generated picture.
        public var backgroundPicture: Picture?
        public var title: String?
        public var titleColor: Color
        public var statusBar: Bool
        /// The status bar's clock size in design points (17 on an iPhone-sized design).
        public var statusBarSize: Double = 17
        /// White status bar content (nil: chosen from the background colour).
        public var statusBarLight: Bool? = nil
        public var elements: [Element]
        /// What a click anywhere outside a button does (screenshot screens use it).
        public var tap: Action?

        /// The background PNG, if the picture is one.
        public var backgroundImage: Image? {
            if case .file(let image)? = backgroundPicture { return image }
            return nil
        }
    }

    /// What an image shows: a loaded PNG, or a picture generated at the size it is drawn.
    public enum Picture: Sendable {
        case file(Image)
        /// `Image.hero` — a landscape; the seed grows by `seedStep` per grid cell index.
        case landscape(style: Image.HeroStyle?, seed: Int, seedStep: Int)
        /// `Image.linearGradient` in unit coordinates of the picture.
        case gradient(colors: [Color], locations: [Double]?, start: Point, end: Point)
    }

    /// One coordinate of a frame: design points, or an expression of the enclosing space's size.
    public indirect enum Length: Sendable, Equatable {
        case points(Double)
        /// Window pixels (a hairline stays one pixel at any size).
        case pixels(Double)
        /// A percentage of the enclosing space's width (`horizontal` true) or height; nil: the axis
        /// of the coordinate it stands in.
        case percent(Double, horizontal: Bool?)
        case sum(Length, Length)
        case difference(Length, Length)
        case product(Length, Length)
        case quotient(Length, Length)
        case minimum(Length, Length)
        case maximum(Length, Length)
        case negated(Length)
    }

    /// Where an element sits, in the design points of its space (the screen, or a grid cell).
    public struct Frame: Sendable, Equatable {
        public var x, y, width: Length
        /// nil: a label as tall as its lines.
        public var height: Length?
        public init(x: Length, y: Length, width: Length, height: Length?) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public init(_ r: Rect) {
            self.init(x: .points(r.origin.x), y: .points(r.origin.y), width: .points(r.size.width), height: .points(r.size.height))
        }
    }

    public struct Shadow: Sendable, Equatable {
        public var opacity: Double = 0.12
        public var radius: Double = 10
        public var offset: Size = Size(width: 0, height: 3)
    }

    public struct Border: Sendable, Equatable {
        public var width: Double
        public var color: Color
    }

    /// Cells laid out in rows: a fixed column count or as many as a cell width suggests; cells that do
    /// not fit are left out (or cut at the grid's edge).
    public struct Grid: Sendable {
        public var columns: Int?
        /// The cell width aimed at when `columns` is not given (columns = width / cellWidth, rounded).
        public var cellWidth: Double?
        public var minColumns: Int = 1
        /// nil: the grid's height (one row).
        public var cellHeight: Length?
        /// Rows as tall as cells are wide.
        public var squareCells = false
        public var gap: Double = 0
        /// Each cell's elements, framed in the cell.
        public var cells: [[Element]]
        /// The cells repeat (cycling) for as many as fit, or `count`.
        public var repeats = false
        public var count: Int?
        /// Cells that start inside but reach past the bottom are drawn cut (true) or left out.
        public var clip = false
    }

    public struct Element: Sendable {
        public enum Kind: Sendable {
            case label(text: String, size: Double, weight: Font.Weight, color: Color, align: TextAlignment, lines: Int)
            case button(title: String, size: Double, color: Color, fill: Color?, weight: Font.Weight, action: Action?)
            case card(color: Color, radius: Double, shadow: Shadow?, elements: [Element])
            case image(Picture, radius: Double, fit: Bool)
            case grid(Grid)
        }
        public var frame: Frame
        public var kind: Kind
        /// A font family for a label's or button's text (nil: the system font). A family that is not
        /// installed falls back to a sans-serif face, with one warning on stderr.
        public var fontFamily: String? = nil
        /// A border on a card or an image.
        public var border: Border? = nil
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
