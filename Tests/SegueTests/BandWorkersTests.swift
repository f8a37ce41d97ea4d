// BandWorkers, the threads a draw's bands run on: every index of a split runs exactly once, on up to
// the threads asked for, whatever the count; splits asked for at the same time from several threads
// (one runs on the workers, the others on their own threads) each still run every index once.
import Testing
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
@testable import Segue

struct BandWorkersTests {
    /// Counts per index, and the threads that ran them, for a split of `count` on `threads`.
    final class Tally: Sendable {
        let state: Mutex<(runs: [Int], threads: Set<UInt>)>
        init(_ count: Int) { state = Mutex((Array(repeating: 0, count: count), [])) }
        func note(_ i: Int) {
            state.withLock { $0.runs[i] += 1; _ = $0.threads.insert(UInt(pthread_self())) }
        }
        var eachOnce: Bool { state.withLock { $0.runs.allSatisfy { $0 == 1 } } }
        var threads: Int { state.withLock { $0.threads.count } }
    }

    static func split(_ count: Int, threads: Int) -> Tally {
        let tally = Tally(count)
        withUnsafePointer(to: tally) { p in
            BandWorkers.shared.perform(count, threads: threads, context: UnsafeRawPointer(p)) { raw, i in
                raw.assumingMemoryBound(to: Tally.self).pointee.note(i)
            }
        }
        return tally
    }

    @Test(arguments: [(1, 1), (1, 4), (2, 2), (7, 2), (8, 3), (100, 2), (100, 4), (3, 8)])
    func everyIndexRunsOnce(count: Int, threads: Int) {
        for _ in 0..<20 {
            let tally = Self.split(count, threads: threads)
            #expect(tally.eachOnce)
            #expect(tally.threads <= threads)
        }
    }

    @Test func splitsAskedForTogetherEachRunEveryIndex() async {
        await withTaskGroup(of: Bool.self) { group in
            for k in 0..<8 {
                group.addTask {
                    (0..<50).allSatisfy { _ in
                        Self.split(16 + k, threads: 2).eachOnce
                    }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
