import ArgumentParser
import FSM

/// `dot MACHINE [--highlight STATE] [--direction LR|TB] [--no-effects]`.
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
    @OptionGroup var layout: LayoutOptions

    func run() throws {
        let context = ToolContext.current
        let machine = try context.runnableMachine(named: machine)
        try context.io.write(machine.dot(layout.options(highlighting: try checkedState(highlight, of: machine))))
    }
}
