// LevelPieces: a flat page turned in perspective, cut across its turn where the texture level its
// squeeze wants changes. A draw reads one level, the one its least squeezed part wants (MeshFootprint),
// and a page's far side is squeezed more than its near side (mid-turn about twice as much), so one
// draw read the far side at two or three texels a pixel of the near side's level; cut, each piece
// reads the level its own squeeze wants, as a GPU picks one per pixel. The cube's faces (the cube's
// p99 0.97× the time). Not the flipping card: its pieces, each edge one more span a row, took longer
// than their levels saved (oglFlip held at 0.3 1.04×, whole runs' p99 1.02–1.04×).

/// Calls `piece(t0, t1)` for the pieces of a flat page whose point a fraction t across its turn and b
/// down it is `vertex(t, b)` (b from 0 to `breadth`), in order from t = 0, until `piece` returns false.
/// The page is cut at the fractions k / `cuts` where the level wanted changes, at the end wanting the
/// coarser level, so that each piece reads the level its less squeezed end wants.
func forEachLevelPiece(of texture: Bitmap, breadth: Double, cuts: Int = 8, _ vertex: (Double, Double) -> MeshVertex,
                       _ piece: (Double, Double) -> Bool) {
    let limit = (x: Canvas.halvingLimit(texture.width), y: Canvas.halvingLimit(texture.height))
    // The level wanted at t (its halvings), from a sliver of the page there.
    func wanted(_ t: Double) -> (x: Int, y: Int) {
        let d = 1.0 / 64, e = min(t, 1 - d)
        guard let f = Mesh.footprint(vertex(e, 0), vertex(e + d, 0), vertex(e, breadth)) else { return (0, 0) }
        return Mesh.halvings(f, limit: limit)
    }
    var start = 0.0, before = wanted(0)
    for k in 1...cuts {
        let t = Double(k) / Double(cuts), now = wanted(t)
        defer { before = now }
        guard now != before else { continue }
        // The coarser end: the one halved more times in all.
        let cut = now.x + now.y > before.x + before.y ? t : Double(k - 1) / Double(cuts)
        if cut > start && cut < 1 {
            guard piece(start, cut) else { return }
            start = cut
        }
    }
    _ = piece(start, 1)
}
