// Colour: straight (non-premultiplied) RGBA with Double components, as UIColor exposes it.
// The compositor works in premultiplied 8-bit BGRA; `premultipliedPixel` is the one conversion.

/// A colour (UIColor's shape, value type).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
                  blue: Double(hex & 0xff) / 255, alpha: alpha)
    }

    public func withAlphaComponent(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let darkGray = Color(white: 1.0 / 3)
    public static let gray = Color(white: 0.5)
    public static let lightGray = Color(white: 2.0 / 3)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    // iOS system colours (light appearance).
    public static let systemBlue = Color(hex: 0x007AFF)
    public static let systemGreen = Color(hex: 0x34C759)
    public static let systemRed = Color(hex: 0xFF3B30)
    public static let systemOrange = Color(hex: 0xFF9500)
    public static let systemYellow = Color(hex: 0xFFCC00)
    public static let systemPink = Color(hex: 0xFF2D55)
    public static let systemPurple = Color(hex: 0xAF52DE)
    public static let systemTeal = Color(hex: 0x5AC8FA)
    public static let systemIndigo = Color(hex: 0x5856D6)
    public static let systemGray = Color(hex: 0x8E8E93)
    public static let systemBackground = Color.white
    public static let secondarySystemBackground = Color(hex: 0xF2F2F7)
    public static let label = Color.black
    public static let secondaryLabel = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
    public static let separator = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)

    /// Premultiplied BGRA packed as `A<<24 | R<<16 | G<<8 | B` (little-endian memory order B, G, R, A).
    public var premultipliedPixel: UInt32 {
        func c(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = min(max(alpha, 0), 1)
        return c(a) << 24 | c(red * a) << 16 | c(green * a) << 8 | c(blue * a)
    }

    /// The straight colour of a premultiplied BGRA pixel.
    public init(premultipliedPixel p: UInt32) {
        let a = Double(p >> 24) / 255
        func c(_ s: UInt32) -> Double { a == 0 ? 0 : min(1, Double((p >> s) & 0xff) / 255 / a) }
        self.init(red: c(16), green: c(8), blue: c(0), alpha: a)
    }

    /// Component-wise interpolation in premultiplied space (how Core Animation blends colours).
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let al = a.alpha + (b.alpha - a.alpha) * t
        if al <= 0 { return .clear }
        func m(_ x: Double, _ y: Double) -> Double { (x * a.alpha + (y * b.alpha - x * a.alpha) * t) / al }
        return Color(red: m(a.red, b.red), green: m(a.green, b.green), blue: m(a.blue, b.blue), alpha: al)
    }

    public var description: String { "Color(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}
