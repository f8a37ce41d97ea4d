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

    /// A random opaque texture and a random translucent one.
    static func textures(_ w: Int, _ h: Int, _ rng: inout SplitMix) -> (opaque: Bitmap, translucent: Bitmap) {
        let translucent = randomBitmap(w, h, &rng)
        let opaque = Bitmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { opaque.row(y)[x] = pixel(&rng) | 0xff00_0000 } }
        return (opaque, translucent)
    }

    /// A bitmap's first row.
    static func line(_ b: Bitmap) -> UnsafeMutableBufferPointer<UInt32> { UnsafeMutableBufferPointer(start: b.row(0), count: b.width) }

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
            var fx = UInt32.random(in: 0...255, using: &rng), fy = UInt32.random(in: 0...255, using: &rng)
            // Slides along one axis (a zero phase) take the two-tap loop; both phases zero at full
            // opacity (trial % 15 == 3), the row copy.
            if trial % 5 == 1 || trial % 5 == 3 { fy = 0 }
            if trial % 5 == 2 || trial % 5 == 3 { fx = 0 }
            let opacity: UInt32 = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &rng)
            let fast = Self.randomBitmap(48, 1, &rng), ref = fast.copy()
            translatedSpan(fast.row(0), count, tex.row(y0) + x0, tex.stride, fx: fx, fy: fy, opacity: opacity)
            var U = x0 << 24 | Int(fx) << 16, V = y0 << 24 | Int(fy) << 16
            bilinearSpan(ref.row(0), count, tex.pixels, tex.stride, &U, &V, 1 << 24, 0, opacity: opacity)
            #expect(Array(UnsafeBufferPointer(start: fast.row(0), count: 48)) == Array(UnsafeBufferPointer(start: ref.row(0), count: 48)),
                    "trial \(trial)")
        }
    }

    @Test func scaledRowEqualsTheGeneralBilinearSpan() {
        var rng = SplitMix(seed: 13)
        let (opaque, translucent) = Self.textures(96, 8, &rng)
        for trial in 0..<400 {
            let tex = trial % 2 == 0 ? opaque : translucent
            let count = Int.random(in: 0...40, using: &rng)
            // Scales from a strong shrink to a strong zoom, stepping in 8.24 with any fraction; every
            // fourth within 1/16 of unit scale, where most groups of eight read consecutive columns.
            let dU = trial % 4 == 1 ? (1 << 24) + Int.random(in: -(1 << 20)...(1 << 20), using: &rng)
                                    : Int.random(in: (1 << 22)...(2 << 24), using: &rng)
            let U0 = Int.random(in: 0..<(4 << 24), using: &rng), V = Int.random(in: 0..<(7 << 24), using: &rng)
            guard (U0 + count * dU) >> 24 < 94 else { continue }
            let opacity: UInt32 = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &rng)
            let fast = Self.randomBitmap(48, 1, &rng), ref = fast.copy()
            // The columns' taps and weights, as `drawAxisAligned` tabulates them.
            let columns = (0..<count).map { UInt32((U0 + $0 * dU) >> 24) }
            let fractions = (0..<count).map { UInt32(((U0 + $0 * dU) >> 16) & 0xff) }
            scaledRow(fast.row(0), count, tex.pixels, tex.stride, V, columns: columns, fractions: fractions, opacity: opacity)
            var rU = U0, rV = V
            bilinearSpan(ref.row(0), count, tex.pixels, tex.stride, &rU, &rV, dU, 0, opacity: opacity)
            #expect(Array(Self.line(fast)) == Array(Self.line(ref)), "trial \(trial)")
        }
    }

    /// A magnified row's groups whose taps AVX2's permute reads (`magnifiedGroups`) are the general
    /// span's pixels; a row that zooms less stops at its first group whose columns spread too wide.
    @Test(.enabled(if: rowTaps8Available)) func magnifiedGroupsEqualTheGeneralBilinearSpan() {
        var rng = SplitMix(seed: 29)
        let (opaque, translucent) = Self.textures(96, 8, &rng)
        var drawn = 0
        for trial in 0..<400 {
            let tex = trial % 2 == 0 ? opaque : translucent
            let count = Int.random(in: 16...64, using: &rng)
            // Zooms of 1.2 to 8, now and then one of 1 to 1.2, stepping either way.
            let zoom = trial % 5 == 0 ? Double.random(in: 1...1.2, using: &rng) : Double.random(in: 1.2...8, using: &rng)
            let dU = Int(Double(1 << 24) / zoom) * (trial % 7 == 0 ? -1 : 1)
            let U0 = dU > 0 ? Int.random(in: 0..<(8 << 24), using: &rng) : Int.random(in: (70 << 24)..<(90 << 24), using: &rng)
            let V = Int.random(in: 0..<(7 << 24), using: &rng)
            guard (U0 + count * dU) >> 24 < 94, U0 + count * dU >= 0 else { continue }
            let opacity: UInt32 = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &rng)
            let fast = Self.randomBitmap(64, 1, &rng), ref = fast.copy()
            let columns = (0..<count).map { UInt32((U0 + $0 * dU) >> 24) }
            let fractions = (0..<count).map { UInt32(((U0 + $0 * dU) >> 16) & 0xff) }
            let done = magnifiedGroups(fast.row(0), count, tex.pixels, tex.stride, V, columns: columns, fractions: fractions,
                                       opacity: opacity)
            #expect(done % 16 == 0 && done <= count)
            if zoom >= 7.0 / 6 + 0.01 { #expect(done == count - count % 16, "trial \(trial): zoom \(zoom) drew \(done) of \(count)") }
            drawn += done
            var rU = U0, rV = V
            bilinearSpan(ref.row(0), done, tex.pixels, tex.stride, &rU, &rV, dU, 0, opacity: opacity)
            #expect(Array(Self.line(fast)) == Array(Self.line(ref)), "trial \(trial)")
        }
        #expect(drawn > 5000)
    }

    @Test func affineSpanEqualsTheGeneralBilinearSpan() {
        var rng = SplitMix(seed: 19)
        let (opaque, translucent) = Self.textures(96, 96, &rng)
        var drawn = 0
        for trial in 0..<600 {
            let tex = trial % 2 == 0 ? opaque : translucent
            let count = Int.random(in: 0...40, using: &rng)
            // Any turn, shrink or zoom: steps of either sign with any fraction, down to a few 1/256 texel.
            let dU = Int.random(in: -(2 << 24)...(2 << 24), using: &rng), dV = Int.random(in: -(2 << 24)...(2 << 24), using: &rng)
            let U0 = Int.random(in: (2 << 24)..<(92 << 24), using: &rng), V0 = Int.random(in: (2 << 24)..<(92 << 24), using: &rng)
            let U1 = U0 + count * dU, V1 = V0 + count * dV
            guard min(U0, U1) >= 0, max(U0, U1) >> 24 < 94, min(V0, V1) >= 0, max(V0, V1) >> 24 < 94 else { continue }
            let opacity: UInt32 = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &rng)
            let fast = Self.randomBitmap(48, 1, &rng), ref = fast.copy()
            var U = U0, V = V0
            let done = affineSpan(fast.row(0), count, tex.pixels, tex.stride, &U, &V, dU, dV, opacity: opacity)
            var rU = U0, rV = V0
            bilinearSpan(ref.row(0), done, tex.pixels, tex.stride, &rU, &rV, dU, dV, opacity: opacity)
            #expect(done == count - count % 8)
            #expect(Array(Self.line(fast)) == Array(Self.line(ref)), "trial \(trial)")
            #expect(U == rU && V == rV)
            drawn += done
        }
        #expect(drawn > 4000)
    }

    /// `drawAffine` of `tex` over a random background of the given size (from `seed`), clipped, with
    /// the fast paths on and off.
    static func drawnWithAndWithoutFastPaths(_ tex: Bitmap, _ t: AffineTransform, opacity: UInt32, clip: PixelRect,
                                             on size: (width: Int, height: Int), seed: Int) -> (fast: Bitmap, reference: Bitmap) {
        func render() -> Bitmap {
            var rng = SplitMix(seed: UInt64(seed))
            let out = randomBitmap(size.width, size.height, &rng)
            var canvas = Canvas(target: out)
            canvas.clip = clip
            canvas.drawAffine(tex, t, opacity: opacity)
            return out
        }
        return (render(), FastPaths.$enabled.withValue(false) { render() })
    }

    /// Slides and scales (no turn or shear) take `drawAffine`'s axis-aligned rows — edge and inner
    /// columns solved once per draw, edge coverage tabulated, wholly covered edge rows drawn as inner
    /// ones — which must give exactly the pixels of the general per-row loop (the reference, with the
    /// fast paths off), edges and clipped parts too.
    @Test func axisAlignedImageDrawsEqualTheGeneralRows() {
        var rng = SplitMix(seed: 17)
        let (opaque, translucent) = Self.textures(37, 23, &rng)
        var drawn = 0
        for trial in 0..<160 {
            let tex = trial % 2 == 0 ? opaque : translucent
            let scales: [Double] = [1, 1, 0.37, 0.93, 1.6, 2.4, -1, -0.71]
            let sx = trial % 4 == 0 ? 1 : scales[Int.random(in: 0..<scales.count, using: &rng)]
            let sy = trial % 4 == 0 ? 1 : scales[Int.random(in: 0..<scales.count, using: &rng)]
            let tx = Double.random(in: -20...50, using: &rng)
            // Every third with the top (and, unscaled, the bottom) edge on a pixel boundary, as a sliding page's.
            let ty = trial % 3 == 1 ? Double(Int.random(in: -15...30, using: &rng)) : Double.random(in: -15...30, using: &rng)
            let t = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx + (sx < 0 ? 40 : 0), ty: ty + (sy < 0 ? 30 : 0))
            let opacity: UInt32 = trial % 3 == 0 ? 255 : UInt32.random(in: 1...255, using: &rng)
            let clip = trial % 5 == 0 ? PixelRect(x0: 7, y0: 5, x1: 41, y1: 29) : PixelRect(x0: 0, y0: 0, x1: 64, y1: 48)
            let (fast, ref) = Self.drawnWithAndWithoutFastPaths(tex, t, opacity: opacity, clip: clip, on: (64, 48), seed: trial)
            let background: Bitmap = { var r = SplitMix(seed: UInt64(trial)); return Self.randomBitmap(64, 48, &r) }()
            if fast.maxChannelDifference(to: background) != 0 { drawn += 1 }
            #expect(fast.maxChannelDifference(to: ref) == 0, "trial \(trial): scale (\(sx), \(sy)) at (\(tx), \(ty)), opacity \(opacity)")
        }
        #expect(drawn > 120)
    }

    /// Turned and sheared images draw their inner pixels in strips down the screen (TurnedStrips) —
    /// along the texture's rows, or past 45° along its columns from the transposed copy — which must
    /// give exactly the pixels of the general per-row loop (the reference, fast paths off): every
    /// angle round the circle, mirrored and scaled ones, translucent textures, opacity, clipped draws.
    @Test func turnedImageStripsEqualTheGeneralRows() {
        var rng = SplitMix(seed: 23)
        let (opaque, translucent) = Self.textures(97, 71, &rng)
        var strips = 0, transposed = 0
        for trial in 0..<120 {
            let tex = trial % 3 == 2 ? translucent : opaque
            let angle = Double(trial) / 120 * 2 * Double.pi + Double.random(in: -0.05...0.05, using: &rng)
            let sx = [1, 1, 0.8, 1.25, -1][trial % 5], sy = [1, 0.9, 1, 1.3, 1][trial % 5]
            let shear = trial % 7 == 3 ? 0.3 : 0
            let r = AffineTransform(rotationAngle: angle)
            let m = AffineTransform(a: sx, b: 0, c: shear * sx, d: sy, tx: -48.5 * sx, ty: -35.5 * sy).concatenating(r)
            let t = AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx + 80 + Double.random(in: -9...9, using: &rng),
                                    ty: m.ty + 60 + Double.random(in: -9...9, using: &rng))
            let opacity: UInt32 = trial % 4 == 0 ? UInt32.random(in: 1...254, using: &rng) : 255
            let clip = trial % 6 == 5 ? PixelRect(x0: 13, y0: 9, x1: 131, y1: 97) : PixelRect(x0: 0, y0: 0, x1: 160, y1: 120)
            let inv = t.inverted()
            if let plan = TurnedStrips.plan(u: (fixed(inv.a), fixed(inv.c)), v: (fixed(inv.b), fixed(inv.d)), copy: { tex }) {
                strips += 1
                if plan.copy != nil { transposed += 1 }
            }
            let (fast, ref) = Self.drawnWithAndWithoutFastPaths(tex, t, opacity: opacity, clip: clip, on: (160, 120), seed: trial)
            #expect(fast.maxChannelDifference(to: ref) == 0, "trial \(trial): angle \(angle), scale (\(sx), \(sy)), shear \(shear), opacity \(opacity)")
        }
        // Where the CPU has the window gather, most maps take the strips, and about half of those read
        // the transposed copy.
        if windowTapsAvailable { #expect(strips > 80 && transposed > 30 && strips - transposed > 30, "\(strips) strips, \(transposed) transposed") }
    }

    /// A turned image whose rows each read more than 1024 texture rows (here on a strip of screen across
    /// its middle) draws its inner spans in columns (`Canvas.drawsColumnBands`) where it takes no strips — each pixel's position is the same
    /// integer however its row is cut — so it must give exactly the pixels of the general per-row loop
    /// (the reference, fast paths off), translucent and at part opacity too. (Where the CPU has the
    /// window gather, these maps take the strips instead, which this pins as well.)
    @Test func bigTurnedImageDrawnInColumnsEqualsTheGeneralRows() {
        var rng = SplitMix(seed: 31)
        let (opaque, translucent) = Self.textures(600, 1240, &rng)
        for (k, degrees) in [80.0, 115, 101].enumerated() {
            let r = AffineTransform(rotationAngle: degrees * Double.pi / 180)
            let m = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -300.3, ty: -619.6).concatenating(r)
            let t = AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx + 600, ty: m.ty + 32)
            let inv = t.inverted()
            #expect(Canvas.drawsColumnBands(dvdx: inv.b, width: 1200), "\(degrees)°")
            let (fast, ref) = Self.drawnWithAndWithoutFastPaths(k == 1 ? translucent : opaque, t, opacity: k == 2 ? 200 : 255,
                                                                clip: PixelRect(x0: 0, y0: 0, x1: 1200, y1: 64), on: (1200, 64), seed: k)
            #expect(fast.maxChannelDifference(to: ref) == 0, "\(degrees)°")
        }
        // A row across 1920 pixels at 45° reads about 1360 texture rows; one 600 pixels across, 424.
        #expect(Canvas.drawsColumnBands(dvdx: -0.7071, width: 1920))
        #expect(!Canvas.drawsColumnBands(dvdx: 0.7071, width: 600))
        #expect(!Canvas.drawsColumnBands(dvdx: 0.05, width: 3840))
    }

    /// Random span planes whose positions stay inside a 96×96 texture for 40 pixels: affine ones and
    /// steep perspective ones (q changing by up to a fifth along the span).
    static func planes(_ rng: inout SplitMix) -> SpanPlanes {
        while true {
            let q = Float.random(in: 0.3...2, using: &rng)
            let dq = Bool.random(using: &rng) ? 0 : Float.random(in: -0.005...0.005, using: &rng) * q
            let u = Float.random(in: 20...76, using: &rng), v = Float.random(in: 20...76, using: &rng)
            let du = Float.random(in: -1.2...1.2, using: &rng), dv = Float.random(in: -1.2...1.2, using: &rng)
            // s = u·q at the start; its step keeps u moving about du a pixel.
            let p = SpanPlanes(s: u * q * 256, t: v * q * 256, q: q, ds: (du * q + u * dq) * 256, dt: (dv * q + v * dq) * 256, dq: dq)
            if p.inside(0, 40, width: 96, height: 96) { return p }
        }
    }

    @Test func meshSpanEqualsTheScalarLoop() {
        var rng = SplitMix(seed: 7)
        let (opaque, translucent) = Self.textures(96, 96, &rng)
        for trial in 0..<400 {
            let tex = trial % 2 == 0 ? opaque : translucent
            let planes = Self.planes(&rng)
            let count = Int.random(in: 0...33, using: &rng), first = Int.random(in: 0...(40 - count), using: &rng)
            let opacity: UInt32 = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &rng)
            // The span anywhere in a row (its last pixels run on a window past or before it), or in a
            // row narrower than eight pixels.
            let width = trial % 7 == 0 ? max(1, min(7, count)) : 48, at = Int.random(in: 0...(width - min(width, count)), using: &rng)
            let n = min(count, width)
            let fast = Self.randomBitmap(width, 1, &rng), ref = fast.copy()
            meshSpan(fast.row(0) + at, n, tex.pixels, tex.stride, planes, first: first, within: Self.line(fast), opacity: opacity)
            for i in 0..<n {
                let p = planes.position(first + i)
                put(ref.row(0) + at + i, sampleInside(tex.pixels, tex.stride, Int(p.x) << 16, Int(p.y) << 16), opacity)
            }
            #expect(Array(Self.line(fast)) == Array(Self.line(ref)), "trial \(trial)")
        }
    }

    @Test func shadedSpanEqualsTheScalarModulateLoop() {
        var rng = SplitMix(seed: 5)
        let tex = Self.randomBitmap(96, 96, &rng)
        for trial in 0..<600 {
            // A one-colour texture (an iris blade's dark grey, a shadow): opaque, clear or translucent.
            let solid = Bitmap(width: 4, height: 4, fill: trial % 15 == 0 ? 0xc040_2010 : trial % 15 == 5 ? 0xff1c_1c1e : Self.pixel(&rng))
            let planes = Self.planes(&rng)
            let count = Int.random(in: 0...33, using: &rng), first = Int.random(in: 0...(40 - count), using: &rng)
            // Factors in 8.16-scaled 1/256 units, ranging past 0…1 so the clamps are exercised.
            func factor(_ rng: inout SplitMix) -> Int { Int.random(in: -40...300, using: &rng) << 16 }
            func step(_ rng: inout SplitMix) -> Int { Int.random(in: -12...12, using: &rng) << 16 + Int.random(in: 0..<65536, using: &rng) }
            // Unlit spans (no highlight, or one below 0 throughout) and unfaded ones (alpha at or
            // past 256 throughout) take shortcuts; so do spans that only start or end that way.
            var SH = factor(&rng), HL = trial % 2 == 0 ? 0 : trial % 10 == 1 ? -(30 << 16) : factor(&rng)
            var AL = trial % 3 == 0 ? 256 << 16 : trial % 9 == 1 ? 280 << 16 : factor(&rng)
            let dSH = step(&rng), dHL = trial % 2 == 0 ? 0 : step(&rng), dAL = trial % 6 == 0 ? 0 : step(&rng)
            let width = trial % 7 == 0 ? max(1, min(7, count)) : 48, at = Int.random(in: 0...(width - min(width, count)), using: &rng)
            let n = min(count, width)
            let fast = Self.randomBitmap(width, 1, &rng), ref = fast.copy()
            var (rSH, rHL, rAL) = (SH, HL, AL)
            let useSolid = trial % 5 == 0 || trial % 5 == 3
            // A flat, unscaled row (a page lying in a shadow): consecutive texels from `start`.
            // Every other one on whole texels (a page lying still).
            let whole: Int32 = trial % 8 == 5 ? ~0xff : ~0
            let start: (x: Int32, y: Int32)? = trial % 4 == 1 && !useSolid
                ? (Int32.random(in: 512...(256 * 50), using: &rng) & whole, Int32.random(in: 512...(256 * 90), using: &rng) & whole) : nil
            if useSolid {
                shadedSpan(fast.row(0) + at, n, solid.pixels, solid.stride, planes, first: first, within: Self.line(fast),
                           &SH, &HL, &AL, dSH, dHL, dAL, uniform: solid.uniformPixel)
            } else {
                shadedSpan(fast.row(0) + at, n, tex.pixels, tex.stride, planes, first: first, within: Self.line(fast),
                           &SH, &HL, &AL, dSH, dHL, dAL, translated: start)
            }
            let dst = ref.row(0) + at
            for i in 0..<n {
                let p = start.map { (x: $0.x + 256 * Int32(i), y: $0.y) } ?? planes.position(first + i)
                let s = useSolid ? solid.row(0)[0] : sampleInside(tex.pixels, tex.stride, Int(p.x) << 16, Int(p.y) << 16)
                put(dst + i, modulatePixel(s, rSH >> 16, rHL >> 16, rAL >> 16), 255)
                rSH += dSH; rHL += dHL; rAL += dAL
            }
            #expect(Array(Self.line(fast)) == Array(Self.line(ref)), "trial \(trial)")
            #expect(SH == rSH && HL == rHL && AL == rAL)
        }
    }

    @Test func opaqueOneColourSpansSixteenAStepEqualTheScalarModulateLoop() {
        // An iris blade: an opaque colour, shaded and lit but not faded, over long spans — dark
        // enough that the sixteen-lane 16-bit step takes them, or bright enough that it must not.
        var rng = SplitMix(seed: 11)
        for trial in 0..<300 {
            let top = trial % 4 == 0 ? 255 : 40
            let c = 0xff00_0000 | UInt32.random(in: 0...UInt32(top), using: &rng) << 16
                | UInt32.random(in: 0...UInt32(top), using: &rng) << 8 | UInt32.random(in: 0...UInt32(top), using: &rng)
            let solid = Bitmap(width: 4, height: 4, fill: c)
            let count = Int.random(in: 0...150, using: &rng)
            var SH = Int.random(in: -20...280, using: &rng) << 16 + Int.random(in: 0..<65536, using: &rng)
            var HL = trial % 3 == 0 ? 0 : Int.random(in: -10...60, using: &rng) << 16
            var AL = 256 << 16
            let dSH = Int.random(in: -3 << 16...3 << 16, using: &rng), dHL = trial % 3 == 0 ? 0 : Int.random(in: -1 << 16...1 << 16, using: &rng)
            let fast = Self.randomBitmap(160, 1, &rng), ref = fast.copy()
            let at = Int.random(in: 0...(160 - count), using: &rng)
            var (rSH, rHL) = (SH, HL)
            shadedSpan(fast.row(0) + at, count, solid.pixels, solid.stride, Self.planes(&rng), first: 0, within: Self.line(fast),
                       &SH, &HL, &AL, dSH, dHL, 0, uniform: c)
            for i in 0..<count {
                put(ref.row(0) + at + i, modulatePixel(c, rSH >> 16, rHL >> 16, 256), 255)
                rSH += dSH; rHL += dHL
            }
            #expect(Array(Self.line(fast)) == Array(Self.line(ref)), "trial \(trial)")
        }
    }

    @Test func spanPositionsAreThePlanesQuotient() {
        // u = s/q to well under 1/256 texel, for an affine and a steep perspective span.
        for (q, dq) in [(Float(1), Float(0)), (Float(0.8), Float(-0.0015))] {
            let u0: Float = 40.25, du: Float = 0.7
            let p = SpanPlanes(s: u0 * q * 256, t: 10 * q * 256, q: q, ds: (du * q + u0 * dq) * 256, dt: 10 * dq * 256, dq: dq)
            for i in [0, 7, 31] {
                let qi = Double(q) + Double(i) * Double(dq)
                let u = (Double(u0 * q) + Double(i) * Double(du * q + u0 * dq)) / qi
                #expect(abs(Double(p.position(i).x) - (u - 0.5) * 256) <= 0.51, "i=\(i)")
                #expect(abs(Double(p.position(i).y) - (10 - 0.5) * 256) <= 0.51, "i=\(i)")
            }
        }
    }

    @Test func crossfadeRowEqualsTwoBlendRows() {
        var rng = SplitMix(seed: 13)
        let opaque = Bitmap(width: 64, height: 1)
        for x in 0..<64 { opaque.row(0)[x] = x % 23 == 0 ? Self.pixel(&rng) : Self.pixel(&rng) | 0xff00_0000 }
        let translucent = Self.randomBitmap(64, 1, &rng)
        for trial in 0..<400 {
            let a = trial % 2 == 0 ? opaque : translucent, b = trial % 3 == 0 ? translucent : opaque
            let opacities: [UInt32] = [0, 255, 128, UInt32.random(in: 0...255, using: &rng)]
            let oa = opacities[trial % 4], ob = opacities[(trial / 4) % 4]
            let count = Int.random(in: 0...40, using: &rng), x0 = Int.random(in: 0...(64 - count), using: &rng)
            let fused = Self.randomBitmap(48, 1, &rng), ref = fused.copy()
            crossfadeRow(fused.row(0), a.row(0) + x0, oa, b.row(0) + x0, ob, count)
            blendRow(ref.row(0), a.row(0) + x0, count, opacity: oa)
            blendRow(ref.row(0), b.row(0) + x0, count, opacity: ob)
            #expect(Array(UnsafeBufferPointer(start: fused.row(0), count: 48)) == Array(UnsafeBufferPointer(start: ref.row(0), count: 48)),
                    "trial \(trial)")
        }
    }

    @Test func crossfadeOfOpaqueRowsEqualsTwoBlendRows() {
        // `bothOpaque`'s one-lerp loop draws what the two passes draw, at every opacity pair and
        // length (a tail shorter than eight included).
        var rng = SplitMix(seed: 17)
        let a = Bitmap(width: 64, height: 1), b = Bitmap(width: 64, height: 1)
        for x in 0..<64 { a.row(0)[x] = Self.pixel(&rng) | 0xff00_0000; b.row(0)[x] = Self.pixel(&rng) | 0xff00_0000 }
        for trial in 0..<400 {
            let opacities: [UInt32] = [0, 255, 1, 254, UInt32.random(in: 0...255, using: &rng)]
            let oa = trial % 3 == 0 ? UInt32.random(in: 0...255, using: &rng) : 255, ob = opacities[trial % 5]
            let count = Int.random(in: 0...40, using: &rng), x0 = Int.random(in: 0...(64 - count), using: &rng)
            let fused = Self.randomBitmap(48, 1, &rng), ref = fused.copy()
            crossfadeRow(fused.row(0), a.row(0) + x0, oa, b.row(0) + x0, ob, count, bothOpaque: true)
            blendRow(ref.row(0), a.row(0) + x0, count, opacity: oa)
            blendRow(ref.row(0), b.row(0) + x0, count, opacity: ob)
            #expect(Array(UnsafeBufferPointer(start: fused.row(0), count: 48)) == Array(UnsafeBufferPointer(start: ref.row(0), count: 48)),
                    "trial \(trial)")
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
