import Testing
@testable import Segue

@Test func scratchRenderText() throws {
    let b = Bitmap(width: 420, height: 260, fill: 0xffffffff)
    var y = 4.0
    for (font, text) in [(Font.systemFont(ofSize: 12), "The quick brown fox jumps over the lazy dog. AVA To Wa"),
                         (Font.systemFont(ofSize: 15), "Push Modal — Back · 转场动画 Переход"),
                         (Font.systemFont(ofSize: 17, weight: .semibold), "Semibold 17: Settings gypq"),
                         (Font.boldSystemFont(ofSize: 28), "Bold 28 Typography"),
                         (Font.systemFont(ofSize: 34), "Large Title jÅ")] {
        let l = TextLayout(text: text, font: font, maxWidth: 410)
        l.draw(into: b, in: Rect(x: 5, y: y, width: 410, height: 100), color: .black)
        y += l.size.height + 4
        print(font, font.ascender, font.descender, font.lineHeight, font.hasKerning, l.size)
    }
    let wrap = TextLayout(text: "Wrapping text into a narrow column, with a limit of two lines and an ellipsis.", font: .systemFont(ofSize: 13), maxWidth: 200, numberOfLines: 2)
    wrap.draw(into: b, in: Rect(x: 5, y: y, width: 200, height: 60), alignment: .center, color: .systemBlue)
    print(wrap.lines.map(\.text))
    try PNG.write(b, to: "/tmp/rs/text.png")
}
@Test func scratchHero() throws {
    for st in Image.HeroStyle.allCases {
        try PNG.write(Image.hero(size: Size(width: 390, height: 260), style: st).bitmap, to: "/tmp/rs/hero-\(st).png")
    }
    try PNG.write(Image.linearGradient(size: Size(width: 300, height: 200), colors: [.systemPink, .systemIndigo], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)).bitmap, to: "/tmp/rs/lin.png")
    try PNG.write(Image.radialGradient(size: Size(width: 300, height: 200), colors: [.white, .systemTeal, .clear]).bitmap, to: "/tmp/rs/rad.png")
}
@MainActor func flatten(_ v: View, into b: Bitmap, at o: Point) {
    let f = v.frame
    let origin = Point(x: o.x + f.minX, y: o.y + f.minY)
    if v.isHidden { return }
    if let bg = v.backgroundColor {
        let p = bg.premultipliedPixel
        for y in max(0, Int(origin.y))..<min(b.height, Int(origin.y + f.height)) { for x in max(0, Int(origin.x))..<min(b.width, Int(origin.x + f.width)) { b[x, y] = blendPx(p, b[x, y]) } }
    }
    if let c = v.layer.contents {
        let a = UInt32(v.alpha * 255)
        for y in 0..<c.height { for x in 0..<c.width {
            let X = Int(origin.x) + x, Y = Int(origin.y) + y
            guard X >= 0, Y >= 0, X < b.width, Y < b.height else { continue }
            var s = c[x, y]
            if a < 255 { s = scalePx(s, a) }
            b[X, Y] = blendPx(s, b[X, Y]) } }
    }
    for s in v.subviews { flatten(s, into: b, at: origin) }
}
func scalePx(_ p: UInt32, _ a: UInt32) -> UInt32 { var r: UInt32 = 0; for s in stride(from: 0, through: 24, by: 8) { r |= (((p >> UInt32(s)) & 0xff) * a / 255) << UInt32(s) }; return r }
func blendPx(_ s: UInt32, _ d: UInt32) -> UInt32 { let ia = 255 - (s >> 24); var r: UInt32 = 0; for sh in stride(from: 0, through: 24, by: 8) { r |= (((s >> UInt32(sh)) & 0xff) + ((d >> UInt32(sh)) & 0xff) * ia / 255) << UInt32(sh) }; return r }

@MainActor @Test func scratchViews() throws {
    let root = View(frame: Rect(x: 0, y: 0, width: 390, height: 420))
    root.backgroundColor = .white
    let hero = ImageView(image: .hero(size: Size(width: 390, height: 160), style: .dawn))
    root.addSubview(hero)
    let title = Label(text: "Transitions", font: .boldSystemFont(ofSize: 34))
    title.frame.origin = Point(x: 16, y: 170); root.addSubview(title)
    let body = Label(frame: Rect(x: 16, y: 215, width: 358, height: 80))
    body.font = .systemFont(ofSize: 15); body.textColor = .secondaryLabel; body.numberOfLines = 3
    body.text = "Segue brings UIKit-style custom view-controller transitions to Linux: present, push, percent-driven interactive pops and the private CATransition effects, rendered by a software compositor."
    root.addSubview(body)
    let push = Button(type: .system); push.setTitle("Push", for: .normal); push.frame = Rect(x: 140, y: 300, width: 40, height: 40); root.addSubview(push)
    let pill = Button(type: .system); pill.setTitle("Continue", for: .normal); pill.setTitleColor(.white, for: .normal)
    pill.backgroundColor = .systemBlue; pill.layer.cornerRadius = 12; pill.frame = Rect(x: 16, y: 350, width: 358, height: 50); root.addSubview(pill)
    let hl = Button(type: .system); hl.setTitle("Modal", for: .normal); hl.frame = Rect(x: 265, y: 300, width: 50, height: 50); hl.isHighlighted = true; root.addSubview(hl)
    root.layoutIfNeeded(); root.displayIfNeeded()
    let b = Bitmap(width: 390, height: 420, fill: 0xffffffff)
    flatten(root, into: b, at: .zero)
    try PNG.write(b, to: "/tmp/rs/views.png")
    print(push.intrinsicContentSize, title.frame, body.isTruncated, pill.titleLabel!.frame)
}
@Test func scratchDebug() {
    let f = Font.systemFont(ofSize: 20)
    for s in ["AV", "A", "V", "To", "T", "o", "a\tb", "a", "b", " "] { print(s.debugDescription, TextLayout(text: s, font: f).size.width, TextLayout(text: s, font: f).lines[0].glyphs.map(\.x)) }
    let a = FontRegistry.shared.face(for: "A", primary: f.face), v = FontRegistry.shared.face(for: "V", primary: f.face)
    print("kern", FontRegistry.shared.kerning(face: f.face, size: 20, left: a.glyph, right: v.glyph))
}
@Test func scratchDebug2() {
    let font = Font.systemFont(ofSize: 17)
    let big = Bitmap(width: 140, height: 60)
    TextLayout(text: "Ågypsy jq", font: font).draw(into: big, in: Rect(x: 20, y: 20, width: 100, height: 30), color: .label)
    print("ink", TextDrawingTests.ink(big)!, font.size(of: "Ågypsy jq"), 20 + font.ascender)
}
@MainActor @Test func scratchDebug3() {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let c = Control(frame: Rect(x: 100, y: 100, width: 100, height: 44))
    root.addSubview(c)
    let t = Touch(phase: .began, timestamp: 0, view: c, window: nil, location: Point(x: 160, y: 125))
    print("loc", t.location(in: c), c.bounds, c.bounds.insetBy(dx: -70, dy: -70), c.layer.transformToRoot)
}
@MainActor @Test func scratchWindow() throws {
    let w = Window(size: Size(width: 390, height: 500))
    let root = View(frame: w.bounds); root.backgroundColor = .systemBackground; w.addSubview(root)
    let hero = ImageView(frame: Rect(x: 0, y: 0, width: 390, height: 180)); hero.image = .hero(size: Size(width: 260, height: 200), style: .dusk); hero.contentMode = .scaleAspectFill; hero.clipsToBounds = true
    root.addSubview(hero)
    let title = Label(text: "Transitions", font: .boldSystemFont(ofSize: 34)); title.frame.origin = Point(x: 16, y: 190); root.addSubview(title)
    let body = Label(frame: Rect(x: 16, y: 235, width: 358, height: 80)); body.numberOfLines = 0; body.font = .systemFont(ofSize: 15); body.textColor = .secondaryLabel
    body.text = "Segue brings UIKit-style custom view-controller transitions to Linux: present, push, percent-driven interactive pops."
    root.addSubview(body)
    let push = Button(type: .system); push.setTitle("Push", for: .normal); push.frame = Rect(x: 140, y: 320, width: 40, height: 40); root.addSubview(push)
    let pill = Button(type: .system); pill.setTitle("Continue", for: .normal); pill.setTitleColor(.white, for: .normal)
    pill.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
    pill.backgroundColor = .systemBlue; pill.layer.cornerRadius = 14; pill.frame = Rect(x: 16, y: 420, width: 358, height: 52); root.addSubview(pill)
    let grad = ImageView(image: .linearGradient(size: Size(width: 100, height: 40), colors: [.systemPink, .systemOrange], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
    grad.frame = Rect(x: 16, y: 370, width: 100, height: 40); grad.layer.cornerRadius = 20; grad.clipsToBounds = true; root.addSubview(grad)
    let c = Label(text: "Centered", font: .systemFont(ofSize: 13)); c.frame = Rect(x: 16, y: 370, width: 100, height: 40); c.textAlignment = .center; c.textColor = .white; root.addSubview(c)
    try PNG.write(w.renderedBitmap(), to: "/tmp/rs/window.png")
}
import Foundation
@MainActor @Test func scratchBench() {
    func time(_ name: String, _ n: Int = 1, _ f: () -> Void) {
        let t0 = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<n { f() }
        print("BENCH", name, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6 / Double(n), "ms")
    }
    let size = Size(width: 1920, height: 1080)
    time("hero 1080p", 3) { _ = Image.hero(size: size, style: .dusk) }
    time("linear 1080p", 3) { _ = Image.linearGradient(size: size, colors: [.red, .blue, .green]) }
    time("radial 1080p", 3) { _ = Image.radialGradient(size: size, colors: [.white, .black]) }
    let text = "Segue brings UIKit-style custom view-controller transitions to Linux: present, push, percent-driven interactive pops and the private CATransition effects."
    let f = Font.systemFont(ofSize: 15)
    time("layout paragraph", 200) { _ = TextLayout(text: text, font: f, maxWidth: 358) }
    let b = Bitmap(width: 400, height: 200)
    let l = TextLayout(text: text, font: f, maxWidth: 358)
    time("draw paragraph", 200) { l.draw(into: b, in: Rect(x: 0, y: 0, width: 358, height: 200), color: .black) }
    let label = Label(frame: Rect(x: 0, y: 0, width: 358, height: 100)); label.numberOfLines = 0; label.text = text
    time("label update", 200) { label.updateContents() }
    time("first glyphs 40pt", 1) { _ = TextLayout(text: "QWERTYUIOPASDFGHJKLZXCVBNM", font: .systemFont(ofSize: 41)).draw(into: b, in: Rect(x: 0, y: 0, width: 400, height: 100), color: .black) }
}
@MainActor @Test func scratchIntegration() {
    let w = Window(size: Size(width: 300, height: 300))
    let b = Button(type: .system); b.setTitle("Tap", for: .normal); b.frame = Rect(x: 100, y: 100, width: 80, height: 40)
    w.addSubview(b)
    var log: [String] = []
    b.addAction(for: .touchUpInside) { log.append("up") }
    b.addAction(for: .touchDown) { log.append("down") }
    w.pointerDown(at: Point(x: 120, y: 110)); print("HL", b.isHighlighted)
    w.pointerMoved(to: Point(x: 125, y: 115))
    w.pointerUp(at: Point(x: 125, y: 115))
    print("INTEG", log, b.isHighlighted)
}
@Test func scratchGlyphs() throws {
    let f = Font.systemFont(ofSize: 30)
    let cands = "❮❯‹›〈〉✕✖✓✔★☆♥♡●○⚙☰⌂✉☎♫←→↑↓⬅➡⬆⬇➕➖✚⊕⊗⚲⌕☀☁☂⚑⚐✎✏⌫⏎⟲⟳↻↺⋯…▶◀▲▼⏸⏵⏯⏹◉◎♪☑☒✗✘⚠ⓘ❤⌘⚡⬤"
    var have = "", miss = ""
    for s in cands.unicodeScalars {
        let (face, g) = FontRegistry.shared.face(for: s, primary: f.face)
        if g != 0 && face == f.face { have.unicodeScalars.append(s) } else { miss.unicodeScalars.append(s) }
    }
    print("HAVE", have); print("MISS", miss)
    let b = Bitmap(width: 800, height: 50, fill: 0xffffffff)
    TextLayout(text: have, font: f).draw(into: b, in: Rect(x: 0, y: 5, width: 800, height: 40), color: .black)
    try PNG.write(b, to: "/tmp/rs/glyphs.png")
}
@MainActor @Test func scratchNavBar() throws {
    let w = Window(size: Size(width: 390, height: 140))
    let bar = View(frame: Rect(x: 0, y: 0, width: 390, height: 88)); bar.backgroundColor = Color(hex: 0xF9F9F9); w.addSubview(bar)
    let back = Button(type: .system); back.setImage(Image(systemName: "chevron.left", pointSize: 17), for: .normal); back.setTitle("Back", for: .normal); back.imageTitleSpacing = 4
    back.titleLabel?.font = .systemFont(ofSize: 17)
    back.frame = Rect(x: 4, y: 44, width: 80, height: 44); bar.addSubview(back)
    let t = Label(text: "Settings", font: .systemFont(ofSize: 17, weight: .semibold)); t.center = Point(x: 195, y: 66); bar.addSubview(t)
    let icons = ["star.fill", "heart.fill", "gearshape", "house", "envelope", "xmark", "checkmark", "plus", "ellipsis", "arrow.clockwise"]
    for (i, n) in icons.enumerated() { let v = ImageView(image: Image(systemName: n, pointSize: 22)); v.center = Point(x: 25 + Double(i) * 37, y: 112); w.addSubview(v) ; if i % 3 == 1 { v.tintColor = .systemPink } }
    w.backgroundColor = .white
    try PNG.write(w.renderedBitmap(), to: "/tmp/rs/nav.png")
}
@Test func scratchExtents() {
    for size in [13.0, 17.0, 24.0] {
        let f = Font.systemFont(ofSize: size)
        var over: [String] = [], under: [String] = []
        let asc = Int(f.ascender.rounded()), desc = Int((-f.descender).rounded())
        for v in Array(0x20...0x7E) + Array(0xC0...0x17F) + Array(0x410...0x44F) + [0x8F6C, 0x573A, 0x3002] {
            let s = Unicode.Scalar(UInt32(v))!
            let (face, g) = FontRegistry.shared.face(for: s, primary: f.face)
            guard let img = FontRegistry.shared.glyphImage(face: face, size: size, glyph: g, phase: 0), img.height > 0 else { continue }
            if img.top > asc { over.append("\(Character(s))+\(img.top - asc)") }
            if img.height - img.top > desc { under.append("\(Character(s))+\(img.height - img.top - desc)") }
        }
        print("EXT", size, asc, desc, "over:", over.joined(separator: " "), "under:", under.joined(separator: " "))
    }
}
@Test func scratchOvershoot() {
    for size in [11.0, 13.0, 15.0, 17.0, 24.0, 34.0] {
        let m = Font.systemFont(ofSize: size).metrics
        print("OVR", size, m.ascender, m.descender, m.overshootTop)
    }
}
