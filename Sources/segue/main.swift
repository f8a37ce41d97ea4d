// segue: the command-line face of Segue — the viewer, headless rendering, the benchmark, listings.
// Every user mistake ends as one line on stderr and exit code 2; nothing here crashes on bad input.
import Foundation
import Segue

if let problem = CPUCheck.problem() {
    FileHandle.standardError.write(Data("segue: \(problem)\n".utf8))
    exit(1)
}
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32 = MainActor.assumeIsolated {
    do {
        return try Commands.run(arguments)
    } catch let e as UsageError {
        FileHandle.standardError.write(Data("segue: \(e.description)\n".utf8))
        return 2
    } catch {
        FileHandle.standardError.write(Data("segue: \(error)\n".utf8))
        return 1
    }
}
exit(status)
