import FSM
@testable import FSMTool
import Foundation
import Testing

/// Names a user may give that once broke or altered the output: HTML entities that Graphviz
/// decoded, Graphviz's own backslash escapes, and YAML syntax in Mermaid's front matter.
let userNames = [
    "a&amp;b", "x&lt;y", "&#35;1", "fish & chips", "&", "back\\Nslash \\G \\l \\r \\E",
    "#hash", "a #comment", "[list]", "*alias", "!tag", "@at", "'quoted'", "- dash", "`tick`", "? key", "key: value",
    "{flow}", "|pipe", ">fold", "%percent", "\"dq\"", "trailing ", " leading", "tab\there", "日本語 ✓ café", "null", "true", "123",
]

private let graphviz = Graphviz.find()
private let inCI = ProcessInfo.processInfo.environment["CI"] != nil

/// A machine whose name, states, events, guard and effects are the given name (with a
/// suffix so that each element stays distinct).
func machine(named name: String) -> MachineDefinition<String, String, String, Void> {
    MachineDefinition(name: name, initial: name + " 1", events: [name + " e"]) {
        In(name + " 1") { On(name + " e", to: name + " 2", guard: Guard(name + " g") { _ in true }, emit: name + " x") }
        Final(name + " 2") { IgnoreOtherEvents() }
    }
}

/// The texts of an SVG's `<text>` elements, XML entities decoded.
private func drawnTexts(_ svg: Data) -> [String] {
    String(decoding: svg, as: UTF8.self).matches(of: #/<text[^>]*>([^<]*)</text>/#).map { match in
        String(match.output.1)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#45;", with: "-")
            .replacingOccurrences(of: "&#160;", with: " ").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}

@Suite("Any name is drawn intact and cannot break the syntax")
struct NameSafetyTests {
    @Test("Graphviz draws every name exactly as given", .enabled(if: graphviz != nil || inCI), arguments: userNames)
    func graphvizDrawsNamesIntact(name: String) throws {
        let graphviz = try #require(graphviz, "Graphviz (dot) is not installed; CI installs it")
        let definition = machine(named: name)
        let texts = drawnTexts(try graphviz.svg(fromDOT: definition.dot()))
        // A long label puts its effects on a line of their own.
        let short = "\(name) e [\(name) g] / \(name) x".count <= 30
        let labels = short ? ["\(name) e [\(name) g] / \(name) x"] : ["\(name) e [\(name) g]", "/ \(name) x"]
        for expected in [name + " 1", name + " 2"] + labels {
            #expect(texts.contains { $0.trimmingCharacters(in: .whitespaces) == expected.trimmingCharacters(in: .whitespaces) },
                    "'\(expected)' is not drawn as such; drawn: \(texts)")
        }
        let plain = String(decoding: try graphviz.run(["-Tplain"], input: definition.dot()), as: UTF8.self)
        #expect(plain.split(separator: "\n").filter { $0.hasPrefix("node ") }.count == 3)
    }

    @Test("a YAML parser reads Mermaid's title back as the exact name", .enabled(if: YAML.available || inCI), arguments: userNames + ["line\nbreak", "bell\u{07}", "c1\u{85}x", "non\u{FFFF}char"])
    func mermaidTitleParses(name: String) throws {
        let mermaid = machine(named: name).mermaid()
        let lines = mermaid.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count > 3 && lines[0] == "---" && lines[2] == "---", "the front matter is three lines")
        let title = try YAML.title(of: String(lines[1]))
        #expect(title == name)
    }
}

/// PyYAML, through python3, as an independent YAML parser.
enum YAML {
    static let available: Bool = (try? run("import yaml", input: "")) != nil

    /// The `title` that PyYAML reads from one front-matter line.
    static func title(of line: String) throws -> String {
        try run("import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin.read())['title']))", input: line)
            .flatMap { try JSONDecoder().decode(String.self, from: Data($0.utf8)) } ?? ""
    }

    /// Runs a Python program on an input; its standard output, or `nil` when it failed.
    static func run(_ program: String, input: String) throws -> String? {
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", program], input: Data(input.utf8))
        return result.status == 0 ? String(decoding: result.output, as: UTF8.self) : nil
    }
}
