// Every transition the demo can play, by name: the CATransition effects, the modal transition styles,
// the navigation slide, and the ported seeds. The viewer's home screen, `segue list` and `segue bench`
// all read this one list.

/// One playable transition of the demo.
public struct DemoTransition: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A CATransition added to the window's layer right before presenting (seed 000's way).
        case effect(TransitionType, TransitionSubtype?)
        /// A modal transition style of the presented controller.
        case modal(ModalTransitionStyle)
        /// The navigation controller's push, and its pop.
        case navigationPush, navigationPop
        /// A seed tutorial, run as the window's root (in the viewer).
        case seed(String)
        /// One of the seeds' animators, played between two demo screens (render, bench).
        case seedAnimator(SeedAnimator)
    }

    /// The seeds' animators, by what they do.
    public enum SeedAnimator: String, Sendable, Hashable, CaseIterable {
        case springInset = "spring-inset"            // seed 001, TWTransitionAnimator presenting
        case rotatingDismiss = "rotating-dismiss"    // seed 001, TWTransitionAnimator dismissing
        case flyToButton = "fly-to-button"           // seed 000, PDTransitionAnimator presenting
        case flyFromButton = "fly-from-button"       // seed 000, PDTransitionAnimator dismissing
        case fadeOffsetPush = "fade-offset-push"     // seed 000, MTHCustomAnimator
        case crossfadeFrames = "crossfade-frames"    // seed 002, BPTransitionAnimator
        case fadePush = "fade-push"                  // seed 003, PushAnimator
        case fadePop = "fade-pop"                    // seed 003, PopAnimator
    }

    public let name: String
    public let kind: Kind

    public init(name: String, kind: Kind) { self.name = name; self.kind = kind }
}

@MainActor
public enum DemoCatalog {
    public static var all: [DemoTransition] {
        var list: [DemoTransition] = TransitionType.allCases.map { t in
            DemoTransition(name: t.rawValue, kind: .effect(t, t.usesSubtype ? .fromRight : nil))
        }
        list += [ModalTransitionStyle.coverVertical, .crossDissolve, .flipHorizontal, .partialCurl].map {
            DemoTransition(name: "\($0)", kind: .modal($0))
        }
        list.append(DemoTransition(name: "navigationPush", kind: .navigationPush))
        list.append(DemoTransition(name: "navigationPop", kind: .navigationPop))
        list += DemoTransition.SeedAnimator.allCases.map { DemoTransition(name: $0.rawValue, kind: .seedAnimator($0)) }
        list += SeedExamples.all.map { DemoTransition(name: $0.name, kind: .seed($0.name)) }
        return list
    }

    public static func transition(named name: String) -> DemoTransition? { all.first { $0.name == name } }

    /// The entries that play between two screens (all but the seed apps): what render and bench use.
    public static var playable: [DemoTransition] {
        all.filter { if case .seed = $0.kind { false } else { true } }
    }
}
