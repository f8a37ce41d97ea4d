// Translated content lands on whole device pixels (`Transform3D.pixelSnapped`): layers the compositor
// places, and pages a slide moves. Pinned here: a moving subtree stays rigid (a child at a fractional
// offset keeps the same whole-pixel offset from its parent wherever the parent is), a sliding page is
// its texels moved by whole pixels, and push's pages meet on a pixel boundary with nothing blended.

@testable import Segue
import Testing

@MainActor @Suite struct PixelSnapTests {
    /// The first column of `row` whose pixel is `colour`, if any.
    private func firstColumn(_ b: Bitmap, row y: Int, _ colour: UInt32) -> Int? {
        (0..<b.width).first { b[$0, y] == colour }
    }

    @Test func aMovingSubtreeStaysRigid() {
        // A parent sliding by fractional steps, with a child 3.3 px in: the child's left edge is always
        // the parent's plus 3, and both edges are crisp (no blended column).
        let white = Color.white.premultipliedPixel, red = Color(red: 1, green: 0, blue: 0).premultipliedPixel
        let black = Color.black.premultipliedPixel
        for k in 0..<40 {
            let x = 4 + Double(k) * 0.137
            let root = makeLayer(Rect(x: 0, y: 0, width: 40, height: 8))
            let parent = makeLayer(Rect(x: x, y: 0, width: 20, height: 8), .white)
            parent.addSublayer(makeLayer(Rect(x: 3.3, y: 2, width: 4, height: 4), Color(red: 1, green: 0, blue: 0)))
            root.addSublayer(parent)
            let target = Bitmap(width: 40, height: 8)
            Compositor().render(root, into: target, background: .black)
            let p = (x + 0.5).rounded(.down)
            let px = Int(p)
            #expect(firstColumn(target, row: 0, white) == px, "parent at \(x)")
            #expect(firstColumn(target, row: 3, red) == px + 3, "parent at \(x)")
            for c in 0..<40 {
                #expect([white, red, black].contains(target[c, 3]), "a blended pixel at column \(c), parent at \(x)")
            }
        }
    }

    @Test(arguments: [SlideEffect.Kind.push, .moveIn, .reveal])
    func aSlidingPageIsItsTexelsMovedByWholePixels(kind: SlideEffect.Kind) {
        // Progresses whose offsets are fractional: every pixel is a texel of one page, unblended, and
        // the moving page's edge is where its rounded offset puts it.
        let (old, new) = EffectTestPages.make(width: 97, height: 31)
        for p in [0.1234, 0.333, 0.5071, 0.777] {
            let out = Bitmap(width: 97, height: 31)
            SlideEffect(kind).draw(EffectFrame(old: old, new: new, progress: p, size: Size(width: 97, height: 31)),
                                   in: Canvas(target: out))
            let edge = Int((97 * (1 - p) + 0.5).rounded(.down))    // new page's left edge (push, moveIn)
            let leaving = Int((-97 * p + 0.5).rounded(.down))       // old page's left edge (push, reveal)
            for y in 0..<31 {
                for x in 0..<97 {
                    let expected: UInt32 = switch kind {
                    case .push: x >= edge ? new[x - edge, y] : old[x - leaving, y]
                    case .moveIn: x >= edge ? new[x - edge, y] : old[x, y]
                    case .reveal: x < 97 + leaving ? old[x - leaving, y] : new[x, y]
                    }
                    if out[x, y] != expected {
                        Issue.record("\(kind) at \(p): pixel (\(x), \(y)) is not a page's texel")
                        return
                    }
                }
            }
        }
    }
}
