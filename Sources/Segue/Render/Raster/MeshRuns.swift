// MeshRuns: a row of a grid drawn row by row instead of triangle by triangle. Consecutive triangles of
// a mesh that cover the same pixel rows (a row of grid cells: the ripple's water, a page lying flat)
// form a band, and each pixel row of the band is drawn across all of them at once. Where the band's
// spans on that row abut and every one of them may take the vector kernels, their texture positions
// and factors are written to a row of attributes first (one division per eight pixels, no gathers),
// and the whole run is then sampled and shaded in one kernel pass. Span by span, a grid of 30-pixel
// cells pays a span's set-up and a part-empty last group of eight for every half-cell span of about
// 15 pixels; as a run it pays one last group per run.
// The pixels are those of drawing triangle by triangle: rows are independent, every pixel is still
// composited once per triangle covering it, and spans that overlap on a row are drawn one at a time in
// mesh order. Attributes are written exactly as the span kernels compute them (`positions8`, the
// factor lanes of `shadedSpan`), so a run and its spans give the same pixels (MeshRunTests).

extension MeshRasterizer {
    /// Bands of fewer triangles are drawn triangle by triangle.
    static let bandMinimum = 3
    /// Spans longer than this go alone: their own last group of eight is a small part of them.
    static let runSpanLimit = 32
    /// Fewer abutting short spans than this are drawn one by one: writing attributes first costs
    /// more than the part-empty groups it saves (measured: the suck's mesh, short spans mostly in
    /// twos, was slower as runs; the ripple's 15 px spans, over a hundred a run, faster).
    static let runMinimum = 4
    /// Bands whose spans average more pixels than this are drawn triangle by triangle.
    static let runAverageLimit = 24

    /// A span of band triangle `k` on the current row.
    struct BandSpan { let k, cs, ce: Int }

    /// Draws a band: triangles over the same rows, in mesh order.
    func draw(band: UnsafeBufferPointer<RasterTriangle>, _ a: RowAttributes, _ spans: inout [BandSpan], _ sorted: inout [BandSpan],
              _ walks: inout [RowColumns]) {
        let first = band[0]
        // Bands whose middle row has long spans on average are drawn triangle by triangle: runs would
        // not pay for the bookkeeping (the suck's squeezed grid; measured). Spans too long to join a
        // run (a page's merged cells beside the shadowed ones) do not count.
        var covered = 0, count = 0
        for k in band.indices {
            let (cs, ce) = RasterTriangle.columns(band.baseAddress! + k, row: (first.r0 + first.r1) / 2)
            if cs < ce && ce - cs <= Self.runSpanLimit { covered += ce - cs; count += 1 }
        }
        if count < Self.runMinimum || covered > Self.runAverageLimit * count {
            for k in band.indices { draw(band.baseAddress! + k) }
            return
        }
        // Each triangle's rows walked together (`RowColumns`), all of them from the band's first.
        walks.removeAll(keepingCapacity: true)
        for k in band.indices { walks.append(RowColumns(band.baseAddress! + k, row: first.r0)) }
        for r in first.r0...first.r1 {
            spans.removeAll(keepingCapacity: true)
            for k in band.indices {
                let (cs, ce) = walks[k].next()
                visible(row: r, cs, ce) { spans.append(BandSpan(k: k, cs: $0, ce: $1)) }
            }
            if spans.count < Self.runMinimum {
                for s in spans { span(band.baseAddress! + s.k, row: r, s.cs, s.ce) }
                continue
            }
            // Left to right (insertion sort: a grid row's spans come nearly in order).
            sorted.removeAll(keepingCapacity: true)
            sorted.append(contentsOf: spans)
            var overlap = false
            for j in sorted.indices.dropFirst() {
                let s = sorted[j]
                var i = j
                while i > 0 && sorted[i - 1].cs > s.cs { sorted[i] = sorted[i - 1]; i -= 1 }
                sorted[i] = s
            }
            for j in sorted.indices.dropFirst() where sorted[j].cs < sorted[j - 1].ce { overlap = true }
            if overlap {
                for s in spans { span(band.baseAddress! + s.k, row: r, s.cs, s.ce) }
                continue
            }
            let row = UnsafeMutableBufferPointer(start: target.row(r), count: target.width)
            var start = -1, end = -1, lights = false, fades = false
            func flush() {
                guard start >= 0 else { return }
                let o = start - a.origin
                attributedSpan(row.baseAddress! + start, end - start, texture.pixels, texture.stride,
                               x: a.x + o, y: a.y + o, shade: a.sh + o, highlight: a.hl + o, alpha: a.al + o,
                               within: row, lights: lights, fades: fades, uniform: uniform)
                start = -1
            }
            // Chains of at least `runMinimum` abutting short spans are drawn as runs (a span that
            // cannot join one splits it); every other span alone.
            var j = 0
            while j < sorted.count {
                var e = j
                while e < sorted.count && sorted[e].ce - sorted[e].cs <= Self.runSpanLimit
                        && (e == j || sorted[e].cs == sorted[e - 1].ce) { e += 1 }
                if e - j < Self.runMinimum {
                    for s in sorted[j..<max(e, j + 1)] { span(band.baseAddress! + s.k, row: r, s.cs, s.ce) }
                    j = max(e, j + 1)
                    continue
                }
                for s in sorted[j..<e] {
                    if let f = write(band.baseAddress! + s.k, row: r, s.cs, s.ce, into: a) {
                        if start >= 0 && s.cs != end { flush() }
                        if start < 0 { start = s.cs; lights = false; fades = false }
                        end = s.ce; lights = lights || f.lights; fades = fades || f.fades
                    } else {
                        span(band.baseAddress! + s.k, row: r, s.cs, s.ce)
                    }
                }
                j = e
            }
            flush()
        }
    }

    /// Writes the texture positions and factors of pixels cs..<ce of row r of `t` to `a` (and up to
    /// seven entries past them, which the next span overwrites or nothing reads), when the span may
    /// join a run: vector kernels allowed, every tap inside the texture, factors within the lanes'
    /// range, and not a flat unscaled plain row (`translatedSpan` reads those faster alone). Returns
    /// whether any of its pixels is lit or faded; nil when it must be drawn on its own.
    func write(_ t: UnsafePointer<RasterTriangle>, row r: Int, _ cs: Int, _ ce: Int, into a: RowAttributes) -> (lights: Bool, fades: Bool)? {
        let n = ce - cs, plain = t.pointee.plain
        guard fast, !plain || t.pointee.plainOpacity == 255 else { return nil }
        let planes = RasterTriangle.planes(t, row: r, from: cs)
        let unit = RasterTriangle.unitRow(t, planes)
        if plain && unit { return nil }
        guard planes.inside(0, n, width: texture.width, height: texture.height) else { return nil }
        let (SH, HL, AL, dSH, dHL, dAL) = RasterTriangle.factors(t, row: r, from: cs)
        if !plain && !factorsFitLanes(n, SH, HL, AL, dSH, dHL, dAL) { return nil }
        let o = cs - a.origin
        @inline(__always) func store(_ v: I8, _ p: UnsafeMutablePointer<Int32>, _ k: Int) {
            UnsafeMutableRawPointer(p + o + k).storeBytes(of: v, as: I8.self)
        }
        let shade = FactorRamp(SH, dSH), highlight = FactorRamp(HL, dHL), alpha = FactorRamp(AL, dAL)
        // A flat, unscaled row steps one texel a pixel from its first position, as `shadedSpan` reads it.
        let start = unit ? planes.position(0) : nil
        var lane = F8(0, 1, 2, 3, 4, 5, 6, 7)
        var k = 0
        while k < n {
            let (x, y) = start.map { (I8(repeating: $0.x) &+ (I8(0, 1, 2, 3, 4, 5, 6, 7) &+ Int32(k)) &<< 8, I8(repeating: $0.y)) }
                ?? planes.positions8(lane)
            store(x, a.x, k); store(y, a.y, k)
            if plain {
                store(I8(repeating: 256), a.sh, k); store(I8(repeating: 0), a.hl, k); store(I8(repeating: 256), a.al, k)
            } else {
                store(shade.at(k), a.sh, k); store(highlight.at(k), a.hl, k); store(alpha.at(k), a.al, k)
            }
            lane += 8
            k += 8
        }
        return plain ? (false, false) : spanLightsAndFades(n, HL, dHL, AL, dAL)
    }
}

/// Per-pixel inputs of the runs of one row, indexed by column − origin: texture position (x, y in
/// 1/256 texel, as `SpanPlanes.positions8` gives them) and shade, highlight and alpha (0…256). One
/// allocation per mesh draw; eight spare entries take the last span's overhang.
struct RowAttributes {
    let origin: Int
    let x, y, sh, hl, al: UnsafeMutablePointer<Int32>

    /// Rows for `columns`, in the thread's scratch (ThreadScratch): good for one draw.
    init(columns: Range<Int>) {
        let n = columns.count + 16
        origin = columns.lowerBound
        let storage = ThreadScratch.current.buffer(.rowAttributes, of: Int32.self, count: 5 * n)
        x = storage; y = storage + n; sh = storage + 2 * n; hl = storage + 3 * n; al = storage + 4 * n
    }
}

/// A run of abutting spans in one kernel pass, from the attributes written for it: pixel i samples
/// at (x[i], y[i]) and is multiplied by shade[i], lit by highlight[i] and faded by alpha[i], as
/// `shadedSpan` does with the same numbers (highlight and alpha are skipped where no pixel of the run
/// is lit or faded). Full groups of eight load the attributes as vectors; the last group's window
/// lanes read the entries of the span pixels they repeat.
@inline(__always)
func attributedSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: UnsafeMutablePointer<UInt32>, _ stride: Int,
                    x: UnsafePointer<Int32>, y: UnsafePointer<Int32>, shade: UnsafePointer<Int32>,
                    highlight: UnsafePointer<Int32>, alpha: UnsafePointer<Int32>,
                    within row: UnsafeMutableBufferPointer<UInt32>, lights: Bool, fades: Bool, uniform: UInt32?) {
    // Sixteen a step (MeshSpans16), the last 0…15 pixels eight a step.
    let done = attributedSpan16(dst, count, tex, stride, x: x, y: y, shade: shade, highlight: highlight, alpha: alpha,
                                lights: lights, fades: fades, uniform: uniform)
    let (x, y, shade, highlight, alpha) = (x + done, y + done, shade + done, highlight + done, alpha + done)
    // A one-colour texture's samples are its colour wherever it is read (weights sum to 256): no gathers.
    let uniformLanes = uniform.map { lanePairs(Px8(repeating: $0)) }
    eightAtATime(dst + done, count - done, first: 0, within: row) { d, lane, offset in
        let whole = lane[0] == Float(offset) && lane[7] == Float(offset + 7)
        let i = unsafeBitCast(lane + 8_388_608, to: I8.self) &- 0x4b00_0000
        @inline(__always) func load(_ p: UnsafePointer<Int32>) -> I8 {
            if whole { return UnsafeRawPointer(p + offset).loadUnaligned(as: I8.self) }
            return I8(p[Int(i[0])], p[Int(i[1])], p[Int(i[2])], p[Int(i[3])], p[Int(i[4])], p[Int(i[5])], p[Int(i[6])], p[Int(i[7])])
        }
        let rb: Half16, ag: Half16
        if let c = uniformLanes {
            (rb, ag) = c
        } else {
            let px = load(x), py = load(y)
            // Eight consecutive texels of one row (a page lying flat in a shadow): vector loads.
            let (t00, t10, t01, t11) = gather8(tex, stride, px, py, alongRows: whole)
            (rb, ag) = bilinear8Lanes(t00, t10, t01, t11, unsafeBitCast(px, to: Px8.self), unsafeBitCast(py, to: Px8.self))
        }
        let (orb, oag) = modulate8(rb, ag, shade: load(shade), highlight: lights ? load(highlight) : nil,
                                   alpha: fades ? load(alpha) : nil)
        putLanes8(d, orb, oag, opacity: 255)
    }
}
