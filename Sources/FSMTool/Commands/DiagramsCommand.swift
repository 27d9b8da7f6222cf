import ArgumentParser
import Foundation
import FSM
import FSMREPL
import FSMTerminal

/// `diagrams [--output DIR] [--check]`.
struct DiagramsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "diagrams",
            abstract: "Write every machine's diagrams: NAME.dot, NAME.mmd and, with Graphviz, NAME.svg, and a README.md.",
            discussion: """
            Writes a file only when its bytes change, and says which. With --check, writes nothing and \
            exits 1 naming each missing or stale .dot/.mmd/README.md file (SVGs depend on the Graphviz \
            version and are not compared). Without --output, run it from the package's root folder \
            (the one with Package.swift): it uses the Diagrams folder there. Refresh the committed \
            diagrams with:
              swift package --allow-writing-to-package-directory generate-diagrams
            """
        )
    }

    @Option(help: ArgumentHelp("The folder to write to (default: Diagrams in the package root, the current folder).", valueName: "dir"))
    var output: String?
    @Flag(help: "Write nothing; exit 1 if any diagram is missing or differs from the code.")
    var check = false
    @OptionGroup var layout: LayoutOptions

    func run() throws {
        let context = ToolContext.current
        let io = context.io
        let directory = try outputDirectory(io)
        let generator = DiagramGenerator(machines: context.catalog.machines, directory: directory, graphviz: Graphviz.find(), options: layout.options())
        if check {
            let stale = generator.check()
            guard stale.isEmpty else {
                for line in stale { try io.printError(TerminalText.visible(line)) }
                try io.printError("\(stale.count) diagram file(s) out of date; regenerate with: swift package --allow-writing-to-package-directory generate-diagrams")
                throw ExitCode(1)
            }
            try io.print("\(generator.textFiles.count) diagram files match the code")
            return
        }
        if generator.graphviz == nil {
            try io.printError("note: Graphviz ('dot') is not installed: SVGs not rendered (install graphviz to render them)")
        }
        let report: DiagramGenerator.Report
        do {
            report = try generator.write()
        } catch {
            try io.printError("error: cannot write the diagrams to \(TerminalText.visible(directory.path)): \(TerminalText.visible(String(describing: error)))")
            throw ExitCode(1)
        }
        let shown = output ?? "Diagrams"
        for name in report.written { try io.print("wrote \(TerminalText.visible(shown))/\(name)") }
        try io.print("\(report.written.count) file(s) written, \(report.unchanged) unchanged")
    }

    /// The folder to use: `--output` (relative to the current folder), or `Diagrams` in the
    /// current folder when that is a package root.
    private func outputDirectory(_ io: ToolIO) throws -> URL {
        let base = io.currentDirectory
        if let output {
            // An unset variable (`--output "$DIR"`) must never mean the current folder.
            guard !output.allSatisfy(\.isWhitespace) else {
                throw ValidationError("--output needs a folder, and it was empty (an unset variable?); to write into the current folder, say so with --output .")
            }
            let url = URL(fileURLWithPath: io.path(output)).standardizedFileURL
            guard url.path != "/" else {
                throw ValidationError("--output '\(TerminalText.visible(output))' is the root folder; give the diagrams a folder of their own")
            }
            if check, !FileManager.default.fileExists(atPath: url.path) {
                throw ValidationError("there are no diagrams to check at \(TerminalText.visible(url.path)) (the folder does not exist); write them first with '\(ToolContext.current.name) diagrams --output \(TerminalText.visible(output))'")
            }
            return url
        }
        let manifest = base.appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            throw ValidationError("\(TerminalText.visible(base.path)) is not a package root (no Package.swift there): run it from the folder with Package.swift, or pass --output DIR")
        }
        return base.appendingPathComponent("Diagrams")
    }
}
