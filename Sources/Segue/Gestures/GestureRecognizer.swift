// CONTRACT (owned by the controllers/gestures work): UIGestureRecognizer's shape. Placeholder.

@MainActor
open class GestureRecognizer {
    public init() {}
}
