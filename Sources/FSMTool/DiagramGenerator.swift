import FSM
import Foundation

/// Writes the diagrams of a list of machines into a folder (the files of a ``DiagramSet``:
/// per machine `NAME.dot`, `NAME.mmd` and, when Graphviz is installed, `NAME.svg`, plus a
/// `README.md` that shows them). A file is written only when its bytes change; ``check()``
/// writes nothing and names every missing or stale file.
public struct DiagramGenerator: Sendable {
    /// The files to write.
    public let diagrams: DiagramSet
    /// The folder the files go to.
    public let directory: URL
    /// The SVG renderer, or `nil` when Graphviz is not installed.
    public let graphviz: Graphviz?

    /// Creates a generator.
    public init(machines: [any MachineDescribing], directory: URL, graphviz: Graphviz?) {
        diagrams = DiagramSet(machines)
        self.directory = directory
        self.graphviz = graphviz
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
    public var textFiles: [DiagramSet.File] { diagrams.files }

    /// Writes every file whose bytes differ (creating the folder if needed), and renders
    /// the SVGs when Graphviz is installed.
    public func write() throws -> Report {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var report = Report()
        for file in textFiles {
            try store(Data(file.contents.utf8), as: file.name, in: &report)
        }
        if let graphviz {
            for source in diagrams.svgSources {
                try store(try graphviz.svg(fromDOT: source.dot), as: source.name, in: &report)
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
}
