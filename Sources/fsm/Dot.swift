import ArgumentParser
import FSM
import FSMCLI
import FSMREPL

struct Dot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a machine as a Graphviz DOT diagram.",
        discussion: "Render it with: fsm dot login | dot -Tsvg > login.svg"
    )

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("A state to highlight, e.g. 'loggingIn' or 'failure(network)'.", valueName: "state"))
    var highlight: String?

    func run() throws {
        let machine = try entry(named: machine).machine
        print(machine.dot(DiagramOptions(highlightedState: try checkedState(highlight, of: machine))), terminator: "")
    }
}

struct Mermaid: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a machine as a Mermaid stateDiagram-v2.")

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("A state to highlight.", valueName: "state"))
    var highlight: String?

    func run() throws {
        let machine = try entry(named: machine).machine
        print(machine.mermaid(DiagramOptions(highlightedState: try checkedState(highlight, of: machine))), terminator: "")
    }
}

/// A state name given on the command line, checked against the machine's states.
func checkedState(_ name: String?, of machine: any MachineDescribing) throws -> String? {
    guard let name else { return nil }
    guard machine.stateNames.contains(name) else {
        let suggestion = Suggestion.closest(to: name, in: machine.stateNames).map { "; did you mean '\($0)'?" } ?? ""
        throw ValidationError("'\(machine.name)' has no state '\(name)'\(suggestion) (states: \(machine.stateNames.joined(separator: ", ")))")
    }
    return name
}
