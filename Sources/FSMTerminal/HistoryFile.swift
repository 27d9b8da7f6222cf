import Foundation

/// A history saved between sessions: one entry per line, the newest last, at most
/// ``limit`` entries kept.
public struct HistoryFile: Sendable {
    /// The file.
    public let url: URL
    /// The most entries kept.
    public let limit: Int
    /// How many times ``append(_:)`` tries the lock, 10 ms apart, before it gives up.
    var lockAttempts = 200

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
        guard let folder = stateFolder(tool: tool, environment: environment) else { return nil }
        return HistoryFile(url: folder.appendingPathComponent("history").appendingPathComponent(safe(name)))
    }

    /// The tool's folder in the user's state directory: `$XDG_STATE_HOME/TOOL` (default
    /// `~/.local/state/TOOL`), or on macOS `~/Library/Application Support/TOOL`; `nil` when
    /// there is no home.
    package static func stateFolder(tool: String, environment: [String: String]) -> URL? {
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
        return base.appendingPathComponent(safe(tool))
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

    /// The saved entries, the newest ``limit`` (none when the file is missing or unreadable).
    public func load() -> [String] {
        Array(entries().suffix(limit))
    }

    /// Adds entries at the end of the file, keeping the newest ``limit``.
    ///
    /// Sessions sharing the file (two windows) never lose each other's lines: under an
    /// exclusive lock (`flock` on `NAME.lock` beside the file), the file is read again, the
    /// entries are added after what is there now, and the result replaces it atomically (a
    /// temporary file renamed over it), so a reader never sees half a file. Entries with a
    /// line break are left out. Errors are ignored: a history is a convenience, and a
    /// read-only home, a full disk or a lock held for more than about two seconds must not
    /// stop or hang a session (the file is then unchanged).
    public func append(_ newEntries: [String]) {
        let added = newEntries.filter { !$0.contains("\n") && !$0.contains("\r") }
        guard !added.isEmpty else { return }
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = open(url.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { return }
        defer { close(lock) }
        // Waits at most about two seconds for the lock: a session stopped while it held it
        // (Ctrl-Z at the wrong moment, a debugger) must not hang this one's end.
        var tries = 0
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, tries + 1 < lockAttempts else { return }
            tries += 1
            usleep(10_000)
        }
        defer { flock(lock, LOCK_UN) }
        let kept = (entries() + added).suffix(limit)
        let text = kept.map { $0 + "\n" }.joined()
        // Through RegularFile: a link is followed to the file it names (the link stays); a
        // device, FIFO or folder in the history's place is left alone (and nothing saved).
        try? RegularFile.write(Array(text.utf8), to: url.path, permissions: 0o600, tool: "fsm")
    }

    /// Every line of the file, oldest first (none unless it is a regular file: a FIFO in its
    /// place never blocks).
    private func entries() -> [String] {
        guard let bytes = RegularFile.contents(of: url.path) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
