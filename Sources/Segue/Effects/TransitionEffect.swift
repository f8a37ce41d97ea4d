// TransitionEffect: one frame of a transition drawn from two snapshots. An effect sees the old and new
// page as textures, a progress in 0…1 and where the page lies on the device; simple effects place whole
// images with `Canvas.draw(_:transform:)`, every 3D or warp effect only builds a `Mesh` for the one
// rasterizer. Effects are classes so that each keeps its mesh arrays from frame to frame (no per-frame
// allocation once warmed up). Progress 0 draws exactly the old page and 1 exactly the new one.

/// Everything an effect needs to draw one frame.
public struct EffectFrame {
    /// The page before and after, premultiplied; their pixels cover `size` (page units).
    public var old: Bitmap
    public var new: Bitmap
    /// 0 = old page, 1 = new page (already through the timing function).
    public var progress: Double
    /// The direction (effects that ignore it treat every subtype alike).
    public var subtype: TransitionSubtype
    /// The page's size in page units (a layer's bounds size).
    public var size: Size
    /// Page space (origin top-left, y down, z toward the viewer) to device pixels.
    public var pageToDevice: Transform3D
    /// Opacity of the whole drawing.
    public var opacity: Double
    /// Whether `new` is opaque everywhere: then whatever lies under it need not fade out.
    public var newIsOpaque: Bool
    /// Whether `old` is opaque everywhere.
    public var oldIsOpaque: Bool
    /// Whether the canvas's target still holds exactly what this effect last drew into it, untouched
    /// since (`KeepsItsLastFrame`); pixels that frame left as this one draws them may be left alone.
    var lastFrameKept = false

    public init(old: Bitmap, new: Bitmap, progress: Double, subtype: TransitionSubtype = .fromRight,
                size: Size, pageToDevice: Transform3D = .identity, opacity: Double = 1, newIsOpaque: Bool? = nil, oldIsOpaque: Bool? = nil) {
        self.old = old; self.new = new
        self.progress = progress
        self.subtype = subtype
        self.size = size
        self.pageToDevice = pageToDevice
        self.opacity = opacity
        self.newIsOpaque = newIsOpaque ?? new.isOpaque
        self.oldIsOpaque = oldIsOpaque ?? old.isOpaque
    }

    /// Texel space of `image` to the device, with the page moved by (dx, dy) page units. A page that
    /// lands on the device by a translation lands on whole pixels, as the compositor places translated
    /// layers (`pixelSnapped`): a sliding page stays crisp and is drawn by row copies.
    public func imageTransform(_ image: Bitmap, dx: Double = 0, dy: Double = 0) -> Transform3D {
        let sx = size.width / Double(max(1, image.width)), sy = size.height / Double(max(1, image.height))
        return Transform3D(scaleX: sx, y: sy, z: 1)
            .concatenating(Transform3D(translationX: dx, y: dy, z: 0))
            .concatenating(pageToDevice).pixelSnapped
    }

    /// Whether the page lies unturned on the screen: scaled and moved only, not mirrored or turned (a
    /// page-space row is a device row), so warps over it keep their lattice level.
    var pageLiesUnturned: Bool {
        let t = pageToDevice
        return t.isAffine && t.m12 == 0 && t.m21 == 0 && t.m11 > 0 && t.m22 > 0
    }

    /// Opacity for an old page that stays put under the new one: it needs to fade out only when the
    /// new page does not cover it.
    public var underlyingOldOpacity: Double { newIsOpaque ? opacity : opacity * (1 - progress) }
    /// Opacity for a new page lying still under the old one (it needs to fade in only when the old
    /// page does not cover it).
    public var underlyingNewOpacity: Double { oldIsOpaque ? opacity : opacity * progress }
}

/// One transition effect. Implementations keep scratch meshes, so one instance serves one drawing
/// thread at a time.
public protocol TransitionEffect: AnyObject {
    func draw(_ frame: EffectFrame, in canvas: Canvas)
    /// True when, at opacity 1, every frame covers the whole page opaquely given pages that are
    /// (`oldIsOpaque`, `newIsOpaque`): whatever lies beneath need not be drawn (default false).
    func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool
}

extension TransitionEffect {
    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { false }
}

extension TransitionType {
    /// A new effect object drawing this type.
    public func makeEffect() -> TransitionEffect {
        switch self {
        case .fade: FadeEffect()
        case .moveIn: SlideEffect(.moveIn)
        case .push: SlideEffect(.push)
        case .reveal: SlideEffect(.reveal)
        case .cube: CubeEffect()
        case .oglFlip: FlipEffect()
        case .pageCurl: PageCurlEffect(direction: .curl)
        case .pageUnCurl: PageCurlEffect(direction: .unCurl)
        case .rippleEffect: RippleEffect()
        case .suckEffect: SuckEffect()
        case .cameraIrisHollowOpen: IrisEffect(emphasis: .open)
        case .cameraIrisHollowClose: IrisEffect(emphasis: .close)
        }
    }
}

extension Bitmap {
    /// True when every pixel has full alpha. A row's pixels are ANDed sixteen at a time and tested
    /// once: asked of both snapshots at every transition's start, a pixel at a time it took 8 % of
    /// a fade's start (begin() and the first frame) on the AVX2 Zen 3. The answer is kept for the
    /// contents it was given for (`opaqueAnswer`), and a compositor that painted every pixel
    /// opaquely gives it without looking (`Compositor.snapshot`): 0.25–1 ms of 8 MB read at each
    /// snapshot of a 1080p screen.
    public var isOpaque: Bool {
        if opaqueAnswer.version == contentVersion { return opaqueAnswer.opaque }
        let opaque = everyPixelOpaque
        opaqueAnswer = (contentVersion, opaque)
        return opaque
    }

    /// `isOpaque`, looked at.
    var everyPixelOpaque: Bool {
        for y in 0..<height {
            let r = row(y)
            var all = Px16(repeating: 0xffff_ffff), x = 0
            while x + 16 <= width { all &= UnsafeRawPointer(r + x).loadUnaligned(as: Px16.self); x += 16 }
            while x < width { all[0] &= r[x]; x += 1 }
            if !allOpaque(all) { return false }
        }
        return true
    }
}

extension EffectFrame {
    /// At the ends of a transition every effect shows a page as it is: draws it flat and returns true.
    func drawEnds(in canvas: Canvas) -> Bool {
        if progress <= 0 { canvas.draw(old, transform: imageTransform(old), opacity: opacity); return true }
        if progress >= 1 { canvas.draw(new, transform: imageTransform(new), opacity: opacity); return true }
        return false
    }

    /// An effect whose pages turn plans every level its run will read (`LevelPlan`) with the first
    /// frame of these pages, and has the plan make one of them with each later frame: `meshes(moment,
    /// note)` calls `note` with each mesh and page the effect would draw at that moment.
    func makeLevels(on canvas: Canvas, _ plan: inout LevelPlan, _ meshes: (EffectFrame, (Mesh, Bitmap) -> Void) -> Void) {
        guard plan.pages.old === old && plan.pages.new === new else {
            plan = LevelPlan(pages: (old, new))
            var moment = self
            for k in 0...LevelPlan.moments {
                moment.progress = Double(k) / Double(LevelPlan.moments)
                meshes(moment) { plan.note($0, $1, on: canvas) }
            }
            plan.schedule()
            return
        }
        plan.makeNext(threads: canvas.threads)
    }
}

extension Mesh {
    /// Twice the signed device-space area of the quad a, b, c, d.
    static func signedArea(_ q: [MeshVertex]) -> Float {
        var s: Float = 0
        for i in 0..<q.count { let a = q[i], b = q[(i + 1) % q.count]; s += a.x * b.y - b.x * a.y }
        return s
    }
    /// Twice the signed texture-space area of the quad.
    static func signedTextureArea(_ q: [MeshVertex]) -> Float {
        var s: Float = 0
        for i in 0..<q.count { let a = q[i], b = q[(i + 1) % q.count]; s += a.u * b.v - b.u * a.v }
        return s
    }
    /// Whether a planar quad shows its front (its picture unmirrored) on the device.
    static func isFrontFacing(_ q: [MeshVertex]) -> Bool {
        let d = signedArea(q), t = signedTextureArea(q)
        return d != 0 && (d > 0) == (t > 0)
    }
}
