// Bitmap levels: a texture read minified — a cube face or a flipping page seen nearly edge-on, four
// or five texels to a pixel — costs a new cache line nearly every pixel for texels that are then
// mostly skipped (aliasing as they go). A level is the bitmap halved along y `ky` times, then along
// x `kx` times, each texel the rounded mean of the two it replaces: made in one pass when first asked
// for (from a kept level on the way there if there is one, in bands on the draw's threads) and kept
// with the bitmap, the last ten asked for, so a mesh drawn minified reads a texture about its own
// size on screen. An effect whose pages turn asks for its whole run's levels with its first frame
// (`LevelPlan`). The halvings are per axis (ripmap levels): a page turned about a vertical axis is
// squeezed across, not down, and keeps its rows. Level texel j covers texels 2j and 2j + 1, so
// texel-space u maps to u / 2 per halving; an odd last texel is averaged with itself.
// Levels are kept per `contentVersion`: drawing into a bitmap through a Canvas, `fill` and the
// subscript setter move it on, and code writing `pixels` directly into a bitmap that may already
// have been drawn from calls `contentsChanged()`.

extension Bitmap {
    /// How many levels a bitmap keeps (the most recently asked for): all that a turning page reads
    /// in a transition (a cube's face eight, nine at 320×200, a flipping card's seven — halved once to
    /// four times across, and the slivers it shows nearly edge-on halved four times across and one to
    /// four times down), each a fraction of the bitmap's size.
    static let levelsKept = 10

    /// The bitmap halved `kx` times across and `ky` times down (self for 0, 0): made on first use
    /// for these contents — from a kept level it can be halved from, else from the bitmap, on up to
    /// `threads` threads — then kept while it is among the last `levelsKept` asked for. Not
    /// thread-safe: ask on the drawing thread before a draw splits.
    func level(x kx: Int, y ky: Int, threads: Int = 1) -> Bitmap {
        precondition(kx >= 0 && ky >= 0, "level indices must not be negative")
        if kx == 0 && ky == 0 { return self }
        if levelsVersion != contentVersion { levels.removeAll(); levelsVersion = contentVersion }
        let key = kx << 8 | ky
        let b: Bitmap
        if let k = levels.firstIndex(where: { $0.key == key }) {
            b = levels.remove(at: k).bitmap
        } else {
            // A kept level on the way (y halved first, then x): (a, ky) with a < kx, or (0, b), b < ky.
            // The smallest such is the fewest halvings away.
            let on = levels.filter { ($0.key & 0xff == ky && $0.key >> 8 < kx) || ($0.key >> 8 == 0 && $0.key & 0xff < ky) }
                .min { $0.bitmap.width * $0.bitmap.height < $1.bitmap.width * $1.bitmap.height }
            let (a, c) = on.map { ($0.key >> 8, $0.key & 0xff) } ?? (0, 0)
            b = (on?.bitmap ?? self).halved(x: kx - a, y: ky - c, threads: threads)
            levelsMade += 1
        }
        levels.insert((key, b), at: 0)
        if levels.count > Self.levelsKept { levels.removeLast() }
        return b
    }

    /// Notes that a plan made the levels `halvings` for these contents (`LevelPlan.make`).
    func plan(levels halvings: [(x: Int, y: Int)]) {
        plannedLevels = (contentVersion, halvings.map { $0.x << 8 | $0.y })
    }

    /// Whether a plan made the level (kx, ky) for these contents.
    func isPlanned(x kx: Int, y ky: Int) -> Bool {
        plannedLevels.version == contentVersion && plannedLevels.keys.contains(kx << 8 | ky)
    }

    /// Whether a plan made any level for these contents.
    var hasPlannedLevels: Bool { plannedLevels.version == contentVersion && !plannedLevels.keys.isEmpty }

    /// The bitmap's rows paired `ky` times (each row the rounded mean of two, the last with itself
    /// when the count is odd), then its columns `kx` times, in one pass: each row of the result from
    /// its 2^ky rows, paired level by level, then halved across into it; rows in bands on up to
    /// `threads` threads.
    func halved(x kx: Int, y ky: Int, threads: Int = 1) -> Bitmap {
        var heights = [height], widths = [width]
        for _ in 0..<ky { heights.append((heights.last! + 1) / 2) }
        for _ in 0..<kx { widths.append((widths.last! + 1) / 2) }
        let out = Bitmap(uninitializedWidth: widths[kx], height: heights[ky])      // every row written below
        inBands(out.height, threads: threads, pixels: width * height, HalvedRows(bitmap: self, out: out, kx: kx, ky: ky, widths: widths, heights: heights))
        return out
    }
}

/// The `width` texels at `p` halved across into `q` (which may be `p`): texel j the mean of 2j and
/// 2j + 1 (the last with itself when `width` is odd), (width + 1) / 2 of them. Sixteen a step:
/// thirty-two texels read, their even and odd columns averaged (each step reads before it writes,
/// and in place writes only texels already read).
@inline(__always) func halveRow(_ p: UnsafePointer<UInt32>, into q: UnsafeMutablePointer<UInt32>, _ width: Int) {
    let w = (width + 1) / 2
    var j = 0
    while 2 * j + 32 <= width {
        let a = UnsafeRawPointer(p + 2 * j).loadUnaligned(as: Px16.self)
        let b = UnsafeRawPointer(p + 2 * j + 16).loadUnaligned(as: Px16.self)
        let (even, odd) = unzip(unsafeBitCast(a, to: SIMD8<UInt64>.self), unsafeBitCast(b, to: SIMD8<UInt64>.self))
        UnsafeMutableRawPointer(q + j).storeBytes(of: meanOfBytes(even, odd), as: Px16.self)
        j += 16
    }
    while j < w {
        q[j] = meanOfBytes(p[2 * j], p[min(2 * j + 1, width - 1)])
        j += 1
    }
}

/// `dst` = the per-channel rounded mean of `width` texels of rows `a` and `b`.
@inline(__always) func meanOfRows(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, _ width: Int) {
    var x = 0
    while x + 16 <= width {
        let p = UnsafeRawPointer(a + x).loadUnaligned(as: Px16.self), q = UnsafeRawPointer(b + x).loadUnaligned(as: Px16.self)
        UnsafeMutableRawPointer(dst + x).storeBytes(of: meanOfBytes(p, q), as: Px16.self)
        x += 16
    }
    while x < width { dst[x] = meanOfBytes(a[x], b[x]); x += 1 }
}

/// The rounded-up mean of each byte of `a` and `b`: ⌈(a + b) / 2⌉ = (a | b) − ((a ^ b) >> 1) without
/// carries between bytes. Premultiplied stays premultiplied (each channel's mean is at most alpha's).
@inline(__always) func meanOfBytes<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar == UInt32 {
    (a | b) &- (((a ^ b) &>> 1) & V(repeating: 0x7f7f_7f7f))
}

@inline(__always) func meanOfBytes(_ a: UInt32, _ b: UInt32) -> UInt32 {
    (a | b) &- (((a ^ b) >> 1) & 0x7f7f_7f7f)
}

/// `halved`'s ranges of result rows.
private struct HalvedRows: RangeWork {
    let bitmap: Bitmap, out: Bitmap, kx: Int, ky: Int, widths: [Int], heights: [Int]
    func run(_ band: Range<Int>) {
        // Two rows of scratch for each level below ky (a level's row is the mean of two of the
        // level below, each made into its own buffer), and the row being halved across.
        let width = bitmap.width
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: (2 * ky + 1) * width)
        defer { scratch.deallocate() }
        let line = scratch + 2 * ky * width
        func rowOf(_ level: Int, _ j: Int, into dst: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<UInt32> {
            if level == 0 { return bitmap.row(j) }
            let a = rowOf(level - 1, 2 * j, into: scratch + 2 * (level - 1) * width)
            let b = rowOf(level - 1, min(2 * j + 1, heights[level - 1] - 1), into: scratch + (2 * (level - 1) + 1) * width)
            meanOfRows(a, b, into: dst, width)
            return dst
        }
        for y in band {
            // Paired rows straight into the result where nothing is halved across; else each
            // halving across reads the last (the bitmap's row or scratch) and writes the next,
            // the last into the result.
            if kx == 0 {
                let r = rowOf(ky, y, into: out.row(y))
                if r != out.row(y) { out.row(y).update(from: r, count: width) }
                continue
            }
            var source = UnsafePointer(rowOf(ky, y, into: line))
            for k in 0..<kx {
                let target = k == kx - 1 ? out.row(y) : line
                halveRow(source, into: target, widths[k])
                source = UnsafePointer(target)
            }
        }
    }
}
