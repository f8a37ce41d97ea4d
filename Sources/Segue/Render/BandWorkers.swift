// BandWorkers: the threads a draw's bands run on (Canvas+Threads). Started once, woken for each
// split and parked after it; a split allocates nothing here. Dispatch's concurrentPerform, which
// this replaces, made about five heap allocations a call (the closure's block, the apply's own
// state) — on two threads, 5–26 a frame. The work is a function that captures nothing and a pointer
// to the caller's variables: a closure handed to other threads has to be escaping, and an escaping
// closure with a context allocates it. The callers' draws are values for the same reason
// (`BandDraw`, `RangeWork`). One split at a
// time: a split asked for while another runs (two windows, tests in parallel) runs its indices on
// its own thread instead.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

final class BandWorkers: @unchecked Sendable {
    static let shared = BandWorkers()

    // (Allocated once: a lock needs an address of its own, which a stored property passed `&` is
    // not promised to be.)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Held by the split in progress (tried, never waited for).
    private let busy = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The workers started so far; each takes part in splits that ask for more threads than its index.
    private var started = 0
    /// The split in progress: its number (workers take part once in each), body, iterations and
    /// how many workers take part; how many of those have not finished.
    private var generation = 0
    /// (`Work` of the split, and its context.)
    private var job: Work?, context: UnsafeRawPointer?
    private var iterations = 0, helpers = 0, running = 0
    private let next = Atomic<Int>(0)

    private init() {
        pthread_mutex_init(mutex, nil); pthread_mutex_init(busy, nil)
        pthread_cond_init(wake, nil); pthread_cond_init(finished, nil)
    }

    /// A split's work: index i of it, given the caller's context. (A closure that captures nothing:
    /// one that captured would allocate its context.)
    typealias Work = (_ context: UnsafeRawPointer, _ index: Int) -> Void

    /// `work(context, i)` for every i in 0..<count, on the calling thread and up to `threads − 1`
    /// workers, each taking the next index as it comes free; returns when all are done.
    func perform(_ count: Int, threads: Int, context: UnsafeRawPointer, _ work: @escaping Work) {
        guard count > 1, threads > 1, pthread_mutex_trylock(busy) == 0 else {
            for i in 0..<count { work(context, i) }
            return
        }
        defer { pthread_mutex_unlock(busy) }
        pthread_mutex_lock(mutex)
        while started < threads - 1, start(started) { started += 1 }
        job = work
        self.context = context
        iterations = count
        // (A worker the system would not start is not waited for: the caller takes its indices.)
        helpers = min(threads - 1, count - 1, started)
        running = helpers
        next.store(0, ordering: .relaxed)
        generation += 1
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        take(work, context, count)
        pthread_mutex_lock(mutex)
        while running > 0 { pthread_cond_wait(finished, mutex) }
        job = nil; self.context = nil
        pthread_mutex_unlock(mutex)
    }

    /// Takes indices until none are left.
    private func take(_ work: Work, _ context: UnsafeRawPointer, _ count: Int) {
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if i >= count { return }
            work(context, i)
        }
    }

    /// Starts worker `index` (under the mutex): it waits for each split and takes part in those
    /// with more helpers than its index. False where the system would not start a thread.
    private func start(_ index: Int) -> Bool {
        let box = Unmanaged.passRetained(Box(self, index))
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.workers.loop(box.index)
            return nil
        }, box.toOpaque())
        guard made == 0 else { box.release(); return false }
        pthread_detach(thread)
        return true
    }

    private func loop(_ index: Int) {
        var seen = 0
        pthread_mutex_lock(mutex)
        while true {
            while generation == seen { pthread_cond_wait(wake, mutex) }
            seen = generation
            guard index < helpers, let work = job, let context else { continue }
            let count = iterations
            pthread_mutex_unlock(mutex)
            take(work, context, count)
            pthread_mutex_lock(mutex)
            running -= 1
            if running == 0 { pthread_cond_signal(finished) }
        }
    }

    private final class Box {
        let workers: BandWorkers, index: Int
        init(_ workers: BandWorkers, _ index: Int) { self.workers = workers; self.index = index }
    }
}
