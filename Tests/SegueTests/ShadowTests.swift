// Shadows: the made shadow is the three box passes across and down of its shape's coverage, exactly
// as written plainly here (every pixel's coverage, each pass a line at a time with an integer
// division); the multiply that replaces the division gives the same quotients; and a shadow is made
// once for every compositor (the shared cache of generated pictures).

import Testing
@testable import Segue

struct ShadowTests {
    /// The shadow as first written: coverage of every pixel, then each pass over rows and then over
    /// columns, one line at a time through a copy, dividing each box's sum.
    static func reference(_ key: ShadowKey) -> Bitmap {
        let margin = shadowMargin(key.radius)
        let w = Int(key.width.rounded(.up)) + 2 * margin, h = Int(key.height.rounded(.up)) + 2 * margin
        var mask = [Int32](repeating: 0, count: w * h)
        let box = RoundedBox(x0: Double(margin), y0: Double(margin), x1: Double(margin) + key.width,
                             y1: Double(margin) + key.height, r: key.cornerRadius)
        for y in 0..<h { for x in 0..<w { mask[y * w + x] = Int32((box.coverage(x, y) * 255).rounded()) } }
        let n = shadowBoxWidth(key.radius)
        func blur(start: Int, step: Int, count: Int) {
            let line = (0..<count).map { mask[start + $0 * step] }
            let left = n / 2, right = n - 1 - left
            for i in 0..<count {
                let sum = (max(0, i - left)...min(count - 1, i + right)).reduce(Int32(0)) { $0 + line[$1] }
                mask[start + i * step] = (sum + Int32(n / 2)) / Int32(n)
            }
        }
        if key.radius > 0 && n > 1 {
            for _ in 0..<3 {
                for y in 0..<h { blur(start: y * w, step: 1, count: w) }
                for x in 0..<w { blur(start: x, step: w, count: h) }
            }
        }
        let bitmap = Bitmap(width: w, height: h)
        for i in 0..<(w * h) { bitmap.pixels[i] = scale(key.pixel, UInt32(min(255, max(0, mask[i])))) }
        return bitmap
    }

    @Test(arguments: [
        ShadowKey(width: 194.4, height: 58.32, cornerRadius: 17.28, radius: 12.96, pixel: 0x4000_0000),
        ShadowKey(width: 60, height: 45, cornerRadius: 0, radius: 6, pixel: 0x8010_2030),
        ShadowKey(width: 33.7, height: 80.2, cornerRadius: 16.85, radius: 43.2, pixel: 0xff00_0000),
        ShadowKey(width: 3, height: 2.5, cornerRadius: 1, radius: 1.3, pixel: 0x2020_2020),
        ShadowKey(width: 120, height: 90, cornerRadius: 25.9, radius: 0, pixel: 0x4000_0000),
        ShadowKey(width: 1, height: 400, cornerRadius: 0, radius: 9, pixel: 0x7f7f_0000),
    ])
    func aShadowIsItsShapeBlurredThriceEachWay(_ key: ShadowKey) {
        let made = Compositor.makeShadow(key), plain = Self.reference(key)
        #expect(made.width == plain.width && made.height == plain.height)
        #expect(made.maxChannelDifference(to: plain) == 0)
    }

    /// ⌊(x + n/2)·m / 2³²⌋ against the division for every box sum of every width to 300, and of some
    /// wide ones.
    @Test func theMultiplyDividesAsDivisionDoes() {
        for n in Array(1...300) + [511, 1000, 2047, 2048, 4095] {
            let divide = BoxDivision(width: n)
            var wrong = 0
            for sum in 0..<(255 * n + 1) where divide(Int32(sum)) != Int32((sum + n / 2) / n) { wrong += 1 }
            #expect(wrong == 0, "width \(n)")
        }
    }

    /// Absurd blur radii blur as 1024 px, so a box stays within the multiply's range and a mask within memory.
    @Test func hugeRadiiBlurAsTheLargest() {
        #expect(shadowBoxWidth(1024) == shadowBoxWidth(1e9))
        #expect(shadowBoxWidth(1024) < 4096)
        #expect(shadowBoxWidth(.infinity) == shadowBoxWidth(1024))
    }

    /// The window's compositor and a transition's snapshotter (a compositor of its own) share a shadow:
    /// made by the first, found by the second, the same pixels.
    @MainActor @Test func aShadowIsMadeOnceForEveryCompositor() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 200, height: 160)
        root.backgroundColor = .white
        let card = Layer()
        card.frame = Rect(x: 40, y: 30, width: 101.25, height: 77.5)   // a shape no other test uses
        card.backgroundColor = .systemBlue
        card.cornerRadius = 9.5
        card.shadowOpacity = 0.35
        card.shadowRadius = 7.75
        card.shadowOffset = Size(width: 0, height: 3)
        root.addSublayer(card)
        let first = Compositor().snapshot(root, presentation: false)
        let key = ShadowKey(width: 101.25, height: 77.5, cornerRadius: 9.5, radius: 7.75,
                            pixel: scale(Color.black.premultipliedPixel, alpha8(0.35)))
        var madeAgain = false
        _ = GeneratedImageCache.shared.image(key) { madeAgain = true; return Image(bitmap: Compositor.makeShadow(key)) }
        #expect(!madeAgain)
        let second = Compositor().snapshot(root, presentation: false)
        #expect(second.maxChannelDifference(to: first) == 0)
    }
}
