import ArgumentParser
import FSM

/// A table format as a command-line argument (FSM's type stays free of ArgumentParser).
enum TableFormatArgument: String, ExpressibleByArgument, CaseIterable {
    case markdown, json, csv

    var format: TableFormat {
        switch self {
        case .markdown: .markdown
        case .json: .json
        case .csv: .csv
        }
    }
}

/// `table MACHINE [--format]`: every (state, event) cell.
struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Print a machine's full transition table: every (state, event) cell.",
        discussion: "Each cell is a transition (target, guard, effects), ignored, or illegal."
    )

    @Argument(help: machineHelp) var machine: String
    @Option(name: .shortAndLong, help: "The format: \(TableFormatArgument.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: TableFormatArgument = .markdown

    func run() throws {
        let context = ToolContext.current
        try context.io.write(try context.runnableMachine(named: machine).tableText(format.format))
    }
}
