// Control event sequences from touches, and Button's per-state content.
import Testing
@testable import Segue

@MainActor @Suite struct ControlTests {
    /// A control at (100, 100, 100×44) inside a 400×400 root, with a log of every event sent.
    func makeControl() -> (root: View, control: Control, log: Log) {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let c = Control(frame: Rect(x: 100, y: 100, width: 100, height: 44))
        root.addSubview(c)
        let log = Log()
        log.root = root  // the control's superview link is weak: keep the tree alive for the test
        let named: [(Control.Event, String)] = [(.touchDown, "down"), (.touchDragInside, "dragIn"), (.touchDragOutside, "dragOut"),
                                                (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "upIn"),
                                                (.touchUpOutside, "upOut"), (.touchCancel, "cancel"), (.primaryActionTriggered, "primary")]
        for (e, n) in named { c.addAction(for: e) { log.events.append(n) } }
        return (root, c, log)
    }
    final class Log { var events: [String] = []; var root: View? }

    func touch(_ p: Point, _ phase: Touch.Phase, _ c: Control) -> [Touch] {
        [Touch(phase: phase, timestamp: 0, view: c, window: nil, location: p)]
    }

    @Test func downInsideUpFiresTouchUpInsideOnce() {
        let (_, c, log) = makeControl()
        c.touchesBegan(touch(Point(x: 150, y: 120), .began, c), with: nil)
        #expect(c.isHighlighted && c.isTracking)
        c.touchesMoved(touch(Point(x: 160, y: 125), .moved, c), with: nil)
        c.touchesEnded(touch(Point(x: 160, y: 125), .ended, c), with: nil)
        #expect(log.events == ["down", "dragIn", "upIn", "primary"])
        #expect(!c.isHighlighted && !c.isTracking)
    }

    @Test func dragOutsideAndReleaseFiresTouchUpOutside() {
        let (_, c, log) = makeControl()
        c.touchesBegan(touch(Point(x: 150, y: 120), .began, c), with: nil)
        c.touchesMoved(touch(Point(x: 150, y: 300), .moved, c), with: nil)  // 156 pt below: beyond the slop
        #expect(!c.isHighlighted)
        c.touchesEnded(touch(Point(x: 150, y: 300), .ended, c), with: nil)
        #expect(log.events == ["down", "exit", "dragOut", "upOut"])
    }

    @Test func slopKeepsNearbyReleasesInside() {
        let (_, c, log) = makeControl()
        c.touchesBegan(touch(Point(x: 150, y: 120), .began, c), with: nil)
        c.touchesMoved(touch(Point(x: 150, y: 200), .moved, c), with: nil)  // 56 pt below the bottom edge
        #expect(c.isHighlighted)
        c.touchesMoved(touch(Point(x: 150, y: 230), .moved, c), with: nil)  // 86 pt: outside
        #expect(!c.isHighlighted)
        c.touchesMoved(touch(Point(x: 150, y: 190), .moved, c), with: nil)  // back within the slop
        #expect(c.isHighlighted)
        c.touchesEnded(touch(Point(x: 150, y: 190), .ended, c), with: nil)
        #expect(log.events == ["down", "dragIn", "exit", "dragOut", "enter", "dragIn", "upIn", "primary"])
    }

    @Test func cancelFiresTouchCancelOnly() {
        let (_, c, log) = makeControl()
        c.touchesBegan(touch(Point(x: 150, y: 120), .began, c), with: nil)
        c.touchesCancelled(touch(Point(x: 150, y: 120), .cancelled, c), with: nil)
        #expect(!c.isHighlighted && !c.isTracking)
        c.touchesEnded(touch(Point(x: 150, y: 120), .ended, c), with: nil)  // stale end after cancel: ignored
        #expect(log.events == ["down", "cancel"])
    }

    @Test func disabledControlsIgnoreTouches() {
        let (_, c, log) = makeControl()
        c.isEnabled = false
        #expect(c.state == .disabled)
        c.touchesBegan(touch(Point(x: 150, y: 120), .began, c), with: nil)
        c.touchesEnded(touch(Point(x: 150, y: 120), .ended, c), with: nil)
        #expect(log.events.isEmpty)
        // Disabling mid-touch cancels tracking.
        c.isEnabled = true
        c.touchesBegan(touch(Point(x: 150, y: 120), .began, c), with: nil)
        c.isEnabled = false
        #expect(log.events == ["down", "cancel"] && !c.isHighlighted)
    }

    @Test func actionsFireOncePerSendAndCanBeRemoved() {
        let c = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var count = 0
        let id = c.addAction(for: [.touchUpInside, .valueChanged]) { count += 1 }
        c.sendActions(for: [.touchUpInside, .valueChanged])
        #expect(count == 1)
        c.sendActions(for: .touchDown)
        #expect(count == 1)
        #expect(c.allControlEvents == [.touchUpInside, .valueChanged])
        c.removeAction(id)
        c.sendActions(for: .touchUpInside)
        #expect(count == 1)
        c.addAction(for: .valueChanged) { count += 10 }
        c.removeAllActions(for: .valueChanged)
        c.sendActions(for: .valueChanged)
        #expect(count == 1)
    }

    @Test func stateCombinesFlags() {
        let c = Control()
        c.isSelected = true
        c.isHighlighted = true
        #expect(c.state == [.selected, .highlighted])
    }
}

@MainActor @Suite struct ControlButtonTests {
    @Test func systemButtonUsesTintAndFadesWhenHighlighted() {
        let b = Button(type: .system)
        b.setTitle("Push", for: .normal)
        #expect(b.titleLabel?.text == "Push")
        #expect(b.titleLabel?.textColor == .systemBlue)
        b.isHighlighted = true
        #expect(b.title(for: .highlighted) == "Push")
        #expect(b.titleLabel?.textColor.alpha ?? 1 < 0.25)
        b.isHighlighted = false
        let parent = View()
        parent.addSubview(b)
        parent.tintColor = .systemGreen
        #expect(b.titleLabel?.textColor == .systemGreen)
        b.tintColor = .systemRed
        #expect(b.titleLabel?.textColor == .systemRed)
        b.tintColor = nil
        #expect(b.titleLabel?.textColor == .systemGreen)
    }

    @Test func perStateTitlesAndColours() {
        let b = Button(type: .custom)
        #expect(b.titleColor(for: .normal) == .white)
        b.setTitle("Go", for: .normal)
        b.setTitle("Going", for: .highlighted)
        b.setTitleColor(.black, for: .normal)
        b.setTitleColor(.gray, for: .disabled)
        #expect(b.currentTitle == "Go")
        b.isHighlighted = true
        #expect(b.currentTitle == "Going" && b.titleLabel?.text == "Going")
        #expect(b.currentTitleColor == .black)
        b.isHighlighted = false
        b.isEnabled = false
        #expect(b.titleLabel?.textColor == .gray)
        #expect(b.currentTitle == "Go")
    }

    @Test func intrinsicSizeIsTitlePlusUIKitPadding() {
        let b = Button(type: .system)
        b.setTitle("Button", for: .normal)
        let t = Font.systemFont(ofSize: 15).size(of: "Button")
        #expect(b.intrinsicContentSize == Size(width: t.width, height: t.height + 12))
        #expect(b.intrinsicContentSize.height == 30)
        b.contentEdgeInsets = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        #expect(b.intrinsicContentSize == Size(width: t.width + 20, height: t.height + 8))
    }

    @Test func titleIsCentredAndDrawnInTint() throws {
        let b = Button(type: .system)
        b.frame = Rect(x: 140, y: 200, width: 40, height: 40)  // seed 000's "Push" button
        b.setTitle("Push", for: .normal)
        b.layoutIfNeeded()
        b.displayIfNeeded()
        let label = try #require(b.titleLabel)
        #expect(abs(label.frame.midX - 20) <= 0.5 && abs(label.frame.midY - 20) <= 0.5)
        let c = try #require(label.layer.contents)
        var blue = 0
        for y in 0..<c.height { for x in 0..<c.width where c[x, y] >> 24 == 255 {
            #expect(Color(premultipliedPixel: c[x, y]) == Color(premultipliedPixel: Color.systemBlue.premultipliedPixel))
            blue += 1
        } }
        #expect(blue > 20)
        // Touches land on the button, not its label.
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(b)
        #expect(root.hitTest(Point(x: 160, y: 220)) === b)
    }

    @Test func imageAndTitleShareTheRow() throws {
        let b = Button(type: .custom)
        b.frame = Rect(x: 0, y: 0, width: 200, height: 50)
        b.setImage(.filled(size: Size(width: 20, height: 20), color: .red), for: .normal)
        b.setTitle("Like", for: .normal)
        b.imageTitleSpacing = 6
        b.layoutIfNeeded()
        let iv = try #require(b.imageView), tl = try #require(b.titleLabel)
        #expect(!iv.isHidden)
        #expect(iv.frame.maxX + 6 == tl.frame.minX)
        #expect(abs((iv.frame.minX + tl.frame.maxX) / 2 - 100) <= 0.5)
        #expect(b.intrinsicContentSize.width == 20 + 6 + tl.frame.width)
    }

    @Test func backgroundImagesFollowTheState() {
        let b = Button(type: .custom)
        b.frame = Rect(x: 0, y: 0, width: 120, height: 40)
        let normal = Image.filled(size: Size(width: 4, height: 4), color: .systemBlue)
        let pressed = Image.filled(size: Size(width: 4, height: 4), color: .systemIndigo)
        b.setBackgroundImage(normal, for: .normal)
        b.setBackgroundImage(pressed, for: .highlighted)
        b.layoutIfNeeded()
        #expect(b.currentBackgroundImage === normal)
        let bg = b.subviews[0] as? ImageView
        #expect(bg?.image === normal && bg?.frame == b.bounds && bg?.isHidden == false)
        b.isHighlighted = true
        #expect(bg?.image === pressed)
        b.isHighlighted = false
        b.isEnabled = false
        #expect(b.currentBackgroundImage === normal)
    }

    @Test func titleFontChangesRelayOutTheButton() throws {
        let b = Button(type: .system)
        b.frame = Rect(x: 0, y: 0, width: 300, height: 60)
        b.setTitle("Grow", for: .normal)
        b.layoutIfNeeded()
        let label = try #require(b.titleLabel)
        let before = label.frame
        label.font = .boldSystemFont(ofSize: 30)
        b.layoutIfNeeded()
        #expect(label.frame.width > before.width * 1.5)
        #expect(label.frame.size == label.font.size(of: "Grow"))
        #expect(abs(label.frame.midX - 150) <= 0.5)
    }
}
