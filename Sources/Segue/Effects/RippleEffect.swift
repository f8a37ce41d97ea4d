// Ripple: concentric water waves spread from the page centre (rippleEffect). The page is seen through
// the water surface: a regular grid keeps its positions while its texture coordinates are displaced
// along the wave slope (refraction), and the slope facing a light from the top-left adds a specular
// highlight, the far slope a little shade. Wave height rises and falls with sin(π·p), so both ends are
// calm; behind the spreading wave front the new page dissolves in under the same surface.

import Foundation

public final class RippleEffect: TransitionEffect {
    private var oldMesh = Mesh(), newMesh = Mesh()
    private var field: [(du: Double, dv: Double, shade: Double, highlight: Double)] = []
    public init() {}

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
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
                field.append((du: -displacement * slope * ex, dv: -displacement * slope * ey,
                              shade: 1 - 0.22 * max(0, -toLight),
                              highlight: 0.42 * pow(max(0, toLight), 2)))
            }
        }
        let newAlpha = smoothstep(0.3, 0.92, p)
        // Once the new page is fully in and opaque, the old one under it cannot show.
        if newAlpha < 1 || !f.newIsOpaque {
            build(&oldMesh, texture: f.old, alpha: f.underlyingOldOpacity, cols: cols, rows: rows, W: W, H: H, pr: pr)
            canvas.draw(oldMesh, texture: f.old)
        }
        if newAlpha > 0 {
            build(&newMesh, texture: f.new, alpha: f.opacity * newAlpha, cols: cols, rows: rows, W: W, H: H, pr: pr)
            canvas.draw(newMesh, texture: f.new)
        }
    }

    private func build(_ mesh: inout Mesh, texture: Bitmap, alpha: Double, cols: Int, rows: Int, W: Double, H: Double,
                       pr: PageProjector) {
        mesh.reset()
        var k = 0
        for j in 0...rows {
            let y = H * Double(j) / Double(rows)
            for i in 0...cols {
                let x = W * Double(i) / Double(cols)
                let w = field[k]; k += 1
                let u = min(W, max(0, x + w.du)), v = min(H, max(0, y + w.dv))
                mesh.vertices.append(pr.vertex(x: x, y: y, u: u, v: v, texture: texture, shade: w.shade,
                                               highlight: w.highlight, alpha: alpha))
            }
        }
        mesh.appendGridIndices(base: 0, columns: cols, rows: rows)
    }
}
