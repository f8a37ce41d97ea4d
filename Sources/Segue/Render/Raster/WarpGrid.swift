// WarpGrid: a texture seen through a regular lattice of screen points, each carrying a texture
// position, a shade and a highlight, every attribute bilinear inside a cell — a surface that keeps
// its place on the screen while what it shows is displaced (the ripple's water). No triangles: along
// a pixel row each cell is one linear segment whose ends are the cell's edges at that row, so a row
// costs a lerp per lattice column and a set-up per segment — both sixteen at a time (`RowSegments`:
// values, steps, and whether the segment's taps stay inside the texture), so a common segment costs
// its stores and little else — and its pixels' positions and factors are written sixteen at a time
// (one multiply-add each, no division) to a row of attributes that the mesh runs' kernel
// (`attributedSpan`) samples and shades in one pass. A segment reaching past the texture's edge sends
// only its pixels out there to the clamped sampler, pixel by pixel: the water repeats the texture's
// edge texels rather than fading into the clear frame around it, so over an opaque texture it covers
// its rectangle opaquely (and the compositor need not clear beneath the ripple). With fast paths off
// every pixel goes pixel by pixel, from the same numbers. Still water (a segment sampling whole texels
// one column a pixel, unshaded and unlit: the ripple outside its wave front) is its texels, copied
// (`stillTexel`): at progress 0.02 of the ripple 9.0 ms a frame → 5.1 on one Zen 1 core. Where the
// caller marks lattice points still (texture position unwarped, unshaded, unlit) and the texture's
// texels lie on whole pixels one to one, the still cells either side of a grid row's moving ones are
// their texels, copied a pixel row at a time without a segment's set-up or test (a cell is bilinear
// in its corners, so four still corners make it still): the ripple's page beyond its wave front —
// its first 35 frames of 120 at 1080p 2.73 → 1.46 ms on average on the Zen 4 machine (the least of
// five runs a frame), the rest unchanged. `drawRow` stays out of line: inlined into the row loop, the
// water's rows took about a tenth longer.

/// A `columns × rows` lattice over the device rectangle `x0…x1 × y0…y1`: point (i, j) at
/// (x0 + i·(x1 − x0)/columns, y0 + j·(y1 − y0)/rows), its attributes at index j·(columns + 1) + i.
struct WarpGrid {
    var columns = 0, rows = 0
    var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
    /// Texture positions in texels (texel centres at +½), shade (× rgb, 1 = none) and highlight (+ white).
    var u: [Float] = [], v: [Float] = [], shade: [Float] = [], highlight: [Float] = []
    /// Per point: the caller's word that it is still — its texture position where the unwarped grid
    /// puts it, unshaded and unlit.
    var still: [Bool] = []
    /// Opacity of the whole surface (0…1).
    var alpha = 1.0

    /// Empties the grid for a new lattice, keeping its storage.
    mutating func reset(columns: Int, rows: Int, x0: Double, y0: Double, x1: Double, y1: Double, alpha: Double) {
        self.columns = columns; self.rows = rows
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1; self.alpha = alpha
        u.removeAll(keepingCapacity: true); v.removeAll(keepingCapacity: true)
        shade.removeAll(keepingCapacity: true); highlight.removeAll(keepingCapacity: true)
        still.removeAll(keepingCapacity: true)
    }

    mutating func append(u: Float, v: Float, shade: Float, highlight: Float, still: Bool = false) {
        self.u.append(u); self.v.append(v); self.shade.append(shade); self.highlight.append(highlight)
        self.still.append(still)
    }
}

extension Canvas {
    /// Draws `texture` through the warp grid, source-over.
    func draw(_ grid: WarpGrid, texture: Bitmap) {
        let n = (grid.columns + 1) * (grid.rows + 1)
        guard grid.columns > 0, grid.rows > 0, grid.u.count == n, grid.v.count == n, grid.shade.count == n,
              grid.highlight.count == n, grid.still.count == n, grid.x1 > grid.x0, grid.y1 > grid.y0, texture.width > 1, texture.height > 1,
              grid.alpha > 0, [grid.x0, grid.y0, grid.x1, grid.y1].allSatisfy({ abs($0) < 1e7 }) else { return }
        settle()
        let region = PixelRect(x0: Int((grid.x0 - 0.5).rounded(.up)), y0: Int((grid.y0 - 0.5).rounded(.up)),
                               x1: Int((grid.x1 - 0.5).rounded(.up)), y1: Int((grid.y1 - 0.5).rounded(.up)))
        banded(region, WarpBands(grid: grid, texture: texture, region: region))
    }
}

/// `draw(_:texture:)`'s bands.
private struct WarpBands: BandDraw {
    let grid: WarpGrid, texture: Bitmap, region: PixelRect
    func draw(in band: Canvas) {
        let r = region.intersection(band.clip)
        guard !r.isEmpty else { return }
        WarpRows(grid: grid, texture: texture, target: band.target, clip: r).draw()
    }
}

/// The rows of one band of a warp grid draw.
private struct WarpRows {
    let grid: WarpGrid, texture: Bitmap, target: Bitmap, clip: PixelRect
    /// Read once a draw: `FastPaths.enabled` is task-local, too slow to ask per segment.
    let fast = FastPaths.enabled
    /// The bounds below which a position's taps lie inside the texture (`insideRange`'s xMax, yMax).
    var margins: (x: Int32, y: Int32) { (Int32(256 * (texture.width - 1) - 4), Int32(256 * (texture.height - 1) - 4)) }

    func draw() {
        let cols = grid.columns, stride = cols + 1
        let cellW = (grid.x1 - grid.x0) / Double(cols), cellH = (grid.y1 - grid.y0) / Double(grid.rows)
        // Each lattice column's first pixel (centre at or right of the column's x), and each cell's
        // pixels within the clip with the first one's place in the cell (0…1): the same on every row.
        // (In the thread's scratch: no allocation a frame.)
        @inline(__always) func start(_ i: Int) -> Int { Int((grid.x0 + Double(i) * cellW - 0.5).rounded(.up)) }
        let cells = UnsafeMutableBufferPointer(start: ThreadScratch.current.buffer(.warpCells, of: Cell.self, count: cols), count: cols)
        for i in 0..<cols {
            let cs = max(start(i), clip.x0), ce = min(start(i + 1), clip.x1)
            cells[i] = Cell(cs: cs, ce: ce, f: Float((Double(cs) + 0.5 - (grid.x0 + Double(i) * cellW)) / cellW))
        }
        let a = RowAttributes(columns: clip.x0..<clip.x1)
        let segments = RowSegments(cells)
        let AL = Int32(min(256, max(0, Int(grid.alpha * 256))))
        let scale = Float(1 / cellW), (xMax, yMax) = margins
        let moving = movingCells()
        grid.u.withUnsafeBufferPointer { u in grid.v.withUnsafeBufferPointer { v in
        grid.shade.withUnsafeBufferPointer { sh in grid.highlight.withUnsafeBufferPointer { hl in
            for y in clip.y0..<clip.y1 {
                let t = (Double(y) + 0.5 - grid.y0) / cellH
                let j = min(grid.rows - 1, max(0, Int(t))), ty = Float(t - Double(j))
                var range = 0..<cols
                if let moving {
                    // The still cells either side, copied (within the clip, which moving cells may
                    // lie wholly beyond); a row of still cells, one copy.
                    range = Int(moving[2 * j])..<Int(moving[2 * j + 1])
                    guard let first = range.first, let last = range.last else { copyTexels(y, clip.x0, clip.x1); continue }
                    copyTexels(y, clip.x0, min(clip.x1, max(clip.x0, cells[first].cs)))
                    copyTexels(y, max(clip.x0, min(clip.x1, cells[last].ce)), clip.x1)
                }
                segments.edges(row: j * stride, stride: stride, ty, u.baseAddress!, v.baseAddress!, sh.baseAddress!, hl.baseAddress!)
                segments.steps(scale: scale, xMax: xMax, yMax: yMax)
                drawRow(y, cells, range, segments, alpha: AL, a)
            }
        }}}}
    }

    /// For each grid row, the cells from its first moving one (not still: some corner is not) to its
    /// last — two numbers a row, equal where all are still — or nil where still cells are not copied:
    /// the texture's texels do not lie on whole pixels one to one, the surface fades, or fast paths
    /// are off. A cell with four still corners is still throughout: it is bilinear in them.
    func movingCells() -> UnsafeMutablePointer<Int32>? {
        guard fast, grid.alpha >= 1, grid.x1 - grid.x0 == Double(texture.width), grid.y1 - grid.y0 == Double(texture.height),
              grid.x0 == grid.x0.rounded(), grid.y0 == grid.y0.rounded() else { return nil }
        let cols = grid.columns, stride = cols + 1
        let moving = ThreadScratch.current.buffer(.warpMoving, of: Int32.self, count: 2 * grid.rows)
        grid.still.withUnsafeBufferPointer { p in
            for j in 0..<grid.rows {
                var first = cols, end = 0
                for i in 0..<cols {
                    let k = j * stride + i
                    if !(p[k] && p[k + 1] && p[k + stride] && p[k + stride + 1]) { if first == cols { first = i }; end = i + 1 }
                }
                moving[2 * j] = Int32(first); moving[2 * j + 1] = Int32(max(first, end))
            }
        }
        return moving
    }

    /// Pixels x0..<x1 of row y as the texels under them (a still grid's, one to one).
    func copyTexels(_ y: Int, _ x0: Int, _ x1: Int) {
        guard x0 < x1 else { return }
        blendRow(target.row(y) + x0, texture.row(y - Int(grid.y0)) + (x0 - Int(grid.x0)), x1 - x0, opacity: 255)
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
        /// The texel (column, row) that pixel 0 of n samples whole, unshaded and unlit, pixel k the
        /// one k columns right — still water — or nil. Then every pixel is its texel (bilinear's weights
        /// 256, 0, 0, 0; shade 256 and highlight 0 leave a premultiplied texel as it is): u is within ¼
        /// of a texel centre at both ends and steps within 1/64 of a texel, so, linear, it is within ¼
        /// at every pixel, and the Float rounding of `at` (below 1/8 for positions below 2²⁰) cannot
        /// carry it to another; v, shade and highlight are constant.
        @inline(__always) func stillTexel(_ n: Int) -> (x: Int, y: Int)? {
            guard dv == 0, dsh == 0, dhl == 0, abs(du - 256) < 0.015625, abs(u) < 1_048_576, abs(v) < 1_048_576 else { return nil }
            let p = at(0)
            guard p.x & 0xff == 0, p.y & 0xff == 0, p.sh == 256, p.hl == 0 else { return nil }
            let x0 = Double(p.x), end = Double(u) + Double(n - 1) * Double(du) - 128
            guard abs(Double(u) - 128 - x0) <= 0.25, abs(end - (x0 + 256 * Double(n - 1))) <= 0.25 else { return nil }
            return (Int(p.x >> 8), Int(p.y >> 8))
        }
        /// The pixels of 0..<n whose taps all lie inside the texture (see `insideRange`).
        @inline(__always) func insideRange(_ n: Int, xMax: Int32, yMax: Int32) -> Range<Int> {
            Segue.insideRange(n, xMax: xMax, yMax: yMax) { let p = at(Float($0)); return (p.x, p.y) }
        }
    }

    /// Cell i's pixels cs..<ce on every row, and where the first one's centre lies in the cell (0…1).
    struct Cell { let cs, ce: Int, f: Float }

    @inline(never)
    func drawRow(_ y: Int, _ cells: UnsafeMutableBufferPointer<Cell>, _ range: Range<Int>, _ segments: RowSegments, alpha AL: Int32,
                 _ a: RowAttributes) {
        let row = UnsafeMutableBufferPointer(start: target.row(y), count: target.width)
        let (xMax, yMax) = margins
        var runStart = -1, runEnd = -1, lights = false
        func flush() {
            guard runStart >= 0 else { return }
            let o = runStart - a.origin
            attributedSpan(row.baseAddress! + runStart, runEnd - runStart, texture.pixels, texture.stride,
                           x: a.x + o, y: a.y + o, shade: a.sh + o, highlight: a.hl + o, alpha: a.al + o,
                           within: row, lights: lights, fades: AL < 256, uniform: nil)
            runStart = -1
        }
        // Pixels rs..<re of the row, samples of segment s from its pixel k0, join the run to the kernel.
        @inline(__always) func run(_ s: Segment, _ rs: Int, _ re: Int, from k0: Int, lit: Bool) {
            if runStart >= 0 && rs != runEnd { flush() }
            if runStart < 0 { runStart = rs; lights = false }
            runEnd = re
            lights = lights || lit
            writeAttributes(s, re - rs, from: k0, at: rs - a.origin, alpha: AL, a)
        }
        // Still segments, copied: pixels copyStart..<copyEnd from `copyFrom` on.
        var copyStart = -1, copyEnd = -1, copyFrom = texture.pixels
        func flushCopy() {
            guard copyStart >= 0 else { return }
            blendRow(row.baseAddress! + copyStart, copyFrom, copyEnd - copyStart, opacity: 255)
            copyStart = -1
        }
        for i in range {
            let cs = cells[i].cs, ce = cells[i].ce
            guard cs < ce else { continue }
            let s = segments.segment(i)
            if fast && segments.inside[i] != 0 {
                // Still water over its texel: the texel (joined to the copy when it continues it).
                if AL == 256, let t = s.stillTexel(ce - cs) {
                    let src = texture.pixels + t.y * texture.stride + t.x
                    if copyStart >= 0 && cs == copyEnd && src == copyFrom + (cs - copyStart) { copyEnd = ce; continue }
                    flushCopy()
                    (copyStart, copyEnd, copyFrom) = (cs, ce, src)
                    continue
                }
                // The common segment, its taps all inside the texture (decided for the row's segments at once).
                run(s, cs, ce, from: 0, lit: segments.lit[i] != 0)
                continue
            }
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
            run(s, cs + inner.lowerBound, cs + inner.upperBound, from: inner.lowerBound,
                lit: s.at(Float(inner.lowerBound)).hl > 0 || s.at(Float(inner.upperBound - 1)).hl > 0)
            perPixel(inner.upperBound..<n, inside: false)
        }
        flush()
        flushCopy()
    }

    /// Pixels k0..<k0 + n of the segment into the attribute row from index `o` (and up to fifteen past
    /// them, which the next segment overwrites or nothing reads), sixteen at a time — each lane as `at(k)`.
    @inline(__always)
    func writeAttributes(_ s: Segment, _ n: Int, from k0: Int, at o: Int, alpha AL: Int32, _ a: RowAttributes) {
        var lane = F16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) + Float(k0)
        let m = I16(repeating: SpanPlanes.magicBits)
        // Positions as `SpanPlanes.fix` (no clamp needed: the segment lies inside the texture, and
        // lanes past it are never read); factors as `Segment.factor`.
        @inline(__always) func fix(_ x: F16) -> I16 { unsafeBitCast(x + SpanPlanes.offset, to: I16.self) &- m }
        @inline(__always) func factor(_ x: F16) -> I16 {
            clamp256(unsafeBitCast(x + SpanPlanes.magic, to: I16.self) &- m)
        }
        @inline(__always) func store(_ v: I16, _ p: UnsafeMutablePointer<Int32>, _ k: Int) {
            UnsafeMutableRawPointer(p + o + k).storeBytes(of: v, as: I16.self)
        }
        var k = 0
        while k < n {
            store(fix(F16(repeating: s.u) + lane * s.du), a.x, k); store(fix(F16(repeating: s.v) + lane * s.dv), a.y, k)
            store(factor(F16(repeating: s.sh) + lane * s.dsh), a.sh, k); store(factor(F16(repeating: s.hl) + lane * s.dhl), a.hl, k)
            if AL < 256 { store(I16(repeating: AL), a.al, k) }      // read only where the water fades
            lane += 16
            k += 16
        }
    }
}

/// One pixel row's segments, sixteen cells a step: the attributes at the lattice columns on the row,
/// each segment's values and steps (`Segment`), and whether its taps all lie inside the texture and
/// whether it is lit at either end — per cell the arithmetic `Segment` does for one, lane for lane,
/// so a row's common segments cost their attribute stores and little else.
private struct RowSegments {
    let cells: Int
    /// Attributes at the lattice columns (cells + 1, then padding).
    let eu, ev, esh, ehl: UnsafeMutablePointer<Float>
    /// Per cell: where its first pixel lies in it (0…1) and its last pixel's index (−1 if it has none).
    let f, last: UnsafeMutablePointer<Float>
    /// Per cell: `Segment`'s values and steps.
    let u, v, sh, hl, du, dv, dsh, dhl: UnsafeMutablePointer<Float>
    /// Per cell: not 0 where the segment's taps all lie inside the texture, and where it is lit at an end.
    let inside, lit: UnsafeMutablePointer<Int32>

    init(_ cells: UnsafeMutableBufferPointer<WarpRows.Cell>) {
        self.cells = cells.count
        let n = (cells.count + 16) / 16 * 16 + 16                 // ≥ cells + 1 and a group of padding
        let p = ThreadScratch.current.buffer(.rowSegments, of: Float.self, count: 16 * n)
        (eu, ev, esh, ehl) = (p, p + n, p + 2 * n, p + 3 * n)
        (f, last) = (p + 4 * n, p + 5 * n)
        (u, v, sh, hl, du, dv, dsh, dhl) = (p + 6 * n, p + 7 * n, p + 8 * n, p + 9 * n, p + 10 * n, p + 11 * n, p + 12 * n, p + 13 * n)
        let q = UnsafeMutableRawPointer(p + 14 * n).bindMemory(to: Int32.self, capacity: 2 * n)
        (inside, lit) = (q, q + n)
        p.initialize(repeating: 0, count: 14 * n)
        q.initialize(repeating: 0, count: 2 * n)
        for (i, c) in cells.enumerated() { f[i] = c.f; last[i] = Float(c.ce - c.cs - 1) }
    }

    /// The lattice's attributes on a pixel row: rows `k` and `k + stride` of each, `ty` of the way down.
    func edges(row k: Int, stride: Int, _ ty: Float, _ gu: UnsafePointer<Float>, _ gv: UnsafePointer<Float>,
               _ gsh: UnsafePointer<Float>, _ ghl: UnsafePointer<Float>) {
        var i = 0
        while i + 16 <= stride {
            @inline(__always) func lerp(_ g: UnsafePointer<Float>, _ e: UnsafeMutablePointer<Float>) {
                let a = UnsafeRawPointer(g + k + i).loadUnaligned(as: F16.self)
                let b = UnsafeRawPointer(g + k + stride + i).loadUnaligned(as: F16.self)
                UnsafeMutableRawPointer(e + i).storeBytes(of: a + (b - a) * ty, as: F16.self)
            }
            lerp(gu, eu); lerp(gv, ev); lerp(gsh, esh); lerp(ghl, ehl)
            i += 16
        }
        while i < stride {
            @inline(__always) func lerp(_ g: UnsafePointer<Float>) -> Float { g[k + i] + (g[k + stride + i] - g[k + i]) * ty }
            eu[i] = lerp(gu); ev[i] = lerp(gv); esh[i] = lerp(gsh); ehl[i] = lerp(ghl)
            i += 1
        }
    }

    /// Each segment's values and steps from the edges, and whether it is inside and lit.
    func steps(scale: Float, xMax: Int32, yMax: Int32) {
        var i = 0
        while i < cells {
            @inline(__always) func load(_ p: UnsafeMutablePointer<Float>, _ o: Int = 0) -> F16 {
                UnsafeRawPointer(p + i + o).loadUnaligned(as: F16.self)
            }
            @inline(__always) func store<V: SIMD>(_ x: V, _ p: UnsafeMutablePointer<V.Scalar>) {
                UnsafeMutableRawPointer(p + i).storeBytes(of: x, as: V.self)
            }
            let fi = load(f), n1 = load(last), zero = F16(repeating: 0)
            // The linear map between the cell's two edges at this row, in the attributes' units.
            @inline(__always) func seg(_ e: UnsafeMutablePointer<Float>, _ m: Float, _ value: UnsafeMutablePointer<Float>,
                                       _ step: UnsafeMutablePointer<Float>) -> (F16, F16) {
                let e0 = load(e), d = load(e, 1) - e0
                let x = (e0 + d * fi) * m, dx = d * scale * m
                store(x, value); store(dx, step)
                return (x, dx)
            }
            let (su, sdu) = seg(eu, 256, u, du), (sv, sdv) = seg(ev, 256, v, dv)
            _ = seg(esh, 256, sh, dsh)
            let (shl, sdhl) = seg(ehl, 256, hl, dhl)
            // `SpanPlanes.fix` and the factors' rounding at the first and last pixels, tested by sign
            // bits (lane loops, SIMDMask's operations are not vectorized). Positions too far out for
            // `fix` to leave unclamped (or NaN) count as outside: such a segment takes the way of the
            // edge cells, which decides it as before.
            let m = I16(repeating: SpanPlanes.magicBits), far = I16(repeating: Int32(bitPattern: Float(4_000_000).bitPattern))
            @inline(__always) func bits(_ x: F16) -> I16 { unsafeBitCast(x, to: I16.self) }
            @inline(__always) func fix(_ x: F16) -> I16 { bits(x + SpanPlanes.offset) &- m }
            /// Negative in the lanes whose taps at pixel k reach past the texture's margin.
            @inline(__always) func outside(_ k: F16) -> I16 {
                let fu = su + k * sdu, fv = sv + k * sdv
                let x = fix(fu), y = fix(fv)
                let near = (far &- 1 &- (bits(fu) & 0x7fff_ffff)) | (far &- 1 &- (bits(fv) & 0x7fff_ffff))
                return near | (x &- 4) | (y &- 4) | (xMax &- 1 &- x) | (yMax &- 1 &- y)
            }
            /// Negative in the lanes lit at pixel k (factor above 0).
            @inline(__always) func lights(_ k: F16) -> I16 { 0 &- (bits(shl + k * sdhl + SpanPlanes.magic) &- m) }
            store(~(outside(zero) | outside(n1) | bits(n1)) &>> 31, inside)
            store((lights(zero) | lights(n1)) &>> 31, lit)
            i += 16
        }
    }

    @inline(__always) func segment(_ i: Int) -> WarpRows.Segment {
        WarpRows.Segment(u: u[i], v: v[i], sh: sh[i], hl: hl[i], du: du[i], dv: dv[i], dsh: dsh[i], dhl: dhl[i])
    }
}
