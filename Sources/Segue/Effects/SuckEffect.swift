// Suck: the old page is drawn, genie-like, into a point near the bottom centre, over the new page
// (suckEffect). Rows nearer the point start sooner, so the bottom pinches into a funnel while the top
// still hangs wide; each row narrows the closer it gets to the point, and the whole page slides down
// into it. Every row of the page stays level, so lying unturned on the screen the page is a row warp
// (`RowWarp`: each pixel row one scaled row of the page, the exact patch between two level lines, a
// span a row); under any other page-to-device map, a mesh of the same lines, dense in rows, carries
// the funnel's curves.
// The old page, opaque, covers much of the new one until late: those pixels of the new page are left
// undrawn (`Occlusion`, from the funnel's outline row band by row band, a few pixels in).

import Foundation

public final class SuckEffect: TransitionEffect {
    private var mesh = Mesh()
    /// The page on the screen when it lies unturned, and its level lines.
    private var warp = RowWarp()
    private typealias Level = (v: Double, y: Double, width: Double, shade: Double)
    private var levels: [Level] = []
    /// The new page's pixels the old page covers, and the outline they come from: one quad per row
    /// band (its rows are level lines, its sides straight), four vertices each.
    private(set) var occlusion = Occlusion()
    private var outline: [MeshVertex] = [], bands: [Range<Int>] = []
    public init() {}

    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { oldIsOpaque && newIsOpaque }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        if f.drawEnds(in: canvas) { return }
        let p = f.progress
        let W = f.size.width, H = f.size.height
        let pr = PageProjector(f)
        let tx = W / 2, ty = H * 0.97                  // the point the page is sucked into

        let cols = 16, rows = max(32, min(96, Int((H / 8).rounded())))
        let squeeze = smoothstep(0, 0.45, p)          // how strongly rows narrow towards the point
        let lag = 0.55                                 // the top row starts this much later than the bottom
        let fade = 1 - smoothstep(0.9, 1, p)
        // Each level line of the page: where it has travelled to, how wide it is, and its shade.
        levels.removeAll(keepingCapacity: true)
        for j in 0...rows {
            let v = H * Double(j) / Double(rows)
            // Vertical travel: row-local progress, bottom rows first, eased in.
            let start = lag * (1 - v / H)
            let q = min(1, max(0, (p - start) / (1 - start)))
            let travel = q * q * (3 - 2 * q) * 0.35 + q * q * 0.65
            let y = v + (ty - v) * travel
            // Width: a genie's S-shaped funnel — full far above the point, pinched to nothing at it —
            // weighed in by the squeeze; rows that have travelled far shrink further.
            let distance = min(1, max(0, (ty - y) / ty))
            let funnel = pow(smoothstep(0, 0.8, distance), 0.7)
            let width = (1 - squeeze * (1 - funnel)) * (1 - travel * travel)
            levels.append((v: v, y: y, width: max(0, width), shade: 1 - 0.2 * squeeze * (1 - funnel)))
        }
        let alpha = f.opacity * fade
        // Each line's ends: the page's left and right edges drawn in towards the point.
        @inline(__always) func x(_ u: Double, _ l: Level) -> Double { tx + (u - tx) * l.width }
        // On a page lying unturned on the screen every level line stays level: the page is a row warp
        // (each pixel row one scaled texture row, the exact patch between lines); under any other
        // page-to-device map, a mesh of the same lines, dense in rows, carries the funnel's curves.
        let t = f.pageToDevice, unturned = f.pageLiesUnturned
        if unturned {
            warp.lines.removeAll(keepingCapacity: true)
            let sv = Double(f.old.height) / H
            for l in levels {
                warp.lines.append(RowWarp.Line(y: t.m42 + l.y * t.m22, left: t.m41 + x(0, l) * t.m11,
                                               right: t.m41 + x(W, l) * t.m11, v: l.v * sv, shade: l.shade, alpha: alpha))
            }
        } else {
            mesh.reset()
            for l in levels {
                for i in 0...cols {
                    let u = W * Double(i) / Double(cols)
                    mesh.vertices.append(pr.vertex(x: x(u, l), y: l.y, u: u, v: l.v, texture: f.old, shade: l.shade, alpha: alpha))
                }
            }
            mesh.appendGridIndices(base: 0, columns: cols, rows: rows)
            // Feather the outline (its sides are long diagonals, jagged otherwise).
            let stride = cols + 1, v = mesh.vertices
            for j in 0..<rows {
                mesh.appendSkirt(v[j * stride], v[(j + 1) * stride], inside: v[j * stride + 1])
                mesh.appendSkirt(v[j * stride + cols], v[(j + 1) * stride + cols], inside: v[j * stride + cols - 1])
            }
            for i in 0..<cols {
                mesh.appendSkirt(v[i], v[i + 1], inside: v[stride + i])
                mesh.appendSkirt(v[rows * stride + i], v[rows * stride + i + 1], inside: v[(rows - 1) * stride + i])
            }
        }
        let covering = FastPaths.enabled && f.oldIsOpaque && f.opacity * fade >= 1
        if covering {
            outline.removeAll(keepingCapacity: true); bands.removeAll(keepingCapacity: true)
            @inline(__always) func end(_ l: Level, _ u: Double) -> MeshVertex {
                pr.vertex(x: x(u, l), y: l.y, u: u, v: l.v, texture: f.old, shade: l.shade, alpha: alpha)
            }
            for j in 0..<rows {
                bands.append(outline.count..<outline.count + 4)
                outline.append(end(levels[j], 0)); outline.append(end(levels[j], W))
                outline.append(end(levels[j + 1], W)); outline.append(end(levels[j + 1], 0))
            }
            occlusion.rebuild(covering: bands, of: outline, rows: canvas.clip.y0..<canvas.clip.y1, margin: pr.coverMargin(f.old))
        }
        canvas.draw(f.new, transform: f.imageTransform(f.new), opacity: f.underlyingNewOpacity, occluded: covering ? occlusion : nil)
        if unturned { canvas.draw(warp, texture: f.old) } else { canvas.draw(mesh, texture: f.old) }
    }
}
