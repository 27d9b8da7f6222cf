import ArgumentParser
import FSMCLI

/// `fsm`: list, tabulate, draw, validate and drive the machines of the Login Challenge.
@main
struct FSMTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsm",
        abstract: "Explore the state machines of the Login Challenge: list, tabulate, draw, validate, drive them.",
        discussion: """
        Every machine is declared once, as data; this tool shows what the declaration says.
        Machines: \(Catalog.loginChallenge.names.joined(separator: ", ")).

        Exit codes: 0 success, 1 a finding (validation diagnostics, stale diagrams,
        a rejected line of a --strict script), 64 bad usage.
        """,
        subcommands: [List.self, Table.self, Dot.self, Mermaid.self, Validate.self, Diagrams.self, Repl.self, App.self]
    )
}
