// Geometry: CoreGraphics' value types with Double components. Plain structs, no hidden state,
// so they are cheap to copy and safe to share across threads.

/// A point in a two-dimensional coordinate system (CGPoint's shape).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let zero = Point(x: 0, y: 0)

    public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    public var description: String { "(\(x), \(y))" }

    public static func + (l: Point, r: Point) -> Point { Point(x: l.x + r.x, y: l.y + r.y) }
    public static func - (l: Point, r: Point) -> Point { Point(x: l.x - r.x, y: l.y - r.y) }
    public static func * (l: Point, s: Double) -> Point { Point(x: l.x * s, y: l.y * s) }
}
