// Fade: the new page dissolves in over the old one (kCATransitionFade; subtypes ignored). Over an
// opaque new page the old one stays at full strength underneath, which makes the blend an exact
// linear cross-fade old·(1−p) + new·p.

public final class FadeEffect: TransitionEffect {
    public init() {}

    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { oldIsOpaque && newIsOpaque }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        let p = min(1, max(0, f.progress))
        // Both pages at the same place (always, unless a page is a different size): one fused pass.
        if p > 0, p < 1, f.imageTransform(f.old) == f.imageTransform(f.new),
           canvas.crossfade(f.old, opacity: f.underlyingOldOpacity, f.new, opacity: f.opacity * p,
                            transform: f.imageTransform(f.old), bothOpaque: f.oldIsOpaque && f.newIsOpaque) { return }
        if p < 1 { canvas.draw(f.old, transform: f.imageTransform(f.old), opacity: f.underlyingOldOpacity) }
        if p > 0 { canvas.draw(f.new, transform: f.imageTransform(f.new), opacity: f.opacity * p) }
    }
}
