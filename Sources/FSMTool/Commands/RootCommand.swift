import ArgumentParser
import Foundation
import FSMREPL
import FSMTerminal

/// The tool itself: its configuration comes from the running ``ToolContext``.
struct RootCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let context = ToolContext.current
        let machines = context.catalog.names.isEmpty ? "(none)" : context.catalog.names.map(TerminalText.visible).joined(separator: ", ")
        return CommandConfiguration(
            commandName: context.name,
            abstract: context.abstract,
            discussion: """
            Every machine is declared once, as data; this tool shows what the declaration says.
            Machines: \(machines).

            Exit codes: 0 success, 1 a finding (validation diagnostics, stale diagrams, \
            a rejected line of a --strict script), 64 bad usage, 74 output that could not be \
            written (a full disk, a closed pipe).
            """,
            subcommands: builtInSubcommands + context.subcommands
        )
    }

    static let builtInSubcommands: [any ParsableCommand.Type] = [
        ListCommand.self, TableCommand.self, DotCommand.self, MermaidCommand.self,
        ValidateCommand.self, DiagramsCommand.self, ReplCommand.self, CoverageCommand.self, ExploreCommand.self, SCXMLCommand.self,
    ] + storeSubcommands

    /// `store`, when the package trait `Store` gives the tool FSMStore.
    #if Store
    static let storeSubcommands: [any ParsableCommand.Type] = [StoreCommand.self]
    #else
    static let storeSubcommands: [any ParsableCommand.Type] = []
    #endif

    /// Parses and runs `arguments`, printing what went wrong (with the usage of the
    /// subcommand at fault), and returns the exit code.
    static func execute(_ arguments: [String], io: ToolIO) async -> Int32 {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            return report(fullMessage(for: error), code: exitCode(for: error), io: io)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let failure as WriteFailure {
            return stopped(by: failure, io: io)
        } catch let error as ValidationError {
            let usage = usageString(for: type(of: command))
            let message = "Error: \(error.message)\nUsage: \(usage)\n  See '\(ToolContext.current.name) \(path(of: type(of: command))) --help' for more."
            return report(message, code: ExitCode.validationFailure, io: io)
        } catch {
            return report(fullMessage(for: error), code: exitCode(for: error), io: io)
        }
    }

    /// A subcommand's words after the tool's name: `table`, or `store list` for one of a group.
    private static func path(of command: any ParsableCommand.Type) -> String {
        let name = command._commandName
        for group in builtInSubcommands + ToolContext.current.subcommands where group.configuration.subcommands.contains(where: { $0 == command }) {
            return "\(group._commandName) \(name)"
        }
        return name
    }

    /// Prints a message (to standard output when the code is 0, as for `--help`).
    private static func report(_ message: String, code: ExitCode, io: ToolIO) -> Int32 {
        guard !message.isEmpty else { return code.rawValue }
        let text = TerminalText.visibleLines(message)
        do throws(WriteFailure) {
            if code == .success { try io.print(text) } else { try io.printError(text) }
        } catch {
            return stopped(by: error, io: io)
        }
        return code.rawValue
    }

    /// The exit status of a run stopped because a stream could not be written: 74, with one
    /// line on standard error saying why, unless the reader of standard output merely went
    /// away (`| head`) or standard error itself is what failed.
    private static func stopped(by failure: WriteFailure, io: ToolIO) -> Int32 {
        if !failure.isClosedPipe {
            try? io.printError(TerminalText.visible("\(ToolContext.current.name): \(failure)"))
        }
        return WriteFailure.exitStatus
    }
}
