// `segue bench`: frame-time measurement.
import Foundation
import Segue

@MainActor
enum BenchCommand {
    static let help = "usage: segue bench — measures frame times (coming with the effects)"
    static func run(_ args: [String]) throws -> Int32 {
        throw UsageError("bench is not built yet")
    }
}
