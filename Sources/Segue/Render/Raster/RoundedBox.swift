// RoundedBox: analytic pixel coverage of an axis-aligned rectangle with circular corners, in device
// pixels. Straight edges use the exact area overlap of the pixel square; corners use the distance of
// the pixel centre to the arc (coverage = r − d + ½, clamped), which matches the straight-edge value
// where the two meet, so edges and arcs join without a seam.
import Foundation

struct RoundedBox {
    var x0, y0, x1, y1, r: Double

    init(x0: Double, y0: Double, x1: Double, y1: Double, r: Double) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.r = max(0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// Overlap of the pixel row/column `[i, i+1)` with `[lo, hi)`.
    @inline(__always) static func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
        max(0, min(Double(i + 1), hi) - max(Double(i), lo))
    }

    /// Vertical coverage of row `iy`.
    @inline(__always) func rowCoverage(_ iy: Int) -> Double { RoundedBox.overlap(iy, y0, y1) }

    /// Coverage 0…1 of the pixel `(ix, iy)`.
    @inline(__always) func coverage(_ ix: Int, _ iy: Int) -> Double {
        let cx = Double(ix) + 0.5, cy = Double(iy) + 0.5
        if r > 0 {
            let ccx = cx < x0 + r ? x0 + r : (cx > x1 - r ? x1 - r : cx)
            let ccy = cy < y0 + r ? y0 + r : (cy > y1 - r ? y1 - r : cy)
            if ccx != cx && ccy != cy {
                let dx = cx - ccx, dy = cy - ccy
                let d = (dx * dx + dy * dy).squareRoot()
                return min(1, max(0, r - d + 0.5))
            }
        }
        return RoundedBox.overlap(ix, x0, x1) * RoundedBox.overlap(iy, y0, y1)
    }

    /// The pixel columns where coverage may vary along row `iy` (outside them coverage is the row's
    /// constant value): `[x0, leftEnd)` and `[rightStart, x1)`.
    func variableColumns(row iy: Int) -> (leftEnd: Int, rightStart: Int) {
        let cy0 = Double(iy), cy1 = Double(iy + 1)
        let inCornerBand = r > 0 && (cy0 < y0 + r || cy1 > y1 - r)
        let inset = inCornerBand ? r : 0
        return (Int((x0 + inset).rounded(.up)) + 1, Int((x1 - inset).rounded(.down)) - 1)
    }
}
