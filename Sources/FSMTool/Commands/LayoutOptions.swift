import ArgumentParser
import FSM
import FSMCoverage

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
    @Option(help: ArgumentHelp("The direction of the flow: LR (left to right) or TB (top to bottom); default: the machine's own, else left to right when Graphviz's drawing that way fits an 800-pixel column (estimated), else the narrower way.", valueName: "LR|TB"))
    var direction: DirectionArgument?
    @Flag(help: "Leave effects out (on transitions, entry and exit): an overview of states, events and guards.")
    var noEffects = false

    /// The options these flags ask for, with a highlighted state and a coverage view.
    func options(highlighting state: String? = nil, coverage: MachineCoverage? = nil) -> DiagramOptions {
        DiagramOptions(highlightedState: state, coverage: coverage, direction: direction?.direction, showsEffects: !noEffects)
    }
}
