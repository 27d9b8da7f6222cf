import FSM
import Foundation
import Testing

/// Expects the committed diagrams of `machines` to match the code, snapshot style: the
/// files of their ``DiagramSet`` (per machine `NAME.dot` and `NAME.mmd`, and `README.md`)
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
/// passing one. SVGs are not written or compared (they need Graphviz, and their bytes
/// depend on its version): the tool's `diagrams` command and the `generate-diagrams` plugin
/// render them.
///
/// - Parameters:
///   - machines: The machines, in the order the README shows them.
///   - directory: The folder, relative to the package root (the nearest folder above the
///     calling file that holds `Package.swift`), or an absolute path. Default: `Diagrams`.
///   - record: Whether to rewrite differing files; `nil` reads `FSM_RECORD_DIAGRAMS`.
///   - filePath: The calling file, to find the package root.
/// - Returns: The names of the files that were missing or stale.
@discardableResult
public func expectDiagramsMatch(
    _ machines: [any MachineDescribing],
    directory: String = "Diagrams",
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
    let recording = record ?? DiagramSnapshot.recordingRequested(ProcessInfo.processInfo.environment)
    var differing: [String] = []
    var written: [String] = []
    for file in DiagramSet(machines).files {
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
    if !written.isEmpty {
        Issue.record(
            "recorded \(written.count) diagram file(s) in \(folder.path): \(written.joined(separator: ", ")); run the tests again without FSM_RECORD_DIAGRAMS",
            sourceLocation: sourceLocation
        )
    }
    return differing
}

/// The parts of ``expectDiagramsMatch(_:directory:record:filePath:sourceLocation:)`` that
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

/// A line diff in the spirit of `diff -u`, for messages.
enum LineDiff {
    /// Lines removed (`-`, committed) and added (`+`, generated), each hunk with two lines of
    /// context and its line numbers; at most `limit` lines of output.
    static func unified(old: String, new: String, limit: Int = 60) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = script(a, b)
        var out: [String] = ["--- committed", "+++ generated"]
        var index = 0
        while index < edits.count {
            guard let start = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var end = start
            // Extend the hunk while changes are at most four unchanged lines apart.
            while let next = edits[(end + 1)...].firstIndex(where: { $0.kind != .same }), next - end <= 5 { end = next }
            let from = max(0, start - 2), to = min(edits.count - 1, end + 2)
            out.append("@@ committed line \(edits[from].oldLine + 1), generated line \(edits[from].newLine + 1) @@")
            for edit in edits[from...to] {
                switch edit.kind {
                case .same: out.append("  " + edit.text)
                case .removed: out.append("- " + edit.text)
                case .added: out.append("+ " + edit.text)
                }
            }
            index = to + 1
            if out.count > limit { break }
        }
        if out.count > limit { out = Array(out.prefix(limit)) + ["... (diff cut at \(limit) lines)"] }
        return out.joined(separator: "\n")
    }

    struct Edit {
        enum Kind { case same, removed, added }
        let kind: Kind
        let text: String
        let oldLine: Int
        let newLine: Int
    }

    /// The edit script from `a` to `b` (longest common subsequence; for very long texts,
    /// the common prefix and suffix with everything between replaced).
    static func script(_ a: [String], _ b: [String]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)]), midB = Array(b[prefix..<(b.count - suffix)])
        var edits = (0..<prefix).map { Edit(kind: .same, text: a[$0], oldLine: $0, newLine: $0) }
        let n = midA.count, m = midB.count
        if n * m <= 4_000_000 {
            // lengths[i][j]: the LCS length of midA[i...] and midB[j...].
            var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i][j] = midA[i] == midB[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, midA[i] == midB[j] {
                    edits.append(Edit(kind: .same, text: midA[i], oldLine: prefix + i, newLine: prefix + j)); i += 1; j += 1
                } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                    edits.append(Edit(kind: .removed, text: midA[i], oldLine: prefix + i, newLine: prefix + j)); i += 1
                } else {
                    edits.append(Edit(kind: .added, text: midB[j], oldLine: prefix + i, newLine: prefix + j)); j += 1
                }
            }
        } else {
            edits += midA.enumerated().map { Edit(kind: .removed, text: $0.element, oldLine: prefix + $0.offset, newLine: prefix) }
            edits += midB.enumerated().map { Edit(kind: .added, text: $0.element, oldLine: prefix + n, newLine: prefix + $0.offset) }
        }
        edits += (0..<suffix).map { k in
            Edit(kind: .same, text: a[a.count - suffix + k], oldLine: a.count - suffix + k, newLine: b.count - suffix + k)
        }
        return edits
    }
}
