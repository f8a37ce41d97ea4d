// Generated hero images: a landscape — graded sky, a glowing sun or moon, layered mountain ridges that
// fade into haze with distance, stars at night. Deterministic for a (size, style, seed), opaque, dithered;
// one pass over the pixels, ridges precomputed per column, so a 1080p image costs tens of milliseconds.
// Demo screens use them so transitions move real-looking pictures rather than flat colours.
import Foundation

extension Image {
    /// The palette of a generated landscape.
    public enum HeroStyle: String, CaseIterable, Sendable {
        case dawn, day, dusk, night, ocean
    }

    /// A landscape of `size` points in `style`; `seed` varies the ridges (and stars).
    /// Made once per (pixel size, style, seed) while recently used (`GeneratedImageCache`): the image
    /// is shared, its bitmap must not be drawn into.
    public static func hero(size: Size, style: HeroStyle = .dusk, seed: UInt64 = 1) -> Image {
        let (w, h) = Image.pixelSize(size)
        return GeneratedImageCache.shared.image(HeroKey(width: w, height: h, style: style, seed: seed)) {
            generateHero(width: w, height: h, style: style, seed: seed)
        }
    }

    /// The landscape made afresh (what `hero` caches).
    static func generateHero(width w: Int, height h: Int, style: HeroStyle, seed: UInt64) -> Image {
        let p = HeroPalette(style)
        let sky = GradientRamp(colors: p.sky, locations: nil)
        var rng = SplitMix(seed: seed &* 0x9E37_79B9 &+ UInt64(HeroStyle.allCases.firstIndex(of: style) ?? 0))
        let W = Double(w), H = Double(h)
        let scale = min(W, H)

        // Ridge heights per layer and column (farthest layer first).
        let layers = p.ridges.count
        var ridges: [[Double]] = []
        var bases: [Double] = []
        for i in 0..<layers {
            let depth = Double(i) / Double(max(1, layers - 1))
            let base = H * (p.horizon + 0.1 * depth)
            bases.append(base)
            let amp = H * (0.16 - 0.05 * depth)
            let phases = (0..<4).map { _ in rng.unit() * 6.283 }
            let freq = (1.6 + 1.2 * rng.unit()) / W * 6.283
            ridges.append((0..<w).map { x in
                var y = 0.0, a = 1.0, f = freq
                for o in 0..<4 { y += a * (0.5 + 0.5 * sin(Double(x) * f + phases[o])); a *= 0.45; f *= 2.3 }
                return base - amp * y / 1.8
            })
        }
        let sunX = W * p.sun.x, sunY = H * p.sun.y, sunR = scale * p.sunRadius
        var stars: [(Int, Int, Double)] = []
        if p.stars {
            for _ in 0..<(w * h / 900) { stars.append((Int(rng.unit() * W), Int(rng.unit() * H * p.horizon), 0.4 + 0.6 * rng.unit())) }
        }

        let b = Bitmap(width: w, height: h)
        for y in 0..<h {
            let row = b.row(y)
            let py = Double(y) + 0.5
            let skyColor = sky.sample(py / (H * (p.horizon + 0.15)))
            // Lower down, a ridge darkens a little (ground shadow), by row only: no streaks.
            let ridgeColors = (0..<layers).map { i -> SIMD4<Double> in
                let below = min(1, max(0, (py - bases[i]) / (H - bases[i])))
                var c = p.ridges[i] * (1 - 0.3 * below)
                c[0] = 255
                return c
            }
            for x in 0..<w {
                // Start from the nearest ridge that covers the pixel fully: sky and sun are hidden there.
                var first = 0
                var c = skyColor
                for i in stride(from: layers - 1, through: 0, by: -1) where py - ridges[i][x] >= 0.5 {
                    first = i + 1
                    c = ridgeColors[i]
                    break
                }
                if first == 0 {
                    // Sun: a glow falling off with distance, then an anti-aliased disc.
                    let px = Double(x) + 0.5
                    let dx = px - sunX, dy = py - sunY
                    let d2 = dx * dx + dy * dy
                    let falloff = d2 / (sunR * sunR * 18)
                    if falloff < 7 { c += (p.sunColor - c) * (p.glowStrength * exp(-falloff)) }  // e^−7 < 1/1000
                    if d2 < (sunR + 1) * (sunR + 1) {
                        let disc = min(max(sunR - d2.squareRoot() + 0.5, 0), 1)
                        c += (p.sunColor - c) * disc
                    }
                }
                for i in first..<layers {
                    let cover = min(max(py - ridges[i][x] + 0.5, 0), 1)
                    if cover > 0 { c += (ridgeColors[i] - c) * cover }
                }
                row[x] = GradientRamp.pixel(c, x: x, y: y)
            }
        }
        for (x, y, v) in stars where y < h && x < w {
            // Only over sky: skip stars that a ridge covers.
            if (0..<layers).contains(where: { Double(y) >= ridges[$0][x] - 1 }) { continue }
            let a = UInt32(255 * v)
            let old = b[x, y]
            func mix(_ s: UInt32) -> UInt32 { let o = (old >> s) & 0xff; return (o * (255 - a) + 255 * a) / 255 }
            b[x, y] = 0xff00_0000 | mix(16) << 16 | mix(8) << 8 | mix(0)
        }
        return Image(bitmap: b)
    }
}

private struct HeroKey: Hashable {
    let width, height: Int
    let style: Image.HeroStyle
    let seed: UInt64
}

/// Colours (premultiplied 0…255, opaque) and placements of a hero style.
private struct HeroPalette {
    var sky: [Color]
    var sunColor: SIMD4<Double>
    var sun: Point
    var sunRadius: Double
    var glowStrength: Double
    var ridges: [SIMD4<Double>]
    var horizon: Double
    var stars = false

    init(_ style: Image.HeroStyle) {
        func v(_ hex: UInt32) -> SIMD4<Double> {
            SIMD4(255, Double((hex >> 16) & 0xff), Double((hex >> 8) & 0xff), Double(hex & 0xff))
        }
        switch style {
        case .dawn:
            sky = [Color(hex: 0x3B4A8C), Color(hex: 0xC77DA8), Color(hex: 0xFFC9A0)]
            sunColor = v(0xFFF1D6); sun = Point(x: 0.68, y: 0.52); sunRadius = 0.06; glowStrength = 0.55
            ridges = [v(0xB07A9E), v(0x7E5A86), v(0x4E3C64), v(0x2A2240)]; horizon = 0.55
        case .day:
            sky = [Color(hex: 0x2F80ED), Color(hex: 0x79B8F5), Color(hex: 0xD6ECFF)]
            sunColor = v(0xFFFDF2); sun = Point(x: 0.25, y: 0.2); sunRadius = 0.05; glowStrength = 0.45
            ridges = [v(0x9DBCD6), v(0x6E9A86), v(0x3F7A55), v(0x24553A)]; horizon = 0.55
        case .dusk:
            sky = [Color(hex: 0x1E1B4B), Color(hex: 0x7A2E6E), Color(hex: 0xF2774B), Color(hex: 0xFFC56B)]
            sunColor = v(0xFFE3A3); sun = Point(x: 0.5, y: 0.56); sunRadius = 0.08; glowStrength = 0.7
            ridges = [v(0xA34A62), v(0x6B2E55), v(0x3D1C40), v(0x1A0F26)]; horizon = 0.58
        case .night:
            sky = [Color(hex: 0x050816), Color(hex: 0x101B40), Color(hex: 0x26366B)]
            sunColor = v(0xEEF2FF); sun = Point(x: 0.74, y: 0.22); sunRadius = 0.045; glowStrength = 0.35
            ridges = [v(0x2A3566), v(0x1C2550), v(0x121838), v(0x080C1E)]; horizon = 0.6; stars = true
        case .ocean:
            sky = [Color(hex: 0x0B3D5C), Color(hex: 0x2E86AB), Color(hex: 0xA6E3E9)]
            sunColor = v(0xFFFBEA); sun = Point(x: 0.8, y: 0.3); sunRadius = 0.05; glowStrength = 0.5
            ridges = [v(0x5FB7C9), v(0x2A8CA8), v(0x136A8A), v(0x0A4662)]; horizon = 0.62
        }
    }
}
