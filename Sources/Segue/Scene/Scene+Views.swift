// Scene views: a screen built as ordinary views (View, Label, Button, ImageView) at any window size.
// Frames are design points mapped to the window — stretched per axis (layout "stretch") or by one
// uniform scale (layout "scale", the screen then has extra design points on its longer side); text
// sizes, corner radii and shadows follow the smaller ratio so nothing distorts. Expressions in frames
// are evaluated in the space the element lives in (the screen, or a grid cell), and every frame is
// rounded to whole pixels (`pixelAligned`). Generated pictures are made at the size they are drawn.
// Buttons and taps hand their action to SceneRunner; a screen whose tap presents also presents under
// a dragging finger (SceneDragPresenter).

extension Scene {
    /// The named screen as a full-size view, or nil for an unknown name.
    @MainActor public func view(forScreen name: String, size: Size) -> View? {
        guard let screen = screen(named: name) else { return nil }
        let sx = size.width / designSize.width, sy = size.height / designSize.height
        let s = min(sx, sy)
        // Pixels per design point on each axis.
        let kx = max(1e-6, layout == .scale ? s : sx), ky = max(1e-6, layout == .scale ? s : sy)

        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = screen.background
        if let picture = screen.backgroundPicture {
            let v = ImageView(frame: root.bounds)
            v.image = SceneViewBuilder.image(picture, size: size, index: 0)
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
        // The unit that makes the status bar's clock `statusBarSize` design points (17 by default).
        let k = DemoKit(size: size, unit: screen.statusBarSize / 1.9 * s)
        if let title = screen.title {
            root.addSubview(k.label(title, x: 16 * kx, y: 52 * ky, width: size.width - 32 * kx, size: 34 * s / k.u,
                                    weight: .bold, color: screen.titleColor))
        }
        let builder = SceneViewBuilder(kx: kx, ky: ky, s: s, kit: k)
        builder.build(screen.elements, into: root, offset: .zero, space: Size(width: size.width / kx, height: size.height / ky), index: 0)
        // The status bar lies over everything, as on iOS.
        if screen.statusBar { k.statusBar(into: root, dark: screen.statusBarLight ?? screen.background.isDark) }
        return root
    }
}

/// Places elements of one screen: design points → pixels, expressions → numbers, cards and grids → views.
@MainActor
final class SceneViewBuilder {
    let kx, ky, s: Double
    let kit: DemoKit
    /// Most views one screen builds: repeating grids (nested ones multiply) stop there.
    static let maxViews = 20_000
    private(set) var built = 0

    init(kx: Double, ky: Double, s: Double, kit: DemoKit) {
        self.kx = kx; self.ky = ky; self.s = s; self.kit = kit
    }

    /// The frame in pixels inside a space of `space` design points (height nil when not given).
    func place(_ f: Scene.Frame, in space: Size) -> (rect: Rect, hasHeight: Bool) {
        let r = Scene.maxReach
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { min(max(v, lo), hi) }
        let x = clamp(f.x.value(in: space, horizontal: true, pixel: 1 / kx), -r * space.width, (r + 1) * space.width)
        let y = clamp(f.y.value(in: space, horizontal: false, pixel: 1 / ky), -r * space.height, (r + 1) * space.height)
        let w = clamp(f.width.value(in: space, horizontal: true, pixel: 1 / kx), 0, 2 * r * space.width)
        let h = clamp(f.height?.value(in: space, horizontal: false, pixel: 1 / ky) ?? 0, 0, 2 * r * space.height)
        return (Rect(x: x * kx, y: y * ky, width: w * kx, height: h * ky), f.height != nil)
    }

    /// `r` with its edges rounded to whole pixels, as UIKit's layout rounds frames to the pixel grid.
    /// Neighbours' shared edges round alike, so cells tile without seams or overlaps; a picture made at
    /// its frame's size is drawn one texel a pixel (a copy, where at a fractional frame every pixel
    /// was resampled and its edges blended), and lines and text sit crisply on the pixels. A side
    /// thinner than a pixel keeps one (a hairline does not vanish); an empty one stays empty. (Not
    /// `Rect.integral`, which rounds outward, CGRect's way: neighbours would overlap by a pixel.)
    static func pixelAligned(_ r: Rect) -> Rect {
        func edges(_ lo: Double, _ hi: Double) -> (Double, Double) {
            let a = lo.rounded(), b = hi.rounded()
            return (a, hi > lo ? max(b, a + 1) : a)
        }
        let (x0, x1) = edges(r.minX, r.maxX), (y0, y1) = edges(r.minY, r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Builds `elements` into `parent`; `offset` is where the space's origin lies in the parent (pixels);
    /// `index` is the grid cell the elements belong to (generated pictures vary with it).
    func build(_ elements: [Scene.Element], into parent: View, offset: Point, space: Size, index: Int) {
        for e in elements {
            guard built < Self.maxViews else { return }
            built += 1
            var (r, hasHeight) = place(e.frame, in: space)
            r.origin.x += offset.x
            r.origin.y += offset.y
            r = Self.pixelAligned(r)
            switch e.kind {
            case .label(let text, let pt, let weight, let color, let align, let lines):
                let font = e.fontFamily.map { Font.font(family: $0, size: pt * s, weight: weight) } ?? Font.systemFont(ofSize: pt * s, weight: weight)
                if !hasHeight { r = Self.pixelAligned(Rect(x: r.minX, y: r.minY, width: r.width, height: font.lineHeight * Double(max(1, lines)) + 2)) }
                let l = Label(frame: r)
                l.text = text
                l.font = font
                l.textColor = color
                l.textAlignment = align
                l.numberOfLines = lines
                parent.addSubview(l)
            case .button(let title, let pt, let color, let fill, let weight, let action):
                let b = kit.button(title, frame: r, fill: fill, titleColor: color, size: pt * s / kit.u, weight: weight)
                if let family = e.fontFamily { b.titleLabel?.font = Font.font(family: family, size: pt * s, weight: weight) }
                if let action { b.addAction(for: .touchUpInside) { [weak b] in if let b { SceneRunner.perform(action, from: b) } } }
                parent.addSubview(b)
            case .card(let color, let radius, let shadow, let inner):
                let c = kit.box(r, color: color, radius: radius * s)
                if let shadow {
                    c.layer.shadowOpacity = shadow.opacity
                    c.layer.shadowRadius = shadow.radius * s
                    c.layer.shadowOffset = Size(width: shadow.offset.width * s, height: shadow.offset.height * s)
                }
                apply(e.border, to: c)
                parent.addSubview(c)
                // Children are framed in the card's space too (the screen or the cell); placed relative to the card.
                build(inner, into: c, offset: Point(x: offset.x - r.origin.x, y: offset.y - r.origin.y), space: space, index: index)
            case .image(let picture, let radius, let fit):
                let v = ImageView(frame: r)
                v.image = Self.image(picture, size: r.size, index: index)
                v.contentMode = fit ? .scaleAspectFit : .scaleAspectFill
                v.layer.cornerRadius = radius * s
                v.clipsToBounds = true
                apply(e.border, to: v)
                parent.addSubview(v)
            case .grid(let g):
                let container = View(frame: r)
                container.clipsToBounds = g.clip
                parent.addSubview(container)
                layOut(g, in: container, size: Size(width: r.width / kx, height: r.height / ky))
            }
        }
    }

    func apply(_ border: Scene.Border?, to v: View) {
        guard let border else { return }
        v.layer.borderWidth = border.width * s
        v.layer.borderColor = border.color
    }

    /// Rows of cells inside a grid of `size` design points; cells past the bottom are left out (or cut).
    func layOut(_ g: Scene.Grid, in container: View, size: Size) {
        guard size.width > 0, size.height > 0 else { return }
        var columns = g.columns ?? g.cellWidth.map { Int(min(Double(SceneDecoder.maxGridColumns), (size.width / $0).rounded())) } ?? 1
        columns = min(SceneDecoder.maxGridColumns, max(g.minColumns, columns))
        let cellW = (size.width - g.gap * Double(columns - 1)) / Double(columns)
        let cellH = g.squareCells ? cellW : g.cellHeight?.value(in: size, horizontal: false, pixel: 1 / ky) ?? size.height
        // Cells smaller than a pixel would only multiply views.
        guard cellW * kx >= 0.5, cellH * ky >= 0.5 else { return }
        let total = g.repeats ? (g.count ?? SceneDecoder.maxGridCells) : min(g.count ?? g.cells.count, g.cells.count)
        let tolerance = 1e-6 * size.height
        for i in 0..<total where built < Self.maxViews {
            let row = i / columns, column = i % columns
            let y = Double(row) * (cellH + g.gap)
            if y >= size.height - tolerance || (!g.clip && y + cellH > size.height + tolerance) { break }
            let x = Double(column) * (cellW + g.gap)
            build(g.cells[i % g.cells.count], into: container, offset: Point(x: x * kx, y: y * ky),
                  space: Size(width: cellW, height: cellH), index: i)
        }
    }

    /// The picture as an image for a frame of `size` pixels. Gradients are made at a quarter of a large
    /// frame's size and scaled up (smooth either way, 16× fewer pixels to compute).
    static func image(_ p: Scene.Picture, size: Size, index: Int) -> Image {
        switch p {
        case .file(let image): return image
        case .landscape(let style, let seed, let step):
            let n = seed + step * index
            let styles = Image.HeroStyle.allCases
            return Image.hero(size: size, style: style ?? styles[n % styles.count], seed: UInt64(n))
        case .gradient(let colors, let locations, let start, let end):
            let f = max(size.width, size.height) > 256 ? 4.0 : 1.0
            return Image.linearGradient(size: Size(width: max(2, size.width / f), height: max(2, size.height / f)), colors: colors,
                                        locations: locations, startPoint: start, endPoint: end)
        }
    }
}

extension Color {
    /// Whether white text reads better than black on this colour (relative luminance below one half).
    var isDark: Bool { alpha > 0.5 && 0.2126 * red + 0.7152 * green + 0.0722 * blue < 0.5 }
}
