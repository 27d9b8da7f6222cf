import Foundation

/// Reading and writing text files for sessions and scripts.
public enum FileText {
    /// Writes `contents` to the file at `path` (UTF-8), replacing it.
    public static func write(_ path: String, _ contents: String) throws {
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The lines of the file at `path`, invalid UTF-8 repaired, without line terminators.
    public static func lines(of path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
