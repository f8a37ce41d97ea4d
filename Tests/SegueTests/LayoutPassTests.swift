// The layout and display passes skip subtrees with nothing pending, so they must still reach every
// view that asked — however deep, however it was attached — as UIKit's layoutIfNeeded does.

import Testing
@testable import Segue

@MainActor
struct LayoutPassTests {
    /// A view that counts its layout and content passes, and runs `onLayout` in each layout.
    final class Counting: View {
        var layouts = 0, displays = 0
        var onLayout: (() -> Void)?
        override func layoutSubviews() { layouts += 1; onLayout?() }
        override func updateContents() { displays += 1 }
    }

    /// root → a → b → c, all laid out and displayed once.
    static func chain() -> (root: Counting, a: Counting, b: Counting, c: Counting) {
        let root = Counting(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = Counting(frame: Rect(x: 0, y: 0, width: 80, height: 80)), b = Counting(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        let c = Counting(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        root.addSubview(a); a.addSubview(b); b.addSubview(c)
        root.layoutIfNeeded(); root.displayIfNeeded()
        return (root, a, b, c)
    }

    @Test func aViewMarkedDeepInASettledTreeIsLaidOutAndDisplayed() {
        let (root, a, b, c) = Self.chain()
        #expect([root.layouts, a.layouts, b.layouts, c.layouts] == [1, 1, 1, 1])
        root.layoutIfNeeded(); root.displayIfNeeded()
        #expect([root.layouts, a.layouts, b.layouts, c.layouts] == [1, 1, 1, 1], "nothing pending, nothing run")
        c.setNeedsLayout(); c.setNeedsDisplay()
        root.layoutIfNeeded(); root.displayIfNeeded()
        #expect([root.layouts, a.layouts, b.layouts, c.layouts] == [1, 1, 1, 2])
        #expect([root.displays, a.displays, b.displays, c.displays] == [1, 1, 1, 2])
    }

    /// A view asked to lay out while its superview needs layout itself is laid out at the size its
    /// superview gives it, not at the one it had: the ancestors needing layout go first, topmost down,
    /// up to the first that does not (Core Animation's layoutIfNeeded). A navigation controller's
    /// content was built at its placeholder 320 × 480 before its view, already resized, had laid it out.
    @Test func ancestorsThatNeedLayoutGoFirst() {
        let outer = Counting(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let inner = Counting(frame: outer.bounds), leaf = Counting(frame: outer.bounds)
        outer.addSubview(inner); inner.addSubview(leaf)
        var sizesSeen: [Size] = []
        outer.onLayout = { inner.frame = outer.bounds }
        inner.onLayout = { leaf.frame = inner.bounds }
        leaf.onLayout = { sizesSeen.append(leaf.bounds.size) }
        outer.frame = Rect(x: 0, y: 0, width: 1920, height: 1080)
        leaf.layoutIfNeeded()
        #expect(sizesSeen == [Size(width: 1920, height: 1080)], "laid out once, at the size its ancestors give it")
        #expect([outer.layouts, inner.layouts, leaf.layouts] == [1, 1, 1])
        // Settled, an ancestor above one that needs nothing is left alone.
        let (root, a, b, c) = Self.chain()
        a.setNeedsLayout()
        c.setNeedsLayout()
        c.layoutIfNeeded()
        #expect([root.layouts, a.layouts, b.layouts, c.layouts] == [1, 1, 1, 2])
    }

    @Test func aSubtreeAttachedToASettledTreeIsLaidOutAndDisplayed() {
        let (root, _, b, _) = Self.chain()
        let x = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10)), y = Counting(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        x.addSubview(y)
        b.addSubview(x)
        root.layoutIfNeeded(); root.displayIfNeeded()
        #expect([x.layouts, y.layouts, x.displays, y.displays] == [1, 1, 1, 1])
    }

    @Test func aSubtreeMovedWhilePendingIsLaidOutInItsNewPlace() {
        let (root, a, _, c) = Self.chain()
        let other = Counting(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        other.layoutIfNeeded(); other.displayIfNeeded()
        c.setNeedsLayout()
        other.addSubview(c)            // moved out of the tree while pending …
        a.addSubview(other)            // … and back in under a settled view
        root.layoutIfNeeded()
        #expect(c.layouts == 2)
    }

    @Test func aSubviewAddedDuringLayoutIsLaidOutInTheSamePass() {
        let (root, a, _, _) = Self.chain()
        let late = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        a.onLayout = { if late.superview == nil { a.addSubview(late) } }
        a.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(late.layouts == 1)
        root.layoutIfNeeded()
        #expect(late.layouts == 1 && a.layouts == 2)
    }
}
