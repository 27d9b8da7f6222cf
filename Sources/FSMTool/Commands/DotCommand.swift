import ArgumentParser
import FSM
import FSMCoverage

/// `dot MACHINE [--highlight STATE] [--coverage FILE...] [--direction LR|TB] [--no-effects]`.
struct DotCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "dot",
            abstract: "Print a machine as a Graphviz DOT diagram.",
            discussion: "Render it with: \(ToolContext.current.name) dot MACHINE | dot -Tsvg > MACHINE.svg"
        )
    }

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("A state to highlight, e.g. 'loading' or 'failure(network)'.", valueName: "state"))
    var highlight: String?
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Coverage files (JSON, from 'repl --coverage-out'): paint what they exercised.", valueName: "file"))
    var coverage: [String] = []
    @OptionGroup var layout: LayoutOptions

    func run() throws {
        let context = ToolContext.current
        let machine = try context.runnableMachine(named: machine)
        try context.io.write(machine.dot(layout.options(highlighting: try checkedState(highlight, of: machine), coverage: coverage.isEmpty ? nil : try readCoverage(coverage, of: machine, context: context))))
    }
}
