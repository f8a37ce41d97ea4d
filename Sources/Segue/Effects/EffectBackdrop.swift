// EffectBackdrop: the colour an effect is drawn over, filled only where the frame will not paint
// opaquely. A cube or a turning card covers most of the screen, and clearing the whole frame first
// wrote most pixels twice (the clear was 5 % of such a frame at 1920×1080; leaving the card's inside
// took 3–14 % off the flips' near-flat frames, measured, though nothing off the cube's while only its
// larger face counted; with both, each eroded on its own, its frames at mid-turn about 6 %). Effects that
// know their opaque outline before they draw (`OutlinedEffect`: the card's quad, the cube's
// faces) say so, and the fill leaves its inside alone from a margin in — where the outline's feathered
// edges and the textures' frames blend over the backdrop, it is filled. Effects that cannot say get
// it all.

/// What a frame of an effect paints opaquely, known before it is drawn: convex polygons (device
/// corners in order) and how far inside each of them, in device pixels, the paint is opaque for sure.
struct OpaqueOutline {
    var vertices: [MeshVertex] = []
    var polygons: [Range<Int>] = []
    var margin = 3

    /// Adds a convex polygon, its corners in order.
    mutating func add(_ corners: [MeshVertex]) {
        polygons.append(vertices.count..<vertices.count + corners.count)
        vertices.append(contentsOf: corners)
    }
}

/// An effect that can tell, before drawing a frame, what the frame paints opaquely.
protocol OutlinedEffect: TransitionEffect {
    /// Adds to `outline` what frame `f` paints opaquely for sure (nothing when it cannot say), and
    /// raises its margin as far as the effect's edges need.
    func opaqueOutline(_ f: EffectFrame, into outline: inout OpaqueOutline)
}

/// Fills the backdrop of an effect's frames, keeping its storage from frame to frame.
struct EffectBackdrop {
    private var outline = OpaqueOutline()
    private var occlusion = Occlusion(), another = Occlusion()

    /// Fills `canvas` (its clip) with `pixel` but where frame `f` of `effect` paints opaquely.
    mutating func fill(_ canvas: Canvas, with pixel: UInt32, under effect: TransitionEffect, _ f: EffectFrame) {
        outline.vertices.removeAll(keepingCapacity: true)
        outline.polygons.removeAll(keepingCapacity: true)
        outline.margin = 3
        // The ends draw a page as it lies (drawEnds); the reference path fills everything.
        if FastPaths.enabled, f.progress > 0, f.progress < 1, f.opacity >= 1, let e = effect as? OutlinedEffect {
            e.opaqueOutline(f, into: &outline)
        }
        guard !outline.polygons.isEmpty else { return canvas.clear(to: pixel) }
        // Each polygon is eroded on its own and their ranges joined (two a row), so where two meet
        // (the cube's faces, along an edge each fades at) the band along that edge is filled.
        let rows = canvas.clip.y0..<canvas.clip.y1, polygons = outline.polygons
        occlusion.rebuild(covering: polygons.prefix(1), of: outline.vertices, rows: rows, margin: outline.margin)
        for k in polygons.indices.dropFirst() {
            another.rebuild(covering: polygons[k...k], of: outline.vertices, rows: rows, margin: outline.margin)
            occlusion.add(another)
        }
        canvas.clear(to: pixel, leaving: occlusion)
    }
}
