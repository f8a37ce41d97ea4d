// The modal styles flipHorizontal and partialCurl, and any effect as an interactive custom animator:
// the effect plays between the screen before and the screen after, on the transition's timeline.

import Testing
@testable import Segue

@MainActor
struct TransitionModalTests {
    let size = Size(width: 160, height: 100)
    func screen(_ colour: Color) -> Bitmap { Bitmap(width: 160, height: 100, fill: colour.premultipliedPixel) }
    func covers(_ w: Window) -> [EffectTransitionView] {
        var found: [EffectTransitionView] = []
        func walk(_ v: View) { if let e = v as? EffectTransitionView { found.append(e) }; v.subviews.forEach(walk) }
        walk(w)
        return found
    }

    @Test(arguments: ModalEffectStyle.allCases)
    func modalPlayersStartOnTheOldPageAndEndOnTheNew(_ style: ModalEffectStyle) {
        let (a, b) = EffectTestPages.make(width: 160, height: 100)
        for presenting in [true, false] {
            let player = EffectPlayer(modal: style, presenting: presenting, from: a, to: b)
            player.progress = 0
            if style == .partialCurl && !presenting {
                // Dismissal starts from the held curl, exactly where the presentation ended.
                let presented = EffectPlayer(modal: .partialCurl, presenting: true, from: b, to: a)
                presented.progress = 1
                #expect(player.renderedBitmap().maxChannelDifference(to: presented.renderedBitmap())! == 0)
            } else {
                #expect(player.renderedBitmap().maxChannelDifference(to: a)! <= 1, "\(style) presenting \(presenting) at 0")
            }
            player.progress = 1
            let end = player.renderedBitmap()
            if style == .partialCurl && presenting {
                // The presentation ends held: part of the presented page shows, the rest is the curl.
                #expect(EffectMetrics.meanDifference(end, a) > 5 && EffectMetrics.meanDifference(end, b) > 5)
            } else {
                #expect(end.maxChannelDifference(to: b)! <= 1, "\(style) presenting \(presenting) at 1")
            }
        }
    }

    @Test func modalDirections() {
        // Cover vertical rises from the bottom and leaves downwards; the flip turns right to left and back.
        let (a, b) = EffectTestPages.make(width: 160, height: 100)
        func at(_ style: ModalEffectStyle, _ presenting: Bool, _ p: Double) -> Bitmap {
            let pl = EffectPlayer(modal: style, presenting: presenting, from: a, to: b)
            pl.progress = p
            return pl.renderedBitmap()
        }
        let up = at(.coverVertical, true, 0.5)
        #expect(up[80, 20] == a[80, 20] && up[80, 80] == b[80, 30], "top half old, new page's top at mid-height")
        let down = at(.coverVertical, false, 0.5)
        #expect(down[80, 20] == b[80, 20] && down[80, 80] == a[80, 30], "old page slid half way down over the new")
        let flipIn = at(.flipHorizontal, true, 0.25), flipOut = at(.flipHorizontal, false, 0.25)
        #expect(EffectMetrics.meanDifference(flipIn, EffectMetrics.mirrored(flipOut, horizontal: true)) > 0)
        // Presenting, the right edge comes forward: the card's right half is taller than its left.
        func columnHeight(_ img: Bitmap, _ x: Int) -> Int { (0..<100).filter { img[x, $0] != 0xff00_0000 }.count }
        #expect(columnHeight(flipIn, 130) > columnHeight(flipIn, 40))
        #expect(columnHeight(flipOut, 30) > columnHeight(flipOut, 120))
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
