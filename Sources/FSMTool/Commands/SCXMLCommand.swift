import ArgumentParser
import FSM
import FSMREPL

/// `scxml MACHINE [--runs N [--steps N] [--seed N]]`: the machine as a W3C SCXML document, or
/// seeded runs of it in the document's terms, for comparing another SCXML interpreter with it.
struct SCXMLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scxml",
        abstract: "Print a machine as a W3C SCXML document.",
        discussion: """
            States, parents, regions (<parallel>), initial and final states, transitions with \
            their events, targets and guards (a cond over one data item per named guard, true \
            to start with), effects as <log label="EFFECT"/>, timers as delayed <send>. Each \
            element keeps the machine's name for it in an fsm:name attribute.

            With --runs, prints instead seeded random runs of the machine as JSON: per step the \
            event's name in the document, each guard variable's value, the ids of the elements \
            the machine is in afterwards and the effects it emitted, all in the terms of the \
            document this command prints (for a FILE.scxml, of the document it writes back, \
            not of the file). Another interpreter that replays them on that document must end \
            each step in the same elements.
            """
    )

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("Print this many seeded runs (JSON) instead of the document.", valueName: "count"))
    var runs: Int?
    @Option(help: ArgumentHelp("Events per run.", valueName: "count"))
    var steps: Int = 40
    @Option(help: ArgumentHelp("The seed: the same seed, the same runs.", valueName: "number"))
    var seed: UInt64 = 1

    func validate() throws {
        if let runs, !(1...10_000).contains(runs) { throw ValidationError("--runs takes 1 to 10000 runs, not \(runs)") }
        if !(1...10_000).contains(steps) { throw ValidationError("--steps takes 1 to 10000 steps, not \(steps)") }
        if runs == nil && (steps != 40 || seed != 1) { throw ValidationError("--steps and --seed go with --runs") }
    }

    func run() throws {
        let context = ToolContext.current
        let machine = try context.runnableMachine(named: machine)
        guard let runs else {
            try context.io.write(machine._outline.scxml().text)
            return
        }
        let made = try SCXMLRuns.make(machine, runs: runs, steps: steps, seed: seed)
        try context.io.write(SCXMLRuns.json(made, machineName: machine.name))
    }
}
