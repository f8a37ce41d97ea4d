// Soak: ten thousand transitions in one headless window — every playable kind, presented and
// dismissed, pushed and popped — with memory that must stay flat. RSS at start and end is reported.
import Foundation
import Testing
@testable import Segue

@MainActor @Suite struct SoakTests {
    /// Resident set size in MB, from /proc.
    static func rssMB() -> Double {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }

    struct Weak { weak var object: ViewController? }

    static func layerCount(_ l: Layer) -> Int { 1 + l.sublayers.reduce(0) { $0 + layerCount($1) } }

    static let count = Int(ProcessInfo.processInfo.environment["SEGUE_SOAK"] ?? "") ?? 10_000

    @Test func tenThousandTransitionsKeepMemoryFlat() {
        let side = Double(ProcessInfo.processInfo.environment["SEGUE_SOAK_WIDTH"] ?? "") ?? 96
        let window = Window(size: Size(width: side, height: (side * 0.625).rounded()))
        let app = DemoApp(window: window)
        let target = Bitmap(width: Int(side), height: Int((side * 0.625).rounded()))
        let kinds = DemoCatalog.all.filter {
            switch $0.kind { case .effect, .modal, .seedAnimator: true; default: false }
        }.filter { if case .seedAnimator(let a) = $0.kind { SeedAnimatorPair.presenting.contains(a) } else { true } }
        .filter { e in
            guard let only = ProcessInfo.processInfo.environment["SEGUE_SOAK_ONLY"] else { return true }
            switch e.kind { case .effect: return only == "effect"; case .modal: return only == "modal" || only == e.name; default: return only == "seed" }
        }
        var transitions = 0
        var startRSS = 0.0
        var cycle = 0
        var gone: [Weak] = []
        while transitions < Self.count {
            let item = kinds[cycle % kinds.count]
            cycle += 1
            app.home.play(item)                                  // one transition in…
            window.advance(by: 0.4); window.render(into: target)
            window.advance(by: 1.6); window.render(into: target)
            transitions += 1
            let shown = app.home.navigationController?.presentedViewController ?? app.home.presentedViewController
                ?? app.home.navigationController?.topViewController
            if let shown, shown !== app.home { gone.append(Weak(object: shown)) }
            if let nav = app.home.navigationController, nav.viewControllers.count > 1 {
                _ = nav.popViewController(animated: true)        // …and one back out
            } else {
                app.home.dismiss(animated: true, completion: nil)
            }
            window.advance(by: 2.5); window.render(into: target)
            transitions += 1
            if startRSS == 0 && transitions >= Self.count / 10 { startRSS = Self.rssMB() }  // caches and code warm
        }
        let endRSS = Self.rssMB()
        let alive = gone.dropLast(2).filter { $0.object != nil }.count
        #expect(alive == 0, "\(alive) of \(gone.count) dismissed or popped controllers are still alive")
        print("soak: attached animations \(AnimationStore.all.count), running drivers \(window.runningTransitions.count), tracked \(TrackedTransitions.table.count), layers in window \(Self.layerCount(window.layer))")
        print("soak: \(transitions) transitions, RSS \(String(format: "%.1f", startRSS)) MB after \(Self.count / 10) → \(String(format: "%.1f", endRSS)) MB at the end")
        #expect(app.home.presentedViewController == nil && app.home.navigationController?.presentedViewController == nil)
        #expect(endRSS - startRSS < 12, "memory grew from \(startRSS) MB to \(endRSS) MB")
    }
}
