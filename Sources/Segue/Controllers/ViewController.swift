// CONTRACT (owned by the controllers work): UIViewController's shape. Placeholder.

@MainActor
open class ViewController {
    public init() {}
}
