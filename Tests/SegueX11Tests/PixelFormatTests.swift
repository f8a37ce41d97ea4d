// PixelFormatTests: visual masks → channel positions, and conversion for layouts that are not
// the framebuffer's own (a BGR visual), without a server.

import Testing
@testable import SegueX11

@Test func nativeMasksNeedNoConversion() throws {
    let rgb24 = try #require(PixelFormat(redMask: 0xff0000, greenMask: 0xff00, blueMask: 0xff, depth: 24))
    #expect(rgb24.matchesNative && rgb24.alphaShift == nil)
    let argb32 = try #require(PixelFormat(redMask: 0xff0000, greenMask: 0xff00, blueMask: 0xff, depth: 32))
    #expect(argb32 == .native && argb32.matchesNative)
}

@Test func bgrVisualSwapsRedAndBlue() throws {
    let bgr = try #require(PixelFormat(redMask: 0xff, greenMask: 0xff00, blueMask: 0xff0000, depth: 24))
    #expect(!bgr.matchesNative)
    #expect(bgr.convert(0xff12_3456) == 0x0056_3412)
    let source: [UInt32] = [0xff11_2233, 0x8040_2010, 0, 0xffff_0000]
    var out = [UInt32](repeating: 7, count: 6)
    source.withUnsafeBufferPointer { s in
        out.withUnsafeMutableBufferPointer { d in
            bgr.convert(from: s.baseAddress!, sourceStride: 2, to: d.baseAddress!, destinationStride: 3, width: 2, height: 2)
        }
    }
    #expect(out == [0x33_2211, 0x10_2040, 7, 0, 0xff, 7])
}

@Test func alphaFirstThirtyTwoBitLayout() throws {
    // RGBA in memory order A,B,G,R would be masks r=0xff000000… : alpha in the low byte.
    let rgba = try #require(PixelFormat(redMask: 0xff00_0000, greenMask: 0xff_0000, blueMask: 0xff00, depth: 32))
    #expect(rgba.alphaShift == 0)
    #expect(rgba.convert(0x8011_2233) == 0x1122_3380)
}

@Test func unusableMasksAreRejected() {
    #expect(PixelFormat(redMask: 0xf800, greenMask: 0x07e0, blueMask: 0x1f, depth: 16) == nil)   // 565
    #expect(PixelFormat(redMask: 0x3ff0_0000, greenMask: 0xffc00, blueMask: 0x3ff, depth: 30) == nil)
    #expect(PixelFormat(redMask: 0xff0000, greenMask: 0xff0000, blueMask: 0xff, depth: 24) == nil)
}
