import ArgumentParser
import FSM
import FSMCLI

extension TableFormat: ExpressibleByArgument {}

struct Table: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a machine's full transition table: every (state, event) cell.",
        discussion: "Each cell is a transition (target, guard, effects), ignored, or illegal."
    )

    @Argument(help: machineHelp) var machine: String
    @Option(name: .shortAndLong, help: "The format: \(TableFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: TableFormat = .markdown

    func run() throws {
        print(try entry(named: machine).machine.tableText(format), terminator: "")
    }
}
