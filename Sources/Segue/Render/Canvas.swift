// CONTRACT (owned by the render work): device-space drawing into a Bitmap, clipped to `clip`.
// Canvas is the dispatcher: it classifies each transform once and sends the work to the cheapest exact
// path — row fills/copies for translations (Canvas+Fill, Canvas+Image), fixed-point bilinear stepping
// for affine maps (Canvas+Image), the textured-mesh rasterizer for perspective (Canvas+Perspective,
// Raster/MeshRasterizer). All drawing is premultiplied source-over.

/// A rectangle of whole device pixels, half-open: x0 ≤ x < x1, y0 ≤ y < y1.
public struct PixelRect: Hashable, Sendable {
    public var x0, y0, x1, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
    public func contains(_ o: PixelRect) -> Bool { o.x0 >= x0 && o.y0 >= y0 && o.x1 <= x1 && o.y1 <= y1 }
    /// This rectangle less the side `r` covers across its full height or width (what still shows
    /// beside an opaque page sliding over it); unchanged when `r` covers no whole side.
    public func excluding(_ r: PixelRect) -> PixelRect {
        var c = self
        if r.isEmpty || isEmpty { return c }
        if r.y0 <= y0 && r.y1 >= y1 {
            if r.x0 <= x0 { c.x0 = max(x0, min(x1, r.x1)) } else if r.x1 >= x1 { c.x1 = min(x1, max(x0, r.x0)) }
        } else if r.x0 <= x0 && r.x1 >= x1 {
            if r.y0 <= y0 { c.y0 = max(y0, min(y1, r.y1)) } else if r.y1 >= y1 { c.y1 = min(y1, max(y0, r.y0)) }
        }
        return c
    }
}

/// Drawing into a premultiplied BGRA bitmap. Source-over compositing throughout.
public struct Canvas: Sendable {
    public let target: Bitmap
    public var clip: PixelRect
    /// Threads a large draw may split its rows across (1 = the calling thread only).
    public var threads = 1
    /// The copy held back a call on the compositor's render canvas (Canvas+HeldCopy); nil elsewhere.
    var held: HeldCopy?

    public init(target: Bitmap) {
        self.target = target
        target.contentsChanged()
        clip = PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
    }

    /// This canvas with the side of the clip that `opaque` covers cut off (`PixelRect.excluding`),
    /// for drawing what lies under an opaque sliding page; unchanged for nil.
    public func excluding(_ opaque: PixelRect?) -> Canvas {
        guard let r = opaque else { return self }
        var c = self
        c.clip = clip.excluding(r)
        return c
    }

    /// Fills `rect` (local coordinates) mapped to the device by `transform`, with anti-aliased edges
    /// and corners rounded by `cornerRadius` (local units).
    public func fill(_ rect: Rect, cornerRadius: Double = 0, color: Color, opacity: Double = 1,
                     transform: Transform3D = .identity) {
        fillImpl(rect, cornerRadius: cornerRadius, color: color, opacity: opacity, transform: transform)
    }

    /// Draws `image` with its texel space mapped to the device by `transform`. Integer translations
    /// copy or blend rows; affine maps sample bilinearly; perspective goes through `draw(_:texture:)`.
    /// Edges are anti-aliased.
    public func draw(_ image: Bitmap, transform: Transform3D, opacity: Double = 1) {
        draw(image, transform: transform, opacity: opacity, occluded: nil)
    }

    /// `draw(_:transform:opacity:)` leaving the `occluded` pixels alone where the image is placed by
    /// whole pixels (other placements draw every pixel): something opaque drawn later covers them.
    func draw(_ image: Bitmap, transform: Transform3D, opacity: Double = 1, occluded: Occlusion?) {
        let o = alpha8(opacity)
        guard o > 0, image.width > 0, image.height > 0 else { return }
        let t = transform
        guard t.m14 == 0, t.m24 == 0, t.m44 != 0 else { return drawPerspective(image, t, opacity: opacity) }
        let s = 1 / t.m44
        let a = AffineTransform(a: t.m11 * s, b: t.m12 * s, c: t.m21 * s, d: t.m22 * s, tx: t.m41 * s, ty: t.m42 * s)
        if let (x, y) = Self.wholePixelPlacement(a) { return blit(image, x: x, y: y, opacity: o, occluded: occluded) }
        drawAffine(image, a, opacity: o)
    }

    /// The device pixel texel (0, 0) lands on when `t` is a translation by whole pixels.
    static func wholePixelPlacement(_ a: AffineTransform) -> (Int, Int)? {
        guard a.a == 1, a.b == 0, a.c == 0, a.d == 1 else { return nil }
        let rx = a.tx.rounded(), ry = a.ty.rounded()
        guard abs(a.tx - rx) < 1e-6, abs(a.ty - ry) < 1e-6, abs(rx) < 1e9, abs(ry) < 1e9 else { return nil }
        return (Int(rx), Int(ry))
    }

    static func wholePixelPlacement(_ t: Transform3D) -> (Int, Int)? {
        guard t.m14 == 0, t.m24 == 0, t.m44 != 0 else { return nil }
        let s = 1 / t.m44
        return wholePixelPlacement(AffineTransform(a: t.m11 * s, b: t.m12 * s, c: t.m21 * s, d: t.m22 * s,
                                                   tx: t.m41 * s, ty: t.m42 * s))
    }

    /// `draw(a, transform:, opacity: opacityA)` then `draw(b, transform:, opacity: opacityB)` — the
    /// same pixels — in one pass over the destination when both images are the same size at the same
    /// whole-pixel place (a cross-fade between two snapshots): each pixel is read and written once, not
    /// twice. Returns false, drawing nothing, when they are not. `bothOpaque`: the caller knows every
    /// pixel of both images has full alpha (two opaque pages) — then each pixel is one lerp, unchecked.
    @discardableResult
    public func crossfade(_ a: Bitmap, opacity opacityA: Double, _ b: Bitmap, opacity opacityB: Double,
                          transform: Transform3D, bothOpaque: Bool = false) -> Bool {
        guard FastPaths.enabled, a.width == b.width, a.height == b.height, a.width > 0, a.height > 0,
              let (x, y) = Self.wholePixelPlacement(transform) else { return false }
        blitTwo(a, b, x: x, y: y, opacityA: alpha8(opacityA), opacityB: alpha8(opacityB), bothOpaque: bothOpaque)
        return true
    }

    /// How many times a texture this many texels along an axis may be halved for a minified draw:
    /// while it keeps eight texels, at most four times.
    static func halvingLimit(_ n: Int) -> Int {
        var k = 0
        while k < 4 && n >> (k + 1) >= 8 { k += 1 }
        return k
    }

    /// Rasterizes `mesh` textured by `texture`, perspective-correct and bilinear, with per-vertex
    /// shading and alpha, triangles in order. With `cullBackFaces`, triangles facing away are skipped:
    /// those whose on-screen winding is counter-clockwise (y down). An unrotated `Mesh(columns:rows:)`
    /// grid winds clockwise on screen, so it faces the viewer; mirrored or turned past 90°, it does not.
    public func draw(_ mesh: Mesh, texture: Bitmap, opacity: Double = 1, cullBackFaces: Bool = false) {
        draw(mesh, texture: texture, opacity: opacity, cullBackFaces: cullBackFaces, occluded: nil)
    }

    /// `draw(_:texture:…)` leaving the `occluded` pixels alone: something opaque drawn later covers them.
    func draw(_ mesh: Mesh, texture: Bitmap, opacity: Double = 1, cullBackFaces: Bool = false, occluded: Occlusion?) {
        settle()
        guard texture.width > 0, texture.height > 0, opacity > 0, !mesh.vertices.isEmpty else { return }
        let box = Self.bounds(of: mesh)
        let worthACopy = worthALevel(box, texture)
        // The level it reads, made here — before the draw splits into bands — unless it is kept
        // (made by an earlier draw, or with the transition's first frame: `LevelPlan`).
        let halvings = levelHalvings(mesh, texture, box: box)
        let level = texture.level(x: halvings.x, y: halvings.y, threads: threads)
        let texelScale = (u: 1 / Double(1 << halvings.x), v: 1 / Double(1 << halvings.y))
        // A mesh read mostly across its texture's rows (the back of a curling page) reads the
        // texture's transposed copy instead, along its rows (Bitmap+Transposed): same pixels. The
        // same rule as a level's to make one (a partial curl's sliver of a roll is not worth 8 MB of
        // copying); one already made serves any draw.
        let across = FastPaths.enabled && (worthACopy || level.hasTransposedCopy) && mesh.readsAcrossTextureRows
        let read = across ? level.transposed(threads: threads) : level
        let readScale = across ? (u: texelScale.v, v: texelScale.u) : texelScale
        banded(box, MeshBands(mesh: mesh, texture: read, texelScale: readScale, transposed: across, opacity: min(1, opacity),
                              cullBackFaces: cullBackFaces, occluded: occluded))
    }

    /// The pixels a mesh's vertices lie within, a pixel and more around them.
    static func bounds(of mesh: Mesh) -> PixelRect {
        var box = PixelRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        for v in mesh.vertices where v.x.isFinite && v.y.isFinite {
            let x = Int(max(-1e9, min(1e9, v.x))), y = Int(max(-1e9, min(1e9, v.y)))
            box = PixelRect(x0: min(box.x0, x - 1), y0: min(box.y0, y - 1), x1: max(box.x1, x + 2), y1: max(box.y1, y + 2))
        }
        return box
    }

    /// Whether a mesh draw over `box` may read a level of `texture`. Making a level reads every
    /// texel, so only draws covering at least a sixteenth of the texture's area on the screen take
    /// one: below that (a curl's last strips, a page sucked nearly away) making it costs more than it
    /// saves.
    func worthALevel(_ box: PixelRect, _ texture: Bitmap) -> Bool {
        let drawn = box.intersection(clip)
        return readsTexels(drawn, texture) && 16 * (drawn.x1 - drawn.x0) * (drawn.y1 - drawn.y0) >= texture.width * texture.height
    }

    /// Whether a draw over `drawn` (within the clip) reads `texture`'s texels at all: it draws
    /// something, and the texture is not one colour (whose samples are that colour at any level).
    private func readsTexels(_ drawn: PixelRect, _ texture: Bitmap) -> Bool { !drawn.isEmpty && texture.uniformPixel == nil }

    /// The level (Bitmap+Levels) a draw of `mesh` over `box` reads `texture` at: a mesh that reads
    /// it minified everywhere reads a halved copy, where that is worth making (`worthALevel`) or a
    /// plan made it (`LevelPlan`: a cube's face or a flipping card seen nearly edge-on, a sliver
    /// tens of pixels wide reading ten to seventy texels a pixel across — no longer a new cache line
    /// every pixel, the frames that set the cube's p99). `planning`: the level such a draw wants,
    /// worth making or not (a plan makes its levels once, with a transition's first frame).
    func levelHalvings(_ mesh: Mesh, _ texture: Bitmap, box: PixelRect, planning: Bool = false) -> (x: Int, y: Int) {
        let limit = (Self.halvingLimit(texture.width), Self.halvingLimit(texture.height))
        if worthALevel(box, texture) { return mesh.minification(limit: limit) }
        // Too small a draw to make a level for: one a plan made, or (planning) the one it wants.
        guard planning || texture.hasPlannedLevels, readsTexels(box.intersection(clip), texture) else { return (0, 0) }
        let h = mesh.minification(limit: limit)
        return planning || texture.isPlanned(x: h.x, y: h.y) ? h : (0, 0)
    }
}

/// The levels a transition's mesh draws will read, noted draw by draw (`note`) over a run of its
/// moments with its first frame, then made one a frame from the second frame on (`makeNext`), finest
/// first, so that each is halved from the last: an effect whose pages turn has them made before its
/// turn reaches them — rather than on a frame mid-transition each time a page turns past a level
/// (0.6–0.9 ms each at 1080p on the Zen 4 machine; six in a cube's run, the frames that set its p99)
/// — and not all on its first frame either, which snapshots both pages already: made there, a cube's
/// levels took its start (begin() and the first frame) from 12.5–15 to 16–28 ms on the AVX2 Zen 3
/// (three interleaved rounds), past a 60 Hz frame. A level a frame reads before its turn comes is
/// made by that frame's draw (`Canvas.draw`), as any level is: the same pixels whenever a level is
/// made. Each queued level's bitmap is allocated when the plan is made, so the frames that fill them
/// allocate nothing.
struct LevelPlan {
    /// How many moments of a transition (evenly spaced, both ends too) an effect notes: a level
    /// spans a factor of two in minification, many frames of a turn.
    static let moments = 256
    /// The pages the plan was made for.
    let pages: (old: Bitmap?, new: Bitmap?)
    private var wanted: [(texture: Bitmap, halvings: [(x: Int, y: Int)])] = []
    /// The levels noted, in the order `makeNext` makes them, each with its storage (dropped once
    /// used); `next` is the first not yet made.
    private var queue: [(texture: Bitmap, x: Int, y: Int, storage: Bitmap?)] = [], next = 0

    init(pages: (old: Bitmap?, new: Bitmap?) = (nil, nil)) { self.pages = pages }

    /// The level `canvas` would read `texture` at for `mesh`.
    mutating func note(_ mesh: Mesh, _ texture: Bitmap, on canvas: Canvas) {
        guard texture.width > 0, texture.height > 0, !mesh.vertices.isEmpty else { return }
        let h = canvas.levelHalvings(mesh, texture, box: Canvas.bounds(of: mesh), planning: true)
        guard h != (0, 0) else { return }
        if let k = wanted.firstIndex(where: { $0.texture === texture }) {
            if !wanted[k].halvings.contains(where: { $0 == h }) { wanted[k].halvings.append(h) }
        } else {
            wanted.append((texture, [h]))
        }
    }

    /// Marks every level noted as planned on its texture — draws too small to make a level read
    /// planned ones (`levelHalvings`) — and queues them, finest first per texture; each texture keeps
    /// as many as it can (`Bitmap.levelsKept`), the coarsest if it was asked for more.
    mutating func schedule() {
        for w in wanted {
            w.texture.plan(levels: w.halvings)
            for h in w.halvings.sorted(by: { ($0.x, $0.y) < ($1.x, $1.y) }) {
                let size = w.texture.levelSize(x: h.x, y: h.y)
                queue.append((w.texture, h.x, h.y, Bitmap(uninitializedWidth: size.width, height: size.height)))
            }
        }
        wanted = []                                              // the queue holds them from here on
    }

    /// Makes the first queued level not made yet (by a draw that read it, or the plan), on up to
    /// `threads` threads, into its storage.
    mutating func makeNext(threads: Int) {
        while next < queue.count {
            let q = queue[next]
            queue[next].storage = nil
            next += 1
            if !q.texture.keepsLevel(x: q.x, y: q.y) {
                _ = q.texture.level(x: q.x, y: q.y, threads: threads, into: q.storage)
                return
            }
        }
    }
}

/// A mesh draw's bands.
private struct MeshBands: BandDraw {
    let mesh: Mesh, texture: Bitmap, texelScale: (u: Double, v: Double), transposed: Bool, opacity: Double
    let cullBackFaces: Bool, occluded: Occlusion?
    func draw(in band: Canvas) {
        MeshRasterizer(target: band.target, clip: band.clip, texture: texture, texelScale: texelScale, transposed: transposed,
                       opacity: opacity, cullBackFaces: cullBackFaces, occluded: occluded).draw(mesh)
    }
}
