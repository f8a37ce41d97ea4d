// Bitmap levels: a texture read minified — a cube face or a flipping page seen nearly edge-on, four
// or five texels to a pixel — costs a new cache line nearly every pixel for texels that are then
// mostly skipped (aliasing as they go). A level is the bitmap halved along x `kx` times, then along
// y `ky` times, each texel the rounded mean of the two it replaces: made in one pass when first asked
// for (from a kept level on the way there if there is one, in bands on the draw's threads) and kept
// with the bitmap, the last ten asked for, so a mesh drawn minified reads a texture about its own
// size on screen. An effect whose pages turn plans its whole run's levels with its first frame and
// makes them one a frame after it (`LevelPlan`), into bitmaps allocated with the plan: making a
// level allocates nothing then (its working rows are the thread's scratch). The halvings are per
// axis (ripmap levels): a page turned about a vertical axis is squeezed across, not down, and keeps
// its rows. Across first, then down: a turning page's levels — halved across once to four times,
// then its slivers seen nearly edge-on down as well — each halve from the one before (the cube's
// (4, 1)…(4, 4) from (4, 0) and each other, 0.06–0.26 ms each at 1080p on the Zen 4 machine, where
// halving down first made each from the whole page, 0.6–0.9 ms), and rows are paired narrowed.
// Level texel j covers texels 2j and 2j + 1, so texel-space u maps to u / 2 per halving; an odd last
// texel is averaged with itself.
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
    /// `threads` threads, into `storage` where given (a bitmap of the level's size, allocated ahead:
    /// `LevelPlan` makes levels in steady frames without allocating) — then kept while it is among
    /// the last `levelsKept` asked for. Not thread-safe: ask on the drawing thread before a draw splits.
    func level(x kx: Int, y ky: Int, threads: Int = 1, into storage: Bitmap? = nil) -> Bitmap {
        precondition(kx >= 0 && ky >= 0, "level indices must not be negative")
        if kx == 0 && ky == 0 { return self }
        if levelsVersion != contentVersion { levels.removeAll(keepingCapacity: true); levelsVersion = contentVersion }
        let key = kx << 8 | ky
        let b: Bitmap
        if let k = levels.firstIndex(where: { $0.key == key }) {
            b = levels.remove(at: k).bitmap
        } else {
            // A kept level on the way (x halved first, then y): (kx, c) with c < ky, or (a, 0), a < kx.
            // The smallest such is the fewest halvings away.
            var on: (a: Int, c: Int, bitmap: Bitmap)?
            for l in levels {
                let (a, c) = (l.key >> 8, l.key & 0xff)
                guard (a == kx && c < ky) || (c == 0 && a < kx) else { continue }
                if on.map({ l.bitmap.width * l.bitmap.height < $0.bitmap.width * $0.bitmap.height }) ?? true { on = (a, c, l.bitmap) }
            }
            b = (on?.bitmap ?? self).halved(x: kx - (on?.a ?? 0), y: ky - (on?.c ?? 0), threads: threads, into: storage)
            levelsMade += 1
        }
        levels.insert((key, b), at: 0)
        if levels.count > Self.levelsKept { levels.removeLast() }
        return b
    }

    /// The size of the level (kx, ky): each halving (w + 1) / 2 texels, so ⌈w / 2^k⌉.
    func levelSize(x kx: Int, y ky: Int) -> (width: Int, height: Int) {
        ((width + (1 << kx) - 1) >> kx, (height + (1 << ky) - 1) >> ky)
    }

    /// Whether the level (kx, ky) of these contents is made and kept.
    func keepsLevel(x kx: Int, y ky: Int) -> Bool {
        (kx == 0 && ky == 0) || (levelsVersion == contentVersion && levels.contains { $0.key == kx << 8 | ky })
    }

    /// Notes that a plan made the levels `halvings` for these contents (`LevelPlan.schedule`).
    func plan(levels halvings: [(x: Int, y: Int)]) {
        plannedLevels = (contentVersion, halvings.map { $0.x << 8 | $0.y })
        levels.reserveCapacity(Self.levelsKept + 1)             // kept levels come and go without allocating
    }

    /// Whether a plan made the level (kx, ky) for these contents.
    func isPlanned(x kx: Int, y ky: Int) -> Bool {
        plannedLevels.version == contentVersion && plannedLevels.keys.contains(kx << 8 | ky)
    }

    /// Whether a plan made any level for these contents.
    var hasPlannedLevels: Bool { plannedLevels.version == contentVersion && !plannedLevels.keys.isEmpty }

    /// The bitmap's columns halved `kx` times, then its rows paired `ky` times (each row the rounded
    /// mean of two, the last with itself when the count is odd), in one pass: each row of the result
    /// from its 2^ky rows, each halved across, then paired level by level; rows in bands on up to
    /// `threads` threads. Into `storage` where given (of the result's size), else a new bitmap.
    func halved(x kx: Int, y ky: Int, threads: Int = 1, into storage: Bitmap? = nil) -> Bitmap {
        let size = levelSize(x: kx, y: ky)
        let out = storage ?? Bitmap(uninitializedWidth: size.width, height: size.height)   // every row written below
        precondition(out.width == size.width && out.height == size.height, "a level's storage must be the level's size")
        inBands(out.height, threads: threads, pixels: width * height, HalvedRows(bitmap: self, out: out, kx: kx, ky: ky))
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
    let bitmap: Bitmap, out: Bitmap, kx: Int, ky: Int
    func run(_ band: Range<Int>) {
        // The row being halved across, and two narrowed rows for each pairing below ky (a row paired
        // k times is the mean of two paired k − 1 times, each made into its own buffer) — in the
        // thread's scratch (ThreadScratch: no allocation).
        let width = bitmap.width, narrow = bitmap.levelSize(x: kx, y: 0).width
        let scratch = ThreadScratch.current.buffer(.halvedRows, of: UInt32.self, count: width + 2 * ky * narrow)
        let line = scratch, paired = scratch + width
        // Row j halved across kx times: the bitmap's own row, or made into `dst` (through `line`).
        func across(_ j: Int, into dst: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<UInt32> {
            guard kx > 0 else { return bitmap.row(j) }
            var source = UnsafePointer(bitmap.row(j))
            for k in 0..<kx {
                let target = k == kx - 1 ? dst : line
                halveRow(source, into: target, bitmap.levelSize(x: k, y: 0).width)
                source = UnsafePointer(target)
            }
            return dst
        }
        // Row j halved across kx times, then its rows paired `level` times.
        func rowOf(_ level: Int, _ j: Int, into dst: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<UInt32> {
            if level == 0 { return across(j, into: dst) }
            let a = rowOf(level - 1, 2 * j, into: paired + 2 * (level - 1) * narrow)
            let b = rowOf(level - 1, min(2 * j + 1, bitmap.levelSize(x: kx, y: level - 1).height - 1),
                          into: paired + (2 * (level - 1) + 1) * narrow)
            meanOfRows(a, b, into: dst, narrow)
            return dst
        }
        for y in band {
            let r = rowOf(ky, y, into: out.row(y))
            if r != out.row(y) { out.row(y).update(from: r, count: narrow) }
        }
    }
}
