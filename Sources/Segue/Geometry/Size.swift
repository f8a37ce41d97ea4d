/// A width and a height (CGSize's shape).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) { self.width = width; self.height = height }

    public static let zero = Size(width: 0, height: 0)

    public func applying(_ t: AffineTransform) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }

    public var description: String { "\(width)×\(height)" }
}
