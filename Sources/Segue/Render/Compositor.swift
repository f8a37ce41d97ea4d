// CONTRACT (owned by the render work): renders a layer tree, with presentation values, into a Bitmap.
// The compositor walks the tree once per frame. A layer whose accumulated transform is a translation
// draws straight into the target (row fills and copies) — unless it is a big subtree that only moves or
// holds still, which is drawn from a whole-pixel texture (Compositor+StaticSubtrees). Anything else — rotation, scale, 3D, group
// opacity, rounded masks — is flattened into a texture in the layer's own space and drawn through the
// Canvas's affine or perspective path. Those textures are cached per layer and reused while the
// subtree's versions and presentation values are unchanged, so a transition between two static screens
// costs a few texture draws per frame. Opaque layers covering the whole clip hide what lies beneath;
// one covering a whole side of it (a sliding page) narrows the clip of what lies beneath.

/// Something that draws a layer in place of its usual content and sublayers for a while — a running
/// CATransition draws its effect between snapshots of the old and new state this way.
@MainActor
public protocol LayerContentOverride: AnyObject {
    /// Draws the layer's whole appearance; `layerToDevice` maps the layer's bounds space to the canvas.
    func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect)
    /// True when the drawing covers every pixel of the bounds opaquely at opacity 1, so the compositor
    /// may skip whatever lies beneath (default false).
    var paintsBoundsOpaquely: Bool { get }
}

extension LayerContentOverride {
    public var paintsBoundsOpaquely: Bool { false }
}

/// A content override that can clear the canvas itself, around what it is about to paint opaquely (a
/// transition effect's cube or card over the window's background): the compositor lets it rather than
/// clearing every pixel first.
protocol ClearsAroundItself: LayerContentOverride {
    /// Clears `canvas` to `pixel` except what `draw` with these arguments paints next, opaquely; false,
    /// having cleared nothing, when it cannot say.
    func clear(_ canvas: Canvas, to pixel: UInt32, layerToDevice: Transform3D, opacity: Double, bounds: Rect) -> Bool
}

/// A content override that may leave alone the pixels its last frame in a target left as this one
/// would draw them (a page curl's flat page, the page it uncovers). The compositor says, as it calls
/// `draw`, whether the target still holds that frame untouched: the last render into this target
/// drew the override and nothing after it, nothing has drawn into the target since and this render
/// has drawn nothing into it yet. What it left there is the override's to remember, per target (a
/// window presenting from two buffers renders into each in turn).
protocol KeepsItsLastFrame: LayerContentOverride {
    /// Whether the canvas of the coming `draw` holds exactly what the last `draw` into its target
    /// left; set by the compositor as it draws the override, false for a draw anywhere else.
    var lastFrameKept: Bool { get set }
    /// How many times `draw` has run (so the compositor knows it drew).
    var draws: Int { get }
}

@MainActor
public final class Compositor {
    public init() {}

    /// Threads large draws may split their rows across (see Canvas+Threads). Worth 2 on a 2-core
    /// machine only when nothing else needs the second core.
    public var threads = 1

    /// Flattened subtrees kept between frames, per layer.
    var textures: [ObjectIdentifier: CachedTexture] = [:]
    /// Subtree digests of big translated layers, by layer, with the frame they were last seen in
    /// (Compositor+StaticSubtrees).
    var subtreeDigests: [ObjectIdentifier: SeenDigest] = [:]
    /// Content extents of big still subtrees, by layer (Compositor+Offscreen).
    var extents: [ObjectIdentifier: RememberedExtent] = [:]
    /// `digest`'s list of the branches leading to animated layers, kept to save an allocation a frame.
    var branchScratch: [ObjectIdentifier] = []
    /// Per depth of the layer walk, storage for a layer's children and their regions, kept from frame
    /// to frame (`drawOwnContent`); `walkDepth` is how many are in use.
    var walkScratch: [(kids: [(Layer, LayerState, Transform3D)], clips: [PixelRegion])] = []
    var walkDepth = 0
    /// The render canvas's held copy (Canvas+HeldCopy), emptied at the start of each render.
    private let held = HeldCopy()
    /// The shadows this compositor drew lately, by shape, blur and colour, and the frame each was last
    /// drawn in: the shared cache's (Compositor+Shadow), looked up here without allocating.
    var shadows: [ShadowKey: (bitmap: Bitmap, lastUsed: Int)] = [:]
    /// Counts renders; cache entries unused for a couple of frames are dropped.
    var frame = 0
    /// Model or presentation values for the walk in progress.
    var usePresentation = true
    /// How many flattened textures are being filled at this point of the walk (0: drawing to the target).
    var flattening = 0
    /// What the last renders left in their targets, the most recent first: each target (held
    /// weakly: a bitmap made after one was freed may have its address, never its identity), its
    /// content version when that render ended and the override that kept its frame there
    /// (`KeepsItsLastFrame`: nothing drew after it). Two, for a window presenting from two buffers
    /// in turn, each holding the frame before last.
    private struct KeptRender {
        weak var target: Bitmap?
        weak var keeper: KeepsItsLastFrame?
        let version: Int
    }
    private var keptRenders: [KeptRender] = []
    /// This render: the override whose frame its target still holds untouched, how many draws into
    /// the target there have been (`wroteTarget`), and the override that keeps its frame now, with
    /// the draw count after it.
    private weak var heldKeeper: KeepsItsLastFrame?
    private var targetWrites = 0
    private var keeperThisRender: (KeepsItsLastFrame, Int)?
    /// How many layers drew in the last render (for tests and the bench).
    public internal(set) var statistics = Statistics()

    public struct Statistics: Sendable {
        public var layersDrawn = 0
        public var texturesRendered = 0
        public var texturesReused = 0
        public var layersOccluded = 0
        /// Draws made in one pass with the copy beneath them (Canvas+HeldCopy).
        public var drawsFused = 0
        /// Whether an override was told the target holds its last frame (`KeepsItsLastFrame`).
        public var lastFrameKept = false
    }

    /// Renders `root` (with presentation values) into `target`, which is cleared to `background` first.
    public func render(_ root: Layer, into target: Bitmap, background: Color = .black) {
        frame += 1
        usePresentation = true
        statistics = Statistics()
        // Untouched since the last render into it (checked before this render's canvas moves the
        // version on).
        let record = keptRenders.first { $0.target === target }
        heldKeeper = record.flatMap { $0.version == target.contentVersion ? $0.keeper : nil }
        keptRenders.removeAll { $0.target === target || $0.target == nil }
        targetWrites = 0
        keeperThisRender = nil
        var canvas = Canvas(target: target)
        canvas.threads = threads
        held.copy = nil
        held.fused = 0
        canvas.held = held
        let s = state(root)
        let m = s.toSuperlayer(anchorPoint: root.anchorPoint, parentSublayerTransform: .identity, parentPivot: .zero).pixelSnapped
        if !occludes(root, s, m, opacity: 1, clip: canvas.clip) {
            // A root drawn by an override alone (no shadow) may clear around what it paints.
            let pixel = background.premultipliedPixel
            let around = !root.isHidden && s.opacity > 0 && root.shadowOpacity == 0
                && (root.contentOverride as? ClearsAroundItself)?.clear(canvas, to: pixel, layerToDevice: m, opacity: s.opacity,
                                                                       bounds: s.bounds) == true
            if !around { canvas.clear(to: pixel) }
            wroteTarget(canvas)
        }
        drawLayer(root, s, m, opacity: 1, canvas)
        canvas.settle()
        // Kept for a later render into this target only if nothing drew after the override.
        if let (k, writes) = keeperThisRender, writes == targetWrites {
            keptRenders.insert(KeptRender(target: target, keeper: k, version: target.contentVersion), at: 0)
            if keptRenders.count > 2 { keptRenders.removeLast() }
        }
        heldKeeper = nil
        statistics.drawsFused = held.fused
        evict()
    }

    /// The layer and its sublayers rendered alone into a bitmap the size of its bounds (layer.bounds
    /// maps to the bitmap's pixels), with model values (`presentation == false`) or presentation values.
    /// Its own transform, position and opacity are not applied; neither is its shadow, nor its
    /// `contentOverride` (the snapshot shows the layer's real content).
    public func snapshot(_ layer: Layer, presentation: Bool = true) -> Bitmap {
        // Core Animation's display pass: a backing view lays out and draws pending content first.
        layer.delegate?.layoutIfNeeded()
        layer.delegate?.displayIfNeeded()
        let saved = usePresentation
        usePresentation = presentation
        defer { usePresentation = saved }
        let s = state(layer)
        let w = max(1, Int(s.bounds.width.rounded(.up))), h = max(1, Int(s.bounds.height.rounded(.up)))
        let m = Transform3D(translationX: -s.bounds.minX, y: -s.bounds.minY, z: 0)
        let whole = paintsWholly(layer, s, m, width: w, height: h)
        let bitmap = whole ? Bitmap(uninitializedWidth: w, height: h) : Bitmap(width: w, height: h)
        // A snapshot is a frame of its own: caches it leaves behind age and go like a render's, so a
        // compositor that only ever snapshots (a transition's snapshotter) does not grow without end.
        frame += 1
        drawOwnContent(layer, s, m, opacity: 1, Canvas(target: bitmap), masked: false, masking: layer.masksToBounds)
        evict()
        // Painted wholly opaquely (as its storage was left uncleared for): it is opaque, no need to look.
        if whole { bitmap.opaqueAnswer = (bitmap.contentVersion, true) }
        if layer.shouldRasterize { layer.rasterized = (bitmap, digest(layer, s, phase: (0, 0)), bitmap.contentVersion) }
        return bitmap
    }

    func state(_ layer: Layer) -> LayerState { usePresentation ? layer.presentationState() : layer.model }

    /// Whether the layer's own content drawn with `m` (`drawOwnContent`, not a `contentOverride`)
    /// paints every pixel of a `width` × `height` bitmap opaquely (`opaqueRect`), so that a new bitmap
    /// for it need not be cleared first: a screen's snapshot, a still screen's texture (8 MB at 1080p,
    /// cleared and then painted over, two or three times at each transition's start).
    func paintsWholly(_ layer: Layer, _ s: LayerState, _ m: Transform3D, width: Int, height: Int) -> Bool {
        guard FastPaths.enabled, let r = opaqueRect(layer, s, m, opacity: 1, ownContent: true) else { return false }
        return r.contains(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    }

    /// Notes a draw into the render's target (not into a texture being filled, nor into no pixels):
    /// what an override keeping its frames must know of.
    func wroteTarget(_ canvas: Canvas) {
        if flattening == 0 && !canvas.clip.isEmpty { targetWrites += 1 }
    }

    /// Draws `o` in place of its layer. One that keeps its frames, drawing into the target, is told
    /// whether the target holds its last frame there: the last render into this target ended with
    /// this override's draw, nothing has touched the target since, and nothing has been drawn into
    /// it yet in this render.
    func drawOverride(_ o: LayerContentOverride, _ canvas: Canvas, _ m: Transform3D, opacity: Double, bounds: Rect) {
        guard flattening == 0, !canvas.clip.isEmpty, let k = o as? KeepsItsLastFrame else {
            o.draw(in: canvas, layerToDevice: m, opacity: opacity, bounds: bounds)
            return wroteTarget(canvas)
        }
        let draws = k.draws
        k.lastFrameKept = targetWrites == 0 && heldKeeper === k
        statistics.lastFrameKept = k.lastFrameKept
        o.draw(in: canvas, layerToDevice: m, opacity: opacity, bounds: bounds)
        k.lastFrameKept = false
        if keeperThisRender == nil && k.draws == draws + 1 { keeperThisRender = (k, targetWrites) } else { targetWrites += 1 }
    }

    private func evict() {
        // Rebuild only when something expired, so steady frames allocate nothing here.
        if textures.values.contains(where: { frame - $0.lastUsed > 2 }) {
            textures = textures.filter { frame - $0.value.lastUsed <= 2 }
        }
        if subtreeDigests.values.contains(where: { frame - $0.frame > 2 }) {
            subtreeDigests = subtreeDigests.filter { frame - $0.value.frame <= 2 }
        }
        if extents.values.contains(where: { frame - $0.frame > 2 }) {
            extents = extents.filter { frame - $0.value.frame <= 2 }
        }
        if shadows.values.contains(where: { frame - $0.lastUsed > 2 }) {
            shadows = shadows.filter { frame - $0.value.lastUsed <= 2 }
        }
    }
}
