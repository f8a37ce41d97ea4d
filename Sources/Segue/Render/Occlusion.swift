// Occlusion: pixels a mesh draw may leave alone because something opaque drawn after it will cover
// them — per pixel row one half-open column range. A page curl's back lies over its own front, over
// the flat page and over the page underneath; leaving those undrawn took a tenth to a fifth off the
// curls' slowest frames (p99 0.81–0.91, interleaved).
// The range is built from the convex polygons the later draw covers (their union on each row, its
// longest piece), eroded by a margin in both directions so that the pixels skipped lie well inside:
// where the cover's own edge is feathered or its texture fades at a border, what is beneath is
// still drawn. Skipping changes no visible pixel (the cover replaces them, opaque), only where a span
// is split its shading restarts, within a level.

struct Occlusion {
    /// The first row described; rows outside `first ..< first + lo.count` are not occluded.
    private(set) var first = 0
    private var lo: [Int32] = [], hi: [Int32] = []
    private var coverLo: [Double] = [], coverHi: [Double] = []

    /// The occluded columns of row `r`: `c0 ..< c1` (empty when c0 ≥ c1).
    @inline(__always) func columns(row r: Int) -> (c0: Int, c1: Int) {
        let i = r - first
        guard i >= 0, i < lo.count else { return (0, 0) }
        return (Int(lo[i]), Int(hi[i]))
    }

    /// Columns x0..<x1 of row r less the occluded ones: `body` once for each run left (none, one or
    /// two) — what every draw honouring an occlusion does with a row (mesh spans, row blits, clears).
    @inline(__always) func forEachVisibleRun(row r: Int, _ x0: Int, _ x1: Int, _ body: (Int, Int) -> Void) {
        guard x0 < x1 else { return }
        let (h0, h1) = columns(row: r)
        guard h0 < h1, h0 < x1, x0 < h1 else { return body(x0, x1) }
        if x0 < h0 { body(x0, h0) }
        if h1 < x1 { body(h1, x1) }
    }

    /// Whether no row has an occluded column.
    var isEmpty: Bool { !zip(lo, hi).contains { $0 < $1 } }

    /// Rebuilds from `polygons` (ranges of `vertices`, each a convex polygon's corners in order, device
    /// pixels) over `rows`, eroded by
    /// `margin` pixels: a pixel is occluded when its centre lies at least `margin` inside the union's
    /// piece on its own row and on the rows `margin` above and below. Reuses its storage.
    mutating func rebuild(covering polygons: [Range<Int>], of vertices: [MeshVertex], rows: Range<Int>, margin: Int) {
        first = rows.lowerBound
        let n = rows.count
        coverLo.removeAll(keepingCapacity: true); coverLo.append(contentsOf: repeatElement(.infinity, count: n))
        coverHi.removeAll(keepingCapacity: true); coverHi.append(contentsOf: repeatElement(-.infinity, count: n))
        lo.removeAll(keepingCapacity: true); lo.append(contentsOf: repeatElement(0, count: n))
        hi.removeAll(keepingCapacity: true); hi.append(contentsOf: repeatElement(0, count: n))
        guard n > 0 else { return }
        // Each polygon's span on each row (at the row's centre line), joined to the row's cover where
        // they meet — strips of one surface abut exactly, and come in order — else the longer kept.
        for range in polygons where range.count >= 3 && range.upperBound <= vertices.count {
            let p = vertices[range]
            var top = Double.infinity, bottom = -Double.infinity
            for v in p { top = min(top, Double(v.y)); bottom = max(bottom, Double(v.y)) }
            guard top.isFinite, bottom.isFinite else { continue }
            let r0 = max(rows.lowerBound, Int((top - 0.5).rounded(.up))), r1 = min(rows.upperBound - 1, Int((bottom - 0.5).rounded(.down)))
            guard r0 <= r1 else { continue }
            for r in r0...r1 {
                let (a, b) = convexRow(y: Double(r) + 0.5, count: p.count) {
                    let v = p[p.startIndex + $0]; return (Double(v.x), Double(v.y))
                }
                guard a < b else { continue }
                let i = r - first
                if coverLo[i] > coverHi[i] || b - a > coverHi[i] - coverLo[i] && (a > coverHi[i] + 1e-3 || b < coverLo[i] - 1e-3) {
                    coverLo[i] = a; coverHi[i] = b
                } else if a <= coverHi[i] + 1e-3 && b >= coverLo[i] - 1e-3 {
                    coverLo[i] = min(coverLo[i], a); coverHi[i] = max(coverHi[i], b)
                }
            }
        }
        // Eroded: the narrowest of the rows within the margin, less the margin at either end.
        let m = Double(margin)
        for i in 0..<n {
            var a = -Double.infinity, b = Double.infinity
            for j in max(0, i - margin)...min(n - 1, i + margin) { a = max(a, coverLo[j]); b = min(b, coverHi[j]) }
            // Pixel c is occluded when its centre c + 0.5 lies in [a + m, b − m].
            guard a.isFinite, b.isFinite, b - a > 2 * m + 1 else { continue }
            lo[i] = Int32(clamping: Int((a + m - 0.5).rounded(.up)))
            hi[i] = Int32(clamping: Int((b - m - 0.5).rounded(.down)) + 1)
        }
        // Rows whose neighbours within the margin lie outside `rows` count as uncovered there.
        for i in 0..<min(margin, n) { lo[i] = 0; hi[i] = 0; lo[n - 1 - i] = 0; hi[n - 1 - i] = 0 }
    }
}
