// Coordinate conversion and hit testing, through the layers' model transforms.

extension View {
    /// Converts a point from this view's coordinates to `view`'s (the root's when nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        let root = layer.transformToRoot.project(point)
        guard let v = view else { return root }
        return v.layer.transformToRoot.unproject(root) ?? root
    }
    public func convert(_ point: Point, from view: View?) -> Point {
        guard let v = view else { return layer.transformToRoot.unproject(point) ?? point }
        return v.convert(point, to: self)
    }
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let ps = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                  Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map { convert($0, to: view) }
        return ps.dropFirst().reduce(Rect(origin: ps[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
    }
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        guard let v = view else {
            let ps = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                      Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map { convert($0, from: nil) }
            return ps.dropFirst().reduce(Rect(origin: ps[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
        }
        return v.convert(rect, to: self)
    }
}
