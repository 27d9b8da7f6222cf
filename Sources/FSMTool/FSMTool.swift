import ArgumentParser
import Foundation
import FSM
import FSMREPL

/// The whole `fsm`-style command line over your own machines: `list`, `table`, `dot`,
/// `mermaid`, `validate`, `diagrams` and `repl`, plus any subcommands of your own.
///
/// A package gets its own tool with an executable target of a few lines:
///
/// ```swift
/// import FSMTool
/// import MyMachines
///
/// @main
/// enum Machines {
///     static func main() async {
///         await FSMTool.main(machines: [Door.definition, Checkout.definition])
///     }
/// }
/// ```
///
/// Then `swift run machines list`, `swift run machines repl door`, and
/// `swift package --allow-writing-to-package-directory generate-diagrams` (the plugin runs
/// this tool's `diagrams` command). Exit codes: 0 success, 1 a finding (diagnostics, stale
/// diagrams, a rejected line of a `--strict` script), 64 bad usage, 70 a catalog that
/// cannot work (two machines with one name), 74 output that could not be written (a full
/// disk; a closed pipe when `SIGPIPE` is ignored, which stops the tool without a message).
public enum FSMTool {
    /// Runs the tool on the process's arguments and standard streams, then exits the
    /// process with the tool's exit code.
    /// - Parameters:
    ///   - name: The tool's name in help and messages (default: the executable's name).
    ///   - abstract: One line on what the tool is for.
    ///   - machines: The machines, in the order `list` and `diagrams` show them.
    ///   - subcommands: Subcommands of your own, after the built-in ones; they find the
    ///     machines in ``ToolContext/current``.
    public static func main(
        name: String? = nil,
        abstract: String? = nil,
        machines: [any MachineDescribing],
        subcommands: [any ParsableCommand.Type] = []
    ) async -> Never {
        // A closed pipe on standard output is a write that fails with EPIPE, which the
        // writers report as exit 74 (quietly), not a death by SIGPIPE (141 in a shell).
        signal(SIGPIPE, SIG_IGN)
        let status = await run(
            Array(CommandLine.arguments.dropFirst()),
            name: name ?? executableName,
            abstract: abstract,
            machines: machines,
            subcommands: subcommands,
            io: .standard
        )
        exit(status)
    }

    /// Runs the tool on arguments with the given streams and returns its exit code, without
    /// exiting: what ``main(name:abstract:machines:subcommands:)`` does, for tests.
    public static func run(
        _ arguments: [String],
        name: String = "fsm",
        abstract: String? = nil,
        machines: [any MachineDescribing],
        subcommands: [any ParsableCommand.Type] = [],
        io: ToolIO
    ) async -> Int32 {
        let catalog: Catalog
        do {
            catalog = try Catalog(machines)
        } catch {
            try? io.printError("error: \(error)")
            return ExitCode(EX_SOFTWARE).rawValue
        }
        let context = ToolContext(
            name: name,
            abstract: abstract ?? "Explore state machines: list, tabulate, draw, validate and drive them.",
            catalog: catalog,
            subcommands: subcommands,
            io: io
        )
        return await ToolContext.$running.withValue(context) {
            await RootCommand.execute(collapsingRepeats(arguments), io: io)
        }
    }

    /// `validate`'s arguments with exact repeats removed (the first of each kept). Repeating
    /// a machine or `--strict` changes nothing, and the argument parser takes time
    /// quadratic in the number of arguments, so they never reach it.
    static func collapsingRepeats(_ arguments: [String]) -> [String] {
        guard arguments.first == "validate", !arguments.contains("--") else { return arguments }
        var seen: Set<String> = []
        return arguments.filter { seen.insert($0).inserted }
    }

    /// The name the process was started with, without its folder.
    static var executableName: String {
        let path = CommandLine.arguments.first ?? "fsm"
        return path.split(separator: "/").last.map(String.init) ?? "fsm"
    }
}
