import ArgumentParser
import FSM

/// A diagram direction as a command-line argument, `LR` or `TB` in either case (FSM's type
/// stays free of ArgumentParser).
struct DirectionArgument: ExpressibleByArgument {
    let direction: DiagramDirection

    init?(argument: String) {
        guard let direction = DiagramDirection(rawValue: argument.uppercased()) else { return nil }
        self.direction = direction
    }

    static var allValueStrings: [String] { DiagramDirection.allCases.map(\.rawValue) }
}

/// The layout options shared by `dot`, `mermaid` and `diagrams`.
struct LayoutOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The direction of the flow: LR (left to right) or TB (top to bottom); default: the machine's own.", valueName: "LR|TB"))
    var direction: DirectionArgument?
    @Flag(help: "Leave effects out (on transitions, entry and exit): an overview of states, events and guards.")
    var noEffects = false

    /// The options these flags ask for, with a highlighted state.
    func options(highlighting state: String? = nil) -> DiagramOptions {
        DiagramOptions(highlightedState: state, direction: direction?.direction, showsEffects: !noEffects)
    }
}

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

/// `mermaid MACHINE [--highlight STATE] [--direction LR|TB] [--no-effects]`.
struct MermaidCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mermaid", abstract: "Print a machine as a Mermaid stateDiagram-v2.")

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("A state to highlight.", valueName: "state"))
    var highlight: String?
    @OptionGroup var layout: LayoutOptions

    func run() throws {
        let context = ToolContext.current
        let machine = try context.runnableMachine(named: machine)
        try context.io.write(machine.mermaid(layout.options(highlighting: try checkedState(highlight, of: machine))))
    }
}
