// Render fixtures: small procedural images and straightforward reference renderers (per-pixel, Double
// arithmetic, no spans or fixed point) that the fast paths are pinned against.
import Foundation
@testable import Segue

enum Fixtures {
    /// A test card: gradient, checker and a coloured frame, fully opaque, so sampling errors show.
    static func card(width: Int = 48, height: Int = 32) -> Bitmap {
        let b = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let checker = ((x / 4) + (y / 4)) % 2 == 0
                let r = Double(x) / Double(max(1, width - 1)), g = Double(y) / Double(max(1, height - 1))
                var c = Color(red: r, green: g, blue: checker ? 0.9 : 0.2)
                if x < 2 || y < 2 || x >= width - 2 || y >= height - 2 { c = Color(hex: 0xFF9500) }
                b[x, y] = c.premultipliedPixel
            }
        }
        return b
    }

    /// A premultiplied pixel from components.
    static func pixel(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> UInt32 {
        UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}

/// Double-precision reference implementations.
enum Reference {
    typealias RGBA = (Double, Double, Double, Double)

    static func unpack(_ p: UInt32) -> RGBA {
        (Double((p >> 16) & 0xff), Double((p >> 8) & 0xff), Double(p & 0xff), Double(p >> 24))
    }
    static func packRounded(_ c: RGBA) -> UInt32 {
        func q(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
        return q(c.3) << 24 | q(c.0) << 16 | q(c.1) << 8 | q(c.2)
    }

    /// Source-over in Double.
    static func over(_ s: RGBA, _ d: RGBA) -> RGBA {
        let k = 1 - s.3 / 255
        return (s.0 + d.0 * k, s.1 + d.1 * k, s.2 + d.2 * k, s.3 + d.3 * k)
    }

    /// Bilinear sample at texel-space position (u, v) (texel centres at i + 0.5), outside = transparent.
    static func sample(_ t: Bitmap, _ u: Double, _ v: Double) -> RGBA {
        let su = u - 0.5, sv = v - 0.5
        let x0 = Int(su.rounded(.down)), y0 = Int(sv.rounded(.down))
        // Fractions quantized to 1/256 as every sampler does by design (8-bit weights); what the
        // comparison pins is the mapping, the spans and the blending.
        let fx = ((su - Double(x0)) * 256).rounded() / 256, fy = ((sv - Double(y0)) * 256).rounded() / 256
        func tap(_ x: Int, _ y: Int) -> RGBA { x >= 0 && y >= 0 && x < t.width && y < t.height ? unpack(t[x, y]) : (0, 0, 0, 0) }
        let a = tap(x0, y0), b = tap(x0 + 1, y0), c = tap(x0, y0 + 1), d = tap(x0 + 1, y0 + 1)
        func mix(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
            (p * (1 - fx) + q * fx) * (1 - fy) + (r * (1 - fx) + s * fx) * fy
        }
        return (mix(a.0, b.0, c.0, d.0), mix(a.1, b.1, c.1, d.1), mix(a.2, b.2, c.2, d.2), mix(a.3, b.3, c.3, d.3))
    }

    /// Bilinear sample with taps clamped to the edge, times the pixel's coverage of the image for an
    /// affine map whose inverse has texel-per-pixel gradients (gu, gv) — the affine path's edge rule.
    static func sampleCovered(_ t: Bitmap, _ u: Double, _ v: Double, gu: Double, gv: Double) -> RGBA {
        let W = Double(t.width), H = Double(t.height)
        let cu = min(1, max(0, min(u, W - u) / gu + 0.5)), cv = min(1, max(0, min(v, H - v) / gv + 0.5))
        let c = ((cu * cv) * 255).rounded() / 255
        let s = sample(t, min(max(u, 0.5), W - 0.5), min(max(v, 0.5), H - 0.5))
        return (s.0 * c, s.1 * c, s.2 * c, s.3 * c)
    }

    /// Draws `image` through `t` pixel by pixel: unproject each pixel centre, sample, blend. Affine maps
    /// use the coverage edge rule, perspective the transparent-frame rule (as the fast paths do).
    static func drawImage(_ image: Bitmap, transform t: Transform3D, opacity: Double, into target: Bitmap) {
        let affine = t.m14 == 0 && t.m24 == 0
        let inv = t.affine.inverted()
        let gu = (inv.a * inv.a + inv.c * inv.c).squareRoot(), gv = (inv.b * inv.b + inv.d * inv.d).squareRoot()
        for y in 0..<target.height {
            for x in 0..<target.width {
                guard let p = t.unproject(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                // Skip points behind the eye.
                guard t.apply(x: p.x, y: p.y).w > 0 else { continue }
                var s = affine ? sampleCovered(image, p.x, p.y, gu: gu, gv: gv) : sample(image, p.x, p.y)
                s = (s.0 * opacity, s.1 * opacity, s.2 * opacity, s.3 * opacity)
                if s.3 <= 0 { continue }
                target[x, y] = packRounded(over(s, unpack(target[x, y])))
            }
        }
    }

    /// Fills a rectangle by exact area coverage, pixel by pixel.
    static func fillRect(_ r: Rect, pixel: UInt32, into target: Bitmap) {
        let s = unpack(pixel)
        for y in 0..<target.height {
            for x in 0..<target.width {
                let cx = max(0, min(Double(x + 1), r.maxX) - max(Double(x), r.minX))
                let cy = max(0, min(Double(y + 1), r.maxY) - max(Double(y), r.minY))
                let c = cx * cy
                if c <= 0 { continue }
                target[x, y] = packRounded(over((s.0 * c, s.1 * c, s.2 * c, s.3 * c), unpack(target[x, y])))
            }
        }
    }
}
