// PixelRegion: what still shows of a clip once opaque rectangles above it are taken away — a few
// disjoint rectangles, so occlusion culling also works for an opaque card inset in the middle of the
// screen (a modal sheet springing in over the dimmed presenter), not only for one covering a whole side.
// Taking a rectangle away splits each piece it cuts into at most four bands: full-width bands above
// and below it (whole rows, the cheap direction for every span loop) and the parts left and right of
// it. The region is a bound on what must be drawn, never less: when another cut would leave more than
// `maximumPieces` pieces, that cut is skipped and the covered pixels are simply drawn and overdrawn.

struct PixelRegion {
    static let maximumPieces = 8
    /// The pieces, `count` of them (room for `maximumPieces`), held in the value itself: a region is
    /// made and cut for every layer with children on every frame, and an array of pieces was an
    /// allocation each time.
    private var storage = InlineArray<8, PixelRect>(repeating: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
    private(set) var count = 0

    init(_ r: PixelRect) {
        if !r.isEmpty { storage[0] = r; count = 1 }
    }

    var isEmpty: Bool { count == 0 }

    /// The pieces, as an array (made on each call: for tests and diagnostics, not the walk).
    var pieces: [PixelRect] { (0..<count).map { storage[$0] } }

    /// The region less `r`, or unchanged when that would take too many pieces.
    func subtracting(_ r: PixelRect) -> PixelRegion {
        guard !r.isEmpty else { return self }
        var cuts = false
        for k in 0..<count where !storage[k].intersection(r).isEmpty { cuts = true; break }
        guard cuts else { return self }
        var out = PixelRegion(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
        // False once a piece would not fit: then the cut is skipped.
        func keep(_ b: PixelRect) -> Bool {
            guard !b.isEmpty else { return true }
            guard out.count < Self.maximumPieces else { return false }
            out.storage[out.count] = b
            out.count += 1
            return true
        }
        for k in 0..<count {
            let c = storage[k], i = c.intersection(r)
            if i.isEmpty { guard keep(c) else { return self }; continue }
            guard keep(PixelRect(x0: c.x0, y0: c.y0, x1: c.x1, y1: i.y0)),      // above
                  keep(PixelRect(x0: c.x0, y0: i.y0, x1: i.x0, y1: i.y1)),      // left
                  keep(PixelRect(x0: i.x1, y0: i.y0, x1: c.x1, y1: i.y1)),      // right
                  keep(PixelRect(x0: c.x0, y0: i.y1, x1: c.x1, y1: c.y1))       // below
            else { return self }
        }
        return out
    }

    /// Calls `body` with each piece of the region within `clip` (no array built); false when none.
    @discardableResult
    func forEachPiece(within clip: PixelRect, _ body: (PixelRect) -> Void) -> Bool {
        var any = false
        for k in 0..<count {
            let q = storage[k].intersection(clip)
            if !q.isEmpty { body(q); any = true }
        }
        return any
    }
}
