import ArgumentParser
import FSM
import FSMCLI

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check machines for unreachable states, dead ends, conflicts and more.",
        discussion: "Prints each machine's diagnostics. Exits 0 when every machine is clean, 1 when any has a diagnostic."
    )

    @Argument(help: ArgumentHelp("The machines to check (all when none is given).", valueName: "machine"))
    var machines: [String] = []
    @Flag(help: "Also require every (state, event) pair to be handled, ignored or declared illegal.")
    var strict = false

    func run() throws {
        let entries = try machines.isEmpty ? catalog.entries : machines.map(entry(named:))
        let report = ValidationReport(entries, mode: strict ? .strict : .standard)
        for line in report.lines { print(line) }
        if !report.isClean { throw ExitCode(1) }
    }
}
