// Suck: the old page is drawn, genie-like, into a point near the bottom centre, over the new page
// (suckEffect). Rows nearer the point start sooner, so the bottom pinches into a funnel while the top
// still hangs wide; each row narrows the closer it gets to the point, and the whole page slides down
// into it. A grid dense in rows carries the funnel's curves.
// The old page, opaque, covers much of the new one until late: those pixels of the new page are left
// undrawn (`Occlusion`, from the funnel's outline row band by row band, a few pixels in).

import Foundation

public final class SuckEffect: TransitionEffect {
    private var mesh = Mesh()
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
        mesh.reset()
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
            for i in 0...cols {
                let u = W * Double(i) / Double(cols)
                let x = tx + (u - tx) * max(0, width)
                mesh.vertices.append(pr.vertex(x: x, y: y, u: u, v: v, texture: f.old,
                                               shade: 1 - 0.2 * squeeze * (1 - funnel), alpha: f.opacity * fade))
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
        let covering = FastPaths.enabled && f.oldIsOpaque && f.opacity * fade >= 1
        if covering {
            outline.removeAll(keepingCapacity: true); bands.removeAll(keepingCapacity: true)
            for j in 0..<rows {
                bands.append(outline.count..<outline.count + 4)
                outline.append(v[j * stride]); outline.append(v[j * stride + cols])
                outline.append(v[(j + 1) * stride + cols]); outline.append(v[(j + 1) * stride])
            }
            occlusion.rebuild(covering: bands, of: outline, rows: canvas.clip.y0..<canvas.clip.y1, margin: pr.coverMargin(f.old))
        }
        canvas.draw(f.new, transform: f.imageTransform(f.new), opacity: f.underlyingNewOpacity, occluded: covering ? occlusion : nil)
        canvas.draw(mesh, texture: f.old)
    }
}
