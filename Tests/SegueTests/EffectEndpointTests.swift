// Every effect × subtype starts exactly on the old page and ends exactly on the new one, and
// TransitionType parses Core Animation's strings.

import Testing
@testable import Segue

@MainActor
struct EffectEndpointTests {
    nonisolated static let cases: [(TransitionType, TransitionSubtype?)] = TransitionType.allCases.flatMap { t in
        t.usesSubtype ? TransitionSubtype.allCases.map { (t, $0) } : [(t, nil)]
    }

    @Test func typesParseCoreAnimationStrings() {
        #expect(TransitionType(rawValue: "pageCurl") == .pageCurl)
        #expect(TransitionType(rawValue: "oglFlip") == .oglFlip)
        #expect(TransitionType(rawValue: "cameraIrisHollowOpen") == .cameraIrisHollowOpen)
        #expect(TransitionType(rawValue: "moveIn") == .moveIn)
        #expect(TransitionType(rawValue: "curl") == nil)
        #expect(TransitionSubtype(rawValue: "fromRight") == .fromRight)
        #expect(TransitionType.allCases.count == 12)
    }

    @Test(arguments: cases.indices)
    func progressZeroIsOldAndOneIsNew(_ index: Int) {
        let (type, subtype) = Self.cases[index]
        let (old, new) = EffectTestPages.make(width: 160, height: 100)
        let first = TransitionRenderer.render(type: type, subtype: subtype, from: old, to: new, progress: 0)
        let last = TransitionRenderer.render(type: type, subtype: subtype, from: old, to: new, progress: 1)
        #expect(first.maxChannelDifference(to: old)! <= 1, "\(type) \(String(describing: subtype)) at 0")
        #expect(last.maxChannelDifference(to: new)! <= 1, "\(type) \(String(describing: subtype)) at 1")
    }

    @Test(arguments: cases.indices)
    func framesBetweenDifferFromBothEnds(_ index: Int) {
        // Half way, every effect shows something that is neither page (nothing is a no-op or a cut).
        let (type, subtype) = Self.cases[index]
        let (old, new) = EffectTestPages.make(width: 160, height: 100)
        let mid = TransitionRenderer.render(type: type, subtype: subtype, from: old, to: new, progress: 0.5)
        #expect(EffectMetrics.meanDifference(mid, old) > 4)
        #expect(EffectMetrics.meanDifference(mid, new) > 4)
    }
}

/// Image comparisons for the effect suites.
enum EffectMetrics {
    /// Mean absolute difference per channel (0…255) over the image.
    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0
        for y in 0..<a.height {
            let ra = a.row(y), rb = b.row(y)
            for x in 0..<a.width {
                let p = ra[x], q = rb[x]
                for s in [0, 8, 16, 24] as [UInt32] { sum += abs(Int((p >> s) & 0xff) - Int((q >> s) & 0xff)) }
            }
        }
        return Double(sum) / Double(a.width * a.height * 4)
    }

    /// The bitmap mirrored left↔right (`horizontal`) or top↔bottom.
    static func mirrored(_ b: Bitmap, horizontal: Bool) -> Bitmap {
        let m = Bitmap(width: b.width, height: b.height)
        for y in 0..<b.height {
            for x in 0..<b.width {
                m[x, y] = horizontal ? b[b.width - 1 - x, y] : b[x, b.height - 1 - y]
            }
        }
        return m
    }
}
