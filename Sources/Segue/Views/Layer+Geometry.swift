// Where a layer sits in its superlayer: one transform from local (bounds) coordinates to the
// superlayer's, used alike by hit testing, coordinate conversion and the compositor.

extension LayerState {
    /// The map from this layer's bounds space to its superlayer's bounds space.
    /// `parent` supplies the superlayer's sublayer transform and the point it pivots on.
    func toSuperlayer(anchorPoint: Point, parentSublayerTransform: Transform3D, parentPivot: Point) -> Transform3D {
        let size = bounds.size
        let ax = bounds.origin.x + anchorPoint.x * size.width, ay = bounds.origin.y + anchorPoint.y * size.height
        var m = Transform3D(translationX: -ax, y: -ay, z: 0)
        if !transform.isIdentity { m = m.concatenating(transform) }
        m = m.concatenating(Transform3D(translationX: position.x, y: position.y, z: 0))
        if !parentSublayerTransform.isIdentity {
            m = m.concatenating(Transform3D(translationX: -parentPivot.x, y: -parentPivot.y, z: 0))
                .concatenating(parentSublayerTransform)
                .concatenating(Transform3D(translationX: parentPivot.x, y: parentPivot.y, z: 0))
        }
        return m
    }

    /// The point of the bounds that the anchor point names: where sublayer transforms pivot.
    func pivot(anchorPoint: Point) -> Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width, y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }
}

extension Layer {
    /// Model-space map from this layer to its superlayer.
    public var transformToSuperlayer: Transform3D {
        let p = superlayer
        return model.toSuperlayer(anchorPoint: anchorPoint,
                                  parentSublayerTransform: p?.model.sublayerTransform ?? .identity,
                                  parentPivot: p.map { $0.model.pivot(anchorPoint: $0.anchorPoint) } ?? .zero)
    }

    /// Model-space map from this layer to the root of its tree.
    public var transformToRoot: Transform3D {
        var m = Transform3D.identity
        var l: Layer? = self
        while let c = l, c.superlayer != nil { m = m.concatenating(c.transformToSuperlayer); l = c.superlayer }
        return m
    }
}
