// GeneratedImageCache: a key made once is handed back while it stays recently used; the byte budget evicts the
// least recently used first and never holds more than it allows.

import Testing
@testable import Segue

struct GeneratedImageCacheTests {
    static func key(_ seed: UInt64) -> AnyHashable { AnyHashable(seed) }

    @Test func aKeyIsMadeOnceAndHandedBack() {
        let cache = GeneratedImageCache(budget: 4 * 100 * 3)
        var made = 0
        func get(_ seed: UInt64) -> Image {
            cache.image(Self.key(seed)) { made += 1; return Image.generateHero(width: 10, height: 10, style: .day, seed: seed) }
        }
        let a = get(1)
        #expect(get(1) === a && made == 1)
        _ = get(2); _ = get(3)
        #expect(made == 3 && cache.count == 3 && cache.storedBytes == 1200)
        _ = get(1)                                  // 1 is now the most recent: 2 goes first
        _ = get(4)
        #expect(made == 4 && cache.count == 3 && cache.storedBytes <= cache.budget)
        _ = get(1); _ = get(3)
        #expect(made == 4)
        _ = get(2)
        #expect(made == 5, "the least recently used entry was evicted")
    }

    @Test func imagesOverTheBudgetAreMadeButNotKept() {
        let cache = GeneratedImageCache(budget: 399)
        var made = 0
        for _ in 0..<2 {
            _ = cache.image(Self.key(1)) { made += 1; return Image.generateHero(width: 10, height: 10, style: .day, seed: 1) }
        }
        #expect(made == 2 && cache.count == 0 && cache.storedBytes == 0)
    }
}

extension GeneratedImageCacheTests {
    @Test func gradientsAreCachedByEveryParameter() {
        let a = Image.linearGradient(size: Size(width: 30, height: 20), colors: [.red, .blue])
        #expect(Image.linearGradient(size: Size(width: 30, height: 20), colors: [.red, .blue]) === a)
        let fresh = Image.generateLinearGradient(width: 30, height: 20, colors: [.red, .blue], locations: nil,
                                                 startPoint: Point(x: 0.5, y: 0), endPoint: Point(x: 0.5, y: 1))
        #expect(fresh.bitmap.maxChannelDifference(to: a.bitmap) == 0)
        #expect(Image.linearGradient(size: Size(width: 30, height: 20), colors: [.red, .green]) !== a)
        #expect(Image.linearGradient(size: Size(width: 30, height: 20), colors: [.red, .blue], locations: [0, 0.5]) !== a)
        #expect(Image.linearGradient(size: Size(width: 30, height: 20), colors: [.red, .blue], endPoint: Point(x: 1, y: 1)) !== a)
        #expect(Image.linearGradient(size: Size(width: 31, height: 20), colors: [.red, .blue]) !== a)
    }
}

extension GeneratedImageCacheTests {
    /// The pictures of one of the demo's screens at 3840×2160, in bytes.
    @MainActor static func pictureBytes(_ name: String) throws -> Int {
        let v = try #require(DemoScreen.view(named: name, size: Size(width: 3840, height: 2160)))
        v.layoutIfNeeded()
        func walk(_ v: View) -> Int {
            ((v as? ImageView)?.image.map { 4 * $0.bitmap.width * $0.bitmap.height } ?? 0) + v.subviews.map(walk).reduce(0, +)
        }
        return walk(v)
    }

    /// The shared cache holds any two of the demo's screens' pictures at 4K, so a screen built again
    /// (each presentation builds its destination) makes none of them again.
    @MainActor @Test func twoDemoScreensAt4KFitTheSharedCache() throws {
        let bytes = try DemoScreen.names.map(Self.pictureBytes).sorted()
        #expect(bytes.last! > 24 << 20, "the photo grid at 4K outgrew the old budget")
        #expect(bytes.suffix(2).reduce(0, +) <= GeneratedImageCache.shared.budget)
    }
}

