import ArgumentParser
import FSM

/// `dot MACHINE [--highlight STATE]`.
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

    func run() throws {
        let context = ToolContext.current
        let machine = try context.machine(named: machine)
        try context.io.write(machine.dot(DiagramOptions(highlightedState: try checkedState(highlight, of: machine))))
    }
}

/// `mermaid MACHINE [--highlight STATE]`.
struct MermaidCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mermaid", abstract: "Print a machine as a Mermaid stateDiagram-v2.")

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("A state to highlight.", valueName: "state"))
    var highlight: String?

    func run() throws {
        let context = ToolContext.current
        let machine = try context.machine(named: machine)
        try context.io.write(machine.mermaid(DiagramOptions(highlightedState: try checkedState(highlight, of: machine))))
    }
}
