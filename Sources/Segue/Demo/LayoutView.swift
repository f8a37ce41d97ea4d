// A plain view that tells its owner when it lays out (the demo's controllers rebuild for new sizes).

@MainActor
final class LayoutView: View {
    var onLayout: (() -> Void)?
    override func layoutSubviews() {
        super.layoutSubviews()
        onLayout?()
    }
}
