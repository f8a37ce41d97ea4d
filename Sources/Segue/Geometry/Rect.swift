/// An origin and a size (CGRect's shape). Like CoreGraphics, rects with negative sizes are
/// standardized by the geometric accessors (`minX`, `maxX`, `intersection`, …).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The null rectangle: the result of intersecting rectangles that do not meet.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)
    public static let infinite = Rect(x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
                                      width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        let r = Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
        return r.size.width < 0 || r.size.height < 0 ? .null : r
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public func contains(_ p: Point) -> Bool {
        !isNull && p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public func contains(_ r: Rect) -> Bool {
        !isNull && !r.isNull && r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }

    public func intersects(_ r: Rect) -> Bool { !intersection(r).isNull }

    public func intersection(_ r: Rect) -> Rect {
        if isNull || r.isNull { return .null }
        let x0 = max(minX, r.minX), x1 = min(maxX, r.maxX)
        let y0 = max(minY, r.minY), y1 = min(maxY, r.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ r: Rect) -> Rect {
        if isNull { return r.standardized }
        if r.isNull { return standardized }
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }

    /// The smallest rectangle containing the four transformed corners.
    public func applying(_ t: AffineTransform) -> Rect {
        if isNull { return self }
        let ps = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = ps.map(\.x), ys = ps.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// Rounds outward to whole numbers.
    public var integral: Rect {
        if isNull { return self }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
