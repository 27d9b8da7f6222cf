import FSM
import Foundation

/// Writes the diagrams of a catalog: per machine `NAME.dot`, `NAME.mmd` and, when Graphviz
/// is installed, `NAME.svg`, plus a `README.md` that shows them. A file is written only when
/// its bytes change; ``check()`` writes nothing and names every missing or stale file.
public struct DiagramGenerator: Sendable {
    /// The machines to draw.
    public let catalog: Catalog
    /// The folder the files go to.
    public let directory: URL
    /// The SVG renderer, or `nil` when Graphviz is not installed.
    public let graphviz: Graphviz?

    /// Creates a generator.
    public init(catalog: Catalog, directory: URL, graphviz: Graphviz?) {
        self.catalog = catalog
        self.directory = directory
        self.graphviz = graphviz
    }

    /// One generated text file: its name in the folder and its contents.
    public struct File: Sendable, Equatable {
        /// The file's name, e.g. `login.dot`.
        public let name: String
        /// The file's text.
        public let contents: String
    }

    /// What ``write()`` did.
    public struct Report: Sendable, Equatable {
        /// The files written because they were missing or their bytes changed, in order.
        public var written: [String] = []
        /// The number of files already up to date.
        public var unchanged = 0
        /// Whether SVGs were rendered (false when Graphviz is not installed).
        public var renderedSVG = false
    }

    /// The text files, in order: each machine's `.dot` and `.mmd`, then `README.md`.
    /// These are what ``check()`` compares.
    public var textFiles: [File] {
        catalog.entries.flatMap { entry in
            [File(name: "\(entry.name).dot", contents: entry.machine.dot(DiagramOptions())),
             File(name: "\(entry.name).mmd", contents: entry.machine.mermaid(DiagramOptions()))]
        } + [File(name: "README.md", contents: readme)]
    }

    /// Writes every file whose bytes differ (creating the folder if needed), and renders
    /// the SVGs when Graphviz is installed.
    public func write() throws -> Report {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var report = Report()
        for file in textFiles {
            try store(Data(file.contents.utf8), as: file.name, in: &report)
        }
        if let graphviz {
            for entry in catalog.entries {
                let svg = try graphviz.svg(fromDOT: entry.machine.dot(DiagramOptions()))
                try store(svg, as: "\(entry.name).svg", in: &report)
            }
            report.renderedSVG = true
        }
        return report
    }

    /// The text files that are missing or differ from what the code generates, each with
    /// why. Writes nothing. SVGs are not compared: their bytes depend on Graphviz's version.
    public func check() -> [String] {
        textFiles.compactMap { file in
            let url = directory.appendingPathComponent(file.name)
            guard let existing = FileManager.default.contents(atPath: url.path) else {
                return "\(url.path): missing"
            }
            return existing == Data(file.contents.utf8) ? nil : "\(url.path): stale (differs from the code)"
        }
    }

    private func store(_ data: Data, as name: String, in report: inout Report) throws {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.contents(atPath: url.path) == data {
            report.unchanged += 1
        } else {
            try data.write(to: url, options: .atomic)
            report.written.append(name)
        }
    }

    /// `Diagrams/README.md`: each machine's caption, SVG and Mermaid block.
    var readme: String {
        var lines = [
            "# Diagrams",
            "",
            "Generated from the machine definitions in `Sources/UseCases/Machines` by",
            "`swift package --allow-writing-to-package-directory generate-diagrams`",
            "(or `swift run fsm diagrams`). Do not edit by hand: CI runs `fsm diagrams --check`",
            "and fails when a file here no longer matches the code.",
            "",
            "Legend: an arrow is `event [guard] / effects`; a dashed self-loop is an internal",
            "transition; a dotted grey loop lists the events a state ignores; a double circle is a",
            "final state; a dashed box groups the states of one case (`failure(network)`, ...).",
        ]
        for entry in catalog.entries {
            lines += [
                "",
                "## \(entry.name)",
                "",
                entry.summary,
                "",
                "![\(entry.name)](\(entry.name).svg)",
                "",
                "```mermaid",
                entry.machine.mermaid(DiagramOptions()).trimmingCharacters(in: .newlines),
                "```",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
