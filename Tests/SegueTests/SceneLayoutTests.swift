// Scene layout keys: frame expressions, layout "scale", generated pictures, grids, shadows, borders and the
// status bar's size and style — each decodes to what it says, builds the geometry it promises, and every
// bad value is refused at its JSON path with what was expected.
import Testing
@testable import Segue

@MainActor
@Suite struct SceneLayoutTests {
    func decode(_ text: String) throws -> Scene {
        try Scene.decode(Array(text.utf8), file: "s.json", baseDirectory: "/nonexistent")
    }

    func error(_ text: String) -> SceneError? {
        do { _ = try decode(text); return nil } catch { return error as? SceneError }
    }

    /// One element on screen "a", in a 100×100 design.
    func one(_ element: String, layout: String = "scale") -> String {
        #"{"size": [100, 100], "layout": "\#(layout)", "screens": {"a": {"statusBar": false, "elements": [\#(element)]}}}"#
    }

    @Test func expressionsParseAndEvaluate() throws {
        func v(_ s: String, _ space: Size = Size(width: 160, height: 100), horizontal: Bool = true, pixel: Double = 1) throws -> Double {
            try Scene.Length.parse(s).get().value(in: space, horizontal: horizontal, pixel: pixel)
        }
        #expect(try v("100% - 16") == 144)
        #expect(try v("100%", horizontal: false) == 100)
        #expect(try v("min(42%w, 100%h - 22)", horizontal: false) == 67.2)
        #expect(try v("max(42%w, 100%h - 22)") == 78)
        #expect(try v("-(2 + 3) * 2") == -10)
        #expect(try v("7 - 2 - 1") == 4)  // left to right
        #expect(try v("1 + 2 * 3") == 7)
        #expect(try v(" ( 50% - 4 ) / 2 ") == 38)
        #expect(try v("max(0.1, 1px)", pixel: 0.125) == 0.125)
        #expect(try v("10 / 0") == 0)  // non-finite gives 0
    }

    nonisolated static let mistakes: [(String, String, String)] = [
        (#"{"layout": "fit", "screens": {"a": {}}}"#, "layout", "expected \"stretch\" or \"scale\", got \"fit\""),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": ["50% +", 0, 1, 1]}]}}}"#, "screens.a.elements[0].frame[0]", "expected a number, '(', min( or max(, found the end"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": ["min(1)", 0, 1, 1]}]}}}"#, "screens.a.elements[0].frame[0]", "expected ',' between the two values of min"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": ["1e3", 0, 1, 1]}]}}}"#, "screens.a.elements[0].frame[0]", "expected + - * / or the end, found 'e' at character 2"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": ["2000000", 0, 1, 1]}]}}}"#, "screens.a.elements[0].frame[0]", "expected a number up to 1000000"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [""# + String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40) + #"", 0, 1, 1]}]}}}"#,
         "screens.a.elements[0].frame[0]", "nesting deeper than 32"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [""# + String(repeating: "1+", count: 150) + #"1", 0, 1, 1]}]}}}"#,
         "screens.a.elements[0].frame[0]", "at most 200 characters"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [true, 0, 1, 1]}]}}}"#, "screens.a.elements[0].frame[0]", "expected a number or an expression"),
        (#"{"screens": {"a": {"image": 12}}}"#, "screens.a.image", "expected an image path, {\"generated\": \"landscape\", …} or {\"gradient\": [colours], …}, got 12"),
        (#"{"screens": {"a": {"image": {"foo": 1}}}}"#, "screens.a.image", "needs 'generated' or 'gradient'"),
        (#"{"screens": {"a": {"image": {"generated": "cat"}}}}"#, "screens.a.image.generated", "unknown generator \"cat\"; valid: landscape"),
        (#"{"screens": {"a": {"image": {"generated": "landscape", "style": "noon"}}}}"#, "screens.a.image.style", "valid: dawn, day, dusk, night, ocean"),
        (#"{"screens": {"a": {"image": {"generated": "landscape", "seed": -1}}}}"#, "screens.a.image.seed", "from 0 to 1000000000, got -1"),
        (#"{"screens": {"a": {"image": {"generated": "landscape", "seedStep": 1.5}}}}"#, "screens.a.image.seedStep", "expected a whole number, got 1.5"),
        (#"{"screens": {"a": {"image": {"generated": "landscape", "colors": 1}}}}"#, "screens.a.image.colors", "unknown key 'colors'"),
        (#"{"screens": {"a": {"image": {"gradient": ["red"]}}}}"#, "screens.a.image.gradient", "expected an array of 2 to 16 colours"),
        (##"{"screens": {"a": {"image": {"gradient": ["#zz", "red"]}}}}"##, "screens.a.image.gradient[0]", "expected a colour"),
        (#"{"screens": {"a": {"image": {"gradient": ["red", "black"], "locations": [0]}}}}"#, "screens.a.image.locations", "expected 2 numbers (one per colour)"),
        (#"{"screens": {"a": {"image": {"gradient": ["red", "black"], "locations": [0.5, 0.2]}}}}"#, "screens.a.image.locations[1]", "must not decrease"),
        (#"{"screens": {"a": {"image": {"gradient": ["red", "black"], "start": [2, 0]}}}}"#, "screens.a.image.start[0]", "from 0 to 1, got 2"),
        (#"{"screens": {"a": {"image": {"gradient": ["red", "black"], "end": "down"}}}}"#, "screens.a.image.end", "expected [x, y] from 0 to 1"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [0, 0, 1, 1], "shadow": "yes"}]}}}"#, "screens.a.elements[0].shadow", "expected true, false or {\"opacity\""),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [0, 0, 1, 1], "shadow": {"blur": 1}}]}}}"#, "screens.a.elements[0].shadow.blur", "unknown key 'blur'; valid: opacity, radius, offset"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [0, 0, 1, 1], "shadow": {"opacity": 2}}]}}}"#, "screens.a.elements[0].shadow.opacity", "from 0 to 1, got 2"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [0, 0, 1, 1], "shadow": {"offset": [1]}}]}}}"#, "screens.a.elements[0].shadow.offset", "expected [dx, dy]"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [0, 0, 1, 1], "borderColor": "red"}]}}}"#, "screens.a.elements[0].borderColor", "needs a 'borderWidth'"),
        (#"{"screens": {"a": {"elements": [{"card": "red", "frame": [0, 0, 1, 1], "borderWidth": -1}]}}}"#, "screens.a.elements[0].borderWidth", "from 0 to 1000, got -1"),
        (#"{"screens": {"a": {"elements": [{"label": "x", "frame": [0, 0, 1, 1], "borderWidth": 1}]}}}"#, "screens.a.elements[0].borderWidth", "unknown key 'borderWidth'"),
        (#"{"screens": {"a": {"statusBar": {"style": "dark"}}}}"#, "screens.a.statusBar.style", "expected \"lightContent\" or \"darkContent\""),
        (#"{"screens": {"a": {"statusBar": {"size": 0}}}}"#, "screens.a.statusBar.size", "from 0.1 to 1000, got 0"),
        (#"{"screens": {"a": {"statusBar": {"height": 3}}}}"#, "screens.a.statusBar.height", "unknown key 'height'; valid: size, style"),
        (#"{"screens": {"a": {"elements": [{"grid": {}, "frame": [0, 0, 1, 1]}]}}}"#, "screens.a.elements[0].grid", "expected an array of cells"),
        (#"{"screens": {"a": {"elements": [{"grid": [], "frame": [0, 0, 1, 1]}]}}}"#, "screens.a.elements[0].grid", "expected an array of cells"),
        (#"{"screens": {"a": {"elements": [{"grid": [{}], "frame": [0, 0, 1, 1]}]}}}"#, "screens.a.elements[0].grid[0]", "expected an array of elements"),
        (#"{"screens": {"a": {"elements": [{"grid": [[{"label": 1, "frame": [0, 0, 1, 1]}]], "frame": [0, 0, 1, 1]}]}}}"#, "screens.a.elements[0].grid[0][0].label", "expected a string, got 1"),
        (#"{"screens": {"a": {"elements": [{"grid": [[]], "frame": [0, 0, 1, 1], "columns": 0}]}}}"#, "screens.a.elements[0].columns", "from 1 to 1000, got 0"),
        (#"{"screens": {"a": {"elements": [{"grid": [[]], "frame": [0, 0, 1, 1], "columns": 2.5}]}}}"#, "screens.a.elements[0].columns", "expected a whole number"),
        (#"{"screens": {"a": {"elements": [{"grid": [[]], "frame": [0, 0, 1, 1], "columns": 2, "cellWidth": 3}]}}}"#, "screens.a.elements[0].cellWidth", "not both"),
        (#"{"screens": {"a": {"elements": [{"grid": [[]], "frame": [0, 0, 1, 1], "overflow": "hide"}]}}}"#, "screens.a.elements[0].overflow", "expected \"drop\" or \"clip\""),
        (#"{"screens": {"a": {"elements": [{"grid": [[]], "frame": [0, 0, 1, 1], "cellHeight": "round"}]}}}"#, "screens.a.elements[0].cellHeight", "expected a number, got \"round\" (as an expression:"),
        (#"{"screens": {"a": {"elements": [{"grid": [[]], "frame": [0, 0, 1, 1], "repeat": 1}]}}}"#, "screens.a.elements[0].repeat", "expected true or false"),
        (#"{"screens": {"a": {"elements": [{"grid": [[]], "frame": [0, 0, 1, 1], "count": 20000}]}}}"#, "screens.a.elements[0].count", "from 0 to 10000"),
        (#"{"screens": {"a": {"elements": [{"grid": [[{"button": "b", "frame": [0, 0, 1, 1], "action": {"push": "zz"}}]], "frame": [0, 0, 1, 1]}]}}}"#,
         "screens.a.elements[0].grid[0][0].action", "no screen named 'zz'"),
    ]

    @Test(arguments: mistakes.indices)
    func badValueNamesItsPlace(_ i: Int) {
        let (json, place, phrase) = Self.mistakes[i]
        guard let e = error(json) else { Issue.record("case \(i) decoded: \(json)"); return }
        #expect(e.place == place, "case \(i): \(e)")
        #expect(e.message.contains(phrase), "case \(i): \(e)")
        #expect(!e.description.contains("\n"))
    }

    @Test func scaleLayoutKeepsOneScaleAndPlacesFromTheFarEdge() throws {
        let scene = try decode(one(#"{"card": "red", "frame": ["100% - 10", "50%", 8, "max(0.1, 1px)"], "radius": 2, "shadow": false}"#))
        #expect(scene.layout == .scale)
        let root = try #require(scene.view(forScreen: "a", size: Size(width: 1280, height: 800)))
        let card = try #require(root.subviews.last)
        // 1280×800 in a 100×100 design: 8 pixels a point, the screen is 160 points wide.
        #expect(card.frame == Rect(x: 1200, y: 400, width: 64, height: 1))
        #expect(card.layer.cornerRadius == 16)
        let stretched = try decode(one(#"{"card": "red", "frame": ["100% - 10", "50%", 8, 10]}"#, layout: "stretch"))
        let r2 = try #require(stretched.view(forScreen: "a", size: Size(width: 1280, height: 800)))
        // 102.4 pixels wide, its right edge rounded to the pixel (`pixelAligned`).
        #expect(r2.subviews.last?.frame == Rect(x: 1152, y: 400, width: 102, height: 80))
    }

    @Test func labelWithoutHeightIsAsTallAsItsLines() throws {
        let scene = try decode(one(#"{"label": "Two\nlines", "frame": [0, 0, 50], "size": 3, "lines": 2}"#))
        let root = try #require(scene.view(forScreen: "a", size: Size(width: 1000, height: 1000)))
        let label = try #require(root.subviews.last as? Label)
        #expect(label.font.pointSize == 30)
        #expect(label.frame.size.height == (label.font.lineHeight * 2 + 2).rounded())
    }

    @Test func gridsRepeatDropAndClip() throws {
        // 100×40 design at 1 pixel a point: cells 20 wide (columns = 100 / 20), 15 tall, gap 0.
        func cells(_ extra: String) throws -> [View] {
            let s = try decode(#"{"size": [100, 40], "screens": {"a": {"statusBar": false, "elements": [{"grid": [[{"card": "red", "frame": [0, 0, "100%", "100%"], "shadow": false}]], "frame": [0, 0, 100, 40], "cellWidth": 20, "cellHeight": 15"# + extra + "}]}}}")
            let root = try #require(s.view(forScreen: "a", size: Size(width: 100, height: 40)))
            return root.subviews.last?.subviews ?? []
        }
        #expect(try cells("").count == 1)  // not repeating: the one cell given
        let dropped = try cells(#", "repeat": true"#)
        #expect(dropped.count == 10)  // two whole rows of five; the third (30…45) does not fit
        #expect(dropped[6].frame == Rect(x: 20, y: 15, width: 20, height: 15))
        #expect(try cells(#", "repeat": true, "overflow": "clip""#).count == 15)  // the third row is cut
        #expect(try cells(#", "repeat": true, "count": 7"#).count == 7)
        // Explicit cells, a fixed column count and a gap; cells framed in their own space.
        let s = try decode(#"{"size": [100, 100], "screens": {"a": {"statusBar": false, "elements": [{"grid": [[{"label": "A", "frame": [0, 0, "100%", 10]}], [{"label": "B", "frame": [0, 0, "100%", 10]}], [{"label": "C", "frame": ["50%", 0, 1, 10]}]], "frame": [10, 10, 80, 50], "columns": 2, "gap": 10, "cellHeight": 20}]}}}"#)
        let grid = try #require(s.view(forScreen: "a", size: Size(width: 100, height: 100))?.subviews.last)
        #expect(grid.frame == Rect(x: 10, y: 10, width: 80, height: 50))
        #expect(grid.subviews.map(\.frame) == [Rect(x: 0, y: 0, width: 35, height: 10), Rect(x: 45, y: 0, width: 35, height: 10),
                                               Rect(x: 18, y: 30, width: 1, height: 10)])  // 17.5, rounded
    }

    @Test func framesLieOnWholePixelsAndTileWithoutSeams() throws {
        // Three cells across 100 pixels (33.3 each) and a card 0.3 pixels tall.
        let s = try decode(#"{"size": [100, 100], "screens": {"a": {"statusBar": false, "elements": [{"grid": [[{"image": {"generated": "landscape"}, "frame": [0, 0, "100%", "100%"]}]], "frame": [0, 10.4, 100, 30], "columns": 3, "repeat": true, "count": 3}, {"card": "red", "frame": [0.2, 50.1, 10, 0.3], "shadow": false}, {"card": "red", "frame": [0, 60, 0, 5], "shadow": false}]}}}"#)
        let root = try #require(s.view(forScreen: "a", size: Size(width: 100, height: 100)))
        let grid = try #require(root.subviews.first { !$0.subviews.isEmpty })
        #expect(grid.frame == Rect(x: 0, y: 10, width: 100, height: 30))
        let cells = grid.subviews.compactMap { $0 as? ImageView }
        #expect(cells.map(\.frame) == [Rect(x: 0, y: 0, width: 33, height: 30), Rect(x: 33, y: 0, width: 34, height: 30),
                                       Rect(x: 67, y: 0, width: 33, height: 30)])
        // Each picture is made at its frame's pixel size, so it is drawn one texel a pixel.
        for c in cells {
            let b = try #require(c.image?.bitmap)
            #expect(Double(b.width) == c.frame.width && Double(b.height) == c.frame.height)
        }
        let cards = root.subviews.filter { $0.subviews.isEmpty && !($0 is ImageView) }.suffix(2).map(\.frame)
        #expect(cards == [Rect(x: 0, y: 50, width: 10, height: 1), Rect(x: 0, y: 60, width: 0, height: 5)])
    }

    @Test func generatedPicturesFollowTheirSpecAndCellIndex() throws {
        let s = try decode(one(##"{"grid": [[{"image": {"generated": "landscape", "seed": 3, "seedStep": 7}, "frame": [0, 0, "100%", "100%"]}]], "frame": [0, 0, 100, 50], "columns": 2, "repeat": true, "count": 2}, {"image": {"gradient": ["#FF0000", "#0000FF"], "start": [0, 0.5], "end": [1, 0.5]}, "frame": [0, 60, 100, 10]}"##))
        let root = try #require(s.view(forScreen: "a", size: Size(width: 100, height: 100)))
        let photos = try #require(root.subviews.first?.subviews.compactMap { $0 as? ImageView })
        #expect(photos.count == 2)
        let expected = Image.hero(size: Size(width: 50, height: 50), style: .dawn, seed: 10)  // seed 3 + 7, style 10 % 5 (the first)
        let got = try #require(photos[1].image?.bitmap)
        #expect(got.width == 50 && got.height == 50)
        #expect((0..<50).allSatisfy { y in (0..<50).allSatisfy { x in got[x, y] == expected.bitmap[x, y] } })
        let gradient = try #require(root.subviews.last as? ImageView)
        let b = try #require(gradient.image?.bitmap)
        #expect(b.width == 100 && b.height == 10)
        let left = Color(premultipliedPixel: b.row(5)[0]), right = Color(premultipliedPixel: b.row(5)[99])
        #expect(left.red > 0.9 && left.blue < 0.1)
        #expect(right.blue > 0.9 && right.red < 0.1)
    }

    @Test func shadowBorderAndStatusBarKeys() throws {
        let s = try decode(#"{"size": [100, 100], "layout": "scale", "screens": {"a": {"background": "white", "statusBar": {"size": 2, "style": "lightContent"}, "elements": [{"card": "red", "frame": [0, 0, 10, 10], "shadow": {"opacity": 0.5, "radius": 4, "offset": [0, 1]}, "borderWidth": 0.5, "borderColor": "white"}]}}}"#)
        #expect(s.screens[0].statusBarSize == 2 && s.screens[0].statusBarLight == true)
        let root = try #require(s.view(forScreen: "a", size: Size(width: 1000, height: 1000)))
        let card = root.subviews[0]
        #expect(card.layer.shadowOpacity == 0.5 && card.layer.shadowRadius == 40 && card.layer.shadowOffset == Size(width: 0, height: 10))
        #expect(card.layer.borderWidth == 5 && card.layer.borderColor == .white)
        // The status bar lies over the elements: its clock (20 pixels, white on a white screen) comes last.
        let clock = try #require(root.subviews.compactMap { $0 as? Label }.first { $0.text == "9:41" })
        #expect(root.subviews.firstIndex { $0 === clock }! > 0)
        #expect(abs(clock.font.pointSize - 20) < 1e-9 && clock.textColor == .white)
    }
}

extension SceneLayoutTests {
    @Test func nestedRepeatingGridsStopAtTheViewBudget() throws {
        // 10,000 cells each repeating 10,000 cells would be 10⁸ views; a screen builds at most 20,000.
        let inner = #"{"grid": [[{"card": "red", "frame": [0, 0, 1, 1], "shadow": false}]], "frame": [0, 0, "100%", "100%"], "columns": 100, "cellHeight": 1, "repeat": true}"#
        let s = try decode(one(#"{"grid": [["# + inner + #"]], "frame": [0, 0, "100%", "100%"], "columns": 100, "cellHeight": 1, "repeat": true}"#))
        let root = try #require(s.view(forScreen: "a", size: Size(width: 10_000, height: 10_000)))
        func count(_ v: View) -> Int { v.subviews.reduce(v.subviews.count) { $0 + count($1) } }
        #expect(count(root) <= SceneViewBuilder.maxViews + 1000)  // elements plus their grid containers
        #expect(count(root) >= SceneViewBuilder.maxViews)
    }
}
