// Compositor shadows: the layer's rounded bounds (as if `shadowPath` were its rounded rect), blurred
// by three box-blur passes per axis — running sums, O(1) per pixel whatever the radius — which
// approximate a Gaussian of σ = shadowRadius / 2. The tinted result is cached by shape, blur and colour,
// so a card's shadow is computed once and then drawn like any texture (a blit when not transformed).

struct ShadowKey: Hashable {
    var width, height, cornerRadius, radius: Double
    var pixel: UInt32
}

struct CachedShadow {
    var bitmap: Bitmap
    var margin: Int
    var lastUsed: Int
}

/// Half the total support of the three box passes for `radius`, plus a pixel.
func shadowBoxWidth(_ radius: Double) -> Int {
    let sigma = max(0, radius) / 2
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
        var entry = shadows[key] ?? makeShadow(key)
        entry.lastUsed = frame
        shadows[key] = entry
        let mg = Double(entry.margin)
        let place = Transform3D(translationX: b.minX - mg + layer.shadowOffset.width,
                                y: b.minY - mg + layer.shadowOffset.height, z: 0).concatenating(m)
        canvas.draw(entry.bitmap, transform: place, opacity: opacity)
        wroteTarget(canvas)
    }

    func makeShadow(_ key: ShadowKey) -> CachedShadow {
        let margin = shadowMargin(key.radius)
        let w = Int(key.width.rounded(.up)) + 2 * margin, h = Int(key.height.rounded(.up)) + 2 * margin
        // Coverage of the shape, 0…255, then blurred in place.
        var mask = [Int32](repeating: 0, count: w * h)
        let box = RoundedBox(x0: Double(margin), y0: Double(margin), x1: Double(margin) + key.width,
                             y1: Double(margin) + key.height, r: key.cornerRadius)
        for y in 0..<h { for x in 0..<w { mask[y * w + x] = Int32((box.coverage(x, y) * 255).rounded()) } }
        let bw = shadowBoxWidth(key.radius)
        if key.radius > 0 && bw > 1 {
            var line = [Int32](repeating: 0, count: max(w, h))
            for _ in 0..<3 {
                for y in 0..<h { boxBlur(&mask, start: y * w, step: 1, count: w, width: bw, scratch: &line) }
                for x in 0..<w { boxBlur(&mask, start: x, step: w, count: h, width: bw, scratch: &line) }
            }
        }
        let bitmap = Bitmap(width: w, height: h)
        for i in 0..<(w * h) { bitmap.pixels[i] = scale(key.pixel, UInt32(min(255, max(0, mask[i])))) }
        return CachedShadow(bitmap: bitmap, margin: margin, lastUsed: frame)
    }

    /// One box-blur pass of `width` taps along a line of `mask`, treating outside as zero.
    private func boxBlur(_ mask: inout [Int32], start: Int, step: Int, count: Int, width: Int, scratch: inout [Int32]) {
        for i in 0..<count { scratch[i] = mask[start + i * step] }
        let left = width / 2, right = width - 1 - left
        var sum: Int32 = 0
        for i in 0...min(right, count - 1) { sum += scratch[i] }
        let n = Int32(width)
        for i in 0..<count {
            mask[start + i * step] = (sum + n / 2) / n
            let add = i + right + 1, drop = i - left
            if add < count { sum += scratch[add] }
            if drop >= 0 { sum -= scratch[drop] }
        }
    }
}
