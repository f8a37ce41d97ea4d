// The timeline that animations created right now belong to. A transition sets its own timeline while
// its animator runs (and while completions of animations created inside it run), so that a
// percent-driven interaction can scrub everything the animator started.

extension Timeline {
    private static var stack: [Timeline] = []

    /// The innermost timeline set by `withCurrent`, if any (nil means: the window's root timeline).
    public static var current: Timeline? { stack.last }

    /// Runs `body` with `timeline` as the current timeline.
    public static func withCurrent<R>(_ timeline: Timeline?, _ body: () throws -> R) rethrows -> R {
        guard let t = timeline else { return try body() }
        stack.append(t)
        defer { stack.removeLast() }
        return try body()
    }
}
