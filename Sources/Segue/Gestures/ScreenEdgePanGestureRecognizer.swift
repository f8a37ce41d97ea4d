// ScreenEdgePanGestureRecognizer (UIScreenEdgePanGestureRecognizer): a pan that starts within 20 pt of
// one of `edges` of the window and moves away from that edge (a drag along the edge fails).

@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    open var edges: RectEdge = []
    /// How close to the edge the touch must go down (points).
    public static let edgeWidth = 20.0

    private var startEdges: RectEdge = []

    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        super.touchesBegan(touches, with: event)
        guard let t = touches.first, let w = t.window ?? view?.window else { state = .failed; return }
        let p = t.locationInWindow, b = w.bounds, e = Self.edgeWidth
        var near: RectEdge = []
        if p.x - b.minX <= e { near.insert(.left) }
        if b.maxX - p.x <= e { near.insert(.right) }
        if p.y - b.minY <= e { near.insert(.top) }
        if b.maxY - p.y <= e { near.insert(.bottom) }
        startEdges = near.intersection(edges)
        if startEdges.isEmpty { state = .failed }
    }

    override func shouldBeginPanning(movement d: Point) -> Bool {
        let horizontal = abs(d.x) >= abs(d.y)
        if startEdges.contains(.left), horizontal, d.x > 0 { return true }
        if startEdges.contains(.right), horizontal, d.x < 0 { return true }
        if startEdges.contains(.top), !horizontal, d.y > 0 { return true }
        if startEdges.contains(.bottom), !horizontal, d.y < 0 { return true }
        return false
    }

    open override func reset() {
        super.reset()
        startEdges = []
    }
}
