// Image loading errors name their cause; gradients and hero images are what they promise; ImageView
// maps content modes to layer gravity without copying pixels.
import Testing
@testable import Segue
import Foundation

@Suite struct ImageTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("segue-image-\(UUID().uuidString)-\(name)").path
    }

    @Test func missingFileIsNamed() {
        let path = "/nonexistent/dir/picture.png"
        #expect(throws: ImageError.notFound(path: path)) { try Image.load(path: path) }
        #expect(Image(contentsOfFile: path) == nil)
        #expect(ImageError.notFound(path: path).description.contains("no such file"))
    }

    @Test func directoryIsNamed() {
        let dir = FileManager.default.temporaryDirectory.path
        #expect(throws: ImageError.isDirectory(path: dir)) { try Image.load(path: dir) }
        #expect(ImageError.isDirectory(path: dir).description.contains("directory"))
    }

    @Test func devicesAndPipesAreNotRead() {
        // /dev/zero never ends and a FIFO blocks: both are refused before reading.
        #expect(throws: ImageError.notRegularFile(path: "/dev/zero")) { try Image.load(path: "/dev/zero") }
        #expect(ImageError.notRegularFile(path: "/dev/zero").description.contains("not a regular file"))
        #expect(throws: PNGError.unreadable("/dev/zero is not a regular file")) { try PNG.read(path: "/dev/zero") }
    }

    @Test func corruptAndEmptyDataAreNamed() throws {
        let path = temporaryPath("bad.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4, 5]).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Image.load(path: path)
            Issue.record("corrupt PNG loaded")
        } catch {
            guard case .corrupt(let p, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(p == path)
            #expect(error.description.contains("not a valid PNG"))
        }
        try Data().write(to: URL(fileURLWithPath: path))
        do {
            _ = try Image.load(path: path)
            Issue.record("empty file loaded")
        } catch {
            #expect(error == .corrupt(path: path, detail: "the file is empty"))
        }
    }

    @Test func foreignFormatsAreNamed() {
        #expect(throws: ImageError.unsupportedFormat(path: "x.jpg", format: "JPEG")) {
            try Image.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], path: "x.jpg")
        }
        #expect(throws: ImageError.unsupportedFormat(path: "<memory>", format: "GIF")) { try Image.decode(Array("GIF89a....".utf8)) }
        #expect(ImageError.unsupportedFormat(path: "a.jpg", format: "JPEG").description.contains("convert it to PNG"))
    }

    /// A PNG whose header claims `width × height` (valid chunk CRCs, an empty IDAT): no pixels follow.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc(body))
        }
        let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]  // 8-bit RGBA
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", []) + chunk("IEND", [])
    }

    @Test func hugeImagesAreRefusedFromTheHeader() {
        #expect(throws: ImageError.tooLarge(path: "big.png", width: 20000, height: 20000)) {
            try Image.decode(Self.pngHeader(width: 20000, height: 20000), path: "big.png")
        }
        #expect(ImageError.tooLarge(path: "big.png", width: 20000, height: 20000).description.contains("larger than the limit"))
        // A small header with no pixel data is corrupt, not too large.
        do {
            _ = try Image.decode(Self.pngHeader(width: 4, height: 4), path: "short.png")
            Issue.record("truncated PNG loaded")
        } catch {
            guard case .corrupt = error else { Issue.record("wrong error \(error)"); return }
        }
    }

    @Test func pngRoundTrip() throws {
        let path = temporaryPath("ok.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let original = Image.linearGradient(size: Size(width: 40, height: 30), colors: [.systemRed, .systemBlue])
        try PNG.write(original.bitmap, to: path)
        let loaded = try Image.load(path: path)
        #expect(loaded.size == Size(width: 40, height: 30))
        #expect(loaded.bitmap.maxChannelDifference(to: original.bitmap) == 0)
        #expect(Image(contentsOfFile: path) != nil)
    }

    @Test func namedImagesSearchThePaths() throws {
        let dir = temporaryPath("assets")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PNG.write(Image.filled(size: Size(width: 3, height: 2), color: .red).bitmap, to: dir + "/dot.png")
        let saved = Image.searchPaths
        defer { Image.searchPaths = saved }
        Image.searchPaths = ["/nonexistent", dir]
        #expect(Image(named: "dot")?.size == Size(width: 3, height: 2))
        #expect(Image(named: "dot.png") != nil)
        #expect(Image(named: "nothing") == nil)
    }

    @Test func linearGradientRunsFromFirstToLastColour() {
        let img = Image.linearGradient(size: Size(width: 8, height: 256), colors: [.black, .white])
        let top = Color(premultipliedPixel: img.bitmap[3, 0]), bottom = Color(premultipliedPixel: img.bitmap[3, 255])
        #expect(top.red < 0.01 && bottom.red > 0.99)
        // Monotonic down the column apart from ±1 of dither.
        var last = -1
        for y in 0..<256 {
            let v = Int(img.bitmap[3, y] & 0xff)
            #expect(v >= last - 1)
            last = max(last, v)
            #expect(abs(Double(v) - Double(y) * 255 / 255) <= 2.5)
        }
    }

    @Test func gradientLocationsAndDirection() {
        let img = Image.linearGradient(size: Size(width: 100, height: 4), colors: [.red, .red, .blue],
                                       locations: [0, 0.5, 1], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
        #expect(img.bitmap[40, 2] & 0xFFFFFF == 0xFF0000)
        #expect(img.bitmap[99, 2] & 0xff > 240)
    }

    @Test func radialGradientCentreAndEdge() {
        let img = Image.radialGradient(size: Size(width: 101, height: 101), colors: [.white, .clear], radius: 50)
        #expect(img.bitmap[50, 50] >> 24 > 250)
        #expect(img.bitmap[0, 0] == 0)
        // Premultiplied: no channel exceeds alpha.
        for y in 0..<101 { for x in 0..<101 {
            let p = img.bitmap[x, y], a = p >> 24
            #expect((p >> 16) & 0xff <= a && (p >> 8) & 0xff <= a && p & 0xff <= a)
        } }
    }

    @Test func heroImagesAreOpaqueAndDeterministic() {
        let size = Size(width: 120, height: 80)
        for style in Image.HeroStyle.allCases {
            // Made twice afresh (`hero` would hand back its cached image the second time).
            let a = Image.generateHero(width: 120, height: 80, style: style, seed: 7)
            let b = Image.generateHero(width: 120, height: 80, style: style, seed: 7)
            #expect(a !== b && a.bitmap.maxChannelDifference(to: b.bitmap) == 0)
            #expect(Image.hero(size: size, style: style, seed: 7).bitmap.maxChannelDifference(to: a.bitmap) == 0)
            for y in 0..<80 { for x in 0..<120 { #expect(a.bitmap[x, y] >> 24 == 255) } }
            let c = Image.hero(size: size, style: style, seed: 8)
            #expect(c.bitmap.maxChannelDifference(to: a.bitmap)! > 10)
        }
    }
}

@MainActor @Suite struct ImageViewTests {
    @Test func imageBecomesLayerContentsWithGravity() {
        let image = Image.filled(size: Size(width: 30, height: 20), color: .green)
        let v = ImageView(image: image)
        #expect(v.frame.size == Size(width: 30, height: 20))
        #expect(v.layer.contents === image.bitmap)
        #expect(v.intrinsicContentSize == image.size)
        #expect(v.layer.contentsGravity == .resize)
        let modes: [(View.ContentMode, ContentsGravity)] = [(.scaleAspectFit, .resizeAspect), (.scaleAspectFill, .resizeAspectFill),
                                                           (.center, .center), (.scaleToFill, .resize)]
        for (mode, gravity) in modes {
            v.contentMode = mode
            #expect(v.layer.contentsGravity == gravity)
        }
        v.image = nil
        #expect(v.layer.contents == nil)
        #expect(v.intrinsicContentSize.width == View.noIntrinsicMetric)
        #expect(!v.isUserInteractionEnabled)
    }
}
