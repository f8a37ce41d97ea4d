// PNG through libpng's simplified API (no setjmp crosses into Swift: libpng reports failure by return
// value). Decoded images are premultiplied once, at load, into the compositor's BGRA format.
import CPNG
import Foundation

public enum PNGError: Error, CustomStringConvertible, Equatable {
    case unreadable(String)
    case invalid(String)
    case tooLarge(width: Int, height: Int)
    case writeFailed(String)

    public var description: String {
        switch self {
        case .unreadable(let m): "cannot read PNG: \(m)"
        case .invalid(let m): "not a valid PNG: \(m)"
        case .tooLarge(let w, let h): "PNG is \(w)×\(h); the limit is \(PNG.maxDimension) pixels a side and \(PNG.maxPixels / 1_000_000) megapixels"
        case .writeFailed(let m): "cannot write PNG: \(m)"
        }
    }
}

public enum PNG {
    /// Largest side accepted, in pixels; checked from the header, before any pixel memory is allocated.
    public static let maxDimension = 16384
    /// Largest pixel count accepted (64 megapixels: 256 MB decoded).
    public static let maxPixels = 64 * 1024 * 1024

    /// Decodes PNG bytes into a premultiplied bitmap.
    public static func decode(_ data: [UInt8]) throws(PNGError) -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .invalid(message(of: image)) }
        defer { png_image_free(&image) }
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= maxDimension, h <= maxDimension, w * h <= maxPixels else {
            throw .tooLarge(width: w, height: h)
        }
        image.format = UInt32(PNG_FORMAT_BGRA)
        let bitmap = Bitmap(width: w, height: h)
        let ok = png_image_finish_read(&image, nil, bitmap.pixels, Int32(w * 4), nil)
        guard ok != 0 else { throw .invalid(message(of: image)) }
        premultiply(bitmap)
        return bitmap
    }

    /// Reads and decodes a PNG file.
    public static func read(path: String) throws(PNGError) -> Bitmap {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw .unreadable("\(path): no such file") }
        guard !isDir.boolValue else { throw .unreadable("\(path) is a directory") }
        // Devices and pipes could block or never end; huge files are refused before reading.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else { throw .unreadable("\(path) is not a regular file") }
        if let n = (attributes?[.size] as? NSNumber)?.intValue, n > Image.maxFileBytes {
            throw .unreadable("\(path) is \(n / 1_048_576) MB; the limit is \(Image.maxFileBytes / 1_048_576) MB")
        }
        guard let d = FileManager.default.contents(atPath: path) else { throw .unreadable("\(path): permission denied or unreadable") }
        return try decode([UInt8](d))
    }

    /// Encodes a bitmap (un-premultiplying) as PNG bytes.
    public static func encode(_ bitmap: Bitmap) throws(PNGError) -> [UInt8] {
        let w = bitmap.width, h = bitmap.height
        var straight = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = bitmap.row(y)
            for x in 0..<w { straight[y * w + x] = unpremultiply(row[x]) }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(w)
        image.height = UInt32(h)
        image.format = UInt32(PNG_FORMAT_BGRA)
        var size = 0
        let sized = straight.withUnsafeBytes {
            png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(w * 4), nil)
        }
        guard sized != 0, size > 0 else { throw .writeFailed(message(of: image)) }
        var out = [UInt8](repeating: 0, count: size)
        let ok = out.withUnsafeMutableBytes { o in
            straight.withUnsafeBytes { png_image_write_to_memory(&image, o.baseAddress, &size, 0, $0.baseAddress, Int32(w * 4), nil) }
        }
        guard ok != 0 else { throw .writeFailed(message(of: image)) }
        return insertingSoftwareChunk(Array(out.prefix(size)))
    }

    // MARK: Provenance: a tEXt chunk "Software" = "Segue" right after IHDR

    /// The tEXt keyword and value that mark a PNG Segue wrote (outputs may be overwritten only then).
    public static let softwareKeyword = "Software", softwareValue = "Segue"

    /// `png` with the Software=Segue tEXt chunk after its IHDR (libpng's simplified API writes no text).
    static func insertingSoftwareChunk(_ png: [UInt8]) -> [UInt8] {
        let ihdrEnd = 8 + 4 + 4 + 13 + 4
        guard png.count >= ihdrEnd, Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        let body = Array("tEXt".utf8) + Array(softwareKeyword.utf8) + [0] + Array(softwareValue.utf8)
        let length = UInt32(body.count - 4)
        var chunk = withUnsafeBytes(of: length.bigEndian) { Array($0) } + body
        chunk += withUnsafeBytes(of: crc32(body).bigEndian) { Array($0) }
        return Array(png[..<ihdrEnd]) + chunk + Array(png[ihdrEnd...])
    }

    /// Whether `bytes` are a PNG whose chunks before the image data say Software=Segue.
    public static func isWrittenBySegue(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return false }
        let wanted = Array(softwareKeyword.utf8) + [0] + Array(softwareValue.utf8)
        var i = 8
        while i + 8 <= bytes.count {
            let n = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            guard n >= 0, i + 12 + n <= bytes.count else { return false }
            if type == "tEXt", Array(bytes[i + 8..<i + 8 + n]) == wanted { return true }
            if type == "IDAT" || type == "IEND" { return false }
            i += 12 + n
        }
        return false
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 as PNG chunks use it (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// Writes a bitmap as a PNG file atomically (a temporary file, then a rename).
    public static func write(_ bitmap: Bitmap, to path: String) throws(PNGError) {
        let bytes = try encode(bitmap)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .writeFailed("\(path): \(error.localizedDescription)")
        }
    }

    private static func message(of image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    static func premultiply(_ b: Bitmap) {
        for y in 0..<b.height {
            let row = b.row(y)
            for x in 0..<b.width {
                let p = row[x]
                let a = p >> 24
                if a == 255 { continue }
                if a == 0 { row[x] = 0; continue }
                @inline(__always) func m(_ c: UInt32) -> UInt32 { let t = c * a + 128; return (t + (t >> 8)) >> 8 }
                row[x] = a << 24 | m((p >> 16) & 0xff) << 16 | m((p >> 8) & 0xff) << 8 | m(p & 0xff)
            }
        }
    }

    static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 || a == 0 { return a == 0 ? 0 : p }
        @inline(__always) func d(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
        return a << 24 | d((p >> 16) & 0xff) << 16 | d((p >> 8) & 0xff) << 8 | d(p & 0xff)
    }
}
