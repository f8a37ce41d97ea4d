// `segue` / `segue view`: the X11 viewer.
import Foundation
import Segue

@MainActor
enum ViewerCommand {
    static let help = "usage: segue [view] — opens the viewer window (coming with the X11 host)"
    static func run(_ args: [String]) throws -> Int32 {
        throw UsageError("the viewer is not built yet; use 'segue render'")
    }
}
