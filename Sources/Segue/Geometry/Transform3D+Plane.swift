extension Transform3D {
    /// The point `p` of the z = 0 plane whose projection is `q`: the inverse of `project` for a
    /// plane mapping (solves the 2×2 system of the projective map). Nil when the plane is seen edge-on.
    public func unproject(_ q: Point) -> Point? {
        // q.x·(m14·x + m24·y + m44) = m11·x + m21·y + m41, and likewise for y.
        let a11 = m11 - q.x * m14, a12 = m21 - q.x * m24, b1 = q.x * m44 - m41
        let a21 = m12 - q.y * m14, a22 = m22 - q.y * m24, b2 = q.y * m44 - m42
        let det = a11 * a22 - a12 * a21
        guard abs(det) > 1e-12 else { return nil }
        return Point(x: (b1 * a22 - a12 * b2) / det, y: (a11 * b2 - a21 * b1) / det)
    }
}
