// Compositor shadows: the layer's rounded bounds (as if `shadowPath` were its rounded rect), blurred
// by three box-blur passes per axis — running sums, O(1) per pixel whatever the radius — which
// approximate a Gaussian of σ = shadowRadius / 2. The tinted result is a generated picture like a
// landscape (GeneratedImageCache, by shape, blur and colour), so a card's shadow is made once for
// every compositor — the window's, and the snapshotter each transition makes afresh — and then drawn
// like any texture (a blit when not transformed). Made, both passes read in memory order and divide by
// multiplying: a demo card's shadow (807 × 807 px, blur 43) took 35 ms with a column pass striding
// down the mask and an integer division a pixel, in each transition's start and again at its end
// (the window's compositor had dropped it while the transition covered the screen).

struct ShadowKey: Hashable {
    var width, height, cornerRadius, radius: Double
    var pixel: UInt32
}

/// Half the total support of the three box passes for `radius`, plus a pixel. Radii past 1024 px blur
/// as 1024 (a haze as wide as a 4K screen either way): what keeps a shadow's mask within memory.
func shadowBoxWidth(_ radius: Double) -> Int {
    let sigma = min(max(0, radius), 1024) / 2
    return max(1, Int((4 * sigma * sigma + 1).squareRoot().rounded()))
}
func shadowMargin(_ radius: Double) -> Int { 3 * (shadowBoxWidth(radius) / 2) + 2 }

extension Compositor {
    func drawShadow(_ layer: Layer, _ s: LayerState, _ m: Transform3D, opacity: Double, _ canvas: Canvas) {
        let b = s.bounds
        guard b.width > 0, b.height > 0, b.width <= 4096, b.height <= 4096 else { return }
        let pixel = scale(layer.shadowColor.premultipliedPixel, alpha8(layer.shadowOpacity))
        guard pixel != 0 else { return }
        let key = ShadowKey(width: b.width, height: b.height, cornerRadius: s.cornerRadius, radius: layer.shadowRadius, pixel: pixel)
        // The compositor's own table first (a frame allocates nothing), then the shared cache.
        let shadow = shadows[key]?.bitmap ?? GeneratedImageCache.shared.image(key) { Image(bitmap: Self.makeShadow(key)) }.bitmap
        shadows[key] = (shadow, frame)
        let mg = Double(shadowMargin(key.radius))
        let place = Transform3D(translationX: b.minX - mg + layer.shadowOffset.width,
                                y: b.minY - mg + layer.shadowOffset.height, z: 0).concatenating(m)
        canvas.draw(shadow, transform: place, opacity: opacity)
        wroteTarget(canvas)
    }

    /// The shadow of `key`'s shape: its coverage (0…255) blurred by three box passes across and down
    /// in turn, tinted, `shadowMargin` pixels of room on every side. Rows are blurred with running
    /// sums along them, columns with a row of running sums moved down the mask a row at a time (so
    /// both passes read memory in order), and each sum is divided by the box's width with a
    /// multiply and a shift — the same quotients as integer division (`BoxDivision`).
    nonisolated static func makeShadow(_ key: ShadowKey) -> Bitmap {
        let margin = shadowMargin(key.radius)
        let w = Int(key.width.rounded(.up)) + 2 * margin, h = Int(key.height.rounded(.up)) + 2 * margin
        let box = RoundedBox(x0: Double(margin), y0: Double(margin), x1: Double(margin) + key.width,
                             y1: Double(margin) + key.height, r: key.cornerRadius)
        // The mask and, to blur, a second plane: every entry written before it is read.
        let mask = UnsafeMutablePointer<Int32>.allocate(capacity: w * h)
        defer { mask.deallocate() }
        // Coverage, worked out only where it varies along a row (the corners and the sides).
        for y in 0..<h {
            let row = mask + y * w
            @inline(__always) func cover(_ x: Int) -> Int32 { Int32((box.coverage(x, y) * 255).rounded()) }
            let (leftEnd, rightStart) = box.variableColumns(row: y)
            let lo = max(0, min(w, leftEnd)), hi = max(lo, min(w, rightStart))
            for x in 0..<lo { row[x] = cover(x) }
            if lo < hi { let c = cover(lo); for x in lo..<hi { row[x] = c } }
            for x in hi..<w { row[x] = cover(x) }
        }
        let bw = shadowBoxWidth(key.radius)
        if key.radius > 0 && bw > 1 {
            let divide = BoxDivision(width: bw)
            let other = UnsafeMutablePointer<Int32>.allocate(capacity: w * h)
            defer { other.deallocate() }
            for _ in 0..<3 {
                blurRows(from: mask, to: other, width: w, height: h, divide)
                blurColumns(from: other, to: mask, width: w, height: h, divide)
            }
        }
        let bitmap = Bitmap(uninitializedWidth: w, height: h)
        for i in 0..<(w * h) { bitmap.pixels[i] = scale(key.pixel, UInt32(min(255, max(0, mask[i])))) }
        return bitmap
    }

    /// One box pass along each row: `to[i]` is the mean of `from[i − left … i + right]` (outside the
    /// row counts as zero), rounded. Each row is copied between zeros first, so the running sum's loop
    /// has no tests.
    private nonisolated static func blurRows(from: UnsafePointer<Int32>, to: UnsafeMutablePointer<Int32>, width w: Int, height h: Int,
                                             _ divide: BoxDivision) {
        let left = divide.width / 2
        let padded = UnsafeMutablePointer<Int32>.allocate(capacity: w + divide.width)
        defer { padded.deallocate() }
        padded.initialize(repeating: 0, count: w + divide.width)
        for y in 0..<h {
            let row = from + y * w, out = to + y * w
            (padded + left).update(from: row, count: w)
            var sum: Int32 = 0
            for k in 0..<divide.width { sum += padded[k] }
            for i in 0..<w {
                out[i] = divide(sum)
                sum += padded[i + divide.width] - padded[i]
            }
        }
    }

    /// One box pass down every column at once: a row of the columns' running sums, moved down a row at
    /// a time (a vector loop along the row).
    private nonisolated static func blurColumns(from: UnsafePointer<Int32>, to: UnsafeMutablePointer<Int32>, width w: Int, height h: Int,
                                                _ divide: BoxDivision) {
        let left = divide.width / 2, right = divide.width - 1 - left
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: w)
        defer { sums.deallocate() }
        sums.initialize(repeating: 0, count: w)
        for i in 0...min(right, h - 1) { let r = from + i * w; for x in 0..<w { sums[x] += r[x] } }
        for i in 0..<h {
            let out = to + i * w
            for x in 0..<w { out[x] = divide(sums[x]) }
            let add = i + right + 1, drop = i - left
            if add < h { let r = from + add * w; for x in 0..<w { sums[x] += r[x] } }
            if drop >= 0 { let r = from + drop * w; for x in 0..<w { sums[x] -= r[x] } }
        }
    }
}

/// Rounded division of a box's sum by its width, `(sum + width/2) / width`, as a multiply and a shift:
/// with m = ⌊2³²/n⌋ + 1, ⌊x·m / 2³²⌋ = ⌊x/n⌋ for 0 ≤ x < 2³²/n — every sum of a box of n values
/// 0…255 (x < 256·n) while n < 4096, which `shadowBoxWidth` keeps to.
struct BoxDivision {
    let width: Int
    private let half: Int32, magic: UInt64

    init(width: Int) {
        precondition(width > 0 && width < 4096, "box width out of range")
        self.width = width
        half = Int32(width / 2)
        magic = (1 << 32) / UInt64(width) + 1
    }

    @inline(__always) func callAsFunction(_ sum: Int32) -> Int32 {
        Int32(truncatingIfNeeded: (UInt64(UInt32(bitPattern: sum &+ half)) &* magic) >> 32)
    }
}
