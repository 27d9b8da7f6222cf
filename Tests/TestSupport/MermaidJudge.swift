import Foundation
import FSMTool
import Testing

/// Real Mermaid (mermaidx, `pip install mermaidx`) as the judge: `Judges/mermaid-judge.py`
/// renders each text and returns what the drawing shows.
public enum MermaidJudge {
    /// What Mermaid made of one text: accepted or not, why not, and the texts it drew.
    public struct Verdict: Decodable, Sendable {
        public let ok: Bool
        public let error: String?
        public let texts: [String]
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Judges/mermaid-judge.py").path

    /// Whether python3 with mermaidx is here (CI installs it).
    public static let available: Bool = {
        guard let run = try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import mermaidx"], input: Data(), timeLimit: .seconds(60)) else { return false }
        return run.status == 0
    }()

    /// Whether the suites judged by Mermaid run: when mermaidx is here or in CI (where its
    /// absence is a failure), but not in a build under a sanitizer, which looks for races and
    /// memory errors in our code, not in Mermaid's verdicts: those suites spend most of a
    /// minute in Python. The sanitizer is seen from its runtime's entry point, no variable.
    public static let runs: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return (available || environment["CI"] != nil) && !runningUnderSanitizer
    }()

    /// The verdicts on several Mermaid texts, in order.
    public static func judge(_ texts: [String]) throws -> [Verdict] {
        let input = try JSONEncoder().encode(texts)
        let run = try Subprocess.run("/usr/bin/env", ["python3", script, "--json"], input: input, timeLimit: .seconds(300))
        guard run.status == 0 else {
            Issue.record("mermaid-judge failed (\(run.status)): \(String(decoding: run.errors, as: UTF8.self))")
            return []
        }
        return try JSONDecoder().decode([Verdict].self, from: run.output)
    }
}

