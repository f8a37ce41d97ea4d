// EffectPlayer and the modal transition styles. A player is an effect with a `progress` input that
// draws a layer in place of its content (a LayerContentOverride): the presentation machinery puts one
// on the container's layer and drives `progress` from its own animation — so a percent-driven
// interaction, a cancel or a reverse play it like any other animated value. The modal styles
// coverVertical, crossDissolve, flipHorizontal and partialCurl are effects with fixed directions.

/// The effect side of UIModalTransitionStyle.
public enum ModalEffectStyle: String, CaseIterable, Sendable {
    case coverVertical, crossDissolve, flipHorizontal, partialCurl
}

/// An effect drawn between two snapshots at a settable progress.
@MainActor
public final class EffectPlayer: LayerContentOverride, KeepsItsLastFrame {
    public let effect: TransitionEffect
    public let subtype: TransitionSubtype
    public let from: Bitmap
    public let to: Bitmap
    private let opaque: (from: Bool, to: Bool)
    /// The backdrop of `draw(in:…over:)`, around the frame's opaque outline.
    private var backdropFill = EffectBackdrop()
    var lastFrameKept = false
    private(set) var draws = 0
    /// The layer this player draws, told to recomposite when progress changes.
    public weak var layer: Layer?

    /// 0 shows `from`, 1 shows `to` — except partialCurl, which holds: presenting ends on the page held
    /// curled over the presented one, and dismissing starts from that same held frame.
    public var progress: Double = 0 { didSet { if progress != oldValue { layer?.setNeedsComposite() } } }

    public init(effect: TransitionEffect, subtype: TransitionSubtype = .fromRight, from: Bitmap, to: Bitmap) {
        self.effect = effect
        self.subtype = subtype
        self.from = from
        self.to = to
        opaque = (from.isOpaque, to.isOpaque)
    }

    /// A player for a transition type (CATransition's effects, played by hand).
    public convenience init(type: TransitionType, subtype: TransitionSubtype = .fromRight, from: Bitmap, to: Bitmap) {
        self.init(effect: type.makeEffect(), subtype: subtype, from: from, to: to)
    }

    /// The player of a modal style. `presenting`: `from` is the presenting page and `to` the presented
    /// one, and progress 0…1 presents; for dismissal pass the presented page as `from` and the
    /// presenting page as `to` with `presenting: false` — the motion then runs the other way
    /// (cover slides down, the flip turns back left to right, the curl settles back down).
    public convenience init(modal style: ModalEffectStyle, presenting: Bool, from: Bitmap, to: Bitmap) {
        switch (style, presenting) {
        case (.coverVertical, true): self.init(effect: SlideEffect(.moveIn), subtype: .fromBottom, from: from, to: to)
        case (.coverVertical, false): self.init(effect: SlideEffect(.reveal), subtype: .fromTop, from: from, to: to)
        case (.crossDissolve, _): self.init(effect: FadeEffect(), subtype: .fromRight, from: from, to: to)
        case (.flipHorizontal, true): self.init(effect: FlipEffect(), subtype: .fromRight, from: from, to: to)
        case (.flipHorizontal, false): self.init(effect: FlipEffect(), subtype: .fromLeft, from: from, to: to)
        case (.partialCurl, true): self.init(effect: PartialCurlEffect(reversed: false), from: from, to: to)
        case (.partialCurl, false): self.init(effect: PartialCurlEffect(reversed: true), from: from, to: to)
        }
    }

    /// Renders the player alone at its current progress into a new bitmap the size of `from`.
    public func renderedBitmap(background: Color = .black) -> Bitmap {
        let out = Bitmap(width: from.width, height: from.height, fill: background.premultipliedPixel)
        effect.draw(frame(size: Size(width: Double(from.width), height: Double(from.height)), toDevice: .identity,
                          opacity: 1), in: Canvas(target: out))
        return out
    }

    public func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect) {
        let toDevice = Transform3D(translationX: bounds.minX, y: bounds.minY, z: 0).concatenating(layerToDevice)
        var f = frame(size: bounds.size, toDevice: toDevice, opacity: opacity)
        f.lastFrameKept = lastFrameKept
        draws += 1
        effect.draw(f, in: canvas)
    }

    /// `draw` over `backdrop` filling the bounds: around what the frame paints opaquely where the
    /// bounds lie on whole pixels and the opacity is full (EffectBackdrop), else all of them first.
    /// With `lastFrameKept` (the canvas holds what this player drew last, `KeepsItsLastFrame`), an
    /// effect drawn with no backdrop may leave alone what its last frame left as it is.
    func draw(in canvas: Canvas, layerToDevice: Transform3D, opacity: Double, bounds: Rect, over backdrop: Color,
              lastFrameKept: Bool = false) {
        let toDevice = Transform3D(translationX: bounds.minX, y: bounds.minY, z: 0).concatenating(layerToDevice)
        var f = frame(size: bounds.size, toDevice: toDevice, opacity: opacity)
        // Whole-pixel bounds at full opacity: where the backdrop can be left to the effect.
        let placed = opacity >= 1 && toDevice.isAffine && bounds.width < 1e9 && bounds.height < 1e9
            && bounds.width == bounds.width.rounded() && bounds.height == bounds.height.rounded()
            ? Canvas.wholePixelPlacement(toDevice.affine) : nil
        if placed != nil, effect.coversPage(oldIsOpaque: opaque.from, newIsOpaque: opaque.to) {
            // The effect paints every pixel of the bounds opaquely (a curl over opaque pages): no backdrop.
            f.lastFrameKept = lastFrameKept
        } else if let (x, y) = placed, backdrop.alpha >= 1 {
            var under = canvas
            under.clip = canvas.clip.intersection(PixelRect(x0: x, y0: y, x1: x + Int(bounds.width), y1: y + Int(bounds.height)))
            backdropFill.fill(under, with: backdrop.premultipliedPixel, under: effect, f)
        } else {
            canvas.fill(bounds, color: backdrop, opacity: opacity, transform: layerToDevice)
        }
        draws += 1
        effect.draw(f, in: canvas)
    }

    private func frame(size: Size, toDevice: Transform3D, opacity: Double) -> EffectFrame {
        EffectFrame(old: from, new: to, progress: min(1, max(0, progress)), subtype: subtype, size: size,
                    pageToDevice: toDevice, opacity: opacity, newIsOpaque: opaque.to, oldIsOpaque: opaque.from)
    }
}
