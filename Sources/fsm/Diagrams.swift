import ArgumentParser
import FSMCLI
import Foundation

struct Diagrams: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every machine's diagrams: NAME.dot, NAME.mmd and, with Graphviz, NAME.svg.",
        discussion: """
        Writes a file only when its bytes change, and says which. With --check, writes nothing and \
        exits 1 naming each missing or stale .dot/.mmd file (SVGs depend on the Graphviz version and are \
        not compared). Refresh the committed diagrams with:
          swift package --allow-writing-to-package-directory generate-diagrams
        """
    )

    @Option(help: ArgumentHelp("The folder to write to.", valueName: "dir"))
    var output = "Diagrams"
    @Flag(help: "Write nothing; exit 1 if any diagram is missing or differs from the code.")
    var check = false

    func run() throws {
        let generator = DiagramGenerator(catalog: catalog, directory: URL(fileURLWithPath: output), graphviz: Graphviz.find())
        if check {
            let stale = generator.check()
            guard stale.isEmpty else {
                for line in stale { printError(line) }
                printError("\(stale.count) diagram file(s) out of date; regenerate with: swift package --allow-writing-to-package-directory generate-diagrams")
                throw ExitCode(1)
            }
            print("\(generator.textFiles.count) diagram files match the code")
            return
        }
        if generator.graphviz == nil {
            printError("note: Graphviz ('dot') is not installed: SVGs not rendered (install graphviz to render them)")
        }
        let report = try generator.write()
        for name in report.written { print("wrote \(output)/\(name)") }
        print("\(report.written.count) file(s) written, \(report.unchanged) unchanged")
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
