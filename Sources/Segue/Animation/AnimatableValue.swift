// The animatable layer properties and the values they take. Layer setters report changes as
// (property, old value, new value); the animation engine turns them into animations.

/// A layer property that can animate (Core Animation's key paths).
public enum LayerProperty: String, Hashable, Sendable, CaseIterable {
    case position, bounds, opacity, transform, sublayerTransform, backgroundColor, cornerRadius

    /// Whether animating it only moves, turns or fades the layer with everything on it (the layer's
    /// look — its bounds, colour, corners and how its sublayers sit — stays as it is).
    public var keepsLook: Bool { self == .position || self == .opacity || self == .transform }
}

/// A value of an animatable property.
public enum AnimatableValue: Hashable, Sendable {
    case double(Double)
    case point(Point)
    case rect(Rect)
    case transform(Transform3D)
    case color(Color)
}
