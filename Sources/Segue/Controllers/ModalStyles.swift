// How a presented controller covers its presenter (UIModalPresentationStyle) and how it arrives
// (UIModalTransitionStyle). Styles Segue does not model separately behave as `.fullScreen`.

extension ViewController {
    public enum ModalPresentationStyle: Sendable {
        case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext,
             popover, none, automatic

        /// What Segue does with it: full screen (presenter removed after the transition), over full screen,
        /// or custom (presenter kept, `view(forKey:)` nil for the presenter).
        var effective: ModalPresentationStyle {
            switch self {
            case .custom: .custom
            case .overFullScreen, .overCurrentContext: .overFullScreen
            default: .fullScreen
            }
        }
    }

    public enum ModalTransitionStyle: Sendable {
        case coverVertical, flipHorizontal, crossDissolve, partialCurl
    }
}

public typealias ModalPresentationStyle = ViewController.ModalPresentationStyle
public typealias ModalTransitionStyle = ViewController.ModalTransitionStyle
