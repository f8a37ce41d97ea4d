// KeyframeAnimation: CAKeyframeAnimation with linear calculation — values at key times, the whole
// run paced by `timingFunction`, each segment by its own entry of `timingFunctions` if given.

@MainActor
open class KeyframeAnimation: PropertyAnimation {
    public var values: [AnimatableValue] = []
    /// Fractions 0…1, one per value, non-decreasing; nil spaces the values evenly.
    public var keyTimes: [Double]?
    /// One per segment (values.count − 1).
    public var timingFunctions: [TimingFunction]?

    open override func value(atFraction f: Double, model: AnimatableValue) -> AnimatableValue {
        guard let first = values.first else { return model }
        if values.count == 1 { return first }
        let n = values.count
        let times = keyTimes.flatMap { $0.count == n ? $0 : nil } ?? (0..<n).map { Double($0) / Double(n - 1) }
        if f <= times[0] { return values[0] }
        if f >= times[n - 1] { return values[n - 1] }
        var i = 0
        while i < n - 2 && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var u = span > 0 ? (f - times[i]) / span : 1
        if let tf = timingFunctions, i < tf.count { u = tf[i].value(at: u) }
        return AnimatableValue.interpolate(values[i], values[i + 1], u)
    }
}
