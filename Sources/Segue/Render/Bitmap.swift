// Bitmap: the one pixel container of the compositor — premultiplied BGRA, 32 bits a pixel,
// rows `stride` pixels apart. Framebuffers, snapshots, decoded images and glyph atlases are all
// Bitmaps, so every drawing routine has one input format and needs no conversions on the hot path.

/// A premultiplied BGRA raster. The pixel `UInt32` is `A<<24 | R<<16 | G<<8 | B`.
public final class Bitmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Pixels per row (≥ width).
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    /// Pixels of owned storage (from `PixelStore`; ≥ width × height), 0 for wrapped memory.
    private let capacity: Int
    /// Moves on whenever the pixels may have changed (see Bitmap+Levels): a Canvas drawing into the
    /// bitmap, `fill`, the subscript setter, `contentsChanged()`.
    private(set) var contentVersion = 0
    /// Halved copies for minified drawing (`level(x:y:)`), the most recently asked for first, valid
    /// while `levelsVersion` is current.
    var levels: [(key: Int, bitmap: Bitmap)] = []
    var levelsVersion = 0
    /// How many levels it has made (for tests).
    var levelsMade = 0
    /// The levels a `LevelPlan` made (keys as `levels`') and the contents version they were made for.
    var plannedLevels: (version: Int, keys: [Int]) = (-1, [])
    /// The transposed copy (`transposed(threads:)`) and the contents it was made from.
    var transposedCopy: (version: Int, bitmap: Bitmap)?
    /// How many rows of `transposedCopy` are made (all of it: `width`).
    var transposedMade = 0
    /// The contents `transposedIfSteady` was last asked about (−1: none).
    var transposedAsked = -1
    /// Whether every pixel is opaque (`isOpaque`), and the contents that answer is for (−1: none).
    var opaqueAnswer: (version: Int, opaque: Bool) = (-1, false)

    /// A new bitmap, every pixel `fill` (transparent by default).
    public convenience init(width: Int, height: Int, fill: UInt32 = 0) {
        self.init(uninitializedWidth: width, height: height)
        pixels.initialize(repeating: fill, count: max(1, width * height))
    }

    /// A new bitmap whose pixels are left as its storage had them: for a caller that writes every one.
    init(uninitializedWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "bitmap size must not be negative")
        self.width = width
        self.height = height
        self.stride = width
        (pixels, capacity) = PixelStore.shared.take(max(1, width * height))
    }

    /// Wraps memory owned elsewhere (an X11 shared-memory image, say); it must outlive the bitmap.
    public init(wrapping pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        capacity = 0
    }

    deinit { if capacity > 0 { PixelStore.shared.give(pixels, count: capacity) } }

    @inline(__always) public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue; contentVersion &+= 1 }
    }

    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * stride }

    /// Says the pixels were written directly (through `pixels` or `row`): halved copies made from
    /// the old contents are dropped. Drawing through a Canvas says so itself.
    public func contentsChanged() { contentVersion &+= 1 }

    public func fill(_ pixel: UInt32) {
        contentsChanged()
        for y in 0..<height { row(y).update(repeating: pixel, count: width) }
    }

    public func copy() -> Bitmap {
        let b = Bitmap(width: width, height: height)
        for y in 0..<height { b.row(y).update(from: row(y), count: width) }
        return b
    }

    /// Largest per-channel difference to another bitmap of the same size (nil when sizes differ).
    public func maxChannelDifference(to other: Bitmap) -> Int? {
        guard width == other.width, height == other.height else { return nil }
        var worst = 0
        for y in 0..<height {
            let a = row(y), b = other.row(y)
            for x in 0..<width where a[x] != b[x] {
                for s in Swift.stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a[x] >> UInt32(s)) & 0xff) - Int((b[x] >> UInt32(s)) & 0xff)))
                }
            }
        }
        return worst
    }
}
