// Fast paths pinned to their reference loops: the vector spans against the scalar code they replace
// (bit for bit, on random premultiplied pixels), and every effect drawn with the fast paths on and off
// (same pixels within one level). Speed must never change the picture.
import Testing
@testable import Segue

@Suite(.serialized) struct FastPathTests {
    /// A random valid premultiplied pixel (each channel ≤ alpha), often opaque or clear.
    static func pixel(_ rng: inout some RandomNumberGenerator) -> UInt32 {
        let pick = Int.random(in: 0..<4, using: &rng)
        let a = pick == 0 ? 255 : pick == 1 ? 0 : Int.random(in: 0...255, using: &rng)
        let r = UInt32(Int.random(in: 0...a, using: &rng)), g = UInt32(Int.random(in: 0...a, using: &rng))
        let b = UInt32(Int.random(in: 0...a, using: &rng))
        return UInt32(a) << 24 | r << 16 | g << 8 | b
    }

    static func randomBitmap(_ w: Int, _ h: Int, _ rng: inout some RandomNumberGenerator) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b.row(y)[x] = pixel(&rng) } }
        return b
    }

    @Test func translatedSpanEqualsTheGeneralBilinearSpan() {
        var rng = SplitMix(seed: 11)
        let translucent = Self.randomBitmap(64, 8, &rng)
        // Mostly opaque too, so whole groups of opaque taps (the copy path) occur.
        let opaque = Bitmap(width: 64, height: 8)
        for y in 0..<8 { for x in 0..<64 { opaque.row(y)[x] = (y == 5 && x % 9 == 0) ? Self.pixel(&rng) : Self.pixel(&rng) | 0xff00_0000 } }
        for trial in 0..<400 {
            let tex = trial % 2 == 0 ? opaque : translucent
            let count = Int.random(in: 0...40, using: &rng)
            let x0 = Int.random(in: 0..<(62 - count + 1), using: &rng), y0 = Int.random(in: 0..<7, using: &rng)
            let fx = UInt32.random(in: 0...255, using: &rng), fy = UInt32.random(in: 0...255, using: &rng)
            let opacity: UInt32 = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &rng)
            let fast = Self.randomBitmap(48, 1, &rng), ref = fast.copy()
            translatedSpan(fast.row(0), count, tex.row(y0) + x0, tex.stride, fx: fx, fy: fy, opacity: opacity)
            var U = x0 << 24 | Int(fx) << 16, V = y0 << 24 | Int(fy) << 16
            var dU = 1 << 24, dV = 0
            bilinearSpan(ref.row(0), count, tex.pixels, tex.stride, &U, &V, &dU, &dV, 0, 0, opacity: opacity)
            #expect(Array(UnsafeBufferPointer(start: fast.row(0), count: 48)) == Array(UnsafeBufferPointer(start: ref.row(0), count: 48)),
                    "trial \(trial)")
        }
    }

    @Test func shadedSpanEqualsTheScalarModulateLoop() {
        var rng = SplitMix(seed: 5)
        let tex = Self.randomBitmap(96, 96, &rng)
        for trial in 0..<400 {
            let count = Int.random(in: 0...33, using: &rng)
            // A path that stays inside the texture: start near the middle, gentle steps and curvature.
            var U = Int.random(in: 30...60, using: &rng) << 24 | Int.random(in: 0..<(1 << 24), using: &rng)
            var V = Int.random(in: 30...60, using: &rng) << 24 | Int.random(in: 0..<(1 << 24), using: &rng)
            var dU = Int.random(in: -(1 << 24)...(1 << 24), using: &rng), dV = Int.random(in: -(1 << 24)...(1 << 24), using: &rng)
            let ddU = Int.random(in: -(1 << 16)...(1 << 16), using: &rng), ddV = Int.random(in: -(1 << 16)...(1 << 16), using: &rng)
            // Factors in 8.24-scaled 1/256 units, ranging past 0…1 so the clamps are exercised.
            func factor(_ rng: inout SplitMix) -> Int { Int.random(in: -40...300, using: &rng) << 16 }
            func step(_ rng: inout SplitMix) -> Int { Int.random(in: -12...12, using: &rng) << 16 + Int.random(in: 0..<65536, using: &rng) }
            var SH = factor(&rng), HL = trial % 2 == 0 ? 0 : factor(&rng), AL = trial % 3 == 0 ? 256 << 16 : factor(&rng)
            let dSH = step(&rng), dHL = trial % 2 == 0 ? 0 : step(&rng), dAL = step(&rng)
            let fast = Self.randomBitmap(40, 1, &rng), ref = fast.copy()
            var (rU, rV, rdU, rdV, rSH, rHL, rAL) = (U, V, dU, dV, SH, HL, AL)
            shadedSpan(fast.row(0), count, tex.pixels, tex.stride, &U, &V, &dU, &dV, ddU, ddV, &SH, &HL, &AL, dSH, dHL, dAL)
            let dst = ref.row(0)
            for i in 0..<count {
                put(dst + i, modulatePixel(sampleInside(tex.pixels, tex.stride, rU, rV), rSH >> 16, rHL >> 16, rAL >> 16), 255)
                rU += rdU; rV += rdV; rdU += ddU; rdV += ddV
                rSH += dSH; rHL += dHL; rAL += dAL
            }
            #expect(Array(UnsafeBufferPointer(start: fast.row(0), count: 40)) == Array(UnsafeBufferPointer(start: ref.row(0), count: 40)),
                    "trial \(trial)")
            #expect(U == rU && V == rV && dU == rdU && dV == rdV && SH == rSH && HL == rHL && AL == rAL)
        }
    }

    /// Every effect, every subtype it uses, across its run, with translucent pages too: the fast paths
    /// draw what the reference loops draw.
    @Test func everyEffectDrawsTheSamePixelsWithFastPathsOff() {
        let pages = EffectTestPages.make(width: 160, height: 100, text: false)
        var rng = SplitMix(seed: 3)
        let ghost = Self.randomBitmap(160, 100, &rng)
        let effects: [(String, () -> TransitionEffect)] = TransitionType.allCases.map { t in (t.rawValue, { t.makeEffect() }) }
            + [("partialCurl", { PartialCurlEffect(reversed: false) }), ("partialCurl back", { PartialCurlEffect(reversed: true) })]
        for (name, make) in effects {
            for subtype in [TransitionSubtype.fromRight, .fromTop] {
                for p in [0.0, 0.13, 0.37, 0.5, 0.71, 0.94, 1.0] {
                    for (old, new) in [(pages.old, pages.new), (ghost, pages.new)] {
                        // A fractional placement, so slides land between pixels.
                        let frame = EffectFrame(old: old, new: new, progress: p, subtype: subtype,
                                                size: Size(width: 160, height: 100),
                                                pageToDevice: Transform3D(translationX: 3.3, y: 2.6, z: 0),
                                                opacity: old === ghost ? 0.9 : 1)
                        func render() -> Bitmap {
                            let out = Bitmap(width: 170, height: 110, fill: 0xff20_3040)
                            make().draw(frame, in: Canvas(target: out))
                            return out
                        }
                        let fast = render()
                        let ref = FastPaths.$enabled.withValue(false) { render() }
                        #expect(Self.maxDifference(fast, ref) <= 1, "\(name) \(subtype) at \(p)")
                    }
                }
            }
        }
    }

    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var m = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.row(y)[x], q = b.row(y)[x]
                for s in stride(from: 0, to: 32, by: 8) { m = max(m, abs(Int((p >> UInt32(s)) & 0xff) - Int((q >> UInt32(s)) & 0xff))) }
            }
        }
        return m
    }
}

/// The library's seeded generator drives the random pixels, so failures reproduce.
extension SplitMix: RandomNumberGenerator {}
