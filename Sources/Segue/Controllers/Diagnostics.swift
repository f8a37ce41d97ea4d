// Diagnostics: the one place Segue tells a developer that their code asked for something it cannot do
// (UIKit's console warnings). Each warning goes to stderr and into `recent`, so tests can check it.

import Foundation

@MainActor
public enum Diagnostics {
    /// Warnings issued so far (most recent last; capped).
    public private(set) static var recent: [String] = []

    /// Writes `message` to stderr as one line prefixed "Segue: ".
    public static func warn(_ message: String) {
        recent.append(message)
        if recent.count > 200 { recent.removeFirst(recent.count - 200) }
        FileHandle.standardError.write(Data("Segue: \(message)\n".utf8))
    }
}
