// The subcommands and their help.
import Foundation
import Segue

@MainActor
enum Commands {
    static let usage = """
    usage: segue [view] [options]        open the viewer window (X11); --scene FILE, --from A.png --to B.png
           segue render [options]        render a screen or a transition to PNG, headless
           segue bench [options]         measure frame times of every transition
           segue list [screens|transitions|scenes]
                                         print the available names, one per line
           segue help [COMMAND]          show help
    """

    static func run(_ args: [String]) throws -> Int32 {
        guard let first = args.first else { return try ViewerCommand.run([]) }
        let rest = Array(args.dropFirst())
        // `segue bench --help` (anywhere among a command's arguments) shows that command's help; so
        // does `segue --fps 30 --help` for the viewer, the command options alone stand for.
        if rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
            if ["view", "render", "bench", "list"].contains(first) { print(try help(for: first)); return 0 }
            if first.hasPrefix("-"), first != "--help", first != "-h" { print(ViewerCommand.help); return 0 }
        }
        switch first {
        case "view": return try ViewerCommand.run(rest)
        case "render": return try RenderCommand.run(rest)
        case "bench": return try BenchCommand.run(rest)
        case "list": return try ListCommand.run(rest)
        case "help", "--help", "-h":
            if let c = rest.first { print(try help(for: c)) } else { print(usage) }
            return 0
        default:
            if first.hasPrefix("-") { return try ViewerCommand.run(args) }
            throw UsageError("unknown command '\(first)'; valid: view, render, bench, list, help")
        }
    }

    static func help(for command: String) throws -> String {
        switch command {
        case "view": return ViewerCommand.help
        case "render": return RenderCommand.help
        case "bench": return BenchCommand.help
        case "list": return ListCommand.help
        default: throw UsageError("unknown command '\(command)'; valid: view, render, bench, list")
        }
    }

    static func describe(_ options: [OptionSpec]) -> String {
        options.map { o in
            let name = "--\(o.name)" + (o.kind == .flag ? "" : " VALUE")
            return "  " + name.padding(toLength: 22, withPad: " ", startingAt: 0) + o.help
        }.joined(separator: "\n")
    }
}

@MainActor
enum ListCommand {
    static let help = """
    usage: segue list [screens|transitions|scenes]
    Prints the built-in screen names and transition names (or the bundled scenes, for --scene NAME),
    one per line.
    """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try parse(args, command: "list", options: [], positional: 1)
        let what = try p.positional.first.map { try choose($0, from: ["screens", "transitions", "scenes"], what: "list") }
        if what == nil || what == "screens" { DemoScreen.names.forEach { print($0) } }
        if what == nil || what == "transitions" { DemoCatalog.all.forEach { print($0.name) } }
        if what == "scenes" { SceneAssets.names.forEach { print($0) } }
        return 0
    }
}
