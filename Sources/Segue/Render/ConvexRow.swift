// ConvexRow: where a horizontal line crosses a convex polygon — the one question a row-by-row fill of
// a convex shape asks (a ramp-filled shadow, the columns an opaque cover occludes). An edge counts
// from its upper end, inclusive, to its lower end, exclusive, so a line through a corner meets its
// two edges once each and a horizontal edge not at all.

/// The leftmost and rightmost points where the line at height `y` crosses the convex polygon whose
/// corners, in order around it, are `corner(0)`, …, `corner(count − 1)`; lo > hi when it misses.
@inline(__always)
func convexRow(y: Double, count: Int, _ corner: (Int) -> (x: Double, y: Double)) -> (lo: Double, hi: Double) {
    var lo = Double.infinity, hi = -Double.infinity
    guard count > 0 else { return (lo, hi) }
    var a = corner(count - 1)
    for k in 0..<count {
        let b = corner(k)
        if (a.y <= y && y < b.y) || (b.y <= y && y < a.y) {
            let x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
            lo = min(lo, x); hi = max(hi, x)
        }
        a = b
    }
    return (lo, hi)
}
