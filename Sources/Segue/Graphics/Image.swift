// Image: UIImage's shape over a premultiplied Bitmap. Loading says exactly why it failed (no such file,
// a directory, an unsupported format named by its signature, corrupt data) — a designer dropping
// screenshots into the viewer should never see a blank screen without a reason.
import Foundation

/// Why an image could not be loaded.
public enum ImageError: Error, CustomStringConvertible, Equatable {
    case notFound(path: String)
    case isDirectory(path: String)
    case unreadable(path: String)
    case unsupportedFormat(path: String, format: String)
    case corrupt(path: String, detail: String)
    case tooLarge(path: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case .notFound(let p): "cannot load image '\(p)': no such file"
        case .isDirectory(let p): "cannot load image '\(p)': it is a directory, not an image file"
        case .unreadable(let p): "cannot load image '\(p)': the file cannot be read (permissions?)"
        case .unsupportedFormat(let p, let f): "cannot load image '\(p)': \(f) images are not supported; convert it to PNG"
        case .corrupt(let p, let d): "cannot load image '\(p)': not a valid PNG (\(d))"
        case .tooLarge(let p, let w, let h):
            "cannot load image '\(p)': \(w)×\(h) is larger than the limit of \(PNG.maxDimension) pixels a side and \(PNG.maxPixels / 1_000_000) megapixels"
        }
    }
}

/// An immutable image (UIImage's shape). Its pixels are premultiplied BGRA, one pixel per point.
public final class Image: Sendable, CustomStringConvertible {
    /// How an image view or button draws the image (UIImage.RenderingMode's shape).
    public enum RenderingMode: Sendable, Hashable {
        /// Template for symbol images, original otherwise.
        case automatic
        case alwaysOriginal
        /// Only the alpha channel counts; the view's tint colour fills it.
        case alwaysTemplate
    }

    public let bitmap: Bitmap
    public let renderingMode: RenderingMode
    /// True for images made by `Image(systemName:)`.
    public let isSymbolImage: Bool

    public init(bitmap: Bitmap) { self.bitmap = bitmap; renderingMode = .automatic; isSymbolImage = false }

    init(bitmap: Bitmap, renderingMode: RenderingMode, isSymbol: Bool) {
        self.bitmap = bitmap; self.renderingMode = renderingMode; isSymbolImage = isSymbol
    }

    /// Whether views draw this image in their tint colour.
    public var isTemplate: Bool { renderingMode == .alwaysTemplate || (renderingMode == .automatic && isSymbolImage) }

    /// The same pixels drawn with another rendering mode.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        Image(bitmap: bitmap, renderingMode: mode, isSymbol: isSymbolImage)
    }

    /// The image's alpha filled with `color` (an original image: views draw it as is).
    public func withTintColor(_ color: Color) -> Image {
        let c = color.premultipliedPixel
        let ca = c >> 24, cr = (c >> 16) & 0xff, cg = (c >> 8) & 0xff, cb = c & 0xff
        let out = Bitmap(width: bitmap.width, height: bitmap.height)
        for y in 0..<bitmap.height {
            let src = bitmap.row(y), dst = out.row(y)
            for x in 0..<bitmap.width {
                let a = src[x] >> 24
                if a == 0 { continue }
                @inline(__always) func m(_ v: UInt32) -> UInt32 { let t = v * a + 128; return (t + (t >> 8)) >> 8 }
                dst[x] = m(ca) << 24 | m(cr) << 16 | m(cg) << 8 | m(cb)
            }
        }
        return Image(bitmap: out, renderingMode: .alwaysOriginal, isSymbol: isSymbolImage)
    }

    /// Size in points (= pixels).
    public var size: Size { Size(width: Double(bitmap.width), height: Double(bitmap.height)) }

    /// The image in a PNG file, or nil when it cannot be loaded (`load(path:)` says why).
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? Image.load(path: path) else { return nil }
        self.init(bitmap: image.bitmap)
    }

    /// Loads a PNG file, throwing an error that names the cause.
    public static func load(path: String) throws(ImageError) -> Image {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw .notFound(path: path) }
        guard !isDir.boolValue else { throw .isDirectory(path: path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return try decode([UInt8](data), path: path)
    }

    /// Decodes PNG bytes; `path` only names the source in errors.
    public static func decode(_ bytes: [UInt8], path: String = "<memory>") throws(ImageError) -> Image {
        if let format = foreignFormat(bytes) { throw .unsupportedFormat(path: path, format: format) }
        do {
            return Image(bitmap: try PNG.decode(bytes))
        } catch {
            switch error {
            case .tooLarge(let w, let h): throw .tooLarge(path: path, width: w, height: h)
            case .invalid(let m), .unreadable(let m), .writeFailed(let m):
                throw .corrupt(path: path, detail: bytes.isEmpty ? "the file is empty" : m)
            }
        }
    }

    /// Image directories searched by `Image(named:)`, in order (relative paths from the working directory).
    nonisolated(unsafe) public static var searchPaths: [String] = ["Assets", "."]

    /// The PNG called `name` (with or without ".png") in one of `searchPaths`, or nil.
    public convenience init?(named name: String) {
        let file = name.hasSuffix(".png") ? name : name + ".png"
        for dir in Image.searchPaths {
            let path = (dir as NSString).appendingPathComponent(file)
            if let image = try? Image.load(path: path) { self.init(bitmap: image.bitmap); return }
        }
        return nil
    }

    /// The name of a known non-PNG format from its signature, nil for PNG or unknown data.
    static func foreignFormat(_ b: [UInt8]) -> String? {
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + sig.count && Array(b[offset..<offset + sig.count]) == sig
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts(Array("GIF8".utf8)) { return "GIF" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "WebP" }
        if starts(Array("BM".utf8)) && b.count > 26 { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts(Array("ftyp".utf8), at: 4) { return "HEIF/AVIF" }
        if starts(Array("<svg".utf8)) || starts(Array("<?xml".utf8)) { return "SVG" }
        return nil
    }

    public var description: String { "Image(\(bitmap.width)×\(bitmap.height))" }
}
