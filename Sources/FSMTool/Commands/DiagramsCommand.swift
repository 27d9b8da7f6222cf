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

    func run() throws {
        let context = ToolContext.current
        let io = context.io
        let directory = try outputDirectory(io)
        let generator = DiagramGenerator(machines: context.catalog.machines, directory: directory, graphviz: Graphviz.find())
        if check {
            let stale = generator.check()
            guard stale.isEmpty else {
                for line in stale { io.printError(TerminalText.visible(line)) }
                io.printError("\(stale.count) diagram file(s) out of date; regenerate with: swift package --allow-writing-to-package-directory generate-diagrams")
                throw ExitCode(1)
            }
            io.print("\(generator.textFiles.count) diagram files match the code")
            return
        }
        if generator.graphviz == nil {
            io.printError("note: Graphviz ('dot') is not installed: SVGs not rendered (install graphviz to render them)")
        }
        let report: DiagramGenerator.Report
        do {
            report = try generator.write()
        } catch {
            io.printError("error: cannot write the diagrams to \(TerminalText.visible(directory.path)): \(TerminalText.visible(FileText.describe(error)))")
            throw ExitCode(1)
        }
        let shown = output ?? "Diagrams"
        for name in report.written { io.print("wrote \(TerminalText.visible(shown))/\(name)") }
        io.print("\(report.written.count) file(s) written, \(report.unchanged) unchanged")
    }

    /// The folder to use: `--output` (relative to the current folder), or `Diagrams` in the
    /// current folder when that is a package root.
    private func outputDirectory(_ io: ToolIO) throws -> URL {
        let base = io.currentDirectory
        if let output {
            let url = URL(fileURLWithPath: io.path(output))
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
