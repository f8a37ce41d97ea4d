// Partial curl (UIModalTransitionStyle.partialCurl): the presenting page curls up from the bottom
// about a nearly horizontal axis and holds part way, uncovering the lower part of the presented page.
// Presenting: old = presenting page (it curls), new = presented page (revealed below); progress 1 is
// the held curl. Dismissing (`reversed`): old = presented page, new = presenting page, and the curl
// comes back down, so progress 1 is the presenting page lying flat again.

public final class PartialCurlEffect: TransitionEffect {
    public let reversed: Bool
    private let curl = PageCurlEffect.partial()

    public init(reversed: Bool) { self.reversed = reversed }

    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool {
        curl.coversPage(oldIsOpaque: oldIsOpaque, newIsOpaque: newIsOpaque)
    }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        var g = f
        if reversed {
            // The presenting page (new) curls back down over the presented one (old).
            g.old = f.new; g.new = f.old
            g.oldIsOpaque = f.newIsOpaque; g.newIsOpaque = f.oldIsOpaque
            g.progress = 1 - f.progress
            if f.progress >= 1 { canvas.draw(f.new, transform: f.imageTransform(f.new), opacity: f.opacity); return }
        }
        curl.draw(g, in: canvas)
    }
}
