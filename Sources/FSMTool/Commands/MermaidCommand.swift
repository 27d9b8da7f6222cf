import ArgumentParser
import FSM

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
