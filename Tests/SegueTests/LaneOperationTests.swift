// The lane operations the kernels take from CLanes — the divide by 255 as one multiply-high, the
// shift of thirty-two 16-bit lanes, the least of two, the rounded average and whether sixteen pixels
// are all opaque —
// pinned to the arithmetic they replace, lane by lane: every value the divide is given (0…65152, what
// c·o + 127 reaches at most with c, o ≤ 255 and above), and random lanes for the rest.
import Testing
@testable import Segue
import CLanes

@Suite struct LaneOperationTests {
    /// x/255 rounded as the kernels had it: (t + (t >> 8)) >> 8 with t = x + 128.
    static func divided(_ x: UInt32) -> UInt16 {
        let t = x + 128
        return UInt16((t + (t >> 8)) >> 8)
    }

    @Test func divideBy255IsTheShiftsAndAddsAtEveryValue() {
        var x: UInt32 = 0
        while x <= 65152 {
            var a = Half8(), b = Half16(), c = Half32()
            for k in 0..<32 {
                let v = UInt16(min(65152, x + UInt32(k)))
                if k < 8 { a[k] = v }
                if k < 16 { b[k] = v }
                c[k] = v
            }
            let (da, db, dc) = (div255(a), div255(b), div255(c))
            for k in 0..<32 {
                let want = Self.divided(UInt32(c[k]))
                if k < 8 { #expect(da[k] == want, "eight lanes, \(c[k])") }
                if k < 16 { #expect(db[k] == want, "sixteen lanes, \(c[k])") }
                #expect(dc[k] == want, "thirty-two lanes, \(c[k])")
            }
            x += 32
        }
    }

    @Test func shiftsAndMinimaOfThirtyTwoLanesAreLaneByLane() {
        var rng = SplitMix(seed: 71)
        for _ in 0..<500 {
            var x = Half32(), y = Half32()
            for k in 0..<32 { x[k] = UInt16.random(in: 0...UInt16.max, using: &rng); y[k] = UInt16.random(in: 0...UInt16.max, using: &rng) }
            let n = UInt32.random(in: 1...15, using: &rng)
            let (s8, s, m) = (shr8(x), shr(x, n), segue_min32(x, y))
            let h = x.lowHalf, g = y.lowHalf
            let m16 = segue_min16(h, g)
            for k in 0..<32 {
                #expect(s8[k] == x[k] >> 8)
                #expect(s[k] == x[k] >> UInt16(n))
                #expect(m[k] == min(x[k], y[k]))
                if k < 16 { #expect(m16[k] == min(x[k], y[k])) }
            }
        }
    }

    /// The lit colours' halving sum: `segue_avg16`/`segue_avg32` are (x + y + 1) >> 1 of the 17-bit sum,
    /// and with the lift one less, the floor of the halved sum the kernels took before — for every
    /// product c·shade and lift a·highlight + 128 the shading reaches (c, a ≤ 255, shade, highlight ≤ 256).
    @Test func roundedAverageIsTheSeventeenBitHalvedSum() {
        var rng = SplitMix(seed: 72)
        for _ in 0..<2000 {
            var x = Half32(), y = Half32()
            for k in 0..<32 {
                x[k] = UInt16(UInt32.random(in: 0...255, using: &rng) * UInt32.random(in: 0...256, using: &rng))
                y[k] = UInt16(UInt32.random(in: 0...255, using: &rng) * UInt32.random(in: 0...256, using: &rng) + 127)
            }
            let (a32, a16) = (segue_avg32(x, y), segue_avg16(x.lowHalf, y.lowHalf))
            for k in 0..<32 {
                let sum = UInt32(x[k]) + UInt32(y[k])
                #expect(a32[k] == UInt16((sum + 1) >> 1))
                if k < 16 { #expect(a16[k] == UInt16((sum + 1) >> 1)) }
                // With the lift 128 the old way: ⌊x/2⌋ + ⌊y/2⌋ + (x ∧ y ∧ 1), y + 1 being that lift.
                let lift = y[k] + 1
                #expect(a32[k] >> 7 == ((x[k] >> 1) + (lift >> 1) + (x[k] & lift & 1)) >> 7)
            }
        }
    }

    /// `segue_all_at_least16` is whether every lane is at least the bound: sixteen pixels all opaque
    /// exactly when each alpha is 255, whichever lane is the one that is not, and any bound.
    @Test func allAtLeastIsEveryLaneCompared() {
        var rng = SplitMix(seed: 71)
        var opaque = 0, notOpaque = 0
        for trial in 0..<20_000 {
            // Mostly opaque pixels, a few lanes (or none) with alpha 254, 0 or random.
            var p = Px16()
            for k in 0..<16 { p[k] = 0xff00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xff_ffff }
            for _ in 0..<(trial % 3) {
                let k = Int(rng.next() % 16)
                p[k] = [0xfe00_0000 | p[k] & 0xff_ffff, p[k] & 0xff_ffff, UInt32(truncatingIfNeeded: rng.next())][Int(rng.next() % 3)]
            }
            let bound: UInt32 = trial % 5 == 4 ? UInt32(truncatingIfNeeded: rng.next()) : 0xff00_0000
            // Now and then a lane exactly at the bound (at least, not more than).
            if trial % 7 == 0 { p[Int(rng.next() % 16)] = bound }
            let want = (0..<16).allSatisfy { p[$0] >= bound }
            #expect((segue_all_at_least16(p, bound) != 0) == want, "trial \(trial): \(p), \(bound)")
            if bound == 0xff00_0000 { if want { opaque += 1 } else { notOpaque += 1 } }
        }
        #expect(opaque > 3000 && notOpaque > 3000, "\(opaque) opaque groups, \(notOpaque) not")
    }
}
