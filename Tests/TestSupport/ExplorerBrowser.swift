import Foundation
import FSMTool
import Testing

/// An explorer page driven in Debian's Chromium by Playwright (`Judges/explorer-driver.py`,
/// network blocked): a program of clicks, downloads and uploads, and what the page showed.
public enum ExplorerBrowser {
    /// One thing to do in the page.
    public enum Action {
        case event(String)
        case toggleGuard(String)
        case advance
        case undo
        /// Download snapshot: the result is the file saved (`name`, `text`).
        case download
        /// Upload snapshot: the result is the status the page then shows.
        case upload(name: String, text: String)
        /// What the page shows now (`Reading`).
        case read

        var json: [String: Any] {
            switch self {
            case let .event(name): ["event": name]
            case let .toggleGuard(name): ["guard": name]
            case .advance: ["advance": true]
            case .undo: ["undo": true]
            case .download: ["download": true]
            case let .upload(name, text): ["upload": ["name": name, "text": text]]
            case .read: ["read": true]
            }
        }
    }

    /// What the page showed at a `.read`.
    public struct Reading: Sendable, Equatable {
        public let state: String
        public let situation: Int
        /// The snapshot the page would download now.
        public let snapshot: String
        public let transcript: String
        public let script: String
        public let swiftTest: String
        /// The snapshot controls' status line.
        public let status: String
        public let timers: String
        public let memory: String
        public let hint: String
        public let current: String
    }

    /// What a run gave back: per action, `nil`, a download (`[name, text]`), an upload's
    /// status or a reading.
    public enum Result: Sendable, Equatable {
        case none
        case download(name: String, text: String)
        case status(String)
        case reading(Reading)

        public var reading: Reading? { if case let .reading(value) = self { value } else { nil } }
        public var downloaded: String? { if case let .download(_, text) = self { text } else { nil } }
        public var status: String? { if case let .status(text) = self { text } else { nil } }
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Judges/explorer-driver.py").path
    static let chromium = "/usr/bin/chromium"

    /// Whether Chromium and python3 with Playwright are here (the judges tier installs them).
    public static let available: Bool = {
        guard FileManager.default.isExecutableFile(atPath: chromium),
              let run = try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import playwright.sync_api"], input: Data(), timeLimit: .seconds(60)) else { return false }
        return run.status == 0
    }()

    /// Whether the browser suites run: when Chromium and Playwright are here, or where the
    /// judges tier asks for them (`FSM_EXPLORER_OUT` set: their absence is then a failure);
    /// not under a sanitizer, which looks for errors in our code, not in Chromium's.
    public static let runs: Bool = {
        (available || !(ProcessInfo.processInfo.environment["FSM_EXPLORER_OUT"] ?? "").isEmpty) && !runningUnderSanitizer
    }()

    /// Opens `html` (written to a temporary file) and does `actions` in order.
    public static func run(page html: String, _ actions: [Action]) throws -> [Result] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-explorer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: page)
        let program: [String: Any] = ["page": page.path, "chromium": chromium, "actions": actions.map(\.json)]
        let input = try JSONSerialization.data(withJSONObject: program)
        let run = try Subprocess.run("/usr/bin/env", ["python3", script], input: input, timeLimit: .seconds(180))
        guard run.status == 0 else {
            Issue.record("explorer-driver failed (\(run.status)): \(String(decoding: run.errors, as: UTF8.self))")
            return []
        }
        guard let output = try JSONSerialization.jsonObject(with: run.output) as? [String: Any],
              let results = output["results"] as? [Any], let errors = output["errors"] as? [String] else {
            Issue.record("explorer-driver wrote no results: \(String(decoding: run.output, as: UTF8.self))")
            return []
        }
        #expect(errors == [], "the page reported errors")
        return results.map { result in
            if let text = result as? String { return .status(text) }
            guard let object = result as? [String: Any] else { return .none }
            if let name = object["name"] as? String, let text = object["text"] as? String { return .download(name: name, text: text) }
            func string(_ key: String) -> String { object[key] as? String ?? "" }
            return .reading(Reading(
                state: string("state"), situation: object["situation"] as? Int ?? -1, snapshot: string("snapshot"), transcript: string("transcript"),
                script: string("script"), swiftTest: string("swiftTest"), status: string("status"), timers: string("timers"),
                memory: string("memory"), hint: string("hint"), current: string("current")))
        }
    }
}
