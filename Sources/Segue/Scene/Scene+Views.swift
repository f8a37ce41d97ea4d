// Scene views: a screen built as ordinary views (View, Label, Button, ImageView) at any window size.
// Frames are design points stretched to the window on each axis; text sizes and corner radii follow
// the smaller ratio so type never distorts. Buttons and taps hand their action to SceneRunner; a screen
// whose tap presents also presents under a dragging finger (SceneDragPresenter).

extension Scene {
    /// The named screen as a full-size view, or nil for an unknown name.
    @MainActor public func view(forScreen name: String, size: Size) -> View? {
        guard let screen = screen(named: name) else { return nil }
        let sx = size.width / designSize.width, sy = size.height / designSize.height
        let s = min(sx, sy)
        func place(_ r: Rect) -> Rect { Rect(x: r.origin.x * sx, y: r.origin.y * sy, width: r.size.width * sx, height: r.size.height * sy) }

        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = screen.background
        if let image = screen.backgroundImage {
            let v = ImageView(frame: root.bounds)
            v.image = image
            v.contentMode = .scaleAspectFill
            v.clipsToBounds = true
            root.addSubview(v)
        }
        if let tap = screen.tap {
            // A clear full-screen button under everything else: the topmost hit wins, so buttons keep theirs.
            let b = Button(type: .custom)
            b.frame = root.bounds
            b.addAction(for: .touchUpInside) { [weak b] in if let b { SceneRunner.perform(tap, from: b) } }
            root.addSubview(b)
            if case .present(let target, let p) = tap {
                root.addGestureRecognizer(SceneDragPresenter(screen: target, presentation: p).recognizer(for: root))
            }
        }
        // The unit that makes the status bar iOS-sized in design points (its time 17 points).
        let k = DemoKit(size: size, unit: 17 / 1.9 * s)
        if screen.statusBar { k.statusBar(into: root, dark: screen.background.isDark) }
        if let title = screen.title {
            root.addSubview(k.label(title, x: 16 * sx, y: 52 * sy, width: size.width - 32 * sx, size: 34 * s / k.u,
                                    weight: .bold, color: screen.titleColor))
        }

        func build(_ elements: [Element], into parent: View, origin: Point) {
            for e in elements {
                var r = place(e.frame)
                r.origin.x -= origin.x
                r.origin.y -= origin.y
                switch e.kind {
                case .label(let text, let pt, let weight, let color, let align, let lines):
                    let l = Label(frame: r)
                    l.text = text
                    l.font = e.fontFamily.map { Font.font(family: $0, size: pt * s, weight: weight) } ?? Font.systemFont(ofSize: pt * s, weight: weight)
                    l.textColor = color
                    l.textAlignment = align
                    l.numberOfLines = lines
                    parent.addSubview(l)
                case .button(let title, let pt, let color, let fill, let weight, let action):
                    let b = k.button(title, frame: r, fill: fill, titleColor: color, size: pt * s / k.u, weight: weight)
                    if let family = e.fontFamily { b.titleLabel?.font = Font.font(family: family, size: pt * s, weight: weight) }
                    if let action { b.addAction(for: .touchUpInside) { [weak b] in if let b { SceneRunner.perform(action, from: b) } } }
                    parent.addSubview(b)
                case .card(let color, let radius, let shadow, let inner):
                    let c = k.box(r, color: color, radius: radius * s)
                    if shadow {
                        c.layer.shadowOpacity = 0.12
                        c.layer.shadowRadius = 10 * s
                        c.layer.shadowOffset = Size(width: 0, height: 3 * s)
                    }
                    parent.addSubview(c)
                    // Children are given in screen coordinates too; placed relative to the card.
                    build(inner, into: c, origin: Point(x: origin.x + r.origin.x, y: origin.y + r.origin.y))
                case .image(let image, let radius, let fit):
                    let v = ImageView(frame: r)
                    v.image = image
                    v.contentMode = fit ? .scaleAspectFit : .scaleAspectFill
                    v.layer.cornerRadius = radius * s
                    v.clipsToBounds = true
                    parent.addSubview(v)
                }
            }
        }
        build(screen.elements, into: root, origin: .zero)
        return root
    }
}

extension Color {
    /// Whether white text reads better than black on this colour (relative luminance below one half).
    var isDark: Bool { alpha > 0.5 && 0.2126 * red + 0.7152 * green + 0.0722 * blue < 0.5 }
}
