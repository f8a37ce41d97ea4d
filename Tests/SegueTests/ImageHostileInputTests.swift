// Hostile input never crashes: truncated and bit-flipped PNGs give an ImageError (or decode), and
// NaN, infinite, negative or huge sizes and fonts yield small, valid results instead of traps.
import Testing
@testable import Segue

@Suite struct ImageHostileInputTests {
    @Test func truncatedAndBitFlippedPNGsNeverCrash() throws {
        let valid = try PNG.encode(Image.hero(size: Size(width: 48, height: 32), style: .night).bitmap)
        var rng = SplitMix(seed: 2026)
        var decoded = 0, refused = 0
        for k in 0..<1200 {
            var bytes = valid
            if k % 3 == 0 {
                bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            } else {
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let i = Int(rng.next() % UInt64(bytes.count))
                    bytes[i] ^= UInt8(1 << (rng.next() % 8))
                }
            }
            do {
                let image = try Image.decode(bytes, path: "case\(k).png")
                #expect(image.bitmap.width > 0 && image.bitmap.height > 0)
                decoded += 1
            } catch {
                // Every failure names its cause.
                #expect(!error.description.isEmpty)
                switch error {
                case .corrupt, .tooLarge, .unsupportedFormat: refused += 1
                default: Issue.record("unexpected \(error)")
                }
            }
        }
        #expect(decoded + refused == 1200)
        #expect(refused > 900)
    }

    @Test func generatedImagesSurviveBadSizes() {
        for size in [Size(width: .nan, height: 10), Size(width: -5, height: -5), Size(width: .infinity, height: 2),
                     Size(width: 0, height: 0), Size(width: 1e12, height: 1e12)] {
            let (w, h) = Image.pixelSize(size)
            #expect(w >= 1 && h >= 1 && w <= PNG.maxDimension && w * h <= PNG.maxPixels)
        }
        #expect(Image.linearGradient(size: Size(width: .nan, height: -1), colors: [.red]).size == Size(width: 1, height: 1))
        #expect(Image.hero(size: Size(width: -1, height: .infinity), style: .day).size.width == 1)
    }

    @Test func fontsAndTextSurviveBadNumbers() {
        #expect(Font.systemFont(ofSize: .nan).pointSize == 0)
        #expect(Font.systemFont(ofSize: -3).pointSize == 0)
        #expect(Font.systemFont(ofSize: 1e9).pointSize == Font.maxPointSize)
        let b = Bitmap(width: 20, height: 20)
        let layout = TextLayout(text: "x", font: .systemFont(ofSize: 12), maxWidth: .nan, maxHeight: -.infinity)
        #expect(layout.lines.count == 1)
        for rect in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: .infinity, width: 10, height: 10),
                     Rect(x: 1e300, y: -1e300, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 10)] {
            for a in [TextAlignment.left, .center, .right] { layout.draw(into: b, in: rect, alignment: a, color: .black) }
        }
    }

    @MainActor @Test func labelsSurviveBadBounds() {
        let l = Label(frame: .zero)
        l.text = "bad"
        for r in [Rect(x: 0, y: 0, width: .nan, height: 20), Rect(x: 0, y: 0, width: .infinity, height: .infinity),
                  Rect(x: 0, y: 0, width: -10, height: 10)] {
            l.bounds = r
            l.updateContents()
            #expect(l.layer.contents == nil)
        }
        l.bounds = Rect(x: 0, y: 0, width: 1e7, height: 30)
        l.updateContents()
        #expect((l.layer.contents?.width ?? 0) <= PNG.maxDimension)
    }
}
