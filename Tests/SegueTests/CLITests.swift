// The `segue` binary against user mistakes and hostile input: each gives exit code 2 and one line
// naming the file, the place and what was expected; outputs are never written over a file Segue did
// not write unless --force; two screenshots become a transition and a GIF. Runs the built binary
// (`swift build --product segue` first; Scripts/test does).
import Foundation
import Testing
@testable import Segue
@testable import segue

struct CLIResult { var status: Int32; var stdout: String; var stderr: String }

enum CLI {
    static var binary: String? {
        if let env = ProcessInfo.processInfo.environment["SEGUE_BINARY"] { return env }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for config in ["debug", "release"] {
            let path = root.appendingPathComponent(".build/\(config)/segue").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "the segue binary is not built: run `swift build --product segue` first (Scripts/test does)" }
    }

    static func run(_ args: [String], in dir: String) throws -> CLIResult {
        guard let binary else { throw NotBuilt() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":9999"  // the viewer must fail cleanly, never open a real window
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLIResult(status: p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus,
                         stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

@Suite(.serialized) struct CLITests {
    /// Exit 2 with exactly one line on stderr containing every phrase.
    func expectUsageError(_ r: CLIResult, _ phrases: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 2, "status \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        for p in phrases { #expect(r.stderr.contains(p), "missing '\(p)' in: \(r.stderr)", sourceLocation: sourceLocation) }
    }

    @Test func sceneMistakesNameFileAndPlace() throws {
        let s = SceneScratch()
        s.write("bad.json", "{\n  \"screens\": {\n    \"a\": {\"elements\": [{\"label\": \"x\", \"frame\": [0, 0, \"w\", 1]}]}\n  }\n}")
        expectUsageError(try CLI.run(["render", "--scene", "bad.json", "--screen", "a", "--out", "x.png"], in: s.dir),
                         ["bad.json: screens.a.elements[0].frame[2]: expected a number, got \"w\""])
        s.write("syntax.json", "{\n  \"screens\": {\n    \"a\": {,}\n  }\n}")
        expectUsageError(try CLI.run(["render", "--scene", "syntax.json", "--screen", "a", "--out", "x.png"], in: s.dir),
                         ["syntax.json: line 3, column 11: expected a \"key\""])
        expectUsageError(try CLI.run(["render", "--scene", ".", "--screen", "a", "--out", "x.png"], in: s.dir), ["is a directory"])
        expectUsageError(try CLI.run(["render", "--scene", "none.json", "--screen", "a", "--out", "x.png"], in: s.dir), ["none.json: no such file"])
        // The viewer checks the scene before it needs a display.
        expectUsageError(try CLI.run(["--scene", "bad.json"], in: s.dir), ["bad.json: screens.a.elements[0].frame[2]"])
        #expect(!FileManager.default.fileExists(atPath: s.path("x.png")))
    }

    @Test func unknownFlagsAndValuesListTheValidOnes() throws {
        let s = SceneScratch()
        expectUsageError(try CLI.run(["render", "--gift", "a.gif"], in: s.dir), ["unknown option '--gift'", "--gif", "--force", "--scene"])
        expectUsageError(try CLI.run(["render", "--transition", "warp", "--gif", "a.gif"], in: s.dir), ["unknown transition 'warp'; valid: fade"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--at", "nan", "--out", "a.png"], in: s.dir), ["--at wants a number from 0.0 to 1.0"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--gif", "a.gif", "--fps", "inf"], in: s.dir), ["--fps wants a number"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--gif", "a.gif", "--fps", "-3"], in: s.dir), ["--fps wants a number"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--gif", "a.gif", "--size", "0x10"], in: s.dir), ["--size wants WIDTHxHEIGHT"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--gif", "a.gif", "--at", "0.5"], in: s.dir), ["exactly one of", "--at and --gif"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--from", "nowhere", "--at", "0", "--out", "a.png"], in: s.dir),
                         ["--from: unknown screen 'nowhere'; valid: inbox, photos", "or a PNG file"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--from", "a.png", "--at", "0", "--out", "b.png"], in: s.dir),
                         ["--from: cannot load image 'a.png': no such file"])
        expectUsageError(try CLI.run(["render", "--transition", "cube", "--from", "/dev/zero", "--at", "0", "--out", "b.png"], in: s.dir),
                         ["not a regular file"])
        expectUsageError(try CLI.run(["--from", "a.png"], in: s.dir), ["--from and --to go together"])
        expectUsageError(try CLI.run(["--scene", "a.json", "--play", "cube"], in: s.dir), ["--play does not apply to --scene"])
        expectUsageError(try CLI.run(["--from", "a.png", "--to", "b.png", "--play", "navigationPush"], in: s.dir),
                         ["unknown transition 'navigationPush'; valid: fade"])
        expectUsageError(try CLI.run(["bench", "--json", "."], in: s.dir), ["it is a directory"])
        expectUsageError(try CLI.run(["bench", "--at", "1.5"], in: s.dir), ["--at wants a number from 0.0 to 1.0"])
        expectUsageError(try CLI.run(["bench", "--runs", "0"], in: s.dir), ["--runs wants a whole number from 1 to 99"])
    }

    /// `--runs N` measures each transition N times and reports one row of medians, and says so.
    @Test func benchRunsReportsOneRowOfMedians() throws {
        let s = SceneScratch()
        let r = try CLI.run(["bench", "--size", "64x48", "--frames", "3", "--runs", "3", "--transition", "fade", "--json", "b.json"], in: s.dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("medians of 3 runs"))
        #expect(r.stdout.split(separator: "\n").filter { $0.hasPrefix("fade ") }.count == 1)
        let json = try String(contentsOfFile: s.dir + "/b.json", encoding: .utf8)
        #expect(json.contains("\"runs\" : 3"))
        // The machine it ran on, in the table's first line and in the JSON.
        let machine = Machine.current
        #expect(r.stdout.split(separator: "\n").first?.hasSuffix(machine.summary) == true)
        #expect(json.contains("\"machine\"") && json.contains("\"vector\" : \"\(machine.vector)\""))
    }

    @Test func helpAfterACommandShowsThatCommandsHelp() throws {
        let s = SceneScratch()
        for (args, usage) in [(["bench", "--help"], "usage: segue bench"), (["render", "--transition", "cube", "-h"], "usage: segue render"),
                              (["list", "--help"], "usage: segue list"), (["view", "--help"], "usage: segue [view]"),
                              (["--fps", "30", "--help"], "usage: segue [view]"), (["help", "bench"], "usage: segue bench")] {
            let r = try CLI.run(args, in: s.dir)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(r.stdout.hasPrefix(usage), "\(args): \(r.stdout)")
            #expect(r.stderr.isEmpty, "\(args): \(r.stderr)")
        }
    }

    @Test func outputsAreNeverWrittenOverOtherFiles() throws {
        let s = SceneScratch()
        let notes = s.write("notes.png", "my notes")
        let r = try CLI.run(["render", "--screen", "inbox", "--size", "64x40", "--out", "notes.png"], in: s.dir)
        expectUsageError(r, ["'notes.png' exists and was not written by Segue", "--force"])
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")
        s.write("movie.gif", "GIF89a not ours")
        expectUsageError(try CLI.run(["render", "--transition", "fade", "--size", "32x20", "--gif", "movie.gif"], in: s.dir), ["was not written by Segue"])
        expectUsageError(try CLI.run(["render", "--screen", "inbox", "--out", "missing/x.png"], in: s.dir), ["the folder 'missing' does not exist"])
        expectUsageError(try CLI.run(["render", "--screen", "inbox", "--out", "."], in: s.dir), ["it is a directory"])
        // --force overwrites; a file Segue wrote is overwritten without it.
        #expect(try CLI.run(["render", "--screen", "inbox", "--size", "64x40", "--out", "notes.png", "--force"], in: s.dir).status == 0)
        #expect(OutputFile.isWrittenBySegue(notes))
        #expect(try CLI.run(["render", "--screen", "photos", "--size", "64x40", "--out", "notes.png"], in: s.dir).status == 0)
        #expect(try CLI.run(["render", "--transition", "fade", "--size", "32x20", "--gif", "movie.gif", "--force"], in: s.dir).status == 0)
        #expect(try CLI.run(["render", "--transition", "fade", "--size", "32x20", "--gif", "movie.gif"], in: s.dir).status == 0)
        // No temporary files are left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: s.dir).filter { $0.hasSuffix(".tmp") || $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func twoScreenshotsBecomeATransitionAndAGIF() throws {
        let s = SceneScratch()
        let red = Bitmap(width: 80, height: 50, fill: Color.systemRed.premultipliedPixel)
        let blue = Bitmap(width: 80, height: 50, fill: Color.systemBlue.premultipliedPixel)
        try PNG.write(red, to: s.path("a.png"))
        try PNG.write(blue, to: s.path("b.png"))
        for (at, expected) in [("0", Color.systemRed), ("1", Color.systemBlue)] {
            let r = try CLI.run(["render", "--from", "a.png", "--to", "b.png", "--transition", "cube", "--size", "80x50",
                                 "--at", at, "--out", "at\(at).png"], in: s.dir)
            #expect(r.status == 0, "\(r.stderr)")
            let frame = try PNG.read(path: s.path("at\(at).png"))
            #expect(frame.row(25)[40] == expected.premultipliedPixel)
        }
        let r = try CLI.run(["render", "--from", "a.png", "--to", "b.png", "--transition", "cube", "--size", "80x50",
                             "--fps", "10", "--gif", "ab.gif"], in: s.dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)  // no progress when stderr is not a terminal
        // cube runs 0.6 s: 10 fps gives 6 steps, 7 frames.
        let info = try GIFExportTests.run("identify", ["-format", "%w %h %T\n", s.path("ab.gif")])
        #expect(info.split(separator: "\n") == ["80 50 60", "80 50 10", "80 50 10", "80 50 10", "80 50 10", "80 50 10", "80 50 100"])
    }

    @Test func scenesRenderFromTheirOwnFolder() throws {
        let s = SceneScratch()
        try FileManager.default.createDirectory(atPath: s.path("app"), withIntermediateDirectories: true)
        try PNG.write(Bitmap(width: 4, height: 4, fill: Color.systemGreen.premultipliedPixel), to: s.path("app/bg.png"))
        s.write("app/s.json", ##"{"screens": {"one": {"image": "bg.png"}, "two": {"background": "#0000FF"}}}"##)
        // Run from another folder: the image resolves relative to the scene file.
        let r = try CLI.run(["render", "--scene", "app/s.json", "--screen", "one", "--size", "40x40", "--out", "one.png"], in: s.dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PNG.read(path: s.path("one.png")).row(20)[20] == Color.systemGreen.premultipliedPixel)
        let t = try CLI.run(["render", "--scene", "app/s.json", "--transition", "push", "--size", "40x40", "--at", "1", "--out", "t.png"], in: s.dir)
        #expect(t.status == 0, "\(t.stderr)")
        #expect(try PNG.read(path: s.path("t.png")).row(30)[20] == Color(hex: 0x0000FF).premultipliedPixel)
    }

    @Test func defaultSizeFollowsTheScreensShape() throws {
        let s = SceneScratch()
        s.write("phone.json", #"{"size": [390, 844], "screens": {"a": {}, "b": {}}}"#)
        #expect(try CLI.run(["render", "--scene", "phone.json", "--screen", "a", "--out", "a.png"], in: s.dir).status == 0)
        let a = try PNG.read(path: s.path("a.png"))
        #expect((a.width, a.height) == (370, 800))
        try PNG.write(Bitmap(width: 300, height: 100, fill: 0xFFFF_FFFF), to: s.path("wide.png"))
        let r = try CLI.run(["render", "--from", "wide.png", "--to", "inbox", "--transition", "fade", "--fps", "5", "--gif", "w.gif"], in: s.dir)
        #expect(r.status == 0, "\(r.stderr)")
        let info = try GIFExportTests.run("identify", ["-format", "%w %h\n", s.path("w.gif")])
        #expect(info.split(separator: "\n").first == "640 213")
    }

    @Test func corruptedScenesThroughTheBinary() throws {
        // A sample of the library corpus through the real binary: exit 2, one line, never a crash.
        let s = SceneScratch()
        let base = Array(SceneHostileInputTests.valid.utf8)
        var rng = SplitMix(seed: 31)
        for k in 0..<24 {
            var b = base
            if k % 2 == 0 { b = Array(b.prefix(rng.below(b.count - 10))) } else { let i = rng.below(60); b[i] = UInt8(ascii: "]") }
            _ = FileManager.default.createFile(atPath: s.path("c\(k).json"), contents: Data(b))
            let r = try CLI.run(["render", "--scene", "c\(k).json", "--screen", "home", "--size", "20x20", "--out", "c.png"], in: s.dir)
            expectUsageError(r, ["c\(k).json: "])
        }
    }
}
