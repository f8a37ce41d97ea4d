// BenchPlot: the benchmark as a bar chart, drawn by Segue itself — p50 and p99 per transition, with the
// 1080p target lines (1.5 ms, 3 ms, 4 ms) — because people compare bars faster than tables.
import Segue

@MainActor
enum BenchPlot {
    static func draw(_ results: [BenchCommand.Result], size: (width: Int, height: Int)) -> Bitmap {
        let rowH = 26.0, left = 190.0, right = 40.0, top = 100.0
        let width = 1100.0
        let height = top + rowH * Double(results.count) + 60
        let window = Window(size: Size(width: width, height: height))
        window.backgroundColor = .white
        let maxMs = max(5, (results.map(\.p99_ms).max() ?? 5) * 1.1)
        let plotW = width - left - right
        func x(_ ms: Double) -> Double { left + plotW * min(ms, maxMs) / maxMs }
        func label(_ text: String, _ frame: Rect, size: Double = 13, weight: Font.Weight = .regular,
                   color: Color = .label, align: TextAlignment = .left) {
            let l = Label(frame: frame)
            l.text = text; l.font = Font.systemFont(ofSize: size, weight: weight); l.textColor = color; l.textAlignment = align
            window.addSubview(l)
        }
        label("segue bench — frame time per transition at \(size.width)×\(size.height) (ms; light: p50, dark: p99)",
              Rect(x: 20, y: 16, width: width - 40, height: 24), size: 17, weight: .semibold)
        // Each target's label on its own line, starting at its line: close lines never overprint.
        for (k, (ms, name)) in [(1.5, "1.5 ms 2D"), (3, "3 ms affine"), (4, "4 ms 3D/warp")].enumerated() where ms < maxMs {
            let y0 = top - 52 + 15 * Double(k)
            let line = View(frame: Rect(x: x(ms), y: y0 + 6, width: 1.5, height: top - y0 - 6 + rowH * Double(results.count)))
            line.backgroundColor = Color.systemRed.withAlphaComponent(0.55)
            window.addSubview(line)
            label(name, Rect(x: x(ms) + 4, y: y0, width: 120, height: 16), size: 11, color: .systemRed)
        }
        for (i, r) in results.enumerated() {
            let y = top + Double(i) * rowH
            label(r.transition, Rect(x: 10, y: y + 4, width: left - 20, height: 18), size: 13, align: .right)
            let p99 = View(frame: Rect(x: left, y: y + 3, width: max(1, x(r.p99_ms) - left), height: rowH - 6))
            p99.backgroundColor = Color(hex: 0x1F5FBF)
            p99.layer.cornerRadius = 3
            let p50 = View(frame: Rect(x: left, y: y + 3, width: max(1, x(r.p50_ms) - left), height: rowH - 6))
            p50.backgroundColor = Color(hex: 0x7FB2FF)
            p50.layer.cornerRadius = 3
            window.addSubview(p99); window.addSubview(p50)
            label(String(format: "%.2f / %.2f", r.p50_ms, r.p99_ms), Rect(x: x(r.p99_ms) + 6, y: y + 5, width: 120, height: 16), size: 11, color: .secondaryLabel)
        }
        let axisY = top + rowH * Double(results.count) + 6
        for k in 0...5 {
            let ms = maxMs * Double(k) / 5
            label(String(format: "%.1f", ms), Rect(x: x(ms) - 30, y: axisY, width: 60, height: 16), size: 11, color: .secondaryLabel, align: .center)
        }
        return window.renderedBitmap()
    }
}
