import ArgumentParser
import FSM
import FSMCoverage

/// `mermaid MACHINE [--highlight STATE] [--coverage FILE...] [--direction LR|TB] [--no-effects]`.
struct MermaidCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mermaid", abstract: "Print a machine as a Mermaid stateDiagram-v2.")

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("A state to highlight.", valueName: "state"))
    var highlight: String?
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Coverage files (JSON, from 'repl --coverage-out'): paint what they exercised.", valueName: "file"))
    var coverage: [String] = []
    @OptionGroup var layout: LayoutOptions

    func run() throws {
        let context = ToolContext.current
        let machine = try context.runnableMachine(named: machine)
        let text = machine.mermaid(layout.options(highlighting: try checkedState(highlight, of: machine), coverage: coverage.isEmpty ? nil : try readCoverage(coverage, of: machine, context: context)))
        try context.io.write(text)
        // Mermaid counts UTF-16 code units (a JavaScript string's length).
        if text.utf16.count > Mermaid.maximumTextSize {
            try context.io.printError(
                "note: this Mermaid text is \(EchoedText.grouped(text.utf16.count)) characters; Mermaid draws at most \(EchoedText.grouped(Mermaid.maximumTextSize)) by default "
                    + "(its maxTextSize, which a page can raise with mermaid.initialize but a diagram cannot) and shows \"Maximum text size in diagram exceeded\" instead; "
                    + "dot has no such limit"
            )
        }
    }
}
