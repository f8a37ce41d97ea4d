// The modal styles flipHorizontal and partialCurl, and any effect as an interactive custom animator:
// the effect plays between the screen before and the screen after, on the transition's timeline.

import Testing
@testable import Segue

@MainActor
struct TransitionModalTests {
    final class ColourController: ViewController {
        let colour: Color
        init(_ colour: Color) { self.colour = colour; super.init() }
        override func viewDidLoad() { view.backgroundColor = colour }
    }

    let size = Size(width: 160, height: 100)
    func screen(_ colour: Color) -> Bitmap { Bitmap(width: 160, height: 100, fill: colour.premultipliedPixel) }
    func covers(_ w: Window) -> [EffectTransitionView] {
        var found: [EffectTransitionView] = []
        func walk(_ v: View) { if let e = v as? EffectTransitionView { found.append(e) }; v.subviews.forEach(walk) }
        walk(w)
        return found
    }

    @Test func flipHorizontalPresentsAndDismisses() {
        let w = Window(size: size)
        let a = ColourController(.systemRed), b = ColourController(.systemBlue)
        w.rootViewController = a
        _ = w.renderedBitmap()
        b.modalTransitionStyle = .flipHorizontal
        a.present(b, animated: true)
        #expect(w.renderedBitmap().maxChannelDifference(to: screen(.systemRed))! <= 1)
        w.advance(by: 0.375)   // half of 0.75 s; ease-in-ease-out is symmetric, so progress 0.5
        let half = EffectPlayer(modal: .flipHorizontal, presenting: true, from: screen(.systemRed), to: screen(.systemBlue))
        half.progress = 0.5
        #expect(EffectMetrics.meanDifference(w.renderedBitmap(), half.renderedBitmap()) < 0.5)
        w.advance(by: 0.5)
        #expect(a.presentedViewController === b && covers(w).isEmpty)
        #expect(w.renderedBitmap().maxChannelDifference(to: screen(.systemBlue))! <= 1)

        b.dismiss(animated: true)
        w.advance(by: 0.2)
        let back = w.renderedBitmap()
        #expect(EffectMetrics.meanDifference(back, screen(.systemBlue)) > 5)
        w.advance(by: 0.6)
        #expect(a.presentedViewController == nil && covers(w).isEmpty)
        #expect(w.renderedBitmap().maxChannelDifference(to: screen(.systemRed))! <= 1)
    }

    @Test func partialCurlHoldsUntilDismissed() {
        let w = Window(size: size)
        let a = ColourController(.systemRed), b = ColourController(.systemBlue)
        w.rootViewController = a
        _ = w.renderedBitmap()
        b.modalTransitionStyle = .partialCurl
        a.present(b, animated: true)
        w.advance(by: 1)
        #expect(a.presentedViewController === b)
        #expect(covers(w).count == 1 && covers(w)[0].holdsPartialCurl)
        let held = EffectPlayer(modal: .partialCurl, presenting: true, from: screen(.systemRed), to: screen(.systemBlue))
        held.progress = 1
        let frame = w.renderedBitmap()
        #expect(EffectMetrics.meanDifference(frame, held.renderedBitmap()) < 0.5)
        // Part of the presented page shows below the curl; part of the presenter is still curled over it.
        #expect(EffectMetrics.meanDifference(frame, screen(.systemBlue)) > 10)
        #expect(EffectMetrics.meanDifference(frame, screen(.systemRed)) > 10)

        b.dismiss(animated: true)
        w.advance(by: 1)
        #expect(a.presentedViewController == nil && covers(w).isEmpty)
        #expect(w.renderedBitmap().maxChannelDifference(to: screen(.systemRed))! <= 1)
    }

    @Test func percentDrivenEffectScrubsAndCancels() {
        let w = Window(size: size)
        let a = ColourController(.systemRed), b = ColourController(.systemBlue)
        w.rootViewController = a
        _ = w.renderedBitmap()
        final class Delegate: ViewControllerTransitioningDelegate {
            let pd = PercentDrivenInteractiveTransition()
            func animationController(forPresented presented: ViewController, presenting: ViewController,
                                     source: ViewController) -> ViewControllerAnimatedTransitioning? {
                let cube = EffectTransitionAnimator(type: .cube, subtype: .fromRight, duration: 0.5)
                cube.curve = .curveLinear
                return cube
            }
            func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? { pd }
        }
        let d = Delegate()
        b.transitioningDelegate = d
        b.modalPresentationStyle = .custom
        a.present(b, animated: true)
        for p in [0.3, 0.6] {
            d.pd.update(p)
            w.advance(by: 0.1)
            let direct = TransitionRenderer.render(type: .cube, subtype: .fromRight, from: screen(.systemRed),
                                                   to: screen(.systemBlue), progress: p)
            #expect(EffectMetrics.meanDifference(w.renderedBitmap(), direct) < 0.5, "at \(p)")
        }
        d.pd.cancel()
        w.advance(by: 1)
        #expect(a.presentedViewController == nil && covers(w).isEmpty)
        #expect(w.renderedBitmap().maxChannelDifference(to: screen(.systemRed))! <= 1)
    }
}
