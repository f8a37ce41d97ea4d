// ImageView: UIImageView's shape. The image's bitmap becomes `layer.contents` as is and the content
// mode becomes the layer's contents gravity, so nothing is re-rasterized: the compositor scales the
// same pixels for every frame and every size. Template images (symbols) are filled with the tint colour
// once per (image, tint).

extension View {
    /// How a view's content fills its bounds (UIView.ContentMode's shape, the modes layers can show).
    public enum ContentMode: Sendable, Hashable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, center

        var contentsGravity: ContentsGravity {
            switch self {
            case .scaleToFill: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            }
        }
    }
}

@MainActor
open class ImageView: View {
    open var image: Image? { didSet { if image !== oldValue { apply() } } }
    open var contentMode: ContentMode = .scaleToFill { didSet { apply() } }

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        apply()
    }

    /// An image view sized to `image`.
    public convenience init(image: Image?) {
        self.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        apply()  // observers do not run inside the class's own initializers
    }

    /// The tinted copy of a template image, kept while the image and tint stay the same.
    private var tinted: (image: Image, tint: Color, bitmap: Bitmap)?

    private func apply() {
        layer.contentsGravity = contentMode.contentsGravity
        var bitmap = image?.bitmap
        if let image, image.isTemplate {
            let tint = tintColor ?? .systemBlue
            if let t = tinted, t.image === image, t.tint == tint { bitmap = t.bitmap } else {
                let b = image.withTintColor(tint).bitmap
                tinted = (image, tint, b)
                bitmap = b
            }
        } else {
            tinted = nil
        }
        if layer.contents !== bitmap { layer.contents = bitmap }
    }

    open override func tintColorDidChange() { apply() }
    open override func didMoveToSuperview() { if image?.isTemplate == true { apply() } }

    open override func updateContents() { apply() }

    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? bounds.size }
}
