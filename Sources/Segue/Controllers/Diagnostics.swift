// Diagnostics: the one place Segue tells a developer that their code asked for something it cannot do
// (UIKit's console warnings). Each warning goes to stderr and into `recent`, so tests can check it.

import Foundation

@MainActor
public enum Diagnostics {
    /// Warnings issued so far (most recent last; capped).
    public private(set) static var recent: [String] = []

    /// How many warnings were issued since launch.
    public private(set) static var count = 0

    /// Whether warnings are also written to stderr (long randomized tests turn this off).
    public static var echoesToStandardError = true

    /// Writes `message` to stderr as one line prefixed "Segue: ".
    public static func warn(_ message: String) {
        count += 1
        recent.append(message)
        if recent.count > 200 { recent.removeFirst(recent.count - 200) }
        if echoesToStandardError { FileHandle.standardError.write(Data("Segue: \(message)\n".utf8)) }
    }
}
