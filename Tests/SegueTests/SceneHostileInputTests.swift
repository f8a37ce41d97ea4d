// Hostile scene files: 1,500 truncations, bit flips, byte deletions and structural insertions of a
// valid scene (every kind of key: expressions, grids, generated pictures, shadows, borders), plus random
// bracket soup. Each either decodes to a scene whose screens build at odd sizes, or fails with a one-line
// SceneError that names the file and a place — never a trap or a hang.
import Foundation
import Testing
@testable import Segue


@MainActor
@Suite struct SceneHostileInputTests {
    nonisolated static let valid = """
    {
      "size": [390, 844],
      "layout": "scale",
      "start": "home",
      "screens": {
        "home": {
          "background": "#F2F2F7", "title": "Home", "statusBar": {"size": 15, "style": "darkContent"},
          "tap": {"present": "next", "transition": "cube", "subtype": "fromLeft", "duration": 0.5},
          "elements": [
            {"label": "Hello \\u00e9", "frame": [16, 120, 300, 30], "size": 20, "weight": "bold", "align": "center", "lines": 2},
            {"button": "Go", "frame": [16, 200, 120, 44], "fill": "systemBlue", "action": {"push": "next"}},
            {"card": "white", "frame": [16, 260, 358, 100], "radius": 12, "shadow": false, "elements": [
              {"label": "In a card", "frame": [32, 280, 200, 24], "color": "#333333"}
            ]},
            {"card": "#FFFFFF80", "frame": ["5%", 380, "100% - 32", 40], "shadow": {"opacity": 0.3, "radius": 6, "offset": [0, 2]},
             "borderWidth": 1, "borderColor": "systemGray"},
            {"grid": [[{"image": {"generated": "landscape", "seed": 2, "seedStep": 3}, "frame": [0, 0, "100%", "100%"], "radius": 4},
                       {"label": "Cell", "frame": [4, "100% - 20", "100% - 8"], "size": 12}]],
             "frame": ["5%", "min(50%h, 440)", "100% - 10", 120], "cellWidth": 90, "minColumns": 2, "cellHeight": "square",
             "gap": 4, "repeat": true, "overflow": "clip"},
            {"image": {"gradient": ["#FF0000", "systemBlue"], "locations": [0, 1], "start": [0, 0], "end": [1, 1]},
             "frame": [0, 700, "100%", "max(1px, 20)"]}
          ]
        },
        "next": {"background": "#000000AA", "statusBar": false,
                 "elements": [{"button": "Back", "frame": [0, 0, 100, 40], "action": "pop"},
                              {"button": "Close", "frame": [100, 0, 100, 40], "action": "dismiss"}]}
      }
    }
    """

    func check(_ bytes: [UInt8], _ label: String, decoded: inout Int, refused: inout Int) {
        do {
            let scene = try Scene.decode(bytes, file: label, baseDirectory: "/nonexistent")
            for s in scene.screens {
                for size in [Size(width: 1, height: 1), Size(width: 37, height: 2000)] {
                    #expect(scene.view(forScreen: s.name, size: size) != nil)
                }
            }
            decoded += 1
        } catch {
            #expect(error.file == label)
            #expect(!error.place.isEmpty && !error.message.isEmpty, "\(error)")
            #expect(!error.description.contains("\n"))
            refused += 1
        }
    }

    @Test func mutatedScenesNeverCrash() {
        let base = Array(Self.valid.utf8)
        var rng = SplitMix(seed: 8)
        var decoded = 0, refused = 0
        let structural = Array("{}[]\",:\\0-e.".utf8)
        for k in 0..<1500 {
            var b = base
            switch k % 4 {
            case 0: b = Array(b.prefix(rng.below(b.count)))
            case 1: for _ in 0...rng.below(3) { let i = rng.below(b.count); b[i] ^= UInt8(1 << rng.below(8)) }
            case 2: for _ in 0...rng.below(3) where !b.isEmpty { b.remove(at: rng.below(b.count)) }
            default: for _ in 0...rng.below(3) { b.insert(structural[rng.below(structural.count)], at: rng.below(b.count + 1)) }
            }
            check(b, "case\(k).json", decoded: &decoded, refused: &refused)
        }
        #expect(decoded + refused == 1500)
        #expect(refused > 1000)
        #expect(decoded > 10)  // some mutations land in text and still decode
    }

    @Test func bracketSoupNeverCrashes() {
        var rng = SplitMix(seed: 99)
        let alphabet = Array("{}[]\",: 0123456789.eE+-truefalsnl\\u\n".utf8)
        var decoded = 0, refused = 0
        for k in 0..<300 {
            let n = rng.below(400)
            let bytes = (0..<n).map { _ in alphabet[rng.below(alphabet.count)] }
            check(bytes, "soup\(k).json", decoded: &decoded, refused: &refused)
        }
        #expect(refused == 300)
    }

    @Test func theValidSceneDecodes() throws {
        let s = try Scene.decode(Array(Self.valid.utf8), file: "v.json", baseDirectory: "/")
        #expect(s.screens.count == 2)
        #expect(s.screens[1].background.alpha < 0.7)
    }
}
