// Compositor tree walk: per layer, in Core Animation's order — shadow, background, contents,
// sublayers (by zPosition, then index), border. Decides per layer whether it can draw directly
// (translation only) or must be flattened first (see Compositor+Offscreen), culls layers outside the
// clip, skips everything beneath the last opaque sibling that covers the clip, and draws what lies
// under opaque siblings only where it still shows (PixelRegion).

/// How a layer maps to the device.
enum Placement {
    /// A pure 2D translation: draws directly.
    case translation(Double, Double)
    /// Affine or projective: drawn through a flattened texture.
    case general
}

extension Transform3D {
    var placement: Placement {
        if m11 == 1, m12 == 0, m21 == 0, m22 == 1, m14 == 0, m24 == 0, m44 == 1 { return .translation(m41, m42) }
        return .general
    }

    /// A pure translation moved to the nearest whole device pixels; any other map as it is. Every
    /// translated layer is placed this way (and every page a slide moves), as browser compositors place
    /// translated layers: a page sliding by keeps crisp text and edges instead of blurring between
    /// pixels, a subtree moves rigidly (each child is placed from its parent's snapped position, and
    /// n + c rounds to n + round(c) for whole n), and drawing it is a row copy, not a two-tap filter.
    var pixelSnapped: Transform3D {
        guard case .translation(let tx, let ty) = placement, abs(tx) < 1e15, abs(ty) < 1e15 else { return self }
        var t = self
        t.m41 = (tx + 0.5).rounded(.down)
        t.m42 = (ty + 0.5).rounded(.down)
        return t
    }

    /// The sub-pixel part of a translation (0 for a general map): where a flattened texture keeps it.
    var subpixelPhase: (Double, Double) {
        guard case .translation(let tx, let ty) = placement else { return (0, 0) }
        return (tx - tx.rounded(.down), ty - ty.rounded(.down))
    }
}

extension Compositor {
    /// Sublayers in drawing order with their states and device transforms, into `out` (emptied
    /// first, its storage kept).
    func children(of layer: Layer, _ s: LayerState, _ m: Transform3D, into out: inout [(Layer, LayerState, Transform3D)]) {
        out.removeAll(keepingCapacity: true)
        let subs = layer.sublayers
        guard !subs.isEmpty else { return }
        let pivot = s.pivot(anchorPoint: layer.anchorPoint)
        out.reserveCapacity(subs.count)
        for c in subs where !c.isHidden {
            let cs = state(c)
            guard cs.opacity > 0 else { continue }
            out.append((c, cs, placed(c, cs, in: s, pivot: pivot, m)))
        }
        if out.contains(where: { $0.0.zPosition != 0 }) {
            out = out.enumerated().sorted { a, b in
                a.element.0.zPosition != b.element.0.zPosition ? a.element.0.zPosition < b.element.0.zPosition : a.offset < b.offset
            }.map(\.element)
        }
    }

    /// A sublayer's map to the canvas, given its parent's state, pivot and map `m`; on whole pixels
    /// when it is a translation (`pixelSnapped`).
    @inline(__always)
    func placed(_ c: Layer, _ cs: LayerState, in s: LayerState, pivot: Point, _ m: Transform3D) -> Transform3D {
        cs.toSuperlayer(anchorPoint: c.anchorPoint, parentSublayerTransform: s.sublayerTransform, parentPivot: pivot)
            .concatenating(m).pixelSnapped
    }

    /// `warmTexture` for the sublayers `children(of:)` leaves out for being fully transparent.
    func warmInvisibleSublayers(of layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, _ canvas: Canvas) {
        let pivot = s.pivot(anchorPoint: layer.anchorPoint)
        for c in layer.sublayers where !c.isHidden && AnimationStore.has(c) {
            let cs = state(c)
            guard cs.opacity <= 0 else { continue }
            warmTexture(c, cs, placed(c, cs, in: s, pivot: pivot, m), opacity: opacity, canvas)
        }
    }

    /// Whether a layer under map `m` at opacity `op` is drawn in place (row fills and copies, or its
    /// static-subtree texture) rather than flattened: a translation, and no group opacity over
    /// sublayers or rounded mask, which need the flatten.
    func drawsInPlace(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity op: Double, hasSublayers: Bool) -> Bool {
        guard case .translation = m.placement else { return false }
        let roundedMask = layer.masksToBounds && s.cornerRadius > 0 && (hasSublayers || layer.contents != nil)
        return !(op < 1 && hasSublayers) && !roundedMask
    }

    /// True when the layer alone paints every pixel of `clip` opaquely.
    func occludes(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, clip: PixelRect) -> Bool {
        opaqueRect(layer, s, m, opacity: opacity)?.contains(clip) ?? false
    }

    /// The whole device pixels the layer alone paints opaquely, if it is an opaque translated box: by
    /// its own background, or by a few sublayers that together cover its bounds (a transition's
    /// container, clear itself, with the two pages side by side in it). `ownContent`: its content
    /// drawn by `drawOwnContent`, as a snapshot draws it, not its `contentOverride`.
    func opaqueRect(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, depth: Int = 0,
                    ownContent: Bool = false) -> PixelRect? {
        guard !layer.isHidden, opacity * s.opacity >= 1, case .translation(let tx, let ty) = m.placement else { return nil }
        guard abs(tx) < 1e9, abs(ty) < 1e9, s.bounds.width < 1e9, s.bounds.height < 1e9 else { return nil }
        let box = PixelRect(x0: Int((s.bounds.minX + tx).rounded(.up)), y0: Int((s.bounds.minY + ty).rounded(.up)),
                            x1: Int((s.bounds.maxX + tx).rounded(.down)), y1: Int((s.bounds.maxY + ty).rounded(.down)))
        if !ownContent, let o = layer.contentOverride { return o.paintsBoundsOpaquely ? box : nil }
        if s.cornerRadius == 0, let bg = s.backgroundColor, bg.alpha >= 1 { return box }
        // Covered by its sublayers: what their opaque boxes leave of the bounds, top one first (in
        // index order; a reordering zPosition is not looked into). Called per frame, so no arrays.
        let subs = layer.sublayers
        guard depth < 2, subs.count <= 4, !(layer.masksToBounds && s.cornerRadius > 0),
              !subs.contains(where: { $0.zPosition != 0 }) else { return nil }
        let pivot = s.pivot(anchorPoint: layer.anchorPoint)
        var rest = box
        for c in subs.reversed() where !rest.isEmpty && !c.isHidden {
            let cs = state(c)
            if let r = opaqueRect(c, cs, placed(c, cs, in: s, pivot: pivot, m), opacity: opacity * s.opacity, depth: depth + 1) {
                rest = rest.excluding(r)
            }
        }
        return rest.isEmpty && !box.isEmpty ? box : nil
    }

    /// The boxes of whole device pixels the layer paints opaquely: its `opaqueRect`, or, for a clear
    /// container drawn as it is (full opacity, a translation, nothing of its own, no mask), those of
    /// its sublayers — a presentation's container holds a sheet inset over the translucent presenter,
    /// and the sheet hides the window's background as well as the presenter. Through two levels of
    /// containers, four sublayers each; per frame, so no arrays.
    func forEachOpaqueBox(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, depth: Int = 0,
                          _ body: (PixelRect) -> Void) {
        if let r = opaqueRect(layer, s, m, opacity: opacity) { return body(r) }
        if let r = turnedOpaqueBox(layer, s, m, opacity: opacity) { return body(r) }
        guard depth < 2, !layer.isHidden, opacity * s.opacity >= 1, case .translation = m.placement,
              layer.contentOverride == nil, layer.contents == nil, !layer.masksToBounds, layer.sublayers.count <= 4 else { return }
        let pivot = s.pivot(anchorPoint: layer.anchorPoint)
        for c in layer.sublayers where !c.isHidden {
            let cs = state(c)
            forEachOpaqueBox(c, cs, placed(c, cs, in: s, pivot: pivot, m), opacity: opacity * s.opacity, depth: depth + 1, body)
        }
    }

    /// For a layer that paints its bounds opaquely but lies turned or scaled on the device (a 2D map
    /// other than a translation: a card rotating away), the largest box of whole device pixels inside
    /// it, `turnedMargin` pixels in from its edges (they are feathered): what it hides of the layers
    /// and the background beneath it. Per frame, so nothing allocated.
    func turnedOpaqueBox(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double) -> PixelRect? {
        guard case .general = m.placement, m.isAffine, !layer.isHidden, opacity * s.opacity >= 1,
              let own = opaqueRect(layer, s, .identity, opacity: opacity), !own.isEmpty else { return nil }
        func device(_ x: Int, _ y: Int) -> Point { Point(x: Double(x), y: Double(y)).applying(m.affine) }
        return Self.inscribedBox(corner: device(own.x0, own.y0), device(own.x1, own.y0), device(own.x0, own.y1))
    }

    /// The largest box of whole pixels inside the parallelogram with corner `o` and neighbouring
    /// corners `ex` and `ey`, `turnedMargin` in from its sides; nil when under `turnedMinimum` a side
    /// (not worth a piece of a region). Found by trying widths: the parallelogram centred at c with
    /// half-sides u and v holds the box c ± (a, b) where |p|a + |q|b ≤ 1 and |r|a + |w|b ≤ 1, with
    /// (p q; r w) the inverse of (u v).
    static func inscribedBox(corner o: Point, _ ex: Point, _ ey: Point) -> PixelRect? {
        var u = ((ex.x - o.x) / 2, (ex.y - o.y) / 2), v = ((ey.x - o.x) / 2, (ey.y - o.y) / 2)
        let c = (o.x + u.0 + v.0, o.y + u.1 + v.1)
        // The half-sides shortened by the margin, along their own directions.
        let lu = (u.0 * u.0 + u.1 * u.1).squareRoot(), lv = (v.0 * v.0 + v.1 * v.1).squareRoot()
        let margin = Double(turnedMargin)
        guard lu > margin + 1, lv > margin + 1, lu < 1e9, lv < 1e9, abs(c.0) < 1e9, abs(c.1) < 1e9 else { return nil }
        u = (u.0 * (1 - margin / lu), u.1 * (1 - margin / lu)); v = (v.0 * (1 - margin / lv), v.1 * (1 - margin / lv))
        let det = u.0 * v.1 - v.0 * u.1
        guard abs(det) > 1e-9 else { return nil }
        let p = abs(v.1 / det), q = abs(v.0 / det), r = abs(u.1 / det), w = abs(u.0 / det)
        @inline(__always) func most(_ k: Double) -> Double { k > 1e-12 ? 1 / k : .infinity }
        let widest = min(most(p), most(r))
        guard widest.isFinite else { return nil }
        var best = (a: 0.0, b: 0.0)
        for k in 1...48 {
            let a = widest * Double(k) / 48
            let b = min((1 - p * a) * most(q), (1 - r * a) * most(w))
            if b.isFinite && a * b > best.a * best.b { best = (a, b) }
        }
        let box = PixelRect(x0: Int((c.0 - best.a).rounded(.up)), y0: Int((c.1 - best.b).rounded(.up)),
                            x1: Int((c.0 + best.a).rounded(.down)), y1: Int((c.1 + best.b).rounded(.down)))
        return box.x1 - box.x0 >= turnedMinimum && box.y1 - box.y0 >= turnedMinimum ? box : nil
    }
    /// How far in from a turned layer's edges its box keeps, and the least side worth one (pixels).
    static let turnedMargin = 2, turnedMinimum = 64

    /// Draws a layer and its subtree (`m`: layer bounds space → canvas).
    func drawLayer(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, _ canvas: Canvas) {
        let op = opacity * s.opacity
        guard !layer.isHidden, op > 0 else { return }
        guard let box = deviceBox(extent(layer, s, m.placement), m), !box.intersection(canvas.clip).isEmpty else { return }
        statistics.layersDrawn += 1
        if let o = layer.contentOverride {
            if layer.shadowOpacity > 0 { drawShadow(layer, s, m, opacity: op, canvas) }
            drawOverride(o, canvas, m, opacity: op, bounds: s.bounds)
            return
        }
        if layer.shadowOpacity > 0 { drawShadow(layer, s, m, opacity: op, canvas) }
        let hasSublayers = layer.sublayers.contains { !$0.isHidden }
        if drawsInPlace(layer, s, m, opacity: op, hasSublayers: hasSublayers) {
            if hasSublayers, drawStaticSubtree(layer, s, m, opacity: op, canvas) { return }
            drawOwnContent(layer, s, m, opacity: op, canvas, masked: layer.masksToBounds)
        } else {
            drawFlattened(layer, s, m, opacity: op, canvas)
        }
    }

    /// Background, contents, sublayers and border, with `m` a translation (or the flatten's own map).
    /// `masked`: clip contents and sublayers to the bounds (axis-aligned; rounded masks are applied by
    /// the flatten).
    func drawOwnContent(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity op: Double, _ canvas: Canvas,
                        masked: Bool, border: Bool = true) {
        // The children and their regions in storage kept from frame to frame, one set per depth of
        // the walk (taken out while in use, so that it is uniquely held and reused in place).
        let depth = walkDepth
        walkDepth += 1
        if walkScratch.count <= depth { walkScratch.append(([], [])) }
        var (kids, clips) = walkScratch[depth]
        walkScratch[depth] = ([], [])
        defer {
            kids.removeAll(keepingCapacity: true)      // the storage kept, not the layers
            walkScratch[depth] = (kids, clips)
            walkDepth -= 1
        }
        children(of: layer, s, m, into: &kids)
        clips.removeAll(keepingCapacity: true)
        // Occlusion: start at the last child that covers the clip opaquely.
        var first = 0
        for i in stride(from: kids.count - 1, through: 0, by: -1)
        where occludes(kids[i].0, kids[i].1, kids[i].2, opacity: op, clip: canvas.clip) {
            first = i
            statistics.layersOccluded += i
            break
        }
        let occluded = first > 0 || (!kids.isEmpty && occludes(kids[0].0, kids[0].1, kids[0].2, opacity: op, clip: canvas.clip))
        // Partial occlusion: what lies under opaque siblings (a page sliding in, a sheet inset over the
        // presenter, in a container of its own or not) is drawn only where it still shows — each
        // sibling's region is the clip less the opaque boxes above it (PixelRegion), and the layer's
        // own background and contents are drawn only where no opaque child covers them.
        var own = PixelRegion(canvas.clip)
        if FastPaths.enabled, kids.count > first {
            clips.append(contentsOf: repeatElement(own, count: kids.count))
            for i in stride(from: kids.count - 1, through: first, by: -1) {
                clips[i] = own
                forEachOpaqueBox(kids[i].0, kids[i].1, kids[i].2, opacity: op) { own = own.subtracting($0) }
            }
        }
        if !occluded, let bg = s.backgroundColor, bg.alpha > 0 {
            own.forEachPiece(within: canvas.clip) { piece in
                var c = canvas
                c.clip = piece
                c.fill(s.bounds, cornerRadius: s.cornerRadius, color: bg, opacity: op, transform: m)
                wroteTarget(c)
            }
        }
        var inner = canvas
        if masked, case .translation(let tx, let ty) = m.placement {
            let b = s.bounds
            inner.clip = inner.clip.intersection(PixelRect(
                x0: Int((b.minX + tx).rounded()), y0: Int((b.minY + ty).rounded()),
                x1: Int((b.maxX + tx).rounded()), y1: Int((b.maxY + ty).rounded())))
        }
        if !occluded, let image = layer.contents {
            own.forEachPiece(within: inner.clip) { piece in
                var under = inner
                under.clip = piece
                drawContents(image, gravity: layer.contentsGravity, bounds: s.bounds, m, opacity: op, under)
                wroteTarget(under)
            }
        }
        // Hidden now but animating (covered, or fading in from 0): textures made ahead of showing.
        let warming = usePresentation && AnimationStore.hasEntries
        if warming {
            // What the covering child hides shows once it moves or fades away, so if it is animating
            // the big layers beneath are warmed too, moving or not.
            let uncovering = first < kids.count && Self.movesAsItIs(kids[first].0)
            for i in 0..<first { warmTexture(kids[i].0, kids[i].1, kids[i].2, opacity: op, canvas, uncovering: uncovering) }
            warmInvisibleSublayers(of: layer, s, m, opacity: op, canvas)
        }
        for i in first..<kids.count {
            let (c, cs, cm) = kids[i]
            guard !clips.isEmpty else { drawLayer(c, cs, cm, opacity: op, inner); continue }
            let shows = clips[i].forEachPiece(within: inner.clip) { piece in
                var part = inner
                part.clip = piece
                drawLayer(c, cs, cm, opacity: op, part)
            }
            if !shows, warming {
                let uncovering = kids[(i + 1)...].contains { Self.movesAsItIs($0.0) }
                warmTexture(c, cs, cm, opacity: op, canvas, uncovering: uncovering)
            }
        }
        if border, layer.borderWidth > 0 {
            canvas.stroke(s.bounds, cornerRadius: s.cornerRadius, width: layer.borderWidth,
                          color: layer.borderColor, opacity: op, transform: m)
            wroteTarget(canvas)
        }
    }

    /// The contents bitmap placed in the bounds by gravity.
    func drawContents(_ image: Bitmap, gravity: ContentsGravity, bounds b: Rect, _ m: Transform3D,
                      opacity: Double, _ canvas: Canvas) {
        let iw = Double(image.width), ih = Double(image.height)
        guard iw > 0, ih > 0, b.width > 0, b.height > 0 else { return }
        var sx = b.width / iw, sy = b.height / ih
        switch gravity {
        case .resize: break
        case .resizeAspect: sx = min(sx, sy); sy = sx
        case .resizeAspectFill: sx = max(sx, sy); sy = sx
        case .center: sx = 1; sy = 1
        }
        let x = b.midX - iw * sx / 2, y = b.midY - ih * sy / 2
        let t = Transform3D(scaleX: sx, y: sy, z: 1).concatenating(Transform3D(translationX: x, y: y, z: 0))
        canvas.draw(image, transform: t.concatenating(m), opacity: opacity)
    }

    /// The region a layer's subtree may paint, in its bounds space: bounds, sublayers (unless masked)
    /// and shadow.
    func extent(_ layer: Layer, _ s: LayerState, _ placement: Placement) -> Rect {
        var r = layer.masksToBounds ? s.bounds : contentExtent(layer, s)
        if layer.shadowOpacity > 0 {
            let m = shadowMargin(layer.shadowRadius)
            r = r.union(s.bounds.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
                .insetBy(dx: -Double(m), dy: -Double(m)))
        }
        return r
    }

    /// The bounding box of `r` under `t`, nil when part of it is behind the eye.
    func projectedBounds(_ r: Rect, _ t: Transform3D) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let h = t.apply(x: x, y: y)
            guard h.w > 1e-9 else { return nil }
            x0 = min(x0, h.x / h.w); x1 = max(x1, h.x / h.w); y0 = min(y0, h.y / h.w); y1 = max(y1, h.y / h.w)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Device pixels a region may touch (one pixel of margin for anti-aliasing); unbounded when the
    /// region reaches behind the eye.
    func deviceBox(_ r: Rect, _ m: Transform3D) -> PixelRect? {
        guard r.width > 0 || r.height > 0 else { return nil }
        guard let q = projectedBounds(r, m) else { return PixelRect(x0: -1 << 30, y0: -1 << 30, x1: 1 << 30, y1: 1 << 30) }
        guard q.minX.isFinite, q.maxX.isFinite, q.minY.isFinite, q.maxY.isFinite else { return nil }
        return PixelRect(x0: Int(max(-1e9, q.minX).rounded(.down)) - 1, y0: Int(max(-1e9, q.minY).rounded(.down)) - 1,
                         x1: Int(min(1e9, q.maxX).rounded(.up)) + 1, y1: Int(min(1e9, q.maxY).rounded(.up)) + 1)
    }
}
