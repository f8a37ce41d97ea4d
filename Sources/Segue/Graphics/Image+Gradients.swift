// Generated gradient images (CAGradientLayer's parameters: colours, optional locations, unit start and
// end points). Colours interpolate in premultiplied space, as Core Animation does, through a 1024-entry
// ramp; a 4×4 ordered dither hides 8-bit banding on large, slow gradients (hero images, backdrops).

/// A colour ramp sampled at t ∈ [0, 1]: premultiplied channels as Doubles in 0…255.
struct GradientRamp {
    static let steps = 1024
    private var table: [SIMD4<Double>]  // (a, r, g, b) premultiplied, 0…255
    /// The table quantized once per dither cell: 16 × steps pixels, so a pixel is one lookup.
    private var quantized: [UInt32] = []

    init(colors: [Color], locations: [Double]?) {
        precondition(!colors.isEmpty, "a gradient needs at least one colour")
        let stops: [Double] = if let l = locations, l.count == colors.count { l } else if colors.count == 1 { [0] } else {
            colors.indices.map { Double($0) / Double(colors.count - 1) }
        }
        let order = stops.indices.sorted { stops[$0] < stops[$1] }
        let cs = order.map { colors[$0] }, ls = order.map { stops[$0] }
        func premul(_ c: Color) -> SIMD4<Double> {
            let a = min(max(c.alpha, 0), 1)
            return SIMD4(a, min(max(c.red, 0), 1) * a, min(max(c.green, 0), 1) * a, min(max(c.blue, 0), 1) * a) * 255
        }
        table = (0..<Self.steps).map { i in
            let t = Double(i) / Double(Self.steps - 1)
            guard let j = ls.firstIndex(where: { $0 >= t }) else { return premul(cs[cs.count - 1]) }
            if j == 0 { return premul(cs[0]) }
            let span = ls[j] - ls[j - 1]
            let f = span > 0 ? (t - ls[j - 1]) / span : 1
            return premul(cs[j - 1]) * (1 - f) + premul(cs[j]) * f
        }
        quantized = (0..<16).flatMap { cell in table.map { Self.pixel($0, x: cell & 3, y: cell >> 2) } }
    }

    /// The dithered pixel for t at (x, y).
    @inline(__always) func pixel(_ t: Double, x: Int, y: Int) -> UInt32 {
        let i = Int((min(max(t, 0), 1) * Double(Self.steps - 1)).rounded())
        return quantized[((y & 3) << 2 | (x & 3)) * Self.steps + i]
    }

    @inline(__always) func sample(_ t: Double) -> SIMD4<Double> {
        let i = Int((min(max(t, 0), 1) * Double(Self.steps - 1)).rounded())
        return table[i]
    }

    private static let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { ($0 + 0.5) / 16 - 0.5 }

    /// Quantizes a premultiplied colour to a pixel with ordered dither at (x, y).
    @inline(__always) static func pixel(_ c: SIMD4<Double>, x: Int, y: Int) -> UInt32 {
        let d = bayer[(y & 3) * 4 + (x & 3)]
        let a = min(max((c[0] + d).rounded(), 0), 255)
        func q(_ v: Double) -> UInt32 { UInt32(min(max((v + d).rounded(), 0), a)) }
        return UInt32(a) << 24 | q(c[1]) << 16 | q(c[2]) << 8 | q(c[3])
    }
}

extension Image {
    /// Whole-pixel dimensions for a generated image of `size`: rounded up, at least 1, at most
    /// `PNG.maxDimension` a side and `PNG.maxPixels` in all; NaN and negative sizes give 1.
    static func pixelSize(_ size: Size) -> (width: Int, height: Int) {
        func side(_ v: Double) -> Int { v.isNaN || v < 1 ? 1 : Int(min(v.rounded(.up), Double(PNG.maxDimension))) }
        let w = side(size.width)
        return (w, min(side(size.height), max(1, PNG.maxPixels / w)))
    }

    /// A linear gradient from `startPoint` to `endPoint`, given in unit coordinates of the image
    /// ((0, 0) top-left, (1, 1) bottom-right; default top to bottom), with optional stop `locations`.
    /// Made once per parameters while recently used (`GeneratedImageCache`): the image is shared, its
    /// bitmap must not be drawn into.
    public static func linearGradient(size: Size, colors: [Color], locations: [Double]? = nil,
                                      startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)) -> Image {
        let (w, h) = Image.pixelSize(size)
        let key = LinearGradientKey(width: w, height: h, colors: colors, locations: locations, start: startPoint, end: endPoint)
        return GeneratedImageCache.shared.image(key) {
            generateLinearGradient(width: w, height: h, colors: colors, locations: locations, startPoint: startPoint, endPoint: endPoint)
        }
    }

    /// The linear gradient made afresh (what `linearGradient` caches).
    static func generateLinearGradient(width w: Int, height h: Int, colors: [Color], locations: [Double]?,
                                       startPoint: Point, endPoint: Point) -> Image {
        let ramp = GradientRamp(colors: colors, locations: locations)
        let b = Bitmap(width: w, height: h)
        let sx = startPoint.x * Double(w), sy = startPoint.y * Double(h)
        let dx = endPoint.x * Double(w) - sx, dy = endPoint.y * Double(h) - sy
        let len2 = dx * dx + dy * dy
        for y in 0..<h {
            let row = b.row(y)
            let py = Double(y) + 0.5 - sy
            for x in 0..<w {
                let t = len2 > 0 ? ((Double(x) + 0.5 - sx) * dx + py * dy) / len2 : 0
                row[x] = ramp.pixel(t, x: x, y: y)
            }
        }
        return Image(bitmap: b)
    }

    /// A radial gradient around `center` (unit coordinates) out to `radius` points (default: to the
    /// farthest corner); beyond the radius the last colour continues.
    public static func radialGradient(size: Size, colors: [Color], locations: [Double]? = nil,
                                      center: Point = Point(x: 0.5, y: 0.5), radius: Double? = nil) -> Image {
        let (w, h) = Image.pixelSize(size)
        let ramp = GradientRamp(colors: colors, locations: locations)
        let b = Bitmap(width: w, height: h)
        let cx = center.x * Double(w), cy = center.y * Double(h)
        let fx = max(cx, Double(w) - cx), fy = max(cy, Double(h) - cy)
        let far = (fx * fx + fy * fy).squareRoot()
        let r = max(radius ?? far, 1e-9)
        for y in 0..<h {
            let row = b.row(y)
            let py = Double(y) + 0.5 - cy
            for x in 0..<w {
                let px = Double(x) + 0.5 - cx
                row[x] = ramp.pixel((px * px + py * py).squareRoot() / r, x: x, y: y)
            }
        }
        return Image(bitmap: b)
    }

    /// A solid colour image.
    public static func filled(size: Size, color: Color) -> Image {
        let (w, h) = Image.pixelSize(size)
        return Image(bitmap: Bitmap(width: w, height: h, fill: color.premultipliedPixel))
    }
}

private struct LinearGradientKey: Hashable {
    let width, height: Int
    let colors: [Color]
    let locations: [Double]?
    let start, end: Point
}
