// TransitionType / TransitionSubtype: CATransition's `type` and `subtype`, public and private ones,
// spelled exactly as Core Animation's strings so `TransitionType(rawValue: "pageCurl")` ports
// `animation.type = @"pageCurl"` verbatim.

/// What a transition looks like (CATransitionType, including the private types users know).
public enum TransitionType: String, CaseIterable, Sendable {
    case fade, moveIn, push, reveal
    case cube, oglFlip
    case pageCurl, pageUnCurl
    case rippleEffect, suckEffect
    case cameraIrisHollowOpen, cameraIrisHollowClose

    /// Whether the subtype changes the effect (fade, ripple, suck, curls and iris ignore it).
    public var usesSubtype: Bool {
        switch self {
        case .moveIn, .push, .reveal, .cube, .oglFlip: true
        default: false
        }
    }
}

/// The direction a transition comes from (CATransitionSubtype).
public enum TransitionSubtype: String, CaseIterable, Sendable {
    case fromLeft, fromRight, fromTop, fromBottom

    /// The subtype mirrored left↔right (top and bottom unchanged).
    public var horizontallyMirrored: TransitionSubtype {
        switch self {
        case .fromLeft: .fromRight
        case .fromRight: .fromLeft
        default: self
        }
    }
    /// The subtype mirrored top↔bottom (left and right unchanged).
    public var verticallyMirrored: TransitionSubtype {
        switch self {
        case .fromTop: .fromBottom
        case .fromBottom: .fromTop
        default: self
        }
    }
}
