// `segue bench`: frame times of every transition, played for real (TransitionSession: the viewer's
// controllers, animators and compositor) across its whole run. Warm-up first, a monotonic clock,
// medians and percentiles — reported, never asserted. The one-off start of a transition (begin(): the
// animator's snapshots and setup, plus the first frame, which renders the moving pages' textures) is
// reported as its own column; the percentiles are over the steady frames after it. The last column is
// the process's peak resident memory so far (VmHWM): the row where it jumps is the session that set it.
// Under an allocation counter (AllocationCounter) a column before it counts the steady frames' heap
// allocations. `--runs N` measures each transition N times and reports the medians (one row each).
import Foundation
import Segue
import SegueX11

@MainActor
enum BenchCommand {
    static let options: [OptionSpec] = [
        OptionSpec(name: "size", kind: .value, help: "WIDTHxHEIGHT (default 1920x1080)"),
        OptionSpec(name: "frames", kind: .value, help: "frames per transition across its run (default 120)"),
        OptionSpec(name: "transition", kind: .repeated, help: "only this transition (repeatable; default all)"),
        OptionSpec(name: "threads", kind: .value, help: "compositor threads (default 1)"),
        OptionSpec(name: "runs", kind: .value, help: "measure each transition this many times and report the medians (default 1)"),
        OptionSpec(name: "at", kind: .value, help: "hold each transition at this progress, 0…1: every frame renders a moment of it"),
        OptionSpec(name: "present", kind: .flag, help: "also present each frame to X11 at 60 Hz and count dropped frames"),
        OptionSpec(name: "json", kind: .value, help: "write the results as JSON to this file"),
        OptionSpec(name: "force", kind: .flag, help: "overwrite an existing --json/--plot file that Segue did not write"),
        OptionSpec(name: "plot", kind: .value, help: "draw p50/p99 per transition as a bar chart PNG"),
        OptionSpec(name: "scale", kind: .flag, help: "how frame time grows with resolution and with view count"),
    ]
    static var help: String {
        """
        usage: segue bench [--size WxH] [--frames N] [--transition NAME]… [--threads N] [--runs N] [--at P] [--present]
                           [--json FILE] [--plot FILE.png] [--scale]
        \(Commands.describe(options))
        """
    }

    struct Result: Codable {
        var transition: String
        var frames: Int
        /// The one-off start: `begin()` (the animator's setup and snapshots) plus the first frame.
        var start_ms: Double
        /// Percentiles of the steady frames (every frame after the first).
        var p50_ms, p95_ms, p99_ms, max_ms, fps: Double
        var present_p50_ms: Double?
        var dropped: Int
        /// Peak resident memory of the process up to the end of this transition, in MiB.
        var peak_rss_mb: Int?
        /// Heap allocations made while rendering the steady frames, when counted (AllocationCounter).
        var allocations: Int?
    }

    static func run(_ args: [String]) throws -> Int32 {
        let p = try parse(args, command: "bench", options: options)
        // Refuse outputs before a long run, not after it.
        if let path = p.value("json") { try checkJSONOutput(path, force: p.has("force")) }
        if let path = p.value("plot") { try RenderCommand.checkOutput(path, force: p.has("force")) }
        let size = try p.size("size", default: (1920, 1080))
        let frames = try p.int("frames", default: 120, range: 2...100_000)
        let threads = try p.int("threads", default: 1, range: 1...64)
        let runs = try p.int("runs", default: 1, range: 1...99)
        let at = p.has("at") ? try p.double("at", default: 0, range: 0...1) : nil
        let valid = DemoCatalog.playable.map(\.name)
        let names = try p.all("transition").map { try choose($0, from: valid, what: "transition") }
        let entries = names.isEmpty ? DemoCatalog.playable : names.compactMap { DemoCatalog.transition(named: $0) }
        if p.has("scale") { return try scale(frames: min(frames, 60), threads: threads) }

        var host: X11Window?
        if p.has("present") {
            do { host = try X11Window(title: "segue bench", width: size.width, height: size.height) }
            catch { throw UsageError("--present needs an X display: \(error)") }
        }
        defer { host?.close() }

        var results: [Result] = []
        let machine = Machine.current
        print("\(size.width)×\(size.height), \(threads) thread\(threads == 1 ? "" : "s"), \(frames) frames each"
              + (runs > 1 ? ", medians of \(runs) runs" : "") + " — \(machine.summary)")
        print("start = begin() + first frame (snapshots, first renders); percentiles over the frames after it")
        print(row(["transition", "frames", "start ms", "p50 ms", "p95 ms", "p99 ms", "max ms", "fps@p50"] + (host != nil ? ["present", "dropped"] : [])
                  + (AllocationCounter.count != nil ? ["allocs"] : []) + ["peak RSS"]))
        for (i, entry) in entries.enumerated() {
            if isatty(2) != 0 { FileHandle.standardError.write(Data("\r[\(i + 1)/\(entries.count)] \(entry.name)        ".utf8)) }
            var r = median((0..<runs).map { _ in measure(entry, size: size, frames: frames, threads: threads, at: at, host: host) })
            r.peak_rss_mb = peakRSSMegabytes()
            if isatty(2) != 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            results.append(r)
            var cols = [r.transition, "\(r.frames)", f(r.start_ms), f(r.p50_ms), f(r.p95_ms), f(r.p99_ms), f(r.max_ms), String(format: "%.0f", r.fps)]
            if host != nil { cols += [f(r.present_p50_ms ?? 0), "\(r.dropped)"] }
            if let n = r.allocations { cols.append("\(n)") }
            cols.append("\(r.peak_rss_mb ?? 0) MB")
            print(row(cols))
        }
        print("peak RSS \(peakRSSMegabytes()) MB")
        if let path = p.value("json") {
            struct Doc: Codable {
                var software = "Segue"; var size: [String: Int]; var threads: Int; var runs: Int; var machine: Machine; var results: [Result]
            }
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try enc.encode(Doc(size: ["width": size.width, "height": size.height], threads: threads, runs: runs,
                                       machine: machine, results: results))
            try checkJSONOutput(path, force: p.has("force"))
            do { try OutputFile.write([UInt8](data), to: path) } catch { throw UsageError("\(error)") }
        }
        if let path = p.value("plot") {
            try RenderCommand.write(BenchPlot.draw(results, size: size), to: path, force: p.has("force"))
        }
        return 0
    }

    /// One transition: a warm-up run, then a measured run of `frames` frames across its whole progress.
    /// With `at`, every frame renders progress `at` (or a hair past it: the frames step over 0.002,
    /// so each is a new frame to the compositor, not a repeat): one moment's cost, to find where in a
    /// transition its slow frames are.
    static func measure(_ entry: DemoTransition, size: (width: Int, height: Int), frames: Int, threads: Int,
                        at: Double? = nil, host: X11Window?) -> Result {
        let sz = Size(width: Double(size.width), height: Double(size.height))
        let clock = MonotonicClock()
        let target = Bitmap(width: size.width, height: size.height)
        // Warm-up: caches, code paths, first-touch of memory.
        if let warm = TransitionSession(entry: entry, size: sz, from: "inbox", to: "photos") {
            warm.window.compositor.threads = threads
            warm.begin()
            for k in 0..<min(10, frames) { warm.render(atFraction: Double(k) / 9, into: target) }
        }
        guard let session = TransitionSession(entry: entry, size: sz, from: "inbox", to: "photos") else {
            return Result(transition: entry.name, frames: 0, start_ms: 0, p50_ms: 0, p95_ms: 0, p99_ms: 0, max_ms: 0, fps: 0, dropped: 0)
        }
        session.window.compositor.threads = threads
        let b0 = clock.now
        session.begin()
        let beginTime = clock.now - b0
        var times: [Double] = []
        var presents: [Double] = []
        var scheduler = FrameScheduler(rate: 60, start: clock.now)
        var dropped = 0, allocations = 0
        var targets = BackBufferTargets()
        // The counter's total around each steady frame's render (not the bookkeeping between them).
        @inline(__always) func counted(_ k: Int, _ render: () -> Void) {
            guard let count = AllocationCounter.count, k >= AllocationCounter.firstFrame else { return render() }
            let before = count()
            render()
            allocations += count() - before
        }
        for k in 0..<frames {
            let sweep = Double(k) / Double(frames - 1)
            let fraction = at.map { min(1, $0 + 0.002 * sweep) } ?? sweep
            if let host {
                let frame = scheduler.nextFrame(now: clock.now)
                dropped += frame.dropped
                let b = targets.bitmap(for: host.backBuffer())
                let t0 = clock.now
                counted(k) { session.render(atFraction: fraction, into: b) }
                let t1 = clock.now
                host.present()
                _ = host.events()
                presents.append(clock.now - t1)
                times.append(t1 - t0)
                // As the viewer does: the next frame is rendered while this one is on screen, from its deadline.
                let wait = frame.deadline - clock.now
                if wait > 0 { usleep(useconds_t(wait * 1e6)) }
                // The first frame (snapshots, first renders) is reported as `start`, not as drops: the
                // display schedule begins after it.
                if k == 0 { scheduler = .after(frameShownAt: clock.now, rate: 60); dropped = 0 }
            } else {
                let t0 = clock.now
                counted(k) { session.render(atFraction: fraction, into: target) }
                times.append(clock.now - t0)
            }
        }
        let start = beginTime + times[0]
        let s = times.dropFirst().sorted()
        func pct(_ q: Double) -> Double { s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))] * 1000 }
        let p50 = pct(0.5)
        return Result(transition: entry.name, frames: frames, start_ms: start * 1000, p50_ms: p50, p95_ms: pct(0.95), p99_ms: pct(0.99),
                      max_ms: (s.last ?? 0) * 1000, fps: p50 > 0 ? 1000 / p50 : 0,
                      present_p50_ms: presents.isEmpty ? nil : presents.sorted()[presents.count / 2] * 1000, dropped: dropped,
                      allocations: AllocationCounter.count != nil ? allocations : nil)
    }

    /// Several runs' results of one transition as one: the median of each time (so a run slowed by
    /// the machine's other work does not set a row), the most dropped frames and allocations.
    static func median(_ runs: [Result]) -> Result {
        guard var r = runs.first, runs.count > 1 else { return runs[0] }
        func mid(_ key: KeyPath<Result, Double>) -> Double {
            let v = runs.map { $0[keyPath: key] }.sorted()
            return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
        }
        r.start_ms = mid(\.start_ms); r.p50_ms = mid(\.p50_ms); r.p95_ms = mid(\.p95_ms); r.p99_ms = mid(\.p99_ms)
        r.max_ms = mid(\.max_ms); r.fps = r.p50_ms > 0 ? 1000 / r.p50_ms : 0
        let presents = runs.compactMap(\.present_p50_ms).sorted()
        r.present_p50_ms = presents.isEmpty ? nil : presents[presents.count / 2]
        r.dropped = runs.map(\.dropped).max() ?? 0
        r.allocations = runs.compactMap(\.allocations).max()
        return r
    }

    /// Frame time against resolution, and against the number of views on the screens.
    static func scale(frames: Int, threads: Int) throws -> Int32 {
        let probes = ["fade", "push", "cube", "pageCurl", "rippleEffect", "navigationPush"].compactMap { DemoCatalog.transition(named: $0) }
        print("\(threads) thread\(threads == 1 ? "" : "s"), \(frames) frames each — \(Machine.current.summary)")
        print("resolution (p50 / p99 ms, and p50 per megapixel)")
        print(row(["transition", "1280x720", "1920x1080", "2560x1440", "3840x2160"]))
        for e in probes {
            var cols = [e.name]
            for (w, h) in [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)] {
                let r = measure(e, size: (w, h), frames: frames, threads: threads, host: nil)
                cols.append(String(format: "%.2f/%.2f (%.2f/MP)", r.p50_ms, r.p99_ms, r.p50_ms / (Double(w * h) / 1e6)))
            }
            print(row(cols))
        }
        print("\nviews on each screen at 1920x1080 (p50 / p99 ms)")
        print(row(["transition", "10 views", "100 views", "1000 views"]))
        for e in probes {
            var cols = [e.name]
            for n in [10, 100, 1000] {
                let r = measureViews(e, count: n, frames: frames, threads: threads)
                cols.append(String(format: "%.2f/%.2f", r.p50, r.p99))
            }
            print(row(cols))
        }
        return 0
    }

    static func measureViews(_ entry: DemoTransition, count: Int, frames: Int, threads: Int) -> (p50: Double, p99: Double) {
        let size = Size(width: 1920, height: 1080)
        guard let session = TransitionSession(entry: entry, size: size, from: "views-\(count)", to: "views-\(count + 1)") else { return (0, 0) }
        session.window.compositor.threads = threads
        session.begin()
        let clock = MonotonicClock()
        let target = Bitmap(width: 1920, height: 1080)
        var times: [Double] = []
        for k in 0..<frames {
            let t0 = clock.now
            session.render(atFraction: Double(k) / Double(frames - 1), into: target)
            times.append(clock.now - t0)
        }
        let s = times.sorted()
        return (s[s.count / 2] * 1000, s[min(s.count - 1, Int(Double(s.count - 1) * 0.99 + 0.5))] * 1000)
    }

    static func f(_ v: Double) -> String { String(format: "%.2f", v) }
    static func row(_ cols: [String]) -> String {
        cols.enumerated().map { i, c in i == 0 ? c.padding(toLength: 24, withPad: " ", startingAt: 0) : String(repeating: " ", count: max(0, 10 - c.count)) + c }
            .joined(separator: " ")
    }

    static func peakRSSMegabytes() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }

    /// A JSON output may replace a file only when that file is a bench result Segue wrote (or with --force).
    static func checkJSONOutput(_ path: String, force: Bool) throws {
        var isDir: ObjCBool = false
        if !force, FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
           let h = FileHandle(forReadingAtPath: path) {
            let head = String(decoding: (try? h.read(upToCount: 4_194_304)) ?? Data(), as: UTF8.self)
            try? h.close()
            if head.hasPrefix("{"), head.contains("\"software\" : \"Segue\"") || head.contains("\"software\":\"Segue\"") { return }
        }
        do { try OutputFile.checkWritable(path, force: force) } catch { throw UsageError("\(error)") }
    }
}
