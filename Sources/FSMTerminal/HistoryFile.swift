import Foundation

/// A history saved between sessions: one entry per line, the newest last, at most
/// ``limit`` entries kept.
public struct HistoryFile: Sendable {
    /// The file.
    public let url: URL
    /// The most entries kept.
    public let limit: Int

    /// A history file at `url`.
    public init(url: URL, limit: Int = 1_000) {
        self.url = url
        self.limit = max(1, limit)
    }

    /// The history for one machine of one tool, in the user's state directory:
    /// `$XDG_STATE_HOME/TOOL/history/NAME` (default `~/.local/state`), or on macOS
    /// `~/Library/Application Support/TOOL/history/NAME`. Characters other than letters,
    /// digits, `-`, `_` and `.` in the names become `_`. `nil` when there is no home.
    public static func standard(tool: String, name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> HistoryFile? {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            #if os(macOS)
            base = URL(fileURLWithPath: home).appendingPathComponent("Library/Application Support")
            #else
            base = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
            #endif
        } else {
            return nil
        }
        return HistoryFile(url: base.appendingPathComponent(safe(tool)).appendingPathComponent("history").appendingPathComponent(safe(name)))
    }

    static func safe(_ name: String) -> String {
        let kept = name.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": String(scalar)
            default: "_"
            }
        }.joined()
        return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "_" + kept : kept
    }

    /// The saved entries (none when the file is missing or unreadable).
    public func load() -> [String] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return Array(lines.suffix(limit))
    }

    /// Saves the newest ``limit`` entries; errors are ignored (a history is a convenience:
    /// a read-only home must not stop a session).
    public func save(_ entries: [String]) {
        let kept = entries.suffix(limit).filter { !$0.contains("\n") }
        let text = kept.map { $0 + "\n" }.joined()
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url, options: .atomic)
    }
}
