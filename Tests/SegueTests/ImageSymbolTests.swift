// Symbol images: every listed name draws, they are templates, and views fill them with their tint.
import Testing
@testable import Segue

@MainActor @Suite struct ImageSymbolTests {
    func opaqueColours(_ b: Bitmap) -> Set<UInt32> {
        var s = Set<UInt32>()
        for y in 0..<b.height { for x in 0..<b.width where b[x, y] >> 24 == 255 { s.insert(b[x, y]) } }
        return s
    }

    @Test func everyListedSymbolDraws() throws {
        for name in Image.systemSymbols.keys.sorted() {
            let image = try #require(Image(systemName: name), "\(name)")
            #expect(image.size.width >= 3 && image.size.height >= 3, "\(name)")
            #expect(image.isSymbolImage && image.isTemplate)
        }
        #expect(Image(systemName: "no.such.symbol") == nil)
        let small = try #require(Image(systemName: "star.fill", pointSize: 12))
        let large = try #require(Image(systemName: "star.fill", pointSize: 36))
        #expect(large.size.width > 2 * small.size.width)
    }

    @Test func imageViewsFillTemplatesWithTheirTint() throws {
        let star = try #require(Image(systemName: "star.fill", pointSize: 30))
        let v = ImageView(image: star)
        let parent = View()
        parent.addSubview(v)
        #expect(opaqueColours(try #require(v.layer.contents)) == [Color.systemBlue.premultipliedPixel])
        parent.tintColor = .systemOrange
        #expect(opaqueColours(try #require(v.layer.contents)) == [Color.systemOrange.premultipliedPixel])
        v.image = star.withRenderingMode(.alwaysOriginal)
        #expect(opaqueColours(try #require(v.layer.contents)) == [Color.black.premultipliedPixel])
        v.image = star.withTintColor(.systemGreen)
        #expect(!v.image!.isTemplate)
        #expect(opaqueColours(try #require(v.layer.contents)) == [Color.systemGreen.premultipliedPixel])
    }

    @Test func plainImagesAreNotTemplatesUnlessAsked() {
        let img = Image.filled(size: Size(width: 2, height: 2), color: .red)
        #expect(!img.isTemplate)
        #expect(img.withRenderingMode(.alwaysTemplate).isTemplate)
        let v = ImageView(image: img.withRenderingMode(.alwaysTemplate))
        v.tintColor = .blue
        #expect(v.layer.contents?[0, 0] == Color.blue.premultipliedPixel)
    }
}
