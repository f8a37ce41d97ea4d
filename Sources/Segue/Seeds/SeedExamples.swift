// The four seed tutorials as runnable examples: a name, what it shows, and a function that makes the
// window's root view controller. The demo app and `segue list` read this catalogue. The seeds were
// written for a 320×568 screen (seed 000 places its Modal button at y = 500).

@MainActor
public enum SeedExamples {
    public struct Example {
        public let name: String
        public let summary: String
        public let make: @MainActor () -> ViewController
    }

    /// The screen size the seeds' hard-coded frames assume.
    public static let screenSize = Size(width: 320, height: 568)

    public static let all: [Example] = [
        Example(name: "seed000-min-to-max",
                summary: "Push fades in while the old page slides left (MTHCustomAnimator, 1 s); Modal or a right-half pan "
                    + "presents by flying a snapshot into the button (PDTransitionAnimator, 1.2 s + 0.5 s), interactively when dragged",
                make: { NavigationController(rootViewController: MTHMainViewController()) }),
        Example(name: "seed000-present-styles",
                summary: "Present without a navigation controller: the default slide up, or a CATransition (pageCurl, "
                    + "rippleEffect, suckEffect …, 0.5 s) added to the window's layer right before presenting",
                make: { PresentStyleViewController() }),
        Example(name: "seed001-spring-inset",
                summary: "A custom presentation springs the detail into the master's frame inset by 40 pt (damping 0.4, "
                    + "velocity 20) and rotates it away on dismissal (TWTransitionAnimator)",
                make: { NavigationController(rootViewController: TWMasterViewController()) }),
        Example(name: "seed002-crossfade",
                summary: "Present and dismiss cross-fade over 1 s using view(forKey:) and the initial/final frames (BPTransitionAnimator)",
                make: { BPViewController() }),
        Example(name: "seed003-fade-push-pop",
                summary: "Push and pop fade (PushAnimator/PopAnimator, 0.5 s); drag from the left edge to pop interactively",
                make: { NavigationController(rootViewController: FadeNavigationViewController(page: 1)) }),
    ]

    public static func example(named name: String) -> Example? { all.first { $0.name == name } }
}
