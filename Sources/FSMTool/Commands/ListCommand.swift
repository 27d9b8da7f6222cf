import ArgumentParser
import FSMTerminal

/// `list`: the machines, one a line, with their state and event counts, their regions or
/// parents, and summaries.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the machines, one a line, with their state and event counts."
    )

    func run() throws {
        let context = ToolContext.current
        let names = context.catalog.names.map(TerminalText.visible)
        let width = names.map(\.count).max() ?? 0
        for (machine, name) in zip(context.catalog.machines, names) {
            let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
            let summary = machine.summary.isEmpty ? "" : "  " + TerminalText.visible(machine.summary)
            var structure = ""
            if !machine.regionStateNames.isEmpty {
                structure = "  regions: " + machine.regionStateNames.map { "\(TerminalText.visible($0.region)) (\($0.states.count) states)" }.joined(separator: " ∥ ")
            } else if !machine.parentStateNames.isEmpty {
                structure = "  parents: " + machine.parentStateNames.map(TerminalText.visible).joined(separator: ", ")
            }
            let broken = MachineCannotRun(machine).map { "  cannot run: \($0.errors.count) error(s)" } ?? ""
            try context.io.print("\(padded)  \(machine.stateNames.count) states  \(machine.eventNames.count) events\(structure)\(broken)\(summary)")
        }
        let broken = context.catalog.machines.compactMap(MachineCannotRun.init)
        if !broken.isEmpty {
            for failure in broken { try context.io.printError("error: " + TerminalText.visibleLines(failure.description)) }
            throw ExitCode(1)
        }
    }
}
