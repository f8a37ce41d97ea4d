/// Insets from each edge of a rectangle (UIEdgeInsets' shape).
public struct EdgeInsets: Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension Rect {
    public func inset(by i: EdgeInsets) -> Rect {
        let s = standardized
        return Rect(x: s.minX + i.left, y: s.minY + i.top,
                    width: max(0, s.width - i.left - i.right), height: max(0, s.height - i.top - i.bottom))
    }
}

/// The edges of a rectangle (UIRectEdge's shape).
public struct RectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = RectEdge(rawValue: 1)
    public static let left = RectEdge(rawValue: 2)
    public static let bottom = RectEdge(rawValue: 4)
    public static let right = RectEdge(rawValue: 8)
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}
