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

    /// Push's two pages meet between pixels; the seam is a blend of the two pages and nothing else:
    /// two white pages pushed over magenta stay pure white everywhere, in every direction.
    @Test func pushsSeamLetsNothingBeneathThrough() {
        let magenta = Color(red: 1, green: 0, blue: 1)
        for (w, h) in [(160, 100), (173, 97)] {
            let old = Bitmap(width: w, height: h, fill: 0xffff_ffff), new = Bitmap(width: w, height: h, fill: 0xffff_ffff)
            for subtype in TransitionSubtype.allCases {
                for k in 1...12 {
                    let p = Double(k) / 13
                    let frame = TransitionRenderer.render(type: .push, subtype: subtype, from: old, to: new, progress: p,
                                                          background: magenta)
                    var tinted = 0
                    for y in 0..<h { for x in 0..<w where frame.row(y)[x] != 0xffff_ffff { tinted += 1 } }
                    #expect(tinted == 0, "\(subtype) \(w)×\(h) at \(p): \(tinted) pixels not white")
                }
            }
        }
    }

    /// The same under a scaled and turned page (a push inside a transformed layer): the seam's
    /// underlay is then the whole moved page, drawn a few pixels over; inside the page's parallelogram
    /// (away from its own outer edges) no magenta shows.
    @Test func pushsSeamUnderATurnedPageLetsNothingBeneathThrough() {
        let magenta = Color(red: 1, green: 0, blue: 1).premultipliedPixel
        let (w, h) = (173, 97)
        let old = Bitmap(width: w, height: h, fill: 0xffff_ffff), new = Bitmap(width: w, height: h, fill: 0xffff_ffff)
        let map = Transform3D(scaleX: 0.8, y: 0.8, z: 1).concatenating(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 60, y: 10, z: 0))
        let back = map.inverted()
        for subtype in TransitionSubtype.allCases {
            for k in 1...12 {
                let out = Bitmap(width: 260, height: 200, fill: magenta)
                SlideEffect(.push).draw(EffectFrame(old: old, new: new, progress: Double(k) / 13, subtype: subtype,
                                                 size: Size(width: Double(w), height: Double(h)), pageToDevice: map),
                                     in: Canvas(target: out))
                var tinted = 0
                // Pixel centres at least 1.5 px inside the page's (turned) edges.
                for y in 0..<200 {
                    for x in 0..<260 {
                        let d = back.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        let u = d.x / d.w, v = d.y / d.w, m = 1.5 / 0.8
                        guard u > m, v > m, u < Double(w) - m, v < Double(h) - m else { continue }
                        if out.row(y)[x] != 0xffff_ffff { tinted += 1 }
                    }
                }
                #expect(tinted == 0, "\(subtype) at \(Double(k) / 13): \(tinted) pixels not white")
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
