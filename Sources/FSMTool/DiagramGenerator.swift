import FSM
import FSMREPL
import FSMTerminal
import Foundation

/// Writes the diagrams of a list of machines into a folder (the files of a ``DiagramSet``:
/// per machine `NAME.dot`, `NAME.mmd` and, when Graphviz is installed, `NAME.svg`, plus a
/// `README.md` that shows them), or into a DocC catalog (per machine `Diagrams/NAME.svg`
/// and an article `Diagrams/NAME-machine.md` with the drawing and the transition table). A file is
/// written only when its bytes change; ``check()`` writes nothing and names every missing or
/// stale file, with a diff.
///
/// Each SVG carries the digest of the DOT it was drawn from, so a check tells a stale SVG
/// without Graphviz and whatever Graphviz version drew it; a missing SVG is reported only
/// where Graphviz is installed, since only there can it be written.
///
/// Writing is all or nothing as far as the disk allows: every changed file is first written
/// whole under a temporary name in the folder, and only when all of them are written are
/// they renamed over the old ones. When the disk fills up (or anything else fails) before
/// that, the temporary files are removed and no file is replaced; the error
/// (``DiagramWriteError``) names the file that failed, and which files were replaced and
/// which not. A `README.md` in the folder that this tool did not write is never replaced.
///
/// Files are written through ``RegularFile``: a device, FIFO, socket or folder where a file
/// goes is refused (nothing replaced), a symbolic link is followed to the file it names; the
/// temporaries (`.NAME.PID.tmp`) are removed on SIGINT and SIGTERM, and those a killed run
/// left behind are swept by the next.
package struct DiagramGenerator: Sendable {
    /// The files to write.
    package let diagrams: DiagramSet
    /// The folder the files go to.
    package let directory: URL
    /// The SVG renderer, or `nil` when Graphviz is not installed.
    package let graphviz: Graphviz?
    /// Whether the folder is a DocC catalog (articles and SVGs under `Diagrams/`) rather
    /// than a diagrams folder.
    package let isDocCCatalog: Bool
    /// Where files are written (the disk, or a stand-in that fails in tests).
    let files: FileWriting
    /// The tool's name, for a refusal (`fsm writes only regular files`).
    package var toolName = "fsm"

    /// Creates a generator.
    /// - Parameters:
    ///   - machines: The machines, in the order the README shows them.
    ///   - directory: The folder.
    ///   - graphviz: The SVG renderer, or `nil`.
    ///   - options: A direction for every diagram (`nil`: each machine's own), and whether
    ///     effects are drawn.
    ///   - docc: Whether `directory` is a DocC catalog.
    package init(machines: [any MachineDescribing], directory: URL, graphviz: Graphviz?, options: DiagramOptions = DiagramOptions(), docc: Bool = false) {
        self.init(machines: machines, directory: directory, graphviz: graphviz, options: options, docc: docc, files: PosixFiles())
    }

    init(machines: [any MachineDescribing], directory: URL, graphviz: Graphviz?, options: DiagramOptions = DiagramOptions(), docc: Bool = false, files: FileWriting) {
        diagrams = DiagramSet(machines, options: options)
        self.directory = directory
        self.graphviz = graphviz
        isDocCCatalog = docc
        self.files = files
    }

    /// What ``write()`` did.
    package struct Report: Sendable, Equatable {
        /// The files written because they were missing or their bytes changed, in order.
        package var written: [String] = []
        /// The number of files already up to date.
        package var unchanged = 0
        /// Whether SVGs were rendered (false when Graphviz is not installed).
        package var renderedSVG = false
        /// The articles of an earlier version removed (see ``leftovers``).
        package var removed: [String] = []
    }

    /// In a DocC catalog, the machines' articles an earlier version wrote as
    /// `Diagrams/NAME.md` (with the generated marker): their pages would clash with a type of
    /// the machine's name, as the `NAME-machine.md` that replace them do not.
    package var leftovers: [String] {
        guard isDocCCatalog else { return [] }
        return diagrams.stems.map { "Diagrams/\($0).md" }.filter { name in
            files.contents(of: url(name)).map { String(decoding: $0.prefix(4_096), as: UTF8.self).contains(DiagramSet.generatedMarker) } ?? false
        }
    }

    /// The text files, in order: each machine's `.dot` and `.mmd`, then `README.md` (in a
    /// DocC catalog, each machine's article). These are what ``check()`` compares byte for
    /// byte.
    package var textFiles: [DiagramSet.File] { isDocCCatalog ? diagrams.doccArticles : diagrams.files }

    /// Per machine, the SVG's path in the folder, the DOT it is drawn from, and its stem.
    var svgFiles: [(name: String, dot: String, stem: String)] {
        zip(diagrams.svgSources, diagrams.stems).map { source, stem in
            ((isDocCCatalog ? "Diagrams/" : "") + source.name, source.dot, stem)
        }
    }

    /// Writes every file whose bytes differ (creating the folder if needed), and renders
    /// the SVGs when Graphviz is installed. Renders everything before writing anything.
    /// - Throws: ``DiagramWriteError`` when a file cannot be written (see the type's
    ///   documentation for what is then on disk), ``GraphvizError`` when `dot` fails (nothing
    ///   is written then).
    package func write() throws -> Report {
        var wanted = textFiles.map { (name: $0.name, data: Data($0.contents.utf8)) }
        if let graphviz {
            for svg in svgFiles {
                let drawn = String(decoding: try graphviz.svg(fromDOT: svg.dot), as: UTF8.self)
                wanted.append((svg.name, Data(DiagramSet.stamped(drawn, dot: svg.dot, stem: svg.stem).utf8)))
            }
        } else if isDocCCatalog {
            throw DiagramWriteError(file: "", reason: "a DocC catalog shows the SVGs, and Graphviz ('dot') is not installed to draw them: install graphviz", replaced: [], notReplaced: [])
        }
        do {
            let folders = Set(wanted.map { url($0.name).deletingLastPathComponent() })
            for folder in folders.sorted(by: { $0.path < $1.path }) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        } catch {
            throw DiagramWriteError(file: "", reason: FileText.describe(error), replaced: [], notReplaced: [])
        }
        // Each file where it goes: a link followed to the file it names; a device, FIFO,
        // socket or folder in a file's place refused before anything is read or replaced.
        var targets: [String: URL] = [:]
        for file in wanted {
            do {
                targets[file.name] = URL(fileURLWithPath: try RegularFile.destination(of: url(file.name).path, tool: toolName))
            } catch {
                throw DiagramWriteError(file: file.name, reason: error.description, replaced: [], notReplaced: [])
            }
        }
        // Temporaries of an earlier run killed while it wrote (SIGKILL), of these files only.
        for (folder, names) in Dictionary(grouping: targets.values, by: { $0.deletingLastPathComponent().path }) {
            RegularFile.sweepStale(in: folder, names: Set(names.map(\.lastPathComponent)))
        }
        if !isDocCCatalog { try refuseForeignReadme() }
        var report = Report(renderedSVG: graphviz != nil)
        let changed = wanted.filter { files.contents(of: target($0.name, in: targets)) != $0.data }
        report.unchanged = wanted.count - changed.count
        // Phase one: every changed file whole under a temporary name; nothing replaced yet.
        var staged: [(name: String, temporary: URL)] = []
        for file in changed {
            let temporary = URL(fileURLWithPath: RegularFile.temporaryPath(for: target(file.name, in: targets).path))
            do {
                try files.create(temporary, file.data)
            } catch {
                for written in staged { files.remove(written.temporary) }
                files.remove(temporary)
                throw DiagramWriteError(file: file.name, reason: String(describing: error), replaced: [], notReplaced: changed.map(\.name))
            }
            staged.append((file.name, temporary))
        }
        // Phase two: rename each over its old file (needs no space).
        for (position, file) in staged.enumerated() {
            do {
                try files.rename(file.temporary, to: target(file.name, in: targets))
            } catch {
                for rest in staged[position...] { files.remove(rest.temporary) }
                throw DiagramWriteError(file: file.name, reason: String(describing: error), replaced: report.written, notReplaced: staged[position...].map(\.name))
            }
            report.written.append(file.name)
        }
        for name in leftovers {
            files.remove(url(name))
            report.removed.append(name)
        }
        return report
    }

    /// A file that is missing or differs from what the code generates.
    package struct StaleFile: Sendable, Equatable, CustomStringConvertible {
        /// The file's path.
        package let path: String
        /// Why: `missing`, `stale (differs from the code)`, or for an SVG
        /// `stale (drawn from another NAME.dot)`.
        package let reason: String
        /// What changed, as a unified diff of the text (empty for a missing file or an SVG).
        package let diff: String

        /// `PATH: REASON`.
        package var description: String { "\(path): \(reason)" }
    }

    /// The files that are missing or differ from what the code generates, each with why and
    /// a diff. Writes nothing. An SVG is stale when it was drawn from another DOT than the
    /// code's (its digest differs); a missing SVG counts only when Graphviz is installed.
    package func check() -> [StaleFile] {
        var stale: [StaleFile] = []
        for file in textFiles {
            let path = url(file.name).path
            guard let existing = files.contents(of: url(file.name)) else {
                stale.append(StaleFile(path: path, reason: "missing", diff: ""))
                continue
            }
            if existing != Data(file.contents.utf8) {
                let diff = LineDiff.unified(old: String(decoding: existing, as: UTF8.self), new: file.contents, limit: 24)
                stale.append(StaleFile(path: path, reason: "stale (differs from the code)", diff: diff))
            }
        }
        for svg in svgFiles {
            let path = url(svg.name).path
            if let existing = files.contents(of: url(svg.name)) {
                if !DiagramSet.isDrawn(from: svg.dot, String(decoding: existing.prefix(1_000), as: UTF8.self), stem: svg.stem) {
                    stale.append(StaleFile(path: path, reason: "stale (drawn from another \(svg.stem).dot)", diff: ""))
                }
            } else if graphviz != nil {
                stale.append(StaleFile(path: path, reason: "missing", diff: ""))
            }
        }
        for name in leftovers {
            stale.append(StaleFile(path: url(name).path, reason: "left by an earlier version (the article is now \(name.dropLast(3))-machine.md): delete it", diff: ""))
        }
        return stale
    }

    private func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Where a file goes (its link followed), or the file in the folder.
    private func target(_ name: String, in targets: [String: URL]) -> URL { targets[name] ?? url(name) }

    /// Refuses to replace a `README.md` this tool did not write (one without the generated
    /// header in its first lines): the folder is somebody's own, not a diagrams folder.
    private func refuseForeignReadme() throws(DiagramWriteError) {
        guard let existing = files.contents(of: url("README.md")) else { return }
        let head = String(decoding: existing.prefix(512), as: UTF8.self)
        guard !head.contains(DiagramSet.generatedMarker) else { return }
        throw DiagramWriteError(
            file: "README.md",
            reason: "it was not written by this tool (no '\(DiagramSet.generatedMarker)' in its first lines), so it is not replaced; write the diagrams to a folder of their own",
            replaced: [], notReplaced: [])
    }
}

/// The diagrams could not all be written: the file that failed and why, and which files
/// were replaced before that and which were not (every changed file is staged before any is
/// replaced, so after a full disk `replaced` is empty).
package struct DiagramWriteError: Error, CustomStringConvertible, Equatable {
    /// The file that could not be written (empty when the folder itself could not be made).
    package let file: String
    /// Why, in a few words.
    package let reason: String
    /// The files replaced with their new contents before the failure, in order.
    package let replaced: [String]
    /// The files that needed new contents and kept their old ones (or stayed missing).
    package let notReplaced: [String]

    /// `login.svg: No space left on device; no file was replaced (not written: ...)`.
    package var description: String {
        var text = (file.isEmpty ? "" : "\(file): ") + reason
        if !notReplaced.isEmpty || !replaced.isEmpty {
            text += replaced.isEmpty
                ? "; no file was replaced (not written: \(notReplaced.joined(separator: ", ")))"
                : "; replaced: \(replaced.joined(separator: ", ")); not replaced: \(notReplaced.joined(separator: ", "))"
        }
        return text
    }
}

/// How ``DiagramGenerator`` reads and writes files: the disk, or in tests a stand-in that
/// fails where a test says.
protocol FileWriting: Sendable {
    /// A file's bytes, or `nil` when it cannot be read.
    func contents(of url: URL) -> Data?
    /// Creates a new file (none may exist there) with `data`, flushed to the disk.
    func create(_ url: URL, _ data: Data) throws(FileError)
    /// Renames a file over another, atomically.
    func rename(_ url: URL, to destination: URL) throws(FileError)
    /// Removes a file, if it is there.
    func remove(_ url: URL)
}

/// A system call on a file that failed, with its error number.
struct FileError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// The disk, through POSIX calls, so that every failure has its true error number.
struct PosixFiles: FileWriting {
    /// A regular file's bytes (a FIFO is never opened to wait, a device never read).
    func contents(of url: URL) -> Data? { RegularFile.contents(of: url.path).map { Data($0) } }

    /// Through ``RegularFile/create(_:_:permissions:)``: registered, so that SIGINT or
    /// SIGTERM removes it.
    func create(_ url: URL, _ data: Data) throws(FileError) {
        do {
            try RegularFile.create(url.path, Array(data), permissions: 0o644)
        } catch {
            throw FileError(code: error.code ?? EIO)
        }
    }

    func rename(_ url: URL, to destination: URL) throws(FileError) {
        // Whatever is there now is a regular file or nothing: a device put in place since
        // the check is not replaced.
        var status = stat()
        if lstat(destination.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { throw FileError(code: EEXIST) }
        guard Foundation.rename(url.path, destination.path) == 0 else { throw FileError(code: errno) }
        Temporaries.unregister(url.path)
    }

    func remove(_ url: URL) { RegularFile.remove(url.path) }
}
