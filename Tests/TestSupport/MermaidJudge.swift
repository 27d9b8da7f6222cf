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
        /// Where the drawing puts the states and lines (`nil` when Mermaid refused the text).
        public let geometry: Geometry?

        /// The texts to look for in the drawing: each drawn text with its line breaks read as
        /// spaces (a label Mermaid draws on several lines: `event`, then `/ effects` below),
        /// and each of its lines on its own (a state's description: an effect list, an
        /// internal transition, an ignored list a line each).
        public var shown: Set<String> {
            Set(texts.flatMap { text in [text.replacingOccurrences(of: "\n", with: " ")] + text.split(separator: "\n").map(String.init) })
        }
    }

    /// The boxes and lines of a drawing, in the SVG's coordinates.
    public struct Geometry: Decodable, Sendable {
        /// Each state's and composite state's box, `[x0, y0, x1, y1]`, by its id in the text.
        public let boxes: [String: [Double]]
        /// Each line Mermaid drew, in its own numbering (notes' lines included).
        public let edges: [Edge]

        /// One drawn line.
        public struct Edge: Decodable, Sendable {
            /// Its first point, `[x, y]`.
            public let start: [Double]
            /// Whether Mermaid drew it (a path of one point draws nothing).
            public let drawn: Bool
            /// Its label's text, whitespace collapsed.
            public let label: String
        }
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

