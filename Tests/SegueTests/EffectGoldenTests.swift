// Golden frames of every effect at a quarter, half and three quarters, 160×100, on lettering-free
// pages (goldens must not depend on installed fonts). Directional effects are pinned for "from right"
// (and cube and flip also "from top"); the symmetry tests tie the other directions to these.

import Testing
@testable import Segue

@MainActor
struct EffectGoldenTests {
    nonisolated static let cases: [(TransitionType, TransitionSubtype?)] =
        TransitionType.allCases.map { ($0, $0.usesSubtype ? .fromRight : nil) } + [(.cube, .fromTop), (.oglFlip, .fromTop)]

    @Test(arguments: cases.indices)
    func quarterHalfThreeQuarters(_ index: Int) throws {
        let (type, subtype) = Self.cases[index]
        let (old, new) = EffectTestPages.make(width: 160, height: 100, text: false)
        for p in [0.25, 0.5, 0.75] {
            let frame = TransitionRenderer.render(type: type, subtype: subtype, from: old, to: new, progress: p)
            let name = "Effects/\(type.rawValue)\(subtype.map { "-" + $0.rawValue } ?? "")-\(Int(p * 100))"
            try expectGolden(frame, name, tolerance: 2)
        }
    }
}
