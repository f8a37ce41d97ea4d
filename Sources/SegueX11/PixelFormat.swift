// PixelFormat: where the server wants red, green, blue (and alpha) in a 32-bit pixel. The caller
// always renders `A<<24|R<<16|G<<8|B`; on little-endian TrueColor with masks ff0000/ff00/ff that
// is already the server's layout and nothing is converted. Any other 8-bit-channel arrangement
// (a BGR visual, say) is converted row by row at present time.

/// The layout of a 32-bit pixel on the X server, from a visual's channel masks.
public struct PixelFormat: Equatable, Sendable {
    public var redShift: Int
    public var greenShift: Int
    public var blueShift: Int
    /// Where alpha goes, or nil when the visual has no alpha (depth 24).
    public var alphaShift: Int?

    /// The framebuffer's own layout, `A<<24|R<<16|G<<8|B`.
    public static let native = PixelFormat(redShift: 16, greenShift: 8, blueShift: 0, alphaShift: 24)

    public init(redShift: Int, greenShift: Int, blueShift: Int, alphaShift: Int?) {
        self.redShift = redShift; self.greenShift = greenShift
        self.blueShift = blueShift; self.alphaShift = alphaShift
    }

    /// The format for a visual's masks and depth; nil unless every channel is 8 contiguous bits
    /// at a byte boundary of a 32-bit pixel.
    public init?(redMask: UInt, greenMask: UInt, blueMask: UInt, depth: Int) {
        func shift(_ mask: UInt) -> Int? {
            guard mask != 0 else { return nil }
            let s = mask.trailingZeroBitCount
            guard mask >> s == 0xff, s % 8 == 0, s <= 24 else { return nil }
            return s
        }
        guard let r = shift(redMask), let g = shift(greenMask), let b = shift(blueMask),
              Set([r, g, b]).count == 3 else { return nil }
        var alpha: Int? = nil
        if depth == 32 {
            let rest = ~(redMask | greenMask | blueMask) & 0xffff_ffff
            guard let a = shift(rest) else { return nil }
            alpha = a
        } else if depth != 24 {
            return nil
        }
        self.init(redShift: r, greenShift: g, blueShift: b, alphaShift: alpha)
    }

    /// True when native pixels can be handed to the server unchanged (alpha is ignored at depth 24).
    public var matchesNative: Bool {
        redShift == 16 && greenShift == 8 && blueShift == 0 && (alphaShift ?? 24) == 24
    }

    /// One native pixel in this format.
    @inline(__always) public func convert(_ p: UInt32) -> UInt32 {
        var out = (p >> 16 & 0xff) << UInt32(redShift)
            | (p >> 8 & 0xff) << UInt32(greenShift)
            | (p & 0xff) << UInt32(blueShift)
        if let alphaShift { out |= (p >> 24) << UInt32(alphaShift) }
        return out
    }

    /// Converts a native raster into this format (strides in pixels).
    public func convert(from source: UnsafePointer<UInt32>, sourceStride: Int,
                        to destination: UnsafeMutablePointer<UInt32>, destinationStride: Int,
                        width: Int, height: Int) {
        for y in 0..<height {
            let s = source + y * sourceStride, d = destination + y * destinationStride
            for x in 0..<width { d[x] = convert(s[x]) }
        }
    }
}
