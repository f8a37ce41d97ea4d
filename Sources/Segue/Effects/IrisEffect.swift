// Camera iris: six shutter blades close over the old page to black, then open on the new one
// (cameraIrisHollowClose / cameraIrisHollowOpen; the first dwells on closing, the second on opening).
// The aperture is a hexagon whose inscribed radius runs from beyond the half-diagonal to zero while
// the blades twist. Each blade is the wedge between the rays that continue two neighbouring hexagon
// edges outward, so the blades tile everything outside the aperture without overlapping, and the rays
// are the visible blade edges; each wedge is shaded lighter at its inner tip and darker outwards.

import Foundation

public final class IrisEffect: TransitionEffect {
    public enum Emphasis: Sendable { case open, close }
    public let emphasis: Emphasis
    private var mesh = Mesh()
    private var corners: [(Double, Double)] = [], rayEnds: [(Double, Double)] = []
    private static let blades = 6

    public init(emphasis: Emphasis) { self.emphasis = emphasis }

    /// The fraction of the transition spent closing.
    var closingShare: Double { emphasis == .close ? 0.62 : 0.38 }

    /// The blades reach past every corner and the page fills the aperture, so opaque pages leave
    /// nothing beneath showing.
    public func coversPage(oldIsOpaque: Bool, newIsOpaque: Bool) -> Bool { oldIsOpaque && newIsOpaque }

    public func draw(_ f: EffectFrame, in canvas: Canvas) {
        if f.drawEnds(in: canvas) { return }
        let p = f.progress
        let W = f.size.width, H = f.size.height
        let R = (W * W + H * H).squareRoot() / 2
        let closing = p < closingShare
        // Aperture: 1 open … 0 shut; eased so the blades slow as they meet and as they clear.
        let s = closing ? p / closingShare : (1 - p) / (1 - closingShare)
        let open = 1 - s * s * (3 - 2 * s)
        let rho = R * 1.03 * open
        let page = closing ? f.old : f.new
        let n = Self.blades
        let half = Double.pi / Double(n)
        let cornerRadius = rho / cos(half)
        let cx = W / 2, cy = H / 2
        // Opaque blades hide the page outside the aperture, so the page is drawn only inside the
        // aperture's bounding box (which the blades' soft inner edges do not leave).
        var pageCanvas = canvas
        if f.opacity >= 1 {
            let box = Rect(x: cx - cornerRadius, y: cy - cornerRadius, width: 2 * cornerRadius, height: 2 * cornerRadius)
            pageCanvas.clip = pageCanvas.clip.intersection(deviceBounds(f, of: box))
        }
        if !pageCanvas.clip.isEmpty { pageCanvas.draw(page, transform: f.imageTransform(page), opacity: f.opacity) }

        var clipped = canvas
        clipped.clip = clipped.clip.intersection(deviceBounds(f, of: Rect(x: 0, y: 0, width: W, height: H)))
        let pr = PageProjector(f)
        let twist = 1.1 * (1 - open)
        let far = 3 * R
        // Hexagon corner k lies between edge k and edge k + 1; ray k continues edge k past corner k.
        // Each corner and ray end is computed once and shared by the two blades that meet there, so
        // neighbouring blades have bit-identical edges and the rasterizer leaves no cracks between them.
        corners.removeAll(keepingCapacity: true)
        rayEnds.removeAll(keepingCapacity: true)
        for k in 0..<n {
            let beta = twist + Double(k) * 2 * half
            let c = (cx + cornerRadius * cos(beta + half), cy + cornerRadius * sin(beta + half))
            corners.append(c)
            let t = beta + Double.pi / 2
            rayEnds.append((c.0 + far * cos(t), c.1 + far * sin(t)))
        }
        mesh.reset()
        for k in 0..<n {
            let prev = (k + n - 1) % n
            let base = UInt32(mesh.vertices.count)
            mesh.vertices.append(pr.solidVertex(x: corners[prev].0, y: corners[prev].1, shade: 1, highlight: 0.10, alpha: f.opacity))
            mesh.vertices.append(pr.solidVertex(x: corners[k].0, y: corners[k].1, shade: 1, highlight: 0.03, alpha: f.opacity))
            mesh.vertices.append(pr.solidVertex(x: rayEnds[k].0, y: rayEnds[k].1, shade: 0.2, alpha: f.opacity))
            mesh.vertices.append(pr.solidVertex(x: rayEnds[prev].0, y: rayEnds[prev].1, shade: 0.6, alpha: f.opacity))
            // Split along corner k → far end of ray k−1: corner k lies on the line from corner k−1 to the
            // end of ray k, so the other diagonal would leave a T-junction (cracks) at corner k.
            mesh.appendTriangle(base, base + 1, base + 3)
            mesh.appendTriangle(base + 1, base + 2, base + 3)
            // Soften the blade's inner edge into the aperture.
            let inner = mesh.vertices[Int(base)], inner2 = mesh.vertices[Int(base) + 1]
            mesh.appendSkirt(inner, inner2, inside: mesh.vertices[Int(base) + 2])
        }
        clipped.draw(mesh, texture: SolidTexture.blade)
    }

    /// The device pixels that page rectangle `r` covers (its projected corners' bounds, rounded out).
    private func deviceBounds(_ f: EffectFrame, of r: Rect) -> PixelRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let q = f.pageToDevice.project(Point(x: x, y: y))
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        return PixelRect(x0: Int(x0.rounded(.down)), y0: Int(y0.rounded(.down)),
                         x1: Int(x1.rounded(.up)), y1: Int(y1.rounded(.up)))
    }
}
