// Compositor static subtrees: during a transition the screens do not change, they only move (or not
// at all). A big translated layer whose subtree looked the same in the previous frame is therefore
// drawn from a texture rendered once at whole pixels — a blit, since translated layers are placed
// on whole device pixels (`Transform3D.pixelSnapped`). The subtree's look is the offscreen digest
// (everything below the layer, not its own position), so any change inside falls back to drawing
// directly for a frame and the texture is remade once the subtree holds still again. A layer with
// an animation in flight is moving, not changing: it becomes a texture at once. Small layers keep
// drawing directly: their texture would cost more than it saves. A finished transition hands over
// its snapshot of the screen it brought in (`adoptSnapshot`), so the first frame after it is a
// blit, not a full redraw; a layer that `shouldRasterize` brings the picture its last snapshot kept,
// made by any compositor, for as long as its subtree keeps that look. A big layer that is animating
// but hidden this frame — fading in from opacity 0, or under a page about to uncover it — gets its
// texture now (`warmTexture`), at the transition's start, so the frame that first shows it does not
// pay for drawing a whole screen at once (a late frame on the display); so does one lying still under
// a layer that is moving or fading away.

struct SeenDigest {
    var digest: Int
    var frame: Int
    /// Seen while filling another layer's texture (see `drawStaticSubtree`).
    var nested = false
}

extension Compositor {
    /// Layers below this many pixels (extent) are never cached.
    static let staticSubtreeMinimumArea = 256.0 * 256.0

    /// Draws a translated layer with sublayers from its static texture and returns true, or returns
    /// false (nothing drawn) when it is small, changed since the last frame, or not seen then.
    func drawStaticSubtree(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, _ canvas: Canvas) -> Bool {
        guard FastPaths.enabled, frame > 0 else { return false }
        let e = layer.masksToBounds ? s.bounds : contentExtent(layer, s)
        guard e.width * e.height >= Self.staticSubtreeMinimumArea else { return false }
        let d = digest(layer, s, phase: (0, 0))
        let key = ObjectIdentifier(layer)
        let seen = subtreeDigests[key]
        let nested = flattening > 0
        subtreeDigests[key] = SeenDigest(digest: d, frame: frame, nested: nested)
        // A layer animating in flight (a page sliding in) is a texture from its first frame; anything
        // else once it has held still for a frame. One whose look changed since the last frame, or
        // is animating to change it (its bounds springing), is not: its texture would be drawn once
        // and thrown away.
        let changing = seen.map { $0.frame == frame - 1 && $0.digest != d } ?? false
        let moving = usePresentation && !changing && Self.movesAsItIs(layer)
        // A texture already made for exactly this look (or handed over by a finished transition, or
        // kept with a rasterized layer) is used whatever happened last frame.
        if textures[key]?.digest != d, let r = layer.rasterized, r.digest == d, r.bitmap.contentVersion == r.version {
            adopt(r.bitmap, of: layer, s, digest: d)
        }
        let ready = textures[key]?.digest == d
        // Inside a texture being filled, a layer that held still gets a texture of its own only if it
        // was drawn that way last frame too: the outer texture is usually reused from then on, and the
        // inner one would never be read again (a screen inside a navigation view inside a window).
        let heldStill = seen?.digest == d && seen?.frame == frame - 1 && (!nested || seen?.nested == true)
        guard moving || ready || heldStill else { return false }
        drawFlattened(layer, s, m, opacity: opacity, canvas, keepsPhase: false, digest: d)
        return true
    }
}

extension Compositor {
    /// Whether the layer has animations in flight and all of them only move, turn or fade it.
    static func movesAsItIs(_ layer: Layer) -> Bool {
        var inFlight = false
        for a in AnimationStore.entries(layer) where !a.isDone {
            if let p = a.property, !p.keepsLook { return false }
            inFlight = true
        }
        return inFlight
    }
}

extension Compositor {
    /// Takes `bitmap` — a snapshot of `layer`'s own content and subtree at its bounds, as `snapshot`
    /// makes, of the layer exactly as it is now — as the layer's static subtree texture. It is used
    /// while the subtree keeps that look, and dropped like any texture once it changes or goes unused.
    public func adoptSnapshot(_ bitmap: Bitmap, of layer: Layer) {
        let saved = usePresentation
        usePresentation = true
        defer { usePresentation = saved }
        let s = state(layer)
        adopt(bitmap, of: layer, s, digest: digest(layer, s, phase: (0, 0)))
    }

    /// Takes a snapshot of the layer showing the look `digest` as its texture.
    func adopt(_ bitmap: Bitmap, of layer: Layer, _ s: LayerState, digest: Int) {
        // The snapshot covers the layer's bounds; it is the texture only where that is the box a
        // flatten covers (nothing drawn outside the bounds, bounds on whole pixels).
        guard let (ox, oy, w, h) = flattenBox(layer, s, phase: (0, 0)), ox == s.bounds.minX, oy == s.bounds.minY,
              w == bitmap.width, h == bitmap.height else { return }
        textures[ObjectIdentifier(layer)] = CachedTexture(bitmap: bitmap, digest: digest, originX: ox, originY: oy, lastUsed: frame)
    }
}

extension Compositor {
    /// Renders, without drawing anything, the texture a hidden layer will be drawn from when it shows:
    /// one that is moving or fading in flight (`movesAsItIs`: what `drawStaticSubtree` makes a texture
    /// of at once) while it is covered or transparent — or, `uncovering`, one lying still under a
    /// layer that is moving or fading away (the screen a pop fades back to), which the texture
    /// serves as soon as it shows — and big enough to be a texture when seen. Once per look: a
    /// texture already made for another look is left alone, so a hidden layer that keeps changing is
    /// not rendered again and again.
    func warmTexture(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, _ canvas: Canvas,
                     uncovering: Bool = false) {
        guard FastPaths.enabled, usePresentation, !layer.isHidden, layer.contentOverride == nil,
              layer.sublayers.contains(where: { !$0.isHidden }), uncovering || Self.movesAsItIs(layer) else { return }
        let e = layer.masksToBounds ? s.bounds : contentExtent(layer, s)
        guard e.width * e.height >= Self.staticSubtreeMinimumArea else { return }
        var nowhere = canvas
        nowhere.clip = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        // The texture drawLayer will use when it shows: its static-subtree texture at whole pixels
        // when drawn in place, else the flattened one (for group opacity or a transform) at its phase.
        let inPlace = drawsInPlace(layer, s, m, opacity: opacity * s.opacity, hasSublayers: true)
        let d = digest(layer, s, phase: inPlace ? (0, 0) : m.subpixelPhase)
        let key = ObjectIdentifier(layer)
        guard textures[key] == nil || textures[key]?.digest == d else { return }
        drawFlattened(layer, s, m, opacity: 1, nowhere, keepsPhase: !inPlace, digest: d)
    }
}
