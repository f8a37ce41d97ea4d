// Ripple: concentric water waves spread from the page centre (rippleEffect). The page is seen through
// the water surface: a regular grid keeps its positions while its texture coordinates are displaced
// along the wave slope (refraction), and the slope facing a light from the top-left adds a specular
// highlight, the far slope a little shade. Over a page lying unturned on the screen the grid is a
// `WarpGrid` (every attribute bilinear in a cell, a segment a cell along each pixel row); under any
// other page-to-device map, a mesh of the same lattice. Wave height rises and falls with sin(π·p), so both ends are
// calm; behind the spreading wave front the new page dissolves in under the same surface.
// Both pages lie under one surface — the same grid, the same displaced texture coordinates, the same
// light — so while the new page dissolves in, the two are cross-faded into one texture first (one fused
// pass) and the water is drawn once, over that: half the sampling of drawing each page through it.
// Sampling, shade and source-over are linear in premultiplied colour, so that is the same picture, but
// for the glint: it is the water's, clipped at white once, on the blend (drawn page by page, it clipped
// on a white old page and faded with it).
// The water repeats a page's edge texels where its displaced samples reach past the page (WarpGrid),
// so over opaque pages it covers the page opaquely and the compositor need not clear beneath it.
// Lattice points beyond the wave front are still (no slope: unwarped, unshaded, unlit) and marked so:
// the page there is copied row by row (WarpGrid's still cells).

import Foundation

public final class RippleEffect: TransitionEffect {
    private var oldMesh = Mesh(), newMesh = Mesh()
    /// The water over a page lying unturned on the screen (reused from frame to frame).
    private var grid = WarpGrid()
    /// The cross-faded pages while both show (made with the first frame, reused to the last).
    private var blend: Bitmap?
    /// The lattice, row by row: each point's place on the page, the page point seen there, and its light.
    private var field: [(x: Double, y: Double, u: Double, v: Double, shade: Double, highlight: Double, still: Bool)] = []
    public init() {}

    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { oldIsOpaque && newIsOpaque }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        // The cross-fade texture is made with the first frame (the one the pages are snapshotted
        // for), not with the first frame that needs it: a new page-sized bitmap's first touch is a few
        // milliseconds of page faults, which fell on one frame in mid-transition.
        if blend == nil, f.old.width == f.new.width, f.old.height == f.new.height {
            blend = Bitmap(width: f.old.width, height: f.old.height)
        }
        if f.drawEnds(in: canvas) { return }
        let p = f.progress
        let W = f.size.width, H = f.size.height
        let pr = PageProjector(f)
        let diag = (W * W + H * H).squareRoot()
        let R = diag / 2, lambda = 0.1 * diag
        let amplitude = pow(sin(Double.pi * p), 1.2)
        let front = R * 1.15 * min(1, p / 0.75) + lambda
        let cycles = 4.0
        let displacement = 0.011 * diag
        let lx = -0.6, ly = -0.8                           // light direction (towards the top-left)
        // About 7 cells a wavelength at any size: ≤ 64 × 36 cells, ~9k triangles for both pages.
        let cols = max(32, min(64, Int((W / 9).rounded()))), rows = max(20, Int((Double(cols) * H / W).rounded()))

        field.removeAll(keepingCapacity: true)
        for j in 0...rows {
            let y = H * Double(j) / Double(rows)
            for i in 0...cols {
                let x = W * Double(i) / Double(cols)
                let dx = x - W / 2, dy = y - H / 2
                let rho = (dx * dx + dy * dy).squareRoot()
                let ex = rho > 1e-9 ? dx / rho : 0, ey = rho > 1e-9 ? dy / rho : 0
                // Waves only behind the front, weaker far out and right at the centre's start.
                let envelope = smoothstep(front, front - 1.5 * lambda, rho) / (1 + 0.6 * rho / lambda * 0.25)
                let phase = 2 * Double.pi * (rho / lambda - p * cycles)
                let slope = amplitude * envelope * cos(phase)   // dh/dρ, normalised
                let toLight = slope * (ex * lx + ey * ly)
                field.append((x: x, y: y, u: min(W, max(0, x - displacement * slope * ex)),
                              v: min(H, max(0, y - displacement * slope * ey)),
                              shade: 1 - 0.22 * max(0, -toLight), highlight: 0.42 * pow(max(0, toLight), 2), still: slope == 0))
            }
        }
        let newAlpha = smoothstep(0.3, 0.92, p)
        let oldAlpha = f.underlyingOldOpacity, newOpacity = f.opacity * newAlpha
        // Once the new page is fully in and opaque, the old one under it cannot show.
        let showsOld = newAlpha < 1 || !f.newIsOpaque, showsNew = newAlpha > 0
        // The water over a page lying unturned on the screen is a warp grid (its lattice stays put on
        // the screen); under any other page-to-device map, a mesh of the same lattice.
        let t = f.pageToDevice
        let unturned = f.pageLiesUnturned
        func water(_ mesh: inout Mesh, _ texture: Bitmap, alpha: Double) {
            if unturned {
                grid.reset(columns: cols, rows: rows, x0: t.m41, y0: t.m42, x1: t.m41 + W * t.m11, y1: t.m42 + H * t.m22, alpha: alpha)
                let su = Float(Double(texture.width) / W), sv = Float(Double(texture.height) / H)
                for w in field {
                    grid.append(u: Float(w.u) * su, v: Float(w.v) * sv, shade: Float(w.shade), highlight: Float(w.highlight), still: w.still)
                }
                canvas.draw(grid, texture: texture)
            } else {
                build(&mesh, texture: texture, alpha: alpha, cols: cols, rows: rows, pr: pr)
                canvas.draw(mesh, texture: texture)
            }
        }
        if showsOld && showsNew, f.old.width == f.new.width, f.old.height == f.new.height {
            let page = crossfaded(f.old, opacity: oldAlpha, f.new, opacity: newOpacity, oldIsOpaque: f.oldIsOpaque,
                                  newIsOpaque: f.newIsOpaque, threads: canvas.threads)
            water(&oldMesh, page, alpha: 1)
            return
        }
        if showsOld { water(&oldMesh, f.old, alpha: oldAlpha) }
        if showsNew { water(&newMesh, f.new, alpha: newOpacity) }
    }

    /// `old` at `oldOpacity` with `new` at `newOpacity` over it, in a texture of their size.
    private func crossfaded(_ old: Bitmap, opacity oldOpacity: Double, _ new: Bitmap, opacity newOpacity: Double,
                            oldIsOpaque: Bool, newIsOpaque: Bool, threads: Int) -> Bitmap {
        let page: Bitmap
        if let b = blend, b.width == old.width, b.height == old.height { page = b } else {
            page = Bitmap(width: old.width, height: old.height)
            blend = page
        }
        // An opaque old page at full strength replaces every texel; anything else goes over clear.
        if !(oldIsOpaque && oldOpacity >= 1) { page.fill(0) }
        var c = Canvas(target: page)
        c.threads = threads
        if !c.crossfade(old, opacity: oldOpacity, new, opacity: newOpacity, transform: .identity,
                        bothOpaque: oldIsOpaque && newIsOpaque) {
            c.draw(old, transform: .identity, opacity: oldOpacity)
            c.draw(new, transform: .identity, opacity: newOpacity)
        }
        return page
    }

    private func build(_ mesh: inout Mesh, texture: Bitmap, alpha: Double, cols: Int, rows: Int, pr: PageProjector) {
        mesh.reset()
        for w in field {
            mesh.vertices.append(pr.vertex(x: w.x, y: w.y, u: w.u, v: w.v, texture: texture, shade: w.shade,
                                           highlight: w.highlight, alpha: alpha))
        }
        // Calm water (no displacement, shade or glint at any corner) goes in runs, as one quad each.
        let stride = cols + 1
        @inline(__always) func calm(_ k: Int) -> Bool {
            let w = field[k]
            return w.u == w.x && w.v == w.y && w.shade == 1 && w.highlight == 0
        }
        for j in 0..<rows {
            mesh.appendGridRow(j, columns: cols, stride: stride) { a in
                calm(a) && calm(a + 1) && calm(a + stride) && calm(a + stride + 1) ? .mergeable : .single
            }
        }
    }
}
