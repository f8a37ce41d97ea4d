// PixelRegion: what still shows of a clip once opaque rectangles above it are taken away — a few
// disjoint rectangles, so occlusion culling also works for an opaque card inset in the middle of the
// screen (a modal sheet springing in over the dimmed presenter), not only for one covering a whole side.
// Taking a rectangle away splits each piece it cuts into at most four bands: full-width bands above
// and below it (whole rows, the cheap direction for every span loop) and the parts left and right of
// it. The region is a bound on what must be drawn, never less: when another cut would leave more than
// `maximumPieces` pieces, that cut is skipped and the covered pixels are simply drawn and overdrawn.

struct PixelRegion {
    static let maximumPieces = 8
    private(set) var pieces: [PixelRect]

    init(_ r: PixelRect) { pieces = r.isEmpty ? [] : [r] }

    var isEmpty: Bool { pieces.isEmpty }

    /// The region less `r`, or unchanged when that would take too many pieces.
    func subtracting(_ r: PixelRect) -> PixelRegion {
        guard !r.isEmpty, pieces.contains(where: { !$0.intersection(r).isEmpty }) else { return self }
        var out: [PixelRect] = []
        out.reserveCapacity(pieces.count + 3)
        func keep(_ b: PixelRect) { if !b.isEmpty { out.append(b) } }
        for c in pieces {
            let i = c.intersection(r)
            if i.isEmpty { out.append(c); continue }
            keep(PixelRect(x0: c.x0, y0: c.y0, x1: c.x1, y1: i.y0))      // above
            keep(PixelRect(x0: c.x0, y0: i.y0, x1: i.x0, y1: i.y1))      // left
            keep(PixelRect(x0: i.x1, y0: i.y0, x1: c.x1, y1: i.y1))      // right
            keep(PixelRect(x0: c.x0, y0: i.y1, x1: c.x1, y1: c.y1))      // below
        }
        guard out.count <= Self.maximumPieces else { return self }
        var region = self
        region.pieces = out
        return region
    }

    /// Calls `body` with each piece of the region within `clip` (no array built); false when none.
    @discardableResult
    func forEachPiece(within clip: PixelRect, _ body: (PixelRect) -> Void) -> Bool {
        var any = false
        for p in pieces {
            let q = p.intersection(clip)
            if !q.isEmpty { body(q); any = true }
        }
        return any
    }
}
