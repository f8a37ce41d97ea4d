// Occlusion: pixels a mesh draw may leave alone because something opaque drawn after it will cover
// them — per pixel row one half-open column range (and at most one more, `add`: a page curl's flat
// page skips both what its back will cover and what the last frame left as this one draws it,
// `KeptFrame`). A page curl's back lies over its own front, over
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
    /// A second range per row (`add`), after the first and apart from it; empty where unused.
    private var lo2: [Int32] = [], hi2: [Int32] = []
    /// Scratch for `remove(aroundHullOf:margin:)`, kept from frame to frame.
    private var hull: [(x: Double, y: Double)] = [], hullScratch: [(x: Double, y: Double)] = []
    private var coverLo: [Double] = [], coverHi: [Double] = []

    /// The occluded columns of row `r`: `c0 ..< c1` (empty when c0 ≥ c1).
    @inline(__always) func columns(row r: Int) -> (c0: Int, c1: Int) {
        let i = r - first
        guard i >= 0, i < lo.count else { return (0, 0) }
        return (Int(lo[i]), Int(hi[i]))
    }

    /// The second occluded range of row `r` (`add`), after the first: empty when c0 ≥ c1.
    @inline(__always) func secondColumns(row r: Int) -> (c0: Int, c1: Int) {
        let i = r - first
        guard i >= 0, i < lo2.count else { return (0, 0) }
        return (Int(lo2[i]), Int(hi2[i]))
    }

    /// Columns x0..<x1 of row r less the occluded ones: `body` once for each run left (none to three)
    /// — what every draw honouring an occlusion does with a row (mesh spans, row blits, clears).
    @inline(__always) func forEachVisibleRun(row r: Int, _ x0: Int, _ x1: Int, _ body: (Int, Int) -> Void) {
        guard x0 < x1 else { return }
        let (h0, h1) = columns(row: r), (k0, k1) = secondColumns(row: r)
        guard k0 < k1 else {
            guard h0 < h1, h0 < x1, x0 < h1 else { return body(x0, x1) }
            if x0 < h0 { body(x0, h0) }
            if h1 < x1 { body(h1, x1) }
            return
        }
        // Two ranges, the first before the second: the gaps before, between and after them.
        var x = x0
        if h0 < h1 {
            if h0 >= x1 { return body(x, x1) }
            if x < h0 { body(x, h0) }
            x = max(x, h1)
            if x >= x1 { return }
        }
        if k0 >= x1 { return body(x, x1) }
        if x < k0 { body(x, k0) }
        x = max(x, k1)
        if x < x1 { body(x, x1) }
    }

    /// Whether no row has an occluded column.
    var isEmpty: Bool { !zip(lo, hi).contains { $0 < $1 } && !zip(lo2, hi2).contains { $0 < $1 } }

    /// Occludes `other`'s columns too, row by row (rows outside this one's gain nothing): where a
    /// row's two ranges overlap or touch they become one, else the row keeps both — a third range,
    /// should `other` bring two, keeps the longest two.
    mutating func add(_ other: Occlusion) {
        let n = lo.count
        if lo2.count != n {
            lo2.removeAll(keepingCapacity: true); lo2.append(contentsOf: repeatElement(0, count: n))
            hi2.removeAll(keepingCapacity: true); hi2.append(contentsOf: repeatElement(0, count: n))
        }
        for i in 0..<n {
            let r = first + i
            let (a, b) = other.columns(row: r), (c, d) = other.secondColumns(row: r)
            var u = Self.union((Int(lo[i]), Int(hi[i])), (Int(lo2[i]), Int(hi2[i])), (a, b))
            if c < d { u = Self.union(u.0, u.1, (c, d)) }
            (lo[i], hi[i]) = (Int32(u.0.0), Int32(u.0.1))
            (lo2[i], hi2[i]) = (Int32(u.1.0), Int32(u.1.1))
        }
    }

    /// The union of three column ranges as at most two, in order and apart (an empty one is (0, 0));
    /// where three stay apart, the shortest is left out.
    static func union(_ x: (Int, Int), _ y: (Int, Int), _ z: (Int, Int)) -> ((Int, Int), (Int, Int)) {
        let none = (0, 0)
        // In order of start, empty ones last.
        func before(_ p: (Int, Int), _ q: (Int, Int)) -> Bool { q.0 >= q.1 || (p.0 < p.1 && p.0 < q.0) }
        var (p, q, t) = (x, y, z)
        if before(q, p) { swap(&p, &q) }
        if before(t, q) { swap(&q, &t) }
        if before(q, p) { swap(&p, &q) }
        guard p.0 < p.1 else { return (none, none) }
        // Merge neighbours that overlap or touch.
        if q.0 < q.1 && q.0 <= p.1 { p.1 = max(p.1, q.1); q = t; t = none }
        if q.0 < q.1 && q.0 <= p.1 { p.1 = max(p.1, q.1); q = t; t = none }
        if t.0 < t.1 && q.0 < q.1 && t.0 <= q.1 { q.1 = max(q.1, t.1); t = none }
        guard q.0 < q.1 else { return (p, none) }
        guard t.0 < t.1 else { return (p, q) }
        let lp = p.1 - p.0, lq = q.1 - q.0, lt = t.1 - t.0
        if lp <= lq && lp <= lt { return (q, t) }
        if lq <= lt { return (p, t) }
        return (p, q)
    }

    /// Keeps, of each row's first range, only what `other` occludes on that row too (its first
    /// range; the longer piece where `other` has two). Drops the second ranges.
    mutating func intersect(_ other: Occlusion) {
        lo2.removeAll(keepingCapacity: true); hi2.removeAll(keepingCapacity: true)
        for i in lo.indices {
            let r = first + i
            let (a, b) = other.columns(row: r), (c, d) = other.secondColumns(row: r)
            let one = (max(Int(lo[i]), a), min(Int(hi[i]), b)), two = (max(Int(lo[i]), c), min(Int(hi[i]), d))
            let best = two.1 - two.0 > max(0, one.1 - one.0) ? two : one
            (lo[i], hi[i]) = best.0 < best.1 ? (Int32(best.0), Int32(best.1)) : (0, 0)
        }
    }

    /// Takes out of each row's first range every column within `margin` pixels of the convex hull
    /// of `vertices` (device pixels) on that row or the `margin` rows around it, keeping the longer
    /// piece left. Drops the second ranges. The hull holds whatever those vertices' triangles cover.
    mutating func remove(aroundHullOf vertices: [MeshVertex], margin: Int) {
        lo2.removeAll(keepingCapacity: true); hi2.removeAll(keepingCapacity: true)
        hull.removeAll(keepingCapacity: true)
        for v in vertices where v.x.isFinite && v.y.isFinite { hull.append((Double(v.x), Double(v.y))) }
        let n = lo.count
        guard n > 0, !hull.isEmpty else { return }
        Self.makeHull(&hull, &hullScratch)
        var top = Double.infinity, bottom = -Double.infinity
        for p in hull { top = min(top, p.y); bottom = max(bottom, p.y) }
        let m = Double(margin)
        let r0 = max(first, Int((top - m - 1.5).rounded(.down))), r1 = min(first + n - 1, Int((bottom + m + 0.5).rounded(.up)))
        guard r0 <= r1 else { return }
        for r in r0...r1 {
            let i = r - first
            let l = Int(lo[i]), h = Int(hi[i])
            guard l < h else { continue }
            // The hull's reach over the rows within the margin: at the band's two ends and at the
            // corners inside it (a convex polygon's widest over a band of rows is at one of those).
            let y0 = max(top, Double(r) + 0.5 - m - 1), y1 = min(bottom, Double(r) + 0.5 + m + 1)
            guard y0 <= y1 else { continue }
            var a = Double.infinity, b = -Double.infinity
            for k in 0..<2 {
                let (pa, pb) = convexRow(y: k == 0 ? y0 : y1, count: hull.count) { hull[$0] }
                if pa <= pb { a = min(a, pa); b = max(b, pb) }
            }
            for p in hull where p.y >= y0 && p.y <= y1 { a = min(a, p.x); b = max(b, p.x) }
            guard a <= b else { continue }
            let c0 = Int((a - m).rounded(.down)) - 1, c1 = Int((b + m).rounded(.up)) + 1
            guard c0 < h, l < c1 else { continue }
            // The longer of what is left on either side.
            let left = (l, min(h, c0)), right = (max(l, c1), h)
            let keep = left.1 - left.0 >= right.1 - right.0 ? left : right
            (lo[i], hi[i]) = keep.0 < keep.1 ? (Int32(keep.0), Int32(keep.1)) : (0, 0)
        }
    }

    /// Replaces `points` by their convex hull, corners in order (monotone chain); `scratch` is
    /// working storage.
    private static func makeHull(_ points: inout [(x: Double, y: Double)], _ scratch: inout [(x: Double, y: Double)]) {
        @inline(__always) func before(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
            a.x < b.x || (a.x == b.x && a.y < b.y)
        }
        // A few dozen corners (a few hundred at most): sorted in place — the library's sort takes a
        // buffer for more than twenty, an allocation a frame.
        if points.count <= 256 {
            for i in points.indices.dropFirst() {
                let p = points[i]
                var j = i
                while j > 0 && before(p, points[j - 1]) { points[j] = points[j - 1]; j -= 1 }
                points[j] = p
            }
        } else {
            points.sort(by: before)
        }
        guard points.count > 2 else { return }
        func cross(_ o: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        scratch.removeAll(keepingCapacity: true)
        for p in points {
            while scratch.count >= 2 && cross(scratch[scratch.count - 2], scratch[scratch.count - 1], p) <= 0 { scratch.removeLast() }
            scratch.append(p)
        }
        let lower = scratch.count + 1
        for p in points.reversed().dropFirst() {
            while scratch.count >= lower && cross(scratch[scratch.count - 2], scratch[scratch.count - 1], p) <= 0 { scratch.removeLast() }
            scratch.append(p)
        }
        scratch.removeLast()                           // the first point again
        swap(&points, &scratch)
    }

    /// Rebuilds from `polygons` (ranges of `vertices`, each a convex polygon's corners in order, device
    /// pixels) over `rows`, eroded by
    /// `margin` pixels: a pixel is occluded when its centre lies at least `margin` inside the union's
    /// piece on its own row and on the rows `margin` above and below. Reuses its storage.
    mutating func rebuild<P: Collection<Range<Int>>>(covering polygons: P, of vertices: [MeshVertex], rows: Range<Int>, margin: Int) {
        first = rows.lowerBound
        let n = rows.count
        coverLo.removeAll(keepingCapacity: true); coverLo.append(contentsOf: repeatElement(.infinity, count: n))
        coverHi.removeAll(keepingCapacity: true); coverHi.append(contentsOf: repeatElement(-.infinity, count: n))
        lo.removeAll(keepingCapacity: true); lo.append(contentsOf: repeatElement(0, count: n))
        hi.removeAll(keepingCapacity: true); hi.append(contentsOf: repeatElement(0, count: n))
        lo2.removeAll(keepingCapacity: true); hi2.removeAll(keepingCapacity: true)
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
