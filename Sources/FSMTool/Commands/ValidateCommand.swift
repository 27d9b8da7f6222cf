import ArgumentParser
import FSM
import FSMTerminal

/// `validate [MACHINE...] [--strict]`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check machines for unreachable states, dead ends, conflicts and more.",
        discussion: "Prints each machine's diagnostics. Exits 0 when every machine is clean, 1 when any has a diagnostic."
    )

    @Argument(help: ArgumentHelp("The machines to check (all when none is given).", valueName: "machine"))
    var machines: [String] = []
    @Flag(help: "Also require every (state, event) pair to be handled, ignored or declared illegal.")
    var strict = false

    func run() throws {
        let context = ToolContext.current
        var chosen: [any MachineDescribing] = []
        var seen: Set<String> = []
        for name in machines where seen.insert(name).inserted {
            chosen.append(try context.machine(named: name))
        }
        let report = ValidationReport(machines.isEmpty ? context.catalog.machines : chosen, mode: strict ? .strict : .standard)
        for line in report.lines { try context.io.print(TerminalText.visible(line)) }
        if !report.isClean { throw ExitCode(1) }
    }
}
