// CONTRACT (owned by the controllers/gestures work): pointer input → touches and recognizers. Placeholder.

@MainActor
enum EventDispatch {
    static func pointer(_ window: Window, _ phase: PointerPhase, at point: Point) {}
}
