// Effects that cover the page (fade, the slides, ripple, suck, the curls between opaque screens) let the compositor skip
// clearing the frame, and the cube and flip clear it only around their opaque outline (EffectBackdrop):
// what was in the framebuffer before must never show through.

import Testing
@testable import Segue

@MainActor
struct TransitionCoverTests {
    @Test(arguments: [TransitionType.fade, .moveIn, .reveal, .push, .rippleEffect, .suckEffect, .pageCurl, .pageUnCurl, .cameraIrisHollowOpen,
                      .cube, .oglFlip])
    func aCoveringEffectLeavesNothingOfThePreviousFrame(_ type: TransitionType) {
        let window = Window(size: Size(width: 161, height: 101))
        window.rootViewController = ColourController(.systemRed, band: true)
        _ = window.renderedBitmap()
        let t = Transition()
        t.duration = 1
        t.type = type
        t.subtype = .fromRight
        window.layer.add(t, forKey: nil)
        window.rootViewController!.present(ColourController(.systemBlue, band: true), animated: false)
        for step in 1...7 {
            window.advance(by: 0.123)  // fractional offsets: the slides land between pixels
            let clean = Bitmap(width: 161, height: 101)
            let dirty = Bitmap(width: 161, height: 101, fill: 0xff13_f0a7)
            window.layer.setNeedsComposite()
            window.render(into: clean)
            window.layer.setNeedsComposite()
            window.render(into: dirty)
            #expect(dirty.maxChannelDifference(to: clean)! == 0, "\(type.rawValue) step \(step)")
        }
    }
}
