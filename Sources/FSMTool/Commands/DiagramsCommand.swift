import ArgumentParser
import Foundation
import FSM
import FSMREPL
import FSMTerminal

/// `diagrams [--output DIR | --docc CATALOG] [--check] [--direction LR|TB] [--no-effects]`.
struct DiagramsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "diagrams",
            abstract: "Write every machine's diagrams: NAME.dot, NAME.mmd and, with Graphviz, NAME.svg, and a README.md.",
            discussion: """
            Writes a file only when its bytes change, and says which; every changed file is \
            written whole before any is replaced, so a full disk replaces none. With --check, \
            writes nothing and exits 1 naming each missing or stale file, with a diff. An SVG \
            carries the digest of the DOT it was drawn from, so --check finds a stale SVG without \
            Graphviz; a missing SVG counts only where Graphviz is installed. Without --output, \
            run it from the package's root folder (the one with Package.swift): it uses the \
            Diagrams folder there. With --docc CATALOG, writes into a DocC catalog instead: per \
            machine Diagrams/NAME.svg and an article Diagrams/NAME-machine.md with the drawing and the \
            transition table, so an article can show ![NAME](NAME.svg). Refresh the committed \
            diagrams with:
              swift package --allow-writing-to-package-directory generate-diagrams
            and check them, with no write permission, with:
              swift package check-diagrams
            """
        )
    }

    @Option(help: ArgumentHelp("The folder to write to (default: Diagrams in the package root, the current folder).", valueName: "dir"))
    var output: String?
    @Option(help: ArgumentHelp("A DocC catalog (a .docc folder) to write each machine's SVG and article into, under Diagrams/.", valueName: "catalog"))
    var docc: String?
    @Flag(help: "Write nothing; exit 1 if any diagram is missing or differs from the code.")
    var check = false
    @OptionGroup var layout: LayoutOptions

    func validate() throws {
        if output != nil && docc != nil { throw ValidationError("--output and --docc each choose where the diagrams go: give one") }
    }

    func run() throws {
        let context = ToolContext.current
        let io = context.io
        let directory = try targetDirectory(io)
        // Diagrams of a machine that cannot run would draw a machine that does not exist.
        let broken = context.catalog.machines.compactMap(MachineCannotRun.init)
        guard broken.isEmpty else {
            for failure in broken { try io.printError("error: " + TerminalText.visibleLines(failure.description)) }
            try io.printError("no diagram was \(check ? "checked" : "written"): fix the machines first (validate lists every finding)")
            throw ExitCode(1)
        }
        var generator = DiagramGenerator(
            machines: context.catalog.machines, directory: directory, graphviz: Graphviz.find(), options: layout.options(), docc: docc != nil
        )
        generator.toolName = context.name
        if check {
            let stale = generator.check()
            guard stale.isEmpty else {
                for file in stale {
                    try io.printError(TerminalText.visible(file.description))
                    if !file.diff.isEmpty { try io.printError(TerminalText.visibleLines(file.diff.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))) }
                }
                try io.printError("\(stale.count) diagram file(s) out of date; regenerate with: swift package --allow-writing-to-package-directory generate-diagrams\(docc.map { " --docc \(TerminalText.visible(ShellText.quoted($0)))" } ?? "")")
                throw ExitCode(1)
            }
            let svgNote = generator.graphviz == nil ? " (SVGs checked by digest; Graphviz not installed)" : ""
            try io.print("\(generator.textFiles.count + generator.diagrams.machines.count) diagram files match the code\(svgNote)")
            return
        }
        if generator.graphviz == nil && docc == nil {
            try io.printError("note: Graphviz ('dot') is not installed: SVGs not rendered (install graphviz to render them)")
        }
        let report: DiagramGenerator.Report
        do {
            report = try generator.write()
        } catch {
            try io.printError("error: cannot write the diagrams to \(TerminalText.visible(directory.path)): \(TerminalText.visible(String(describing: error)))")
            throw ExitCode(1)
        }
        let shown = docc ?? output ?? "Diagrams"
        for name in report.written { try io.print("wrote \(TerminalText.visible(shown))/\(name)") }
        for name in report.removed { try io.print("removed \(TerminalText.visible(shown))/\(name) (an earlier version's article, now \(name.dropLast(3))-machine.md)") }
        try io.print("\(report.written.count) file(s) written, \(report.unchanged) unchanged")
    }

    /// The folder to use: `--docc` or `--output` (relative to the current folder), or
    /// `Diagrams` in the current folder when that is a package root.
    private func targetDirectory(_ io: ToolIO) throws -> URL {
        if let docc {
            let url = try Self.folder(docc, option: "--docc", io)
            var isFolder: ObjCBool = false
            guard url.pathExtension == "docc", FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--docc \(TerminalText.visible(EchoedText.quoted(docc))) is not a DocC catalog (a folder whose name ends in .docc)")
            }
            return url
        }
        if let output {
            let url = try Self.folder(output, option: "--output", io)
            if check, !FileManager.default.fileExists(atPath: url.path) {
                throw ValidationError("there are no diagrams to check at \(TerminalText.visible(url.path)) (the folder does not exist); write them first with: \(TerminalText.visible(ShellText.command([ToolContext.current.name, "diagrams", "--output", output])))")
            }
            return url
        }
        let base = io.currentDirectory
        let manifest = base.appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            throw ValidationError("\(TerminalText.visible(base.path)) is not a package root (no Package.swift there): run it from the folder with Package.swift, or pass --output DIR")
        }
        return base.appendingPathComponent("Diagrams")
    }

    /// A folder given with `option`: never empty (an unset variable must not mean the current
    /// folder) and never the root folder.
    private static func folder(_ path: String, option: String, _ io: ToolIO) throws -> URL {
        guard !path.allSatisfy(\.isWhitespace) else {
            throw ValidationError("\(option) needs a folder, and it was empty (an unset variable?); to write into the current folder, say so with \(option) .")
        }
        let url = URL(fileURLWithPath: io.path(path)).standardizedFileURL
        guard url.path != "/" else {
            throw ValidationError("\(option) \(TerminalText.visible(EchoedText.quoted(path))) is the root folder; give the diagrams a folder of their own")
        }
        return url
    }
}
