// Compositor offscreen: flattening a subtree into a texture in the layer's own bounds space, then
// drawing that texture with the layer's device transform and opacity. This is how group opacity,
// rounded masks, rotation, scale and 3D are all served by one mechanism. Textures are cached per
// layer; an entry is reused while the subtree's render versions and presentation values (digested
// into one hash, ignoring the layer's own position/transform/opacity, which only move the texture)
// and the sub-pixel phase are unchanged. The backing bitmap is reused when the size is unchanged,
// so steady-state frames allocate nothing for it.

/// A big still subtree's content extent, with the key it was computed for (see `contentExtent`).
struct RememberedExtent {
    var key: Int
    var extent: Rect
    var frame: Int
}

struct CachedTexture {
    var bitmap: Bitmap
    var digest: Int
    /// Layer-space point that maps to texel (0, 0).
    var originX: Double, originY: Double
    var lastUsed: Int
}

extension Compositor {
    /// A hash of everything that changes what the flattened subtree looks like in its own space.
    func digest(_ layer: Layer, _ s: LayerState, phase: (Double, Double)) -> Int {
        var h = Hasher()
        // The layer's own appearance, explicitly: its renderVersion also counts moves and turns,
        // which do not change the texture. (Contents are compared by identity: assign a new bitmap
        // to change them, as with CALayer's immutable CGImage contents.)
        h.combine(s.bounds); h.combine(s.backgroundColor); h.combine(s.cornerRadius); h.combine(s.sublayerTransform)
        h.combine(layer.anchorPoint.x); h.combine(layer.anchorPoint.y)
        h.combine(layer.contents.map(ObjectIdentifier.init)); h.combine(layer.contentsGravity)
        h.combine(layer.borderWidth); h.combine(layer.borderColor); h.combine(layer.masksToBounds)
        h.combine(phase.0); h.combine(phase.1)
        h.combine(usePresentation)
        // Every model change bumps the renderVersion of a layer and all its ancestors, so a
        // sublayer's version stands for everything below it; only an animated layer's presentation
        // can change without one (a scrubbed, frozen timeline), so with one below, the walk goes down
        // the branches that lead to animated layers, and hashes their states.
        animatedBranches(below: layer, into: &branchScratch)
        if branchScratch.isEmpty {
            h.combine(sublayerVersions(layer))
        } else {
            func walk(_ l: Layer) {
                for c in l.sublayers {
                    let id = ObjectIdentifier(c)
                    h.combine(id); h.combine(c.renderVersion)
                    guard branchScratch.contains(id) else { continue }
                    if AnimationStore.has(c) { h.combine(state(c)) }
                    walk(c)
                }
            }
            walk(layer)
        }
        return h.finalize()
    }

    /// The layers strictly below `layer` that have animations or lie on the way down to one, into
    /// `out` (emptied first): a handful, since the store holds a handful of animations. None when
    /// drawing model values, which animations do not change.
    func animatedBranches(below layer: Layer, into out: inout [ObjectIdentifier]) {
        out.removeAll(keepingCapacity: true)
        guard usePresentation else { return }
        for e in AnimationStore.all {
            let start = out.count
            var l: Layer? = e.layer, below = false
            while let c = l {
                // Up to `layer`, or to a branch already found (which leads up to it).
                if c === layer || out[..<start].contains(ObjectIdentifier(c)) { below = true; break }
                out.append(ObjectIdentifier(c))
                l = c.superlayer
            }
            if !below { out.removeSubrange(start...) }
        }
    }

    /// A hash of the sublayers' identities and renderVersions — which changes whenever anything
    /// below the layer does — or nil when a layer below has animations (its presentation can change
    /// with no version bump). The store holds a handful of animations, so the check walks up from each.
    func stillSubtreeKey(_ layer: Layer) -> Int? {
        animatedBranches(below: layer, into: &branchScratch)
        return branchScratch.isEmpty ? sublayerVersions(layer) : nil
    }

    /// A hash of the sublayers' identities and renderVersions.
    private func sublayerVersions(_ layer: Layer) -> Int {
        var h = Hasher()
        for c in layer.sublayers { h.combine(ObjectIdentifier(c)); h.combine(c.renderVersion) }
        return h.finalize()
    }

    /// Draws the layer's subtree (without its shadow) through a cached texture.
    /// `keepsPhase`: under a translation, render the sub-pixel phase into the texture (exact, but a new
    /// texture whenever the phase changes); false renders at whole pixels and samples the texture at
    /// the fractional offset. The walk places translated layers on whole pixels (`pixelSnapped`), so
    /// for them the phase is zero either way.
    func drawFlattened(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, _ canvas: Canvas,
                       keepsPhase: Bool = true, digest known: Int? = nil) {
        // Under a translation, keep the sub-pixel phase inside the texture so the final draw is a blit.
        let phase = keepsPhase ? m.subpixelPhase : (0.0, 0.0)
        guard let (ox, oy, w, h) = flattenBox(layer, s, phase: phase) else { return }
        let key = ObjectIdentifier(layer)
        let d = known ?? digest(layer, s, phase: phase)
        var entry: CachedTexture
        if let c = textures[key], c.digest == d, c.bitmap.width == w, c.bitmap.height == h, c.originX == ox, c.originY == oy {
            entry = c
            statistics.texturesReused += 1
        } else {
            let bitmap: Bitmap
            let inner = Transform3D(translationX: phase.0 - ox, y: phase.1 - oy, z: 0)
            let whole = paintsWholly(layer, s, inner, width: w, height: h)
            if let c = textures[key], c.bitmap.width == w, c.bitmap.height == h {
                bitmap = c.bitmap
                if !whole { bitmap.fill(0) }
            } else {
                bitmap = whole ? Bitmap(uninitializedWidth: w, height: h) : Bitmap(width: w, height: h)
            }
            flattening += 1
            drawOwnContent(layer, s, inner, opacity: 1, Canvas(target: bitmap), masked: false, masking: layer.masksToBounds)
            flattening -= 1
            entry = CachedTexture(bitmap: bitmap, digest: d, originX: ox, originY: oy, lastUsed: frame)
            statistics.texturesRendered += 1
        }
        entry.lastUsed = frame
        textures[key] = entry
        // Texel (0,0) is layer point (ox − phase): under a translation that lands on a whole pixel.
        let place = Transform3D(translationX: ox - phase.0, y: oy - phase.1, z: 0).concatenating(m)
        canvas.draw(entry.bitmap, transform: place, opacity: opacity)
        wroteTarget(canvas)
    }

    /// The whole-pixel box (layer space, shifted by `phase`) a flattened texture of the layer covers:
    /// its bounds when it masks, else everything its subtree paints, at most 4096 px a side (far-off
    /// sublayers are cut). Edges within 10⁻⁶ px of a whole pixel count as on it, so arithmetic fuzz
    /// (1920.0000000000002) does not add a column.
    func flattenBox(_ layer: Layer, _ s: LayerState, phase: (Double, Double)) -> (ox: Double, oy: Double, w: Int, h: Int)? {
        var e = layer.masksToBounds ? s.bounds : contentExtent(layer, s)
        let limit = 4096.0
        e = e.intersection(Rect(x: s.bounds.midX - limit / 2, y: s.bounds.midY - limit / 2, width: limit, height: limit))
        guard e.width > 0, e.height > 0 else { return nil }
        let fuzz = 1e-6
        let ox = (e.minX + phase.0 + fuzz).rounded(.down), oy = (e.minY + phase.1 + fuzz).rounded(.down)
        let w = Int((e.maxX + phase.0 - fuzz).rounded(.up) - ox), h = Int((e.maxY + phase.1 - fuzz).rounded(.up) - oy)
        guard w > 0, h > 0 else { return nil }
        return (ox, oy, w, h)
    }

    /// The region the layer's content and sublayers paint (its extent without the shadow). For a big
    /// layer whose subtree holds still it is remembered, so a screen of a thousand views that only
    /// moves is not walked again every frame.
    func contentExtent(_ layer: Layer, _ s: LayerState) -> Rect {
        guard !layer.sublayers.isEmpty else { return s.bounds }
        guard s.bounds.width * s.bounds.height >= Self.staticSubtreeMinimumArea, let still = stillSubtreeKey(layer) else {
            return walkedContentExtent(layer, s)
        }
        var h = Hasher()
        h.combine(still); h.combine(s.bounds); h.combine(s.sublayerTransform)
        h.combine(layer.anchorPoint.x); h.combine(layer.anchorPoint.y); h.combine(usePresentation)
        let key = h.finalize(), id = ObjectIdentifier(layer)
        if var m = extents[id], m.key == key {
            // Written back whole: modifying it in place (`extents[id]?.frame`) allocated the accessor's
            // frame on every call.
            m.frame = frame
            extents[id] = m
            return m.extent
        }
        let r = walkedContentExtent(layer, s)
        extents[id] = RememberedExtent(key: key, extent: r, frame: frame)
        return r
    }

    private func walkedContentExtent(_ layer: Layer, _ s: LayerState) -> Rect {
        var r = s.bounds
        let pivot = s.pivot(anchorPoint: layer.anchorPoint)
        for c in layer.sublayers where !c.isHidden {
            let cs = state(c)
            guard cs.opacity > 0 else { continue }
            let t = cs.toSuperlayer(anchorPoint: c.anchorPoint, parentSublayerTransform: s.sublayerTransform, parentPivot: pivot)
            if let q = projectedBounds(extent(c, cs, t.placement), t) { r = r.union(q) }
        }
        return r
    }

    /// Background, contents and sublayers into `canvas` via `m` (a translation), the bounds mask
    /// applied when `masking`, the border on top.
    func drawOwnContent(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, _ canvas: Canvas,
                        masked: Bool, masking: Bool) {
        guard masking else { return drawOwnContent(layer, s, m, opacity: opacity, canvas, masked: masked) }
        let width = layer.borderWidth
        drawOwnContent(layer, s, m, opacity: opacity, canvas, masked: false, border: false)
        let b = s.bounds.offsetBy(dx: m.m41, dy: m.m42)
        applyMask(canvas.target, RoundedBox(x0: b.minX, y0: b.minY, x1: b.maxX, y1: b.maxY, r: s.cornerRadius), clip: canvas.clip)
        if width > 0 {
            canvas.stroke(s.bounds, cornerRadius: s.cornerRadius, width: width, color: layer.borderColor,
                          opacity: opacity, transform: m)
        }
        wroteTarget(canvas)
    }

    /// Multiplies every pixel of `clip` by its coverage of `box` (zero outside).
    func applyMask(_ bitmap: Bitmap, _ box: RoundedBox, clip: PixelRect) {
        for y in clip.y0..<clip.y1 {
            let row = bitmap.row(y)
            let rc = box.rowCoverage(y)
            if rc <= 0 { row.advanced(by: clip.x0).update(repeating: 0, count: clip.x1 - clip.x0); continue }
            let (le, rs) = box.variableColumns(row: y)
            let l = min(max(le, clip.x0), clip.x1), r = max(min(rs, clip.x1), l)
            for x in clip.x0..<l { row[x] = scale(row[x], alpha8(box.coverage(x, y))) }
            if rc < 1 { let a = alpha8(rc); for x in l..<r { row[x] = scale(row[x], a) } }
            for x in r..<clip.x1 { row[x] = scale(row[x], alpha8(box.coverage(x, y))) }
        }
    }
}
