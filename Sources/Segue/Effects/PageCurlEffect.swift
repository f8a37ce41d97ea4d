// Page curl: the old page peels up from its bottom-right corner around a cylinder lying on the page,
// whose axis sweeps diagonally across until the whole page has rolled over and off, uncovering the new
// page (pageCurl). pageUnCurl is the exact reverse; the modal partialCurl stops part way and holds.
//
// Geometry (page space): n is the unit direction towards the corner, d = P·n − L a point's distance
// past the axis line L. d ≤ 0 stays flat; 0 < d < πr wraps the cylinder (angle φ = d/r, lifted
// r·(1 − cos φ)); beyond, the page lies flat on top, face down, travelling back. Everything is drawn
// as slabs of the page between two lines of d (`fillSlab`: one convex polygon, each one plane, its
// corners on a line shared with the next slab bit for bit): the flat page one polygon plus strips
// across the crease's shade; the lifted page, a ruled surface, strips parallel to the axis round the
// roll (the axis and the crest among their lines, so the page bends on them and nowhere else) and one
// polygon past it, in order of d, which is order of height — painter's order is exact for a single
// cylinder. The strips are as many as keep them within half a device pixel and two levels of the
// true surface (`ChordStrips`). The back of the page shows mirrored (the geometry does that), washed out like paper seen
// from behind with the print showing through; the curl is shaded by its slope; the new page lies in a
// soft shadow along the roll (one polygon filled with a ramp of black, drawn over the page's texels
// in the same pass where it lies on whole pixels) and the page darkens slightly
// on either side of the crease. An opaque page's back covers its own front, part of the flat page and
// the page underneath the roll; those pixels are not drawn (`Occlusion`).

import Foundation

public final class PageCurlEffect: TransitionEffect {
    public enum Direction: Sendable { case curl, unCurl }
    public let direction: Direction
    /// How far the curl goes at progress 1 (1 = the page rolls right off; less holds part way).
    public let extent: Double
    /// Angle of n above the horizontal, in radians, at progress 0 and 1 (the axis turns as it sweeps).
    public let angles: (start: Double, end: Double)

    private var flat = Mesh(), front = Mesh(), back = Mesh(), under = Mesh(), shadow = Mesh()
    /// Where the back of the page, opaque, covers what is drawn before it (`Occlusion`); the back's
    /// polygons it is built from (`appendCover`), as vertex ranges of `backCover`.
    private(set) var occlusion = Occlusion()
    private var backCover: [MeshVertex] = [], backCoverPolygons: [Range<Int>] = []
    private var coverCorners: [(x: Double, y: Double)] = [], clipped: [(x: Double, y: Double)] = []
    /// The pixels a frame left as its flat page and its page underneath drew them, plain
    /// (`EffectFrame.lastFrameKept`), per target it was drawn into (the last two: a window presents
    /// from two buffers in turn), with what that frame was drawn from; this frame's, built before
    /// drawing, trade places with its target's after.
    private struct KeptPixels {
        /// Weak: a later bitmap may take a freed one's address.
        weak var target: Bitmap?
        var key: KeptKey?
        var flat = Occlusion(), under = Occlusion()
    }
    private var kept = [KeptPixels(), KeptPixels()]
    private var nowFlat = Occlusion(), nowUnder = Occlusion()
    /// Frames drawn over the last one, leaving its kept pixels alone (for tests).
    private(set) var framesDrawnOverLast = 0
    /// The page underneath past the shadow's fall, as one polygon of device vertices.
    private var pastShadow = Mesh()
    /// One polygon's vertex range, for `Occlusion.rebuild` (kept: no array a frame).
    private var onePolygon = [0..<0]
    /// Whether what the back covers is left undrawn (tests draw both ways).
    var leavesCoveredPixels = true
    /// Strips across the shadow's fall-off on the page underneath.
    private static let shadowStrips = 12
    /// Where the crease's shade and the roll are cut into strips (`ChordStrips`): half a device pixel
    /// and two levels of shade or highlight at most from the page's own. The lines of d across the
    /// crease's shade, the roll's front and its back, each ending with its last; cut again only when
    /// what they depend on changes (the radius, the page's scale on the device, the shadows' strength).
    private var chords = ChordStrips(tolerance: SIMD4(0.5, 2.0 / 255, 2.0 / 255, .infinity))
    private var creaseLines: [Double] = [], frontLines: [Double] = [], backLines: [Double] = []
    private var linesKey: SIMD3<Double>?

    private struct Lift { var x, y, z, phi: Double }

    /// What a frame's kept pixels depend on besides the curl: the pages (and their contents, and so
    /// the page's size: one texel a unit), where they land and the canvas clip. Nil where the pages do not land on whole pixels texel for
    /// texel, or fast paths are off (the reference draws every pixel).
    private struct KeptKey: Equatable {
        let page, below: ObjectIdentifier
        let pageVersion, belowVersion: Int
        let toDevice: Transform3D
        let clip: PixelRect

        init?(_ f: EffectFrame, page: Bitmap, below: Bitmap, clip: PixelRect) {
            let t = f.pageToDevice, W = f.size.width, H = f.size.height
            guard FastPaths.enabled, t.isAffine, t.m11 == 1, t.m22 == 1, t.m12 == 0, t.m21 == 0,
                  t.m41 == t.m41.rounded(), t.m42 == t.m42.rounded(), W == W.rounded(), H == H.rounded(),
                  page.width == Int(W), page.height == Int(H), below.width == Int(W), below.height == Int(H) else { return nil }
            self.page = ObjectIdentifier(page); self.below = ObjectIdentifier(below)
            pageVersion = page.contentVersion; belowVersion = below.contentVersion
            toDevice = t; self.clip = clip
        }
    }
    /// The page's size and the axis: unit normal n towards the corner, d = P·n − L past the axis.
    private struct PageAxis {
        let W, H, nx, ny, L: Double
        func d(_ x: Double, _ y: Double) -> Double { x * nx + y * ny - L }
        /// Whether the edge from page point a to b lies on the page's border.
        func onBorder(_ a: (x: Double, y: Double, d: Double), _ b: (x: Double, y: Double, d: Double)) -> Bool {
            (a.x == 0 && b.x == 0) || (a.x == W && b.x == W) || (a.y == 0 && b.y == 0) || (a.y == H && b.y == H)
        }
    }
    /// A shade's darkness along d (the shadow's fall, the crease's), as premultiplied black, and its
    /// polygon's corners on the device (`drawRamp`; reused from frame to frame).
    private var rampTable: [UInt32] = []
    private var rampCorners: [(x: Double, y: Double)] = []
    /// A convex slab of the page (`fillSlab`), reused from frame to frame.
    private var slab: [(x: Double, y: Double, d: Double)] = []

    public init(direction: Direction = .curl, extent: Double = 1,
                angles: (start: Double, end: Double) = (0.95, 0.62)) {
        self.direction = direction
        self.extent = extent
        self.angles = angles
        backReadsAcross = [angles.start, angles.end].contains { abs(sin(2 * $0)) > abs(cos(2 * $0)) }
    }
    /// Whether the back, mirrored across the axis, lies turned past 45° on the screen at either end.
    private let backReadsAcross: Bool

    /// The modal partialCurl: the page lifts from the bottom edge about a nearly horizontal axis and
    /// holds with roughly the lower half of the page below uncovered.
    public static func partial() -> PageCurlEffect {
        PageCurlEffect(direction: .curl, extent: 0.36, angles: (1.45, 1.38))
    }

    /// Opaque pages leave nothing beneath showing: the page underneath is drawn wherever the curl has
    /// uncovered it, the flat page everywhere else.
    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { oldIsOpaque && newIsOpaque }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        if extent >= 1, f.drawEnds(in: canvas) { return }
        if f.progress <= 0 { canvas.draw(f.old, transform: f.imageTransform(f.old), opacity: f.opacity); return }
        switch direction {
        case .curl: drawCurl(page: f.old, under: f.new, progress: f.progress, f, canvas)
        case .unCurl: drawCurl(page: f.new, under: f.old, progress: 1 - f.progress, f, canvas)
        }
    }

    private func drawCurl(page: Bitmap, under below: Bitmap, progress p: Double, _ f: EffectFrame, _ canvas: Canvas) {
        // The back lies mirrored across the axis: turned past 45° on the screen where the axis's
        // normal is 22.5°–67.5° from the horizontal, and then read from the page's transposed copy
        // (Canvas.draw). Made here from the first frame (which snapshots the pages anyway), not on
        // whichever frame the back first grows big enough to take it.
        if FastPaths.enabled, backReadsAcross {
            _ = page.transposed(threads: canvas.threads)
        }
        let W = f.size.width, H = f.size.height
        let pr = PageProjector(f)
        let diag = (W * W + H * H).squareRoot()
        let r = 0.075 * diag
        let angle = angles.start + (angles.end - angles.start) * p
        let nx = cos(angle), ny = sin(angle)
        let m1 = W * nx + H * ny                    // the corner's reach along n (the top-left is 0)
        let L = m1 - extent * p * (m1 + Double.pi * r)
        let axis = PageAxis(W: W, H: H, nx: nx, ny: ny, L: L)
        // Shadows fade in and out at the ends so the first and last frames are untouched pages.
        let strength = smoothstep(0, 0.06, p) * (extent >= 1 ? smoothstep(0, 0.1, 1 - p) : 1)

        /// Page point (x, y), at distance d past the axis, where the curl has carried it.
        func lift(_ x: Double, _ y: Double, _ d: Double) -> Lift {
            var q = Lift(x: x, y: y, z: 0, phi: 0)
            if d > 0 {
                let dd: Double
                if d < Double.pi * r {
                    q.phi = d / r
                    dd = r * sin(q.phi) - d
                    q.z = r * (1 - cos(q.phi))
                } else {
                    q.phi = Double.pi
                    dd = Double.pi * r - 2 * d
                    q.z = 2 * r
                }
                q.x += dd * nx; q.y += dd * ny
            }
            return q
        }
        // The page underneath: where the curl has uncovered it (d ≥ 0) — an opaque flat page hides the
        // rest, so that is not drawn at all — or all of it under a translucent page.
        let pageOpaque = direction == .curl ? f.oldIsOpaque : f.newIsOpaque, belowOpaque = direction == .curl ? f.newIsOpaque : f.oldIsOpaque
        // Where the pages land on whole pixels, texel for texel, and the page underneath is opaque,
        // its part in the shadow's fall is drawn with the shadow, the ramp over its texels in one pass
        // (`Canvas.fill(convex:ramp:beneath:)`), and the mesh draws only the rest.
        let keptKey = KeptKey(f, page: page, below: below, clip: canvas.clip)
        // A page as `Canvas.fill(convex:ramp:beneath:)` reads it: its texels where it lands.
        func landed(_ image: Bitmap) -> (image: Bitmap, dx: Int, dy: Int) { (image, Int(f.pageToDevice.m41), Int(f.pageToDevice.m42)) }
        let beneath = keptKey != nil && belowOpaque && f.opacity >= 1 ? landed(below) : nil
        let fall = (start: 0.8 * r, end: 2.6 * r)
        under.reset()
        fillSlab(from: beneath != nil ? fall.end : pageOpaque ? 0 : -Double.infinity, to: .infinity, axis)
        if slab.count >= 3 {
            for c in slab { under.vertices.append(pr.vertex(x: c.x, y: c.y, u: c.x, v: c.y, texture: below, alpha: f.opacity)) }
            under.appendFan(from: 0)
        }
        // Its soft shadow, darkest at the roll's outer edge (d ≈ r, where the page underneath first
        // shows) and fading over about another radius and a half. The shadow depends on d alone, so
        // where the page lies flat on the screen (an affine page-to-device map, d affine across the
        // screen too) it is one polygon filled with a ramp of black along n (`AxialRamp`); otherwise
        // black strips parallel to the axis, each translucent by its darkness (× (1 − a) is × shade).
        // With the page underneath beneath it, the shadow's polygon reaches two pixels past the fall,
        // its ramp clear there, over the mesh's first pixels: no pixel between the two is left undrawn.
        func drawShadow(occluded: Occlusion?) {
            guard strength > 0 || beneath != nil else { return }
            func darkness(_ d: Double) -> Double { strength * 0.42 * pow(1 - smoothstep(fall.start, fall.end, d), 1.5) * f.opacity }
            let from = pageOpaque ? 0 : -Double.infinity     // an opaque page hides the rest
            if pr.toDevice.isAffine {
                drawRamp(from: from, to: fall.end + (beneath != nil ? 2 : 0), along: fall, axis, pr.toDevice.affine, darkness,
                         canvas, occluded: occluded, beneath: beneath)
            } else {
                drawShadowStrips(from: from, fall: fall, axis, pr, darkness, canvas, occluded: occluded)
            }
        }

        // The curling page, in slabs between lines of d (`fillSlab`): each one plane, its corners on a
        // line shared with the next slab bit for bit, so the page bends on those lines only. The page
        // on either side of the axis lies in the crease's shade (contact shadow), darkest at the axis
        // and gone 0.6 r from it either way, so the shading is continuous across the bend.
        let reach = 0.6 * r
        func contact(_ d: Double) -> Double {
            1 - strength * 0.16 * (d <= 0 ? smoothstep(-reach, 0, d) : 1 - smoothstep(0, reach, d))
        }
        // A vertex of the page's front, or of its back: the crest (φ = π/2) is a line of both, lit as
        // the side it is drawn for.
        func vertex(back: Bool) -> (Double, Double, Double) -> MeshVertex {
            { x, y, d in
                self.pageVertex(lift(x, y, d), u: x, v: y, pr: pr, texture: page, opacity: f.opacity, shade: contact(d), back: back)
            }
        }
        let frontVertex = vertex(back: false), backVertex = vertex(back: true)
        // A vertex of the flat page without the crease's shade (drawn over it as a ramp).
        func plainVertex(_ x: Double, _ y: Double, _ d: Double) -> MeshVertex {
            pageVertex(lift(x, y, d), u: x, v: y, pr: pr, texture: page, opacity: f.opacity, shade: 1, back: false)
        }
        // Flat: beyond the contact shade one polygon, then the shade up to the axis. That depends on d
        // alone, so where the page lies flat on the screen (an affine page-to-device map) and opaque,
        // it is one polygon filled with a ramp of black along n over the page (`drawCrease`): over its
        // texels in the same pass where it lands on them one to one (`creaseBeneath`), else over the
        // flat polygon, drawn plain up to the axis. Otherwise strips across it, each shaded linearly.
        let creaseRamp = pr.toDevice.isAffine && pageOpaque && f.opacity >= 1
        let creaseBeneath = creaseRamp && keptKey != nil ? landed(page) : nil
        flat.reset(); front.reset(); back.reset()
        backCover.removeAll(keepingCapacity: true); backCoverPolygons.removeAll(keepingCapacity: true)
        let margin = pr.coverMargin(page)
        fillSlab(from: -.infinity, to: creaseRamp && creaseBeneath == nil ? 0 : -reach, axis)
        if creaseRamp { append(to: &flat, skirts: false, axis, plainVertex) } else { append(to: &flat, skirts: false, axis, frontVertex) }
        let plainFlat = 0..<flat.vertices.count
        // The crease's polygon reaches two device pixels past its ends, its ramp clear before it and
        // darkest after: over the plain page's pixels on one side (the same texels) and under the
        // roll's front on the other (drawn after it), so that no pixel between them is left undrawn.
        func drawCrease(occluded: Occlusion?) {
            guard creaseRamp else { return }
            let past = 2 / pr.deviceScale
            drawRamp(from: -reach - past, to: past, along: (start: -reach, end: 0), axis, pr.toDevice.affine, { 1 - contact($0) },
                     canvas, occluded: occluded, beneath: creaseBeneath)
        }
        // The strips are chords of the page (`ChordStrips`): where its texels land, across the axis
        // (device pixels), and its shade and highlight are interpolated linearly across each, so they
        // are cut where that strays at most half a pixel and two levels from the page's own.
        let deviceScale = pr.deviceScale, crest = Double.pi * r / 2
        if linesKey != SIMD3(r, deviceScale, strength) {
            linesKey = SIMD3(r, deviceScale, strength)
            func surface(_ d: Double) -> SIMD4<Double> {
                let phi = max(0, d / r), light = Self.light(phi: phi, contact: contact(d), back: phi > Double.pi / 2)
                return SIMD4(r * sin(phi) * deviceScale, light.shade, light.highlight, 0)
            }
            /// `lines` cutting a to b into strips, b the last.
            func cut(_ lines: inout [Double], from a: Double, to b: Double) {
                lines.removeAll(keepingCapacity: true)
                chords.cuts(from: a, to: b, into: &lines, surface)
                lines.append(b)
            }
            cut(&creaseLines, from: -reach, to: 0)
            cut(&frontLines, from: 0, to: crest)
            cut(&backLines, from: crest, to: Double.pi * r)
        }
        var from = creaseRamp ? 0 : -reach
        for to in creaseLines where !creaseRamp {
            fillSlab(from: from, to: to, axis)
            append(to: &flat, skirts: false, axis, frontVertex)
            from = to
        }
        // Lifted, a ruled surface: strips parallel to the axis round the roll (the crest a line
        // between two of them), then past it (d ≥ πr), where the page lies flat on top, face down and
        // evenly shaded, one polygon — in order of d, which is order of height: the painter's order
        // is exact for a single cylinder. Their edges on the page's border, which now stand out
        // against what lies beneath, are feathered.
        // The first strip past the crest is also feathered along it: there the roll's outline lies
        // against the page underneath.
        // The roll's front (φ ≤ π/2) and back are separate meshes, drawn in that order.
        for to in frontLines {
            fillSlab(from: from, to: to, axis)
            append(to: &front, skirts: true, axis, frontVertex)
            from = to
        }
        for to in backLines {
            fillSlab(from: from, to: to, axis)
            let base = back.vertices.count
            append(to: &back, skirts: true, along: from == crest ? from : nil, axis, backVertex)
            appendCover(from: base, margin: margin, axis)
            from = to
        }
        fillSlab(from: Double.pi * r, to: .infinity, axis)
        let base = back.vertices.count
        append(to: &back, skirts: true, axis, backVertex)
        appendCover(from: base, margin: margin, axis)
        // The back, opaque, covers its own front, the flat page beneath the part lying back on top
        // and the page underneath the roll: those pixels are left undrawn, from where it is opaque
        // for sure whatever its feathering — a few pixels in along the page's border, one across the
        // page (`appendCover`).
        let covering = leavesCoveredPixels && FastPaths.enabled && pageOpaque && f.opacity >= 1
        if covering {
            occlusion.rebuild(covering: backCoverPolygons, of: backCover, rows: canvas.clip.y0..<canvas.clip.y1, margin: 1)
        }
        let occluded = covering ? occlusion : nil
        // What the last frame left as this one draws it (`EffectFrame.lastFrameKept`), so not drawn
        // again: the flat page, unshaded, a margin inside its polygon and clear of the back lying
        // over it; the page underneath past the shadow's fall (the roll and the back lie nearer the
        // axis than that). Each pixel there is its page's texel, whatever the polygons (the pages
        // land on whole pixels, texel for texel), so what this frame would draw there the last one
        // left; what the back will cover is skipped as well.
        var flatSkip = occluded, underSkip = occluded
        // The slot of this target (else the one drawn into longer ago), made the first.
        if kept[0].target !== canvas.target { kept.swapAt(0, 1) }
        if let key = keptKey, covering {
            let rows = canvas.clip.y0..<canvas.clip.y1
            onePolygon[0] = plainFlat
            nowFlat.rebuild(covering: onePolygon, of: flat.vertices, rows: rows, margin: margin)
            nowFlat.remove(aroundHullOf: back.vertices, margin: margin)
            fillSlab(from: fall.end, to: .infinity, axis)
            pastShadow.reset()
            for c in slab { pastShadow.vertices.append(pr.vertex(x: c.x, y: c.y, u: c.x, v: c.y, texture: below)) }
            onePolygon[0] = 0..<pastShadow.vertices.count
            nowUnder.rebuild(covering: onePolygon, of: pastShadow.vertices, rows: rows, margin: margin)
            if f.lastFrameKept && kept[0].target === canvas.target && kept[0].key == key {
                kept[0].flat.intersect(nowFlat); kept[0].flat.add(occlusion)
                kept[0].under.intersect(nowUnder); kept[0].under.add(occlusion)
                flatSkip = kept[0].flat; underSkip = kept[0].under
                framesDrawnOverLast += 1
            }
            swap(&kept[0].flat, &nowFlat); swap(&kept[0].under, &nowUnder)
            kept[0].key = key
            kept[0].target = canvas.target
        } else {
            kept[0].key = nil
        }
        canvas.draw(under, texture: below, occluded: underSkip)
        drawShadow(occluded: occluded)
        canvas.draw(flat, texture: page, occluded: flatSkip)
        drawCrease(occluded: flatSkip)
        canvas.draw(front, texture: page, occluded: occluded)
        canvas.draw(back, texture: page)
    }

    /// A shade along d as one polygon, the page between d = `from` and `to`, filled with black as dark
    /// as `darkness(d)` at 256 evenly spaced d of `range` (a level apart at most; as dark as at its
    /// ends beyond them) — over the target, or over the image `beneath` (a page landing texel for
    /// texel): the shadow's fall over the page underneath, the crease's over the flat page.
    private func drawRamp(from: Double, to: Double, along range: (start: Double, end: Double), _ axis: PageAxis,
                          _ toDevice: AffineTransform, _ darkness: (Double) -> Double, _ canvas: Canvas, occluded: Occlusion?,
                          beneath: (image: Bitmap, dx: Int, dy: Int)?) {
        fillSlab(from: from, to: to, axis)
        guard slab.count >= 3 else { return }
        rampTable.removeAll(keepingCapacity: true)
        for k in 0..<256 {
            rampTable.append(alpha8(darkness(range.start + (range.end - range.start) * Double(k) / 255)) << 24)
        }
        // t = (d − start) / (end − start), d = n·p − L at page point p = toDevice⁻¹(x, y).
        let inv = toDevice.inverted(), span = range.end - range.start
        let gx = (axis.nx * inv.a + axis.ny * inv.b) / span, gy = (axis.nx * inv.c + axis.ny * inv.d) / span
        let g0 = (axis.nx * inv.tx + axis.ny * inv.ty - axis.L - range.start) / span
        rampCorners.removeAll(keepingCapacity: true)
        for c in slab {
            let p = Point(x: c.x, y: c.y).applying(toDevice)
            rampCorners.append((x: p.x, y: p.y))
        }
        canvas.fill(convex: rampCorners, ramp: AxialRamp(pixels: rampTable, f0: g0, fx: gx, fy: gy), occluded: occluded,
                    beneath: beneath)
    }

    /// The shadow as black strips parallel to the axis, translucent by their darkness: exact along the
    /// axis, piecewise linear across it, under any page-to-device map.
    private func drawShadowStrips(from: Double, fall: (start: Double, end: Double), _ axis: PageAxis, _ pr: PageProjector,
                                  _ darkness: (Double) -> Double, _ canvas: Canvas, occluded: Occlusion?) {
        shadow.reset()
        var from = from
        for k in 0...Self.shadowStrips {
            let to = fall.start + (fall.end - fall.start) * Double(k) / Double(Self.shadowStrips)
            fillSlab(from: from, to: to, axis)
            from = to
            guard slab.count >= 3 else { continue }
            let base = shadow.vertices.count
            for c in slab { shadow.vertices.append(pr.solidVertex(x: c.x, y: c.y, alpha: darkness(c.d))) }
            shadow.appendFan(from: base)
        }
        canvas.draw(shadow, texture: SolidTexture.black, occluded: occluded)
    }

    /// Fills `slab` with the part of the page rectangle between distances `d0` and `d1` past the axis,
    /// corners in order around it, each with its distance. Points on a line of d come from the
    /// rectangle's own edges, so two slabs meeting on a line share them bit for bit.
    private func fillSlab(from d0: Double, to d1: Double, _ axis: PageAxis) {
        slab.removeAll(keepingCapacity: true)
        let corners = ((0.0, 0.0), (axis.W, 0.0), (axis.W, axis.H), (0.0, axis.H))
        for k in 0..<4 {
            let c = k == 0 ? corners.0 : k == 1 ? corners.1 : k == 2 ? corners.2 : corners.3
            let e = k == 0 ? corners.1 : k == 1 ? corners.2 : k == 2 ? corners.3 : corners.0
            let dc = axis.d(c.0, c.1), de = axis.d(e.0, e.1)
            if dc >= d0 && dc <= d1 { slab.append((c.0, c.1, dc)) }
            // Where the edge crosses the slab's lines, in order along it.
            func cross(_ line: Double) {
                guard line.isFinite && min(dc, de) < line && line < max(dc, de) else { return }
                let t = (line - dc) / (de - dc)
                slab.append((c.0 + t * (e.0 - c.0), c.1 + t * (e.1 - c.1), line))
            }
            if dc < de { cross(d0); cross(d1) } else { cross(d1); cross(d0) }
        }
    }

    /// Appends the slab (`fillSlab`) to `mesh` as a fan of triangles, with `skirts` along the edges
    /// that lie on the page's border, and along its edge on the line d = `line` if given.
    /// `vertex(x, y, d)` places page point (x, y) at distance d.
    private func append(to mesh: inout Mesh, skirts: Bool, along line: Double? = nil, _ axis: PageAxis,
                        _ vertex: (Double, Double, Double) -> MeshVertex) {
        guard slab.count >= 3 else { return }
        let base = mesh.vertices.count
        for p in slab { mesh.vertices.append(vertex(p.x, p.y, p.d)) }
        mesh.appendFan(from: base)
        guard skirts else { return }
        // Skirts along the edges that lie on the page's border, away from the polygon's centre.
        var centre = mesh.vertices[base]
        centre.x = 0; centre.y = 0
        for v in mesh.vertices[base...] { centre.x += v.x; centre.y += v.y }
        centre.x /= Float(slab.count); centre.y /= Float(slab.count)
        for k in slab.indices {
            let a = slab[k], b = slab[(k + 1) % slab.count]
            if axis.onBorder(a, b) || (line != nil && a.d == line && b.d == line) {
                mesh.appendSkirt(mesh.vertices[base + k], mesh.vertices[base + (k + 1) % slab.count], inside: centre)
            }
        }
    }

    /// Appends to the back's cover the slab (`fillSlab`) just appended to `back` from vertex `base`,
    /// less a band along its edges on the page's border: there the page's frame fades and its skirt
    /// feathers it, so only what lies `margin` device pixels inside is opaque for sure (`Occlusion`'s
    /// margin, as a box: the band is margin − 1 wide, the cover eroded by one more). Its edges across
    /// the page, lines of d, stay: the next slab continues the page there, or at the crest nothing
    /// but the feather beyond the edge, the slab's own pixels opaque up to it — so the roll's front,
    /// thin strips crowding the crest, is left undrawn up to a pixel from it, not `margin` pixels.
    private func appendCover(from base: Int, margin: Int, _ axis: PageAxis) {
        guard slab.count >= 3 else { return }
        coverCorners.removeAll(keepingCapacity: true)
        var cx = 0.0, cy = 0.0
        for k in slab.indices {
            let v = back.vertices[base + k]
            coverCorners.append((Double(v.x), Double(v.y)))
            cx += Double(v.x) / Double(slab.count); cy += Double(v.y) / Double(slab.count)
        }
        let inset = Double(margin - 1)
        for k in slab.indices {
            let a = slab[k], b = slab[(k + 1) % slab.count]
            guard axis.onBorder(a, b) else { continue }
            // The edge's line moved inward: keep n·p ≥ n·a + inset·(|nx| + |ny|) (a box's reach along n).
            let p = back.vertices[base + k], q = back.vertices[base + (k + 1) % slab.count]
            let ex = Double(q.x - p.x), ey = Double(q.y - p.y), length = (ex * ex + ey * ey).squareRoot()
            guard length > 1e-9 else { continue }
            var nx = -ey / length, ny = ex / length
            if (cx - Double(p.x)) * nx + (cy - Double(p.y)) * ny < 0 { nx = -nx; ny = -ny }
            let c = Double(p.x) * nx + Double(p.y) * ny + inset * (abs(nx) + abs(ny))
            // Sutherland–Hodgman against the one half-plane.
            clipped.removeAll(keepingCapacity: true)
            for j in coverCorners.indices {
                let u = coverCorners[j], w = coverCorners[(j + 1) % coverCorners.count]
                let fu = u.x * nx + u.y * ny - c, fw = w.x * nx + w.y * ny - c
                if fu >= 0 { clipped.append(u) }
                if (fu >= 0) != (fw >= 0) {
                    let t = fu / (fu - fw)
                    clipped.append((u.x + t * (w.x - u.x), u.y + t * (w.y - u.y)))
                }
            }
            swap(&coverCorners, &clipped)
        }
        guard coverCorners.count >= 3 else { return }
        let start = backCover.count
        for c in coverCorners { backCover.append(MeshVertex(x: Float(c.x), y: Float(c.y), u: 0, v: 0)) }
        backCoverPolygons.append(start..<backCover.count)
    }

    /// A vertex of the curling page: the front lit by its slope, the back washed out and see-through.
    private func pageVertex(_ q: Lift, u: Double, v: Double, pr: PageProjector, texture: Bitmap, opacity: Double,
                            shade contact: Double, back: Bool) -> MeshVertex {
        let light = Self.light(phi: q.phi, contact: contact, back: back)
        return pr.vertex(x: q.x, y: q.y, z: q.z, u: u, v: v, texture: texture, shade: light.shade, highlight: light.highlight,
                         alpha: opacity)
    }

    /// The shade and highlight of the page's front or back where it has turned by φ, in the crease's
    /// shade `contact`: flat (φ = 0), the contact shade alone; the front (φ ≤ π/2) turns darker as it
    /// rolls away from the viewer, darkest at the crest; the back (φ ≥ π/2) shows the page's own print
    /// faintly (mirrored) through white paper, with a soft highlight along the roll.
    static func light(phi: Double, contact: Double, back: Bool) -> (shade: Double, highlight: Double) {
        if !back { return ((1 - 0.38 * pow(sin(phi), 3)) * contact, 0) }
        let t = -cos(phi)                           // 0 at the crest, 1 lying flat on top
        return (0.22 + 0.06 * (1 - t), 0.58 + 0.16 * t + 0.2 * sin(phi) * t)
    }
}
