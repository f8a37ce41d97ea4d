// WarpGrid: a texture seen through a regular lattice of screen points, each carrying a texture
// position, a shade and a highlight, every attribute bilinear inside a cell — a surface that keeps
// its place on the screen while what it shows is displaced (the ripple's water). No triangles: along
// a pixel row each cell is one linear segment whose ends are the cell's edges at that row, so a row
// costs a lerp per lattice column, and its pixels' positions and factors are written eight at a time
// (one multiply-add each, no division) to a row of attributes that the mesh runs' kernel
// (`attributedSpan`) samples and shades in one pass. A segment reaching past the texture's edge sends
// only its pixels out there to the clamped sampler, pixel by pixel: the water repeats the texture's
// edge texels rather than fading into the clear frame around it, so over an opaque texture it covers
// its rectangle opaquely (and the compositor need not clear beneath the ripple). With fast paths off
// every pixel goes pixel by pixel, from the same numbers.

/// A `columns × rows` lattice over the device rectangle `x0…x1 × y0…y1`: point (i, j) at
/// (x0 + i·(x1 − x0)/columns, y0 + j·(y1 − y0)/rows), its attributes at index j·(columns + 1) + i.
struct WarpGrid {
    var columns = 0, rows = 0
    var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
    /// Texture positions in texels (texel centres at +½), shade (× rgb, 1 = none) and highlight (+ white).
    var u: [Float] = [], v: [Float] = [], shade: [Float] = [], highlight: [Float] = []
    /// Opacity of the whole surface (0…1).
    var alpha = 1.0

    /// Empties the grid for a new lattice, keeping its storage.
    mutating func reset(columns: Int, rows: Int, x0: Double, y0: Double, x1: Double, y1: Double, alpha: Double) {
        self.columns = columns; self.rows = rows
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1; self.alpha = alpha
        u.removeAll(keepingCapacity: true); v.removeAll(keepingCapacity: true)
        shade.removeAll(keepingCapacity: true); highlight.removeAll(keepingCapacity: true)
    }

    mutating func append(u: Float, v: Float, shade: Float, highlight: Float) {
        self.u.append(u); self.v.append(v); self.shade.append(shade); self.highlight.append(highlight)
    }
}

extension Canvas {
    /// Draws `texture` through the warp grid, source-over.
    func draw(_ grid: WarpGrid, texture: Bitmap) {
        let n = (grid.columns + 1) * (grid.rows + 1)
        guard grid.columns > 0, grid.rows > 0, grid.u.count == n, grid.v.count == n, grid.shade.count == n,
              grid.highlight.count == n, grid.x1 > grid.x0, grid.y1 > grid.y0, texture.width > 1, texture.height > 1,
              grid.alpha > 0, [grid.x0, grid.y0, grid.x1, grid.y1].allSatisfy({ abs($0) < 1e7 }) else { return }
        settle()
        let region = PixelRect(x0: Int((grid.x0 - 0.5).rounded(.up)), y0: Int((grid.y0 - 0.5).rounded(.up)),
                               x1: Int((grid.x1 - 0.5).rounded(.up)), y1: Int((grid.y1 - 0.5).rounded(.up)))
        banded(region) { band in
            let r = region.intersection(band.clip)
            guard !r.isEmpty else { return }
            WarpRows(grid: grid, texture: texture, target: band.target, clip: r).draw()
        }
    }
}

/// The rows of one band of a warp grid draw.
private struct WarpRows {
    let grid: WarpGrid, texture: Bitmap, target: Bitmap, clip: PixelRect
    /// Read once a draw: `FastPaths.enabled` is task-local, too slow to ask per segment.
    let fast = FastPaths.enabled

    func draw() {
        let cols = grid.columns, stride = cols + 1
        let cellW = (grid.x1 - grid.x0) / Double(cols), cellH = (grid.y1 - grid.y0) / Double(grid.rows)
        // Each lattice column's first pixel (centre at or right of the column's x), and each cell's
        // pixels within the clip with the first one's place in the cell (0…1): the same on every row.
        let starts = (0...cols).map { Int((grid.x0 + Double($0) * cellW - 0.5).rounded(.up)) }
        let cells = (0..<cols).map { i in
            let cs = max(starts[i], clip.x0), ce = min(starts[i + 1], clip.x1)
            return Cell(cs: cs, ce: ce, f: Float((Double(cs) + 0.5 - (grid.x0 + Double(i) * cellW)) / cellW))
        }
        let a = RowAttributes(columns: clip.x0..<clip.x1)
        defer { a.free() }
        let AL = Int32(min(256, max(0, Int(grid.alpha * 256))))
        // The attributes along the current row at each lattice column.
        var eu = [Float](repeating: 0, count: stride), ev = eu, esh = eu, ehl = eu
        for y in clip.y0..<clip.y1 {
            let t = (Double(y) + 0.5 - grid.y0) / cellH
            let j = min(grid.rows - 1, max(0, Int(t))), ty = Float(t - Double(j))
            for i in 0...cols {
                let k = j * stride + i
                @inline(__always) func lerp(_ f: [Float]) -> Float { f[k] + (f[k + stride] - f[k]) * ty }
                eu[i] = lerp(grid.u); ev[i] = lerp(grid.v); esh[i] = lerp(grid.shade); ehl[i] = lerp(grid.highlight)
            }
            drawRow(y, cells, cellW: cellW, eu, ev, esh, ehl, alpha: AL, a)
        }
    }

    /// Pixel x's attributes in segment `i` (the cell between lattice columns i and i + 1).
    struct Segment {
        /// Values at the segment's first pixel and their steps per pixel: u, v in 1/256 texel (texel
        /// centre offset applied), shade and highlight in 1/256.
        let u, v, sh, hl, du, dv, dsh, dhl: Float
        @inline(__always) func at(_ k: Float) -> (x: Int32, y: Int32, sh: Int32, hl: Int32) {
            (SpanPlanes.fix(u + k * du), SpanPlanes.fix(v + k * dv), Self.factor(sh + k * dsh), Self.factor(hl + k * dhl))
        }
        /// A factor rounded to the nearest 1/256 (a value below 2²² in magnitude, which the lattice's
        /// factors are), clamped to 0…256.
        @inline(__always) static func factor(_ f: Float) -> Int32 {
            min(256, max(0, Int32(bitPattern: (f + SpanPlanes.magic).bitPattern) &- SpanPlanes.magicBits))
        }
        /// The pixels of 0..<n whose taps all lie inside the texture (see `insideRange`).
        @inline(__always) func insideRange(_ n: Int, xMax: Int32, yMax: Int32) -> Range<Int> {
            Segue.insideRange(n, xMax: xMax, yMax: yMax) { let p = at(Float($0)); return (p.x, p.y) }
        }
    }

    /// Cell i's pixels cs..<ce on every row, and where the first one's centre lies in the cell (0…1).
    struct Cell { let cs, ce: Int, f: Float }

    func drawRow(_ y: Int, _ cells: [Cell], cellW: Double, _ eu: [Float], _ ev: [Float], _ esh: [Float], _ ehl: [Float],
                 alpha AL: Int32, _ a: RowAttributes) {
        let row = UnsafeMutableBufferPointer(start: target.row(y), count: target.width)
        let W = texture.width, H = texture.height
        let xMax = Int32(256 * (W - 1) - 4), yMax = Int32(256 * (H - 1) - 4)
        let scale = Float(1 / cellW)
        var runStart = -1, runEnd = -1, lights = false
        func flush() {
            guard runStart >= 0 else { return }
            let o = runStart - a.origin
            attributedSpan(row.baseAddress! + runStart, runEnd - runStart, texture.pixels, texture.stride,
                           x: a.x + o, y: a.y + o, shade: a.sh + o, highlight: a.hl + o, alpha: a.al + o,
                           within: row, lights: lights, fades: AL < 256, uniform: nil)
            runStart = -1
        }
        for i in 0..<grid.columns {
            let cs = cells[i].cs, ce = cells[i].ce, f = cells[i].f
            guard cs < ce else { continue }
            // The segment's values at pixel cs and steps, in the attributes' units: the linear map
            // between the cell's two edges at this row.
            @inline(__always) func seg(_ e: [Float], _ m: Float) -> (Float, Float) {
                let d = e[i + 1] - e[i]
                return ((e[i] + d * f) * m, d * scale * m)
            }
            let (u, du) = seg(eu, 256), (v, dv) = seg(ev, 256), (sh, dsh) = seg(esh, 256), (hl, dhl) = seg(ehl, 256)
            let s = Segment(u: u, v: v, sh: sh, hl: hl, du: du, dv: dv, dsh: dsh, dhl: dhl)
            let n = ce - cs
            // Pixel by pixel: the clamped sampler where taps may reach past the texture.
            func perPixel(_ ks: Range<Int>, inside: Bool) {
                guard !ks.isEmpty else { return }
                flush()
                for k in ks {
                    let p = s.at(Float(k))
                    let U = Int(p.x) << 16, V = Int(p.y) << 16
                    let c = inside ? sampleInside(texture.pixels, texture.stride, U, V) : sampleClamped(texture, U, V)
                    put(row.baseAddress! + cs + k, modulatePixel(c, Int(p.sh), Int(p.hl), Int(AL)), 255)
                }
            }
            // The pixels whose taps all lie inside the texture go to the kernel: one range, u and v
            // being linear along the segment (the page's edge cells reach past it by a pixel or so).
            let inner = s.insideRange(n, xMax: xMax, yMax: yMax)
            guard fast else { perPixel(0..<n, inside: inner.count == n); continue }
            guard !inner.isEmpty else { perPixel(0..<n, inside: false); continue }
            perPixel(0..<inner.lowerBound, inside: false)
            let rs = cs + inner.lowerBound, re = cs + inner.upperBound
            if runStart >= 0 && rs != runEnd { flush() }
            if runStart < 0 { runStart = rs; lights = false }
            runEnd = re
            lights = lights || s.at(Float(inner.lowerBound)).hl > 0 || s.at(Float(inner.upperBound - 1)).hl > 0
            writeAttributes(s, inner.count, from: inner.lowerBound, at: rs - a.origin, alpha: AL, a)
            perPixel(inner.upperBound..<n, inside: false)
        }
        flush()
    }

    /// Pixels k0..<k0 + n of the segment into the attribute row from index `o` (and up to seven past
    /// them, which the next segment overwrites or nothing reads), eight at a time — each lane as `at(k)`.
    func writeAttributes(_ s: Segment, _ n: Int, from k0: Int, at o: Int, alpha AL: Int32, _ a: RowAttributes) {
        var lane = F8(0, 1, 2, 3, 4, 5, 6, 7) + Float(k0)
        let m = I8(repeating: SpanPlanes.magicBits)
        // Positions as `SpanPlanes.fix` (no clamp needed: the segment lies inside the texture, and
        // lanes past it are never read); factors as `Segment.factor`.
        @inline(__always) func fix(_ x: F8) -> I8 { unsafeBitCast(x + SpanPlanes.offset, to: I8.self) &- m }
        @inline(__always) func factor(_ x: F8) -> I8 { clamp256(unsafeBitCast(x + SpanPlanes.magic, to: I8.self) &- m) }
        @inline(__always) func store(_ v: I8, _ p: UnsafeMutablePointer<Int32>, _ k: Int) {
            UnsafeMutableRawPointer(p + o + k).storeBytes(of: v, as: I8.self)
        }
        var k = 0
        while k < n {
            store(fix(F8(repeating: s.u) + lane * s.du), a.x, k); store(fix(F8(repeating: s.v) + lane * s.dv), a.y, k)
            store(factor(F8(repeating: s.sh) + lane * s.dsh), a.sh, k); store(factor(F8(repeating: s.hl) + lane * s.dhl), a.hl, k)
            if AL < 256 { store(I8(repeating: AL), a.al, k) }      // read only where the water fades
            lane += 8
            k += 8
        }
    }
}
