// An effect that says it covers the page (`coversPage`) lets the compositor skip clearing and drawing
// what lies beneath, so it must paint every pixel: drawn over magenta with both pages opaque, no
// magenta may show at any progress, in any direction, at sizes that do not divide evenly.

import Testing
@testable import Segue

@MainActor
struct EffectCoverageTests {
    @Test(arguments: TransitionType.allCases)
    func effectsThatCoverThePageLeaveNothingBeneathShowing(_ type: TransitionType) {
        guard type.makeEffect().coversPage(oldIsOpaque: true, newIsOpaque: true) else { return }
        let magenta = Color(red: 1, green: 0, blue: 1)
        for (w, h) in [(160, 100), (173, 97)] {
            let (old, new) = EffectTestPages.make(width: w, height: h)
            #expect(old.isOpaque && new.isOpaque)
            for subtype in TransitionSubtype.allCases {
                for k in 0...10 {
                    let p = Double(k) / 10
                    let frame = TransitionRenderer.render(type: type, subtype: subtype, from: old, to: new, progress: p,
                                                          background: magenta)
                    var showing = 0
                    for y in 0..<h { for x in 0..<w where frame.row(y)[x] == magenta.premultipliedPixel { showing += 1 } }
                    #expect(showing == 0, "\(type) \(subtype) \(w)×\(h) at \(p): \(showing) pixels of the background")
                }
            }
        }
    }

    @Test func thePartialCurlCoversThePage() {
        let (old, new) = EffectTestPages.make(width: 173, height: 97)
        let effect = PageCurlEffect.partial()
        #expect(effect.coversPage(oldIsOpaque: true, newIsOpaque: true))
        let magenta = Color(red: 1, green: 0, blue: 1).premultipliedPixel
        for k in 0...20 {
            let out = Bitmap(width: 173, height: 97, fill: magenta)
            effect.draw(EffectFrame(old: old, new: new, progress: Double(k) / 20, size: Size(width: 173, height: 97)),
                        in: Canvas(target: out))
            var showing = 0
            for y in 0..<97 { for x in 0..<173 where out.row(y)[x] == magenta { showing += 1 } }
            #expect(showing == 0, "at \(Double(k) / 20): \(showing) pixels of the background")
        }
    }
}
