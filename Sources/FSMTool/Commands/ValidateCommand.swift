import ArgumentParser
import FSM
import FSMREPL
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
        var labels: [String] = []
        var seen: Set<String> = []
        var unreadable: [String] = []
        for name in machines where seen.insert(name).inserted {
            do {
                let machine = try context.machine(named: name)
                chosen.append(machine)
                // A document is named by its file: it may share its machine's name with another.
                labels.append(SCXMLImport.names(name) && !context.catalog.names.contains(name) ? name : machine.name)
            } catch let failure as SCXMLImport.Failure {
                // One unreadable document does not hide the others' findings.
                unreadable.append("\(failure)")
            }
        }
        let report = machines.isEmpty
            ? ValidationReport(context.catalog.machines, mode: strict ? .strict : .standard)
            : ValidationReport(chosen, mode: strict ? .strict : .standard, labels: labels)
        for line in report.lines { try context.io.print(TerminalText.visible(line)) }
        for line in unreadable { try context.io.printError(TerminalText.visible("\(context.name): \(line)")) }
        if !report.isClean || !unreadable.isEmpty { throw ExitCode(1) }
    }
}
