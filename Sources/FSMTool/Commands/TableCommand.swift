import ArgumentParser
import FSM

extension TableFormat: ExpressibleByArgument {}

/// `table MACHINE [--format]`: every (state, event) cell.
struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Print a machine's full transition table: every (state, event) cell.",
        discussion: "Each cell is a transition (target, guard, effects), ignored, or illegal."
    )

    @Argument(help: machineHelp) var machine: String
    @Option(name: .shortAndLong, help: "The format: \(TableFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: TableFormat = .markdown

    func run() throws {
        let context = ToolContext.current
        context.io.write(try context.machine(named: machine).tableText(format))
    }
}
