// X11Error: why a window could not be opened, worded for one line on stderr. The host never
// exits on these itself; the caller (the CLI) decides the exit code and adds its own hints.

/// A failure to open or set up the X11 window.
public enum X11Error: Error, Equatable, CustomStringConvertible {
    /// `DISPLAY` is unset or empty and no display name was given.
    case noDisplay
    /// `XOpenDisplay` failed for this display name (no server there, or access refused).
    case cannotOpenDisplay(String)
    /// The screen offers no 24- or 32-bit TrueColor visual with 8-bit channels.
    case noTrueColorVisual
    /// The server refused to create the window.
    case cannotCreateWindow(String)

    public var description: String {
        switch self {
        case .noDisplay:
            return "no X display: DISPLAY is not set"
        case .cannotOpenDisplay(let name):
            return "cannot open the X display \"\(name)\" (no X server there, or access refused)"
        case .noTrueColorVisual:
            return "the X display offers no 24- or 32-bit TrueColor visual"
        case .cannotCreateWindow(let why):
            return "cannot create the X window: \(why)"
        }
    }
}
