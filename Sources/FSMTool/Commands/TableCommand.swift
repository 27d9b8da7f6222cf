import ArgumentParser
import FSM
import FSMTerminal

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
        discussion: "Each cell is a transition (target, guard, effects), ignored, or illegal. With --all-effects, a transition also lists every effect it performs in order: the exit effects of what it leaves (innermost first), its own, the entry effects of what it enters (outermost first); a resume as while its parent has never been left."
    )

    @Argument(help: machineHelp) var machine: String
    @Option(name: .shortAndLong, help: "The format: \(TableFormatArgument.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: TableFormatArgument = .markdown
    @Flag(help: "Also list every effect each transition performs, in order (exits, its own, entries): a column 'all effects' (CSV: all_effects, JSON: allEffects).")
    var allEffects = false

    func run() throws {
        let context = ToolContext.current
        let describing = try context.runnableMachine(named: machine)
        let text = allEffects ? describing._outline.definition.open(AllEffectsTable(format: format.format)) : describing.tableText(format.format)
        try context.io.write(Self.visible(text, format: format.format))
    }

    /// The table of a definition, typed, with the column of every effect performed.
    struct AllEffectsTable: DefinitionVisitor {
        let format: TableFormat
        func visit<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) -> String {
            definition.table.text(format, allEffects: true)
        }
    }

    /// The table as printed: each name through ``TerminalText/visible(_:)`` in Markdown and
    /// CSV (a CSV line ends with CRLF, kept; so is a line break inside a quoted field); JSON
    /// as it is, since its strings escape every control, bidi control and separator.
    static func visible(_ text: String, format: TableFormat) -> String {
        switch format {
        case .markdown: TerminalText.visibleLines(text)
        case .csv: text.split(separator: "\r\n", omittingEmptySubsequences: false).map { TerminalText.visibleLines(String($0)) }.joined(separator: "\r\n")
        case .json: text
        }
    }
}
