import FSM
import Foundation
import Testing

/// Expects the committed diagrams of `machines` to match the code, snapshot style (a machine
/// that cannot run fails with its errors instead, and nothing is compared or written): the
/// diagram files (per machine `NAME.dot` and `NAME.mmd`, and `README.md`, as the tool writes them)
/// in `directory` must equal, byte for byte, what the definitions generate now. Records one
/// Swift Testing issue per missing or stale file, with a line diff.
///
/// So `swift test` alone keeps a package's diagrams from drifting, with no executable:
///
/// ```swift
/// @Test func diagramsMatchTheCode() {
///     expectDiagramsMatch([Door.definition, Checkout.definition])
/// }
/// ```
///
/// To rewrite the files from the code, run the tests with the environment variable
/// `FSM_RECORD_DIAGRAMS=1` (or pass `record: true`): every differing file is written, and
/// the test fails once, naming them, so that a recording run is never mistaken for a
/// passing one. SVGs are not written (they need Graphviz: the tool's `diagrams` command and
/// the `generate-diagrams` plugin render them), but each SVG there is checked against the
/// digest of the DOT it was drawn from, so a stale one is reported too.
///
/// - Parameters:
///   - machines: The machines, in the order the README shows them.
///   - directory: The folder, relative to the package root (the nearest folder above the
///     calling file that holds `Package.swift`), or an absolute path. Default: `Diagrams`.
///   - options: The layout the files were written with: a direction for every diagram
///     (`nil`: each machine's own) and whether effects are drawn, as the tool's
///     `--direction` and `--no-effects` give them.
///   - record: Whether to rewrite differing files; `nil` reads `FSM_RECORD_DIAGRAMS`.
///   - filePath: The calling file, to find the package root.
/// - Returns: The names of the files that were missing or stale (of the machines that cannot
///   run, when some cannot).
@discardableResult
public func expectDiagramsMatch(
    _ machines: [any MachineDescribing],
    directory: String = "Diagrams",
    options: DiagramOptions = DiagramOptions(),
    record: Bool? = nil,
    filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
    let folder: URL
    if directory.hasPrefix("/") {
        folder = URL(fileURLWithPath: directory)
    } else {
        guard let root = DiagramSnapshot.packageRoot(from: "\(filePath)") else {
            Issue.record("no Package.swift found in any folder above \(filePath): pass an absolute directory", sourceLocation: sourceLocation)
            return []
        }
        folder = root.appendingPathComponent(directory)
    }
    let runnable = machines.filter { expectRunnable($0, "expectDiagramsMatch", sourceLocation: sourceLocation) }
    guard runnable.count == machines.count else { return machines.filter { machine in !runnable.contains { $0.name == machine.name } }.map(\.name) }
    let recording = record ?? DiagramSnapshot.recordingRequested(ProcessInfo.processInfo.environment)
    var differing: [String] = []
    var written: [String] = []
    let diagrams = DiagramSet(machines, options: options)
    for file in diagrams.files {
        let url = folder.appendingPathComponent(file.name)
        let existing = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
        guard existing != file.contents else { continue }
        differing.append(file.name)
        if recording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
                written.append(file.name)
            } catch {
                Issue.record("cannot write \(url.path): \(error.localizedDescription)", sourceLocation: sourceLocation)
            }
        } else {
            Issue.record(Comment(rawValue: DiagramSnapshot.report(path: url.path, committed: existing, generated: file.contents)), sourceLocation: sourceLocation)
        }
    }
    for ((name, dot), stem) in zip(diagrams.svgSources, diagrams.stems) {
        let url = folder.appendingPathComponent(name)
        guard let svg = FileManager.default.contents(atPath: url.path) else { continue }
        if !DiagramSet.isDrawn(from: dot, String(decoding: svg.prefix(1_000), as: UTF8.self), stem: stem) {
            differing.append(name)
            Issue.record("\(url.path) is stale (drawn from another \(stem).dot): regenerate with `swift package --allow-writing-to-package-directory generate-diagrams`", sourceLocation: sourceLocation)
        }
    }
    if !written.isEmpty {
        Issue.record(
            "recorded \(written.count) diagram file(s) in \(folder.path): \(written.joined(separator: ", ")); run the tests again without FSM_RECORD_DIAGRAMS",
            sourceLocation: sourceLocation
        )
    }
    return differing
}

/// The parts of ``expectDiagramsMatch(_:directory:options:record:filePath:sourceLocation:)`` that
/// need no test run.
public enum DiagramSnapshot {
    /// The environment variable that asks for recording: `FSM_RECORD_DIAGRAMS=1`.
    public static let environmentVariable = "FSM_RECORD_DIAGRAMS"

    /// Whether an environment asks for recording (`1`, `true` or `yes`).
    public static func recordingRequested(_ environment: [String: String]) -> Bool {
        guard let value = environment[environmentVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }

    /// The nearest folder at or above `path`'s folder that holds `Package.swift`.
    public static func packageRoot(from path: String) -> URL? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// What a test says of a missing or stale file: its path, how to fix it, and a line diff.
    public static func report(path: String, committed: String?, generated: String) -> String {
        let fix = "regenerate with `swift package --allow-writing-to-package-directory generate-diagrams`, or run the tests with \(environmentVariable)=1"
        guard let committed else {
            return "\(path) is missing: \(fix)"
        }
        return "\(path) is stale (differs from the code): \(fix)\n" + LineDiff.unified(old: committed, new: generated)
    }
}
