// The backdrop of a cube or a turning card is filled only around what the frame paints opaquely
// (EffectBackdrop): the pixels left unfilled must all be painted over by the frame, so drawing over a
// frame full of old pixels gives the picture drawn over a full clear — through the effect alone and
// the modal player (a transition on a window's root layer: TransitionCoverTests) — and the outline
// must actually leave pixels unfilled, or the fill saved nothing.

import Testing
@testable import Segue

@MainActor
struct EffectBackdropTests {
    static let dirty: UInt32 = 0xff13_f0a7, black: UInt32 = 0xff00_0000

    @Test(arguments: [TransitionType.cube, .oglFlip])
    func theFrameCoversWhatTheBackdropLeaves(_ type: TransitionType) {
        let pages = EffectTestPages.make(width: 160, height: 100)
        for subtype in [TransitionSubtype.fromRight, .fromTop] {
            for k in 1..<12 {
                let p = Double(k) / 12
                let frame = EffectFrame(old: pages.old, new: pages.new, progress: p, subtype: subtype, size: Size(width: 160, height: 100),
                                        pageToDevice: Transform3D(translationX: 5, y: 4, z: 0))
                let effect = type.makeEffect()
                var backdrop = EffectBackdrop()
                // Filled around the outline over old pixels, then drawn: the picture over a full clear.
                let around = Bitmap(width: 170, height: 110, fill: Self.dirty)
                backdrop.fill(Canvas(target: around), with: Self.black, under: effect, frame)
                let left = (0..<110).reduce(0) { n, y in n + (0..<170).filter { around[$0, y] == Self.dirty }.count }
                // Half way round, the cube's two faces are about the same size: both insides are left.
                if type == .cube && k == 6 {
                    let centres = subtype == .fromRight ? [(45, 54), (125, 54)] : [(85, 29), (85, 79)]
                    for (x, y) in centres { #expect(around[x, y] == Self.dirty, "cube \(subtype) at 0.5: (\(x), \(y)) filled") }
                }
                effect.draw(frame, in: Canvas(target: around))
                let full = Bitmap(width: 170, height: 110, fill: Self.black)
                effect.draw(frame, in: Canvas(target: full))
                #expect(around.maxChannelDifference(to: full) == 0, "\(type.rawValue) \(subtype) at \(p)")
                // The card or the faces cover a good part of the frame: the fill left it alone.
                if k == 2 { #expect(left > 2000, "\(type.rawValue) \(subtype) at \(p): \(left) pixels left") }
            }
        }
        // With fast paths off, the backdrop is filled whole.
        let frame = EffectFrame(old: pages.old, new: pages.new, progress: 0.3, size: Size(width: 160, height: 100))
        let out = Bitmap(width: 160, height: 100, fill: Self.dirty)
        var backdrop = EffectBackdrop()
        FastPaths.$enabled.withValue(false) { backdrop.fill(Canvas(target: out), with: Self.black, under: type.makeEffect(), frame) }
        #expect((0..<100).allSatisfy { y in (0..<160).allSatisfy { out[$0, y] == Self.black } })
    }

    /// Every modal style, over black or (a curl over opaque pages, which paints every pixel) over
    /// nothing at all.
    @Test(arguments: ModalEffectStyle.allCases)
    func theModalPlayerOverBlackLeavesNothingOfTheOldFrame(_ style: ModalEffectStyle) {
        let pages = EffectTestPages.make(width: 160, height: 100)
        for presenting in [true, false] {
            let player = EffectPlayer(modal: style, presenting: presenting, from: pages.old, to: pages.new)
            for k in 1..<10 {
                player.progress = Double(k) / 10
                let bounds = Rect(x: 0, y: 0, width: 160, height: 100)
                let place = Transform3D(translationX: 3, y: 2, z: 0)
                let clean = Bitmap(width: 170, height: 110, fill: Self.black), dirty = Bitmap(width: 170, height: 110, fill: Self.dirty)
                // Outside the bounds the canvas is the caller's: the same old pixels in both.
                for b in [clean, dirty] {
                    for y in 0..<110 { for x in 0..<170 where x < 3 || x >= 163 || y < 2 || y >= 102 { b[x, y] = 0xff40_4040 } }
                    player.draw(in: Canvas(target: b), layerToDevice: place, opacity: 1, bounds: bounds, over: .black)
                }
                #expect(dirty.maxChannelDifference(to: clean) == 0, "\(style) presenting \(presenting) at \(player.progress)")
            }
        }
    }
}
