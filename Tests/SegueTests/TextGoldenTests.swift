// Golden images of text and content views. The first is drawn straight into a Bitmap (fonts, hinting,
// subpixel placement, blending); the second goes through a Window and the compositor (labels, buttons,
// an image view, a pill button's rounded fill). Regenerate with SEGUE_UPDATE_GOLDENS=1 and look first.
import Testing
@testable import Segue

@MainActor @Suite struct TextGoldenTests {
    @Test func textSizesWeightsAndAlignment() throws {
        let b = Bitmap(width: 320, height: 210, fill: 0xFFFF_FFFF)
        var y = 6.0
        let lines: [(Font, String, TextAlignment, Color)] = [
            (.systemFont(ofSize: 11), "Caption 11 · The quick brown fox jumps", .left, .secondaryLabel),
            (.systemFont(ofSize: 15), "Body 15 — AVA To Wa kerning", .left, .label),
            (.systemFont(ofSize: 17, weight: .semibold), "Headline 17 gypq", .center, .systemBlue),
            (.boldSystemFont(ofSize: 28), "Title 28", .right, .label),
            (.systemFont(ofSize: 15), "转场动画 · Переход", .left, .systemRed),
        ]
        for (font, text, alignment, color) in lines {
            let layout = TextLayout(text: text, font: font, maxWidth: 300)
            layout.draw(into: b, in: Rect(x: 10, y: y, width: 300, height: layout.size.height), alignment: alignment, color: color)
            y += layout.size.height + 4
        }
        let wrapped = TextLayout(text: "Wrapped into two lines and then cut off with an ellipsis at the end",
                                 font: .systemFont(ofSize: 13), maxWidth: 180, numberOfLines: 2)
        wrapped.draw(into: b, in: Rect(x: 10, y: y, width: 180, height: 40), color: .darkGray)
        try expectGolden(b, "Content/text-sizes")
    }

    @Test func contentViewsThroughTheCompositor() throws {
        let w = Window(size: Size(width: 320, height: 240))
        let root = View(frame: w.bounds)
        root.backgroundColor = .secondarySystemBackground
        w.addSubview(root)
        let image = ImageView(frame: Rect(x: 0, y: 0, width: 320, height: 90))
        image.image = .linearGradient(size: Size(width: 160, height: 45), colors: [.systemIndigo, .systemTeal],
                                      startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
        image.contentMode = .scaleToFill
        root.addSubview(image)
        let title = Label(text: "Settings", font: .boldSystemFont(ofSize: 24), textColor: .white)
        title.frame.origin = Point(x: 16, y: 50)
        root.addSubview(title)
        let body = Label(frame: Rect(x: 16, y: 98, width: 288, height: 40))
        body.numberOfLines = 2
        body.font = .systemFont(ofSize: 13)
        body.textColor = .secondaryLabel
        body.text = "Labels wrap by words, centre vertically and end in an ellipsis when the text does not fit."
        root.addSubview(body)
        let link = Button(type: .system)
        link.setTitle("Push", for: .normal)
        link.frame = Rect(x: 16, y: 142, width: 60, height: 30)
        root.addSubview(link)
        let pressed = Button(type: .system)
        pressed.setTitle("Modal", for: .normal)
        pressed.frame = Rect(x: 90, y: 142, width: 60, height: 30)
        pressed.isHighlighted = true
        root.addSubview(pressed)
        let pill = Button(type: .system)
        pill.setTitle("Continue", for: .normal)
        pill.setTitleColor(.white, for: .normal)
        pill.titleLabel?.font = .systemFont(ofSize: 16, weight: .semibold)
        pill.backgroundColor = .systemBlue
        pill.layer.cornerRadius = 12
        pill.frame = Rect(x: 16, y: 184, width: 288, height: 44)
        root.addSubview(pill)
        try expectGolden(w.renderedBitmap(), "Content/content-views", tolerance: 3)
    }
}
