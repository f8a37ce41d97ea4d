import Testing
@testable import SegueX11

@Test func x11ModuleLinks() {
    #expect(Bool(true))
}
