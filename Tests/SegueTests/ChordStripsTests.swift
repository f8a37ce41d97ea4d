// ChordStrips cuts a curved, shaded surface into flat strips by equidistributing the chord error:
// straight quantities need no cuts; every strip of a curved one stays within the tolerances, with
// fewer strips than an even spacing needs for the same tolerances.

import Foundation
import Testing
@testable import Segue

struct ChordStripsTests {
    /// The largest chord error of each quantity over the strips between `lines` (a … b included).
    static func worst(_ lines: [Double], _ f: (Double) -> SIMD4<Double>) -> SIMD4<Double> {
        var worst = SIMD4<Double>(repeating: 0)
        for (a, b) in zip(lines, lines.dropFirst()) {
            let fa = f(a), fb = f(b)
            for k in 1..<64 {
                let s = Double(k) / 64, e = f(a + s * (b - a)) - (fa + s * (fb - fa))
                worst = pointwiseMax(worst, (e * e).squareRoot())
            }
        }
        return worst
    }

    @Test func straightQuantitiesNeedNoCuts() {
        var chords = ChordStrips(tolerance: SIMD4(0.5, 0.01, .infinity, .infinity))
        var cuts: [Double] = []
        chords.cuts(from: 0, to: 10, into: &cuts) { SIMD4(3 * $0 + 1, 0.5 - 0.02 * $0, 0, 0) }
        #expect(cuts.isEmpty)
    }

    /// A page rolled round a cylinder of radius 165 seen from above (where its texels land: r·sin φ,
    /// device pixels) and a shade bending with it, over half a turn.
    @Test func everyStripStaysWithinTheTolerancesWithFewerStripsThanEvenSpacing() {
        let tolerance = SIMD4(0.5, 2.0 / 255, .infinity, .infinity)
        let f = { (phi: Double) in SIMD4(165 * sin(phi), 0.22 + 0.3 * pow(sin(phi), 3), 0, 0) }
        var chords = ChordStrips(tolerance: tolerance)
        var cuts: [Double] = []
        chords.cuts(from: 0, to: Double.pi, into: &cuts, f)
        let lines = [0] + cuts + [Double.pi]
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0 < $1 })
        let error = Self.worst(lines, f)
        // Within the tolerance, up to the density's sampling (second differences on 64 cells).
        #expect(error[0] <= 1.1 * tolerance[0] && error[1] <= 1.1 * tolerance[1], "chord error \(error)")
        // The fewest even strips within the same tolerances.
        var even = 1
        while true {
            let e = Self.worst((0...even).map { Double.pi * Double($0) / Double(even) }, f)
            if e[0] <= tolerance[0] && e[1] <= tolerance[1] { break }
            even += 1
        }
        #expect(lines.count - 1 < even, "\(lines.count - 1) chords, \(even) even strips")
    }
}
