// HUD: the viewer's overlay for people who study motion — frame time, fps, dropped frames, the running
// transition's name and progress, and its timing curve (or spring) with the current point moving
// along it; plus the key help. It is a small Segue view tree of its own, rendered into its own bitmap
// and blended over the frame, so it never disturbs the scene's layers or damage.
import Foundation
import Segue

@MainActor
final class HUD {
    var isVisible = false
    var showsHelp = false
    var paused = false
    var rate = 1.0

    private weak var scene: Window?
    private let panel = Window(size: Size(width: 360, height: 188))
    private let help = Window(size: Size(width: 460, height: 250))
    private let lines: [Label]
    private let graph = ImageView(frame: Rect(x: 238, y: 60, width: 108, height: 108))
    private var frameTimes: [Double] = []
    private var frameStamps: [Double] = []
    private let clock = MonotonicClock()
    /// The overlays' own pixels, allocated once: the HUD redraws every frame while it is shown.
    private lazy var panelBitmap = Bitmap(width: Int(panel.bounds.width), height: Int(panel.bounds.height))
    private lazy var helpBitmap = Bitmap(width: Int(help.bounds.width), height: Int(help.bounds.height))

    init(window: Window) {
        scene = window
        panel.backgroundColor = Color(white: 0.08, alpha: 0.82)
        panel.layer.cornerRadius = 12
        lines = (0..<6).map { i in
            let l = Label(frame: Rect(x: 14, y: 12 + Double(i) * 27, width: 220, height: 22))
            l.font = Font.systemFont(ofSize: i == 0 ? 15 : 13, weight: i == 0 ? .semibold : .regular)
            l.textColor = i == 0 ? .white : Color(white: 0.85)
            return l
        }
        lines.forEach { panel.addSubview($0) }
        let title = Label(frame: Rect(x: 238, y: 12, width: 112, height: 40))
        title.font = Font.systemFont(ofSize: 11, weight: .medium)
        title.textColor = Color(white: 0.6)
        title.numberOfLines = 2
        title.text = "curve: eased\nfraction over time"
        panel.addSubview(title)
        panel.addSubview(graph)

        help.backgroundColor = Color(white: 0.08, alpha: 0.88)
        help.layer.cornerRadius = 14
        let heading = Label(frame: Rect(x: 20, y: 14, width: 420, height: 26))
        heading.font = Font.boldSystemFont(ofSize: 17)
        heading.textColor = .white
        heading.text = "Keys"
        help.addSubview(heading)
        for (i, k) in Viewer.keyHelp.enumerated() {
            let a = Label(frame: Rect(x: 20, y: 48 + Double(i) * 24, width: 120, height: 22))
            a.font = Font.systemFont(ofSize: 14, weight: .semibold); a.textColor = .systemYellow; a.text = k.0
            let b = Label(frame: Rect(x: 150, y: 48 + Double(i) * 24, width: 290, height: 22))
            b.font = Font.systemFont(ofSize: 14); b.textColor = Color(white: 0.9); b.text = k.1
            help.addSubview(a); help.addSubview(b)
        }
    }

    func update(frameTime: Double, dropped: Int, frames: Int, paused: Bool) {
        frameTimes.append(frameTime)
        if frameTimes.count > 120 { frameTimes.removeFirst(frameTimes.count - 120) }
        let now = clock.now
        frameStamps.append(now)
        frameStamps.removeAll { now - $0 > 1 }
        guard isVisible else { return }
        let sorted = frameTimes.sorted()
        let p50 = sorted[sorted.count / 2] * 1000
        let worst = (sorted.last ?? 0) * 1000
        lines[0].text = paused ? "PAUSED" : rate < 1 ? "SLOW MOTION ×\(Int((1 / rate).rounded()))" : "Live"
        lines[1].text = String(format: "frame %.2f ms (max %.1f)", p50, worst)
        lines[2].text = "\(frameStamps.count) fps · dropped \(dropped)"
        if let t = scene?.activeTransition {
            lines[3].text = t.name
            lines[4].text = String(format: "progress %3.0f %%", t.progress * 100)
            lines[5].text = String(format: "%.2f s of %.2f s", min(t.elapsed, t.duration), t.duration)
            graph.image = Image(bitmap: Self.plot(t.curve, at: t.progress, size: 108))
        } else {
            lines[3].text = "no transition"
            lines[4].text = "click or drag to play"
            lines[5].text = "\(frames) frames shown"
            graph.image = Image(bitmap: Self.plot(nil, at: 0, size: 108))
        }
    }

    func draw(into target: Bitmap) {
        let canvas = Canvas(target: target)
        if isVisible {
            let b = panelBitmap
            panel.render(into: b, background: .clear)
            canvas.draw(b, transform: Transform3D(translationX: Double(target.width) - panel.bounds.width - 16, y: 16, z: 0))
        }
        if showsHelp {
            let b = helpBitmap
            help.render(into: b, background: .clear)
            let x = ((Double(target.width) - help.bounds.width) / 2).rounded()
            let y = ((Double(target.height) - help.bounds.height) / 2).rounded()
            canvas.draw(b, transform: Transform3D(translationX: x, y: y, z: 0))
        }
    }

    /// The curve as a small plot: axes, the curve (linear when unknown), and the current point.
    static func plot(_ curve: ((Double) -> Double)?, at progress: Double, size: Int) -> Bitmap {
        let b = Bitmap(width: size, height: size, fill: Color(white: 1, alpha: 0.06).premultipliedPixel)
        let f = curve ?? { $0 }
        let pad = 10.0, span = Double(size) - 2 * pad
        // Values may overshoot (springs): map −0.25…1.25 to the plot's height.
        func y(_ v: Double) -> Double { pad + span * (1 - (v + 0.25) / 1.5) }
        let axis = Color(white: 1, alpha: 0.25).premultipliedPixel
        for i in 0..<size { b[i, Int(y(0))] = axis; b[i, Int(y(1))] = axis }
        func dot(_ x: Double, _ yy: Double, _ r: Double, _ color: Color) {
            for py in Int(yy - r - 1)...Int(yy + r + 1) where py >= 0 && py < size {
                for px in Int(x - r - 1)...Int(x + r + 1) where px >= 0 && px < size {
                    let d = ((Double(px) + 0.5 - x) * (Double(px) + 0.5 - x) + (Double(py) + 0.5 - yy) * (Double(py) + 0.5 - yy)).squareRoot()
                    let cover = min(1, max(0, r + 0.5 - d))
                    if cover > 0 {
                        let c = color.withAlphaComponent(color.alpha * cover).premultipliedPixel
                        let ia = 255 - (c >> 24)
                        var out: UInt32 = 0
                        for s in [0, 8, 16, 24] as [UInt32] {
                            let v = ((c >> s) & 0xff) + (((b[px, py] >> s) & 0xff) * ia + 127) / 255
                            out |= min(255, v) << s
                        }
                        b[px, py] = out
                    }
                }
            }
        }
        let steps = size * 3
        for i in 0...steps {
            let x = Double(i) / Double(steps)
            dot(pad + span * x, y(f(x)), 0.9, Color(hex: 0x64D2FF))
        }
        dot(pad + span * progress, y(f(progress)), 3.5, .systemYellow)
        return b
    }
}
