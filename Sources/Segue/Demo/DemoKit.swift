// Small builders the demo's code-built views share (home screen, floating controls, scene screens' status
// bar and pills): one place that knows how a label, a pill button or the status bar is styled, so every
// screen looks like it belongs to one app. The demo screens themselves are data (Assets/scenes/demo.scene.json).

@MainActor
struct DemoKit {
    /// The layout unit: a hundredth of the shorter side, so screens scale to any window.
    let u: Double
    let size: Size

    init(size: Size) {
        self.size = size
        u = min(size.width, size.height) / 100
    }

    /// A kit with its own unit (scene files scale their design to the window).
    init(size: Size, unit: Double) {
        self.size = size
        u = unit
    }

    func label(_ text: String, x: Double, y: Double, width: Double, size: Double, weight: Font.Weight = .regular,
               color: Color = .label, align: TextAlignment = .left, lines: Int = 1) -> Label {
        let font = Font.systemFont(ofSize: size * u, weight: weight)
        let l = Label(frame: Rect(x: x, y: y, width: width, height: font.lineHeight * Double(max(1, lines)) + 2))
        l.text = text
        l.font = font
        l.textColor = color
        l.textAlignment = align
        l.numberOfLines = lines
        return l
    }

    func button(_ title: String, frame: Rect, fill: Color? = nil, titleColor: Color = .systemBlue,
                size: Double = 2.2, weight: Font.Weight = .semibold) -> Button {
        let b = Button(type: fill == nil ? .system : .custom)
        b.frame = frame
        b.setTitle(title, for: .normal)
        b.setTitleColor(titleColor, for: .normal)
        b.titleLabel?.font = Font.systemFont(ofSize: size * u, weight: weight)
        if let fill {
            b.backgroundColor = fill
            b.layer.cornerRadius = min(frame.height / 2, 1.6 * u)
        }
        return b
    }

    func box(_ frame: Rect, color: Color?, radius: Double = 0) -> View {
        let v = View(frame: frame)
        v.backgroundColor = color
        v.layer.cornerRadius = radius
        return v
    }

    /// The iOS status bar: time on the left, a battery on the right.
    func statusBar(into v: View, dark: Bool = false) {
        let c: Color = dark ? .white : .black
        v.addSubview(label("9:41", x: 3 * u, y: 0.8 * u, width: 12 * u, size: 1.9, weight: .semibold, color: c))
        let battery = box(Rect(x: size.width - 7.5 * u, y: 1.3 * u, width: 4.2 * u, height: 2 * u), color: nil, radius: 0.5 * u)
        battery.layer.borderWidth = max(1, 0.18 * u)
        battery.layer.borderColor = c.withAlphaComponent(0.45)
        battery.addSubview(box(Rect(x: 0.35 * u, y: 0.35 * u, width: 3.0 * u, height: 1.3 * u), color: c, radius: 0.25 * u))
        v.addSubview(battery)
        v.addSubview(box(Rect(x: size.width - 3.2 * u, y: 1.9 * u, width: 0.35 * u, height: 0.8 * u), color: c.withAlphaComponent(0.45), radius: 0.15 * u))
    }
}
