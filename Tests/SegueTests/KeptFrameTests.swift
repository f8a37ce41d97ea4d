// Drawing over the last frame: a page curl leaves alone the pixels its last frame left as this one
// draws them (the flat page, the page underneath past the shadow), when the compositor says the target
// still holds that frame. Every frame drawn that way must equal the same frame drawn afresh, whether
// the curl moves forward, back or jumps, and the compositor must say so only while nothing else has
// touched the target.

import Testing
@testable import Segue

@MainActor
struct KeptFrameTests {
    /// Progress sequences: small steps forward, a jump, small steps back (a finger scrubbing), a
    /// frame held still, and the ends.
    static let walk: [Double] = [0.02, 0.05, 0.08, 0.12, 0.2, 0.21, 0.22, 0.45, 0.46, 0.47, 0.44, 0.41, 0.41, 0.6, 0.7,
                                 0.72, 0.9, 0.95, 0.99, 1, 0.97, 0.5, 0.1, 0]

    @Test(arguments: [(0, 0), (8, 5)])
    func aCurlDrawnOverItsLastFrameEqualsItDrawnAfresh(dx: Int, dy: Int) throws {
        let (w, h) = (240, 150)
        let pages = EffectTestPages.make(width: w, height: h, text: true)
        let makes: [() -> PageCurlEffect] = [{ PageCurlEffect() }, { PageCurlEffect(direction: .unCurl) }, { PageCurlEffect.partial() }]
        for (index, make) in makes.enumerated() {
            let kept = make(), freshCurl = make()
            // The page's own pixels only (the compositor clears around a page that does not fill
            // the target; here what lies around it is left as it was).
            let target = Bitmap(width: w + 16, height: h + 10, fill: 0xFF10_2030)
            var canvas = Canvas(target: target)
            canvas.clip = PixelRect(x0: dx, y0: dy, x1: dx + w, y1: dy + h)
            for (k, p) in Self.walk.enumerated() {
                var f = EffectFrame(old: pages.old, new: pages.new, progress: p, size: Size(width: Double(w), height: Double(h)),
                                    pageToDevice: Transform3D(translationX: Double(dx), y: Double(dy), z: 0))
                f.lastFrameKept = k > 0
                kept.draw(f, in: canvas)
                f.lastFrameKept = false
                let alone = Bitmap(width: w + 16, height: h + 10, fill: 0xFF10_2030)
                var fresh = Canvas(target: alone)
                fresh.clip = canvas.clip
                freshCurl.draw(f, in: fresh)
                let d = try #require(target.maxChannelDifference(to: alone))
                #expect(d == 0, "curl \(index) at \(p) (frame \(k)): \(d) levels off")
            }
            // Not passing for want of trying: most frames kept something.
            #expect(kept.framesDrawnOverLast >= Self.walk.count / 2, "curl \(index): \(kept.framesDrawnOverLast) frames")
        }
    }

    /// Pages placed between whole pixels (or scaled) cannot be kept: every pixel depends on the
    /// polygons' planes. Told the last frame is kept, the curl still draws all of it (over the
    /// backdrop cleared first, as the compositor does around a page between pixels).
    @Test func pagesOffWholePixelsAreDrawnWhole() throws {
        let pages = EffectTestPages.make(width: 200, height: 120)
        let curl = PageCurlEffect(), fresh = PageCurlEffect()
        let target = Bitmap(width: 210, height: 130)
        for (k, p) in [0.3, 0.32, 0.34].enumerated() {
            var f = EffectFrame(old: pages.old, new: pages.new, progress: p, size: Size(width: 200, height: 120),
                                pageToDevice: Transform3D(translationX: 3.5, y: 2.25, z: 0))
            f.lastFrameKept = k > 0
            target.fill(0)
            curl.draw(f, in: Canvas(target: target))
            f.lastFrameKept = false
            let alone = Bitmap(width: 210, height: 130)
            fresh.draw(f, in: Canvas(target: alone))
            #expect(try #require(target.maxChannelDifference(to: alone)) == 0)
        }
        #expect(curl.framesDrawnOverLast == 0)
    }

    /// Plays `name` in two windows, frame by frame at 5 % steps: one into `targets` in turn (after
    /// `before(k, fraction)` has its say), the other into a fresh bitmap each frame; the frames must be
    /// equal. Returns, per frame, whether the first window's compositor said the target held the last.
    static func playTwice(_ name: String, into targets: [Bitmap], threads: Int = 1,
                          before: (Int, Double, TransitionSession) -> Void = { _, _, _ in }) throws -> [Bool] {
        let entry = try #require(DemoCatalog.playable.first { $0.name == name })
        let size = Size(width: Double(targets[0].width), height: Double(targets[0].height))
        let session = try #require(TransitionSession(entry: entry, size: size, from: "inbox", to: "photos"))
        let other = try #require(TransitionSession(entry: entry, size: size, from: "inbox", to: "photos"))
        session.window.compositor.threads = threads
        session.begin(); other.begin()
        var kept: [Bool] = []
        for (k, fraction) in stride(from: 0.05, through: 0.95, by: 0.05).enumerated() {
            before(k, fraction, session)
            let target = targets[k % targets.count]
            session.render(atFraction: fraction, into: target)
            kept.append(session.window.compositor.statistics.lastFrameKept)
            let alone = Bitmap(width: target.width, height: target.height)
            other.render(atFraction: fraction, into: alone)
            #expect(try #require(target.maxChannelDifference(to: alone)) == 0, "\(name) frame \(k) at \(fraction)")
        }
        return kept
    }

    /// Through the window: the compositor says the target holds the last frame only when nothing
    /// touched it since the last render into it — a frame rendered into another bitmap in between
    /// does not disturb it (the curl remembers what it left per target).
    @Test func theCompositorSaysWhenTheTargetStillHoldsTheLastFrame() throws {
        let target = Bitmap(width: 320, height: 200)
        let kept = try Self.playTwice("pageCurl", into: [target]) { k, fraction, session in
            if k == 6 { target.fill(0xFFFF_0000) }                      // drawn into from outside
            if k == 10 { session.render(atFraction: fraction - 0.01, into: Bitmap(width: 320, height: 200)) }  // another target
        }
        for (k, kept) in kept.enumerated() { #expect(kept == (k > 0 && k != 6), "frame \(k)") }
    }

    /// A modal curl: its cover is a layer deep in the window, the last of its siblings, covering
    /// the screen — the only thing drawn, so it is told too.
    @Test func aModalCurlDrawsOverItsLastFrameToo() throws {
        let kept = try Self.playTwice("partialCurl", into: [Bitmap(width: 320, height: 200)])
        #expect(kept.filter { $0 }.count >= 10)
    }

    /// Drawn in bands on two threads (a frame big enough to be split: `Canvas.parallelThreshold`),
    /// the kept pixels are left alone band by band.
    @Test func onTwoThreadsTooTheFramesEqualFreshOnes() throws {
        #expect(640 * 400 >= Canvas.parallelThreshold)
        let kept = try Self.playTwice("pageUnCurl", into: [Bitmap(width: 640, height: 400)], threads: 2)
        #expect(kept.filter { $0 }.count >= 10)
    }

    /// A window presenting from two buffers renders into each in turn: each holds the frame before
    /// last, and the curl draws over that one (it remembers what it left per target).
    @Test func twoBuffersInTurnEachHoldTheFrameBeforeLast() throws {
        let buffers = [Bitmap(width: 320, height: 200), Bitmap(width: 320, height: 200)]
        for name in ["pageCurl", "partialCurl"] {
            let kept = try Self.playTwice(name, into: buffers)
            #expect(kept.prefix(2) == [false, false], "\(name): a buffer's first frame")
            #expect(kept.dropFirst(2).filter { $0 }.count >= 10, "\(name)")
        }
    }
}

struct OcclusionRangesTests {
    /// `Occlusion.union` flattened, so results compare with ==.
    static func union(_ x: (Int, Int), _ y: (Int, Int), _ z: (Int, Int)) -> [Int] {
        let u = Occlusion.union(x, y, z)
        return [u.0.0, u.0.1, u.1.0, u.1.1]
    }

    @Test func unionKeepsTwoRangesInOrderAndMergesWhatTouches() {
        #expect(Self.union((0, 0), (0, 0), (0, 0)) == [0, 0, 0, 0])
        #expect(Self.union((5, 10), (0, 0), (0, 0)) == [5, 10, 0, 0])
        #expect(Self.union((20, 30), (0, 0), (5, 10)) == [5, 10, 20, 30])
        #expect(Self.union((5, 10), (10, 20), (0, 0)) == [5, 20, 0, 0])         // touching
        #expect(Self.union((5, 10), (30, 40), (8, 32)) == [5, 40, 0, 0])        // bridged
        // Three apart: the shortest goes.
        #expect(Self.union((0, 10), (20, 22), (30, 45)) == [0, 10, 30, 45])
        #expect(Self.union((0, 1), (20, 32), (40, 45)) == [20, 32, 40, 45])
    }

    /// A square occluding 10…90 on its rows, then a second range added beside it, then one bridging
    /// them; the visible runs are what is left, and adding nothing changes nothing.
    @Test func visibleRunsSkipBothRanges() {
        let square = OcclusionTests.polygons([[(0, 0), (40, 0), (40, 100), (0, 100)]])
        let right = OcclusionTests.polygons([[(60, 0), (100, 0), (100, 100), (60, 100)]])
        var o = Occlusion(), r = Occlusion()
        o.rebuild(covering: square.ranges, of: square.vertices, rows: 0..<100, margin: 3)
        r.rebuild(covering: right.ranges, of: right.vertices, rows: 0..<100, margin: 3)
        o.add(r)
        func runs(_ o: Occlusion, _ x0: Int, _ x1: Int) -> [Range<Int>] {
            var list: [Range<Int>] = []
            o.forEachVisibleRun(row: 50, x0, x1) { list.append($0..<$1) }
            return list
        }
        #expect(o.columns(row: 50) == (3, 37) && o.secondColumns(row: 50) == (63, 97))
        #expect(runs(o, 0, 100) == [0..<3, 37..<63, 97..<100])
        #expect(runs(o, 10, 70) == [37..<63])
        #expect(runs(o, 40, 50) == [40..<50])
        #expect(runs(o, 0, 2) == [0..<2])
        #expect(runs(o, 98, 120) == [98..<120])
        #expect(runs(o, 5, 30) == [])
        // Rows the margin leaves uncovered show whole.
        #expect(runs(o, 0, 100).count == 3)
        var rows: [Range<Int>] = []
        o.forEachVisibleRun(row: 1, 0, 100) { rows.append($0..<$1) }
        #expect(rows == [0..<100])
        // Intersecting: a row's first range against both of the other's, the longer overlap kept.
        var i = r
        i.intersect(o)
        #expect(i.columns(row: 50) == (63, 97))
        var j = o
        j.intersect(r)
        #expect(j.columns(row: 50).c0 >= j.columns(row: 50).c1 && j.secondColumns(row: 50).c0 >= j.secondColumns(row: 50).c1)
    }

    /// Columns within the margin of a hull are taken out of the range, the longer piece kept.
    @Test func removingAroundAHullKeepsTheLongerPieceClearOfIt() {
        let wide = OcclusionTests.polygons([[(0, 0), (200, 0), (200, 100), (0, 100)]])
        var o = Occlusion()
        o.rebuild(covering: wide.ranges, of: wide.vertices, rows: 0..<100, margin: 3)
        #expect(o.columns(row: 50) == (3, 197))
        // A triangle over columns 120…160 of rows 40…60 (its vertices in any order, one inside).
        let hull = [(140, 40), (120, 60), (160, 60), (140, 55)].map { MeshVertex(x: Float($0.0), y: Float($0.1), u: 0, v: 0) }
        o.remove(aroundHullOf: hull, margin: 3)
        let (c0, c1) = o.columns(row: 58)
        #expect(c0 == 3 && c1 <= 116, "\(c0)..<\(c1)")
        // Rows well away from the triangle keep their range.
        #expect(o.columns(row: 20) == (3, 197))
        #expect(o.columns(row: 80) == (3, 197))
        // Near its apex the cut is narrow; the left piece is the longer.
        let (a0, a1) = o.columns(row: 38)
        #expect(a0 == 3 && a1 < 140 && a1 > 100, "\(a0)..<\(a1)")
    }
}

