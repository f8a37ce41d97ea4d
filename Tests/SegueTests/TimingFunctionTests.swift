import Testing
@testable import Segue
import Foundation

/// The Bézier definition evaluated independently: find s with x(s) = x by 200 bisection steps on the
/// Bernstein form, then y(s).
private func reference(_ p1: Point, _ p2: Point, _ x: Double) -> Double {
    func b(_ a: Double, _ c: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * c + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let m = (lo + hi) / 2
        if b(p1.x, p2.x, m) < x { lo = m } else { hi = m }
    }
    return b(p1.y, p2.y, (lo + hi) / 2)
}

@Suite struct TimingFunctionTests {
    @Test func namedCurvesHaveDesignControlPoints() {
        #expect(TimingFunction.linear.c1 == Point(x: 0, y: 0) && TimingFunction.linear.c2 == Point(x: 1, y: 1))
        #expect(TimingFunction.easeIn.c1 == Point(x: 0.42, y: 0) && TimingFunction.easeIn.c2 == Point(x: 1, y: 1))
        #expect(TimingFunction.easeOut.c1 == Point(x: 0, y: 0) && TimingFunction.easeOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingFunction.easeInEaseOut.c1 == Point(x: 0.42, y: 0) && TimingFunction.easeInEaseOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingFunction.default.c1 == Point(x: 0.25, y: 0.1) && TimingFunction.default.c2 == Point(x: 0.25, y: 1))
        #expect(TimingFunction.easeOut.controlPoint(at: 3) == Point(x: 1, y: 1))
    }

    @Test func curvesMatchTheBezierDefinitionTo1e6() {
        let curves: [TimingFunction] = TimingFunction.Name.allCases.map { TimingFunction(name: $0) }
            + [TimingFunction(controlPoints: 0.9, -0.5, 0.1, 1.5), TimingFunction(controlPoints: 0, 1, 1, 0),
               TimingFunction(controlPoints: 1, 0, 0, 1)]
        for c in curves {
            for i in 0...200 {
                let x = Double(i) / 200
                #expect(abs(c.value(at: x) - reference(c.c1, c.c2, x)) < 1e-6, "\(c) at \(x)")
            }
        }
    }

    @Test func easeInEaseOutAtAQuarter() {
        // Symmetric curve: value(0.5) = 0.5 exactly, value(0.25) + value(0.75) = 1.
        let f = TimingFunction.easeInEaseOut
        #expect(abs(f.value(at: 0.5) - 0.5) < 1e-9)
        #expect(abs(f.value(at: 0.25) + f.value(at: 0.75) - 1) < 1e-9)
        // Known value of cubic-bezier(0.42, 0, 0.58, 1) at 0.25: 0.129161...
        #expect(abs(f.value(at: 0.25) - 0.1291619) < 1e-6)
        #expect(f.value(at: 0.25) == f(0.25))
    }

    @Test func endpointsAndClamping() {
        for n in TimingFunction.Name.allCases {
            let f = TimingFunction(name: n)
            #expect(f.value(at: 0) == 0 && f.value(at: 1) == 1)
            #expect(f.value(at: -1) == 0 && f.value(at: 2) == 1)
        }
        #expect(TimingFunction.linear.value(at: 0.37) == 0.37)
    }
}
