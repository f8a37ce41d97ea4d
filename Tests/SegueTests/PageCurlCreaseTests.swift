// The curl's crease: the flat page darkens towards the axis as a function of the distance from it
// alone, so the contact shadow is a straight soft band along the tilted axis — not a staircase of
// grid cells, as when cells across the axis were drawn whole (shade jumping from the flat side's to
// the lifted side's inside one cell). Over a page lying flat on the screen the band is one polygon
// filled with a ramp of black along the axis's normal, over the page's texels in the same pass where
// they land one to one, else over the page drawn plain: within a level or two of the exact shade
// either way (strips, each shaded linearly, strayed up to 9).

import Foundation
import Testing
@testable import Segue

struct PageCurlCreaseTests {
    /// At three moments, the page landing on whole pixels (its texels and the ramp in one pass) and
    /// a third of a pixel off them (the page drawn plain, the ramp over it).
    @Test(arguments: [0.3, 0.5, 0.65], [0.0, 1.0 / 3])
    func contactShadowDependsOnlyOnTheDistanceFromTheAxis(progress p: Double, offset: Double) {
        let W = 480.0, H = 300.0
        let old = Bitmap(width: 480, height: 300, fill: 0xffff_ffff), new = Bitmap(width: 480, height: 300, fill: 0xff00_0000)
        let out = Bitmap(width: 480, height: 300, fill: 0xff00_0000)
        PageCurlEffect.partial().draw(EffectFrame(old: old, new: new, progress: p, size: Size(width: W, height: H),
                                                  pageToDevice: Transform3D(translationX: offset, y: 0, z: 0)),
                                      in: Canvas(target: out))
        // The partial curl's axis at this progress (PageCurlEffect's geometry).
        let r = 0.075 * (W * W + H * H).squareRoot()
        let angle = 1.45 + (1.38 - 1.45) * p, nx = cos(angle), ny = sin(angle)
        let m1 = W * nx + H * ny, L = m1 - 0.36 * p * (m1 + Double.pi * r)
        var worst = 0, checked = 0
        // Up to 0.65 the page has not rolled past half a turn, so nothing lies over the flat page.
        for y in 0..<300 {
            for x in 8..<472 {
                let d = (Double(x) + 0.5 - offset) * nx + (Double(y) + 0.5) * ny - L
                guard d > -0.55 * r, d < -0.05 * r else { continue }   // flat page, in the shadow
                let expected = 255 * (1 - 0.16 * smoothstep(-0.6 * r, 0, d))
                worst = max(worst, Int(abs(Double(out[x, y] & 0xff) - expected).rounded()))
                checked += 1
            }
        }
        #expect(checked > 2000)
        // Strips, each shaded linearly, strayed 9 levels here; cells drawn whole across the axis 37-38.
        #expect(worst <= 2, "the flat page's shade strays \(worst) levels from its distance's")
    }
}
