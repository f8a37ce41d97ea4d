// ServerClockTests: millisecond server times become seconds and survive the 32-bit wrap.

import Testing
@testable import SegueX11

@Test func serverMillisecondsBecomeSeconds() {
    var clock = ServerClock()
    #expect(clock.seconds(1500) == 1.5)
    #expect(clock.seconds(1516) == 1.516)
    #expect(clock.seconds(1510) == 1.51)       // slightly out of order: no wrap
}

@Test func wrapKeepsTimeMonotonic() {
    var clock = ServerClock()
    let before = clock.seconds(UInt32.max - 10)
    let after = clock.seconds(5)
    #expect(after > before)
    #expect(abs((after - before) - 0.016) < 1e-9)
    // A late event from before the wrap still lands before it.
    #expect(clock.seconds(UInt32.max - 2) < after)
    #expect(clock.seconds(30) > after)
}
