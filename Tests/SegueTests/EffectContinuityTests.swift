// Frames change continuously and directional effects are mirror images of each other.
//
// Continuity: let w(n) be the largest mean difference between neighbouring frames when the run is cut
// into n − 1 equal steps. For a continuous effect w shrinks with the step: halving the step roughly
// halves it (a sharp edge sliding by half as many pixels changes half as many of them; measured
// 0.52…0.65 for every effect here). A cut — a page swapped at once, a face or blade popping in, a jump
// at either end — is the same size however fine the steps, so w stays put. The test demands
// w(65) ≤ 0.75·w(33), which every cut fails, and w(65) ≤ D/4 (D the mean difference of the two
// pages), so no single step of 1/64 changes as much as a quarter of the whole transition.

import Testing
@testable import Segue

@MainActor
struct EffectContinuityTests {
    @Test(arguments: EffectEndpointTests.cases.indices)
    func noFrameToFrameJump(_ index: Int) {
        let (type, subtype) = EffectEndpointTests.cases[index]
        let (old, new) = EffectTestPages.make(width: 160, height: 100)
        let whole = EffectMetrics.meanDifference(old, new)
        func worstStep(_ count: Int) -> Double {
            let frames = TransitionRenderer.frames(type: type, subtype: subtype, from: old, to: new, count: count)
            var worst = 0.0
            for k in 1..<frames.count { worst = max(worst, EffectMetrics.meanDifference(frames[k - 1], frames[k])) }
            return worst
        }
        let coarse = worstStep(33), fine = worstStep(65)
        let name = "\(type) \(subtype.map { "\($0)" } ?? "")"
        #expect(fine <= 0.75 * coarse, "\(name): worst step \(fine) at 1/64 vs \(coarse) at 1/32 — a jump")
        #expect(fine <= whole / 4, "\(name): a step of 1/64 changes \(fine) of \(whole)")
    }

    nonisolated static let directional: [TransitionType] = [.moveIn, .push, .reveal, .cube, .oglFlip]

    @Test(arguments: directional)
    func fromLeftMirrorsFromRight(_ type: TransitionType) {
        let (old, new) = EffectTestPages.make(width: 160, height: 100)
        let mOld = EffectMetrics.mirrored(old, horizontal: true), mNew = EffectMetrics.mirrored(new, horizontal: true)
        for p in [0.25, 0.5, 0.75] {
            let left = TransitionRenderer.render(type: type, subtype: .fromLeft, from: old, to: new, progress: p)
            let right = TransitionRenderer.render(type: type, subtype: .fromRight, from: mOld, to: mNew, progress: p)
            let d = EffectMetrics.meanDifference(left, EffectMetrics.mirrored(right, horizontal: true))
            #expect(d < 1, "\(type) at \(p): mean difference \(d)")
        }
    }

    @Test(arguments: directional)
    func fromTopMirrorsFromBottom(_ type: TransitionType) {
        let (old, new) = EffectTestPages.make(width: 160, height: 100)
        let mOld = EffectMetrics.mirrored(old, horizontal: false), mNew = EffectMetrics.mirrored(new, horizontal: false)
        for p in [0.25, 0.5, 0.75] {
            let top = TransitionRenderer.render(type: type, subtype: .fromTop, from: old, to: new, progress: p)
            let bottom = TransitionRenderer.render(type: type, subtype: .fromBottom, from: mOld, to: mNew, progress: p)
            let d = EffectMetrics.meanDifference(top, EffectMetrics.mirrored(bottom, horizontal: false))
            #expect(d < 1, "\(type) at \(p): mean difference \(d)")
        }
    }

    @Test func pageUnCurlIsPageCurlReversed() {
        let (old, new) = EffectTestPages.make(width: 160, height: 100)
        for p in [0.2, 0.5, 0.8] {
            let un = TransitionRenderer.render(type: .pageUnCurl, from: old, to: new, progress: p)
            let curl = TransitionRenderer.render(type: .pageCurl, from: new, to: old, progress: 1 - p)
            #expect(un.maxChannelDifference(to: curl)! == 0)
        }
    }
}
