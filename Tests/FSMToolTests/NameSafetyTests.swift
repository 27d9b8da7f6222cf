import FSM
@testable import FSMTool
import Foundation
import Testing
import TestSupport

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

@Suite("Any name is drawn intact and cannot break the syntax")
struct NameSafetyTests {
    @Test("Graphviz draws every name exactly as given", .enabled(if: graphviz != nil || inCI), arguments: userNames)
    func graphvizDrawsNamesIntact(name: String) throws {
        let graphviz = try #require(graphviz, "Graphviz (dot) is not installed; CI installs it")
        let definition = machine(named: name)
        let texts = SVGText.texts(try graphviz.svg(fromDOT: definition.dot()))
        for expected in [name + " 1", name + " 2"] {
            #expect(texts.contains { $0.trimmingCharacters(in: .whitespaces) == expected.trimmingCharacters(in: .whitespaces) },
                    "'\(expected)' is not drawn as such; drawn: \(texts)")
        }
        // A long label puts its guard and its effects on lines of their own.
        let label = "\(name) e [\(name) g] / \(name) x"
        let drawnLabel = SVGText.drawsLabel(label, in: texts)
        #expect(drawnLabel, "'\(label)' is not drawn as such; drawn: \(texts)")
        let plain = String(decoding: try graphviz.run(["-Tplain"], input: definition.dot()), as: UTF8.self)
        #expect(plain.split(separator: "\n").filter { $0.hasPrefix("node ") }.count == 3)
    }

    @Test("a YAML parser reads Mermaid's title back as the exact name", .enabled(if: YAML.available || inCI), arguments: userNames + ["line\nbreak", "bell\u{07}", "c1\u{85}x", "non\u{FFFF}char"])
    func mermaidTitleParses(name: String) throws {
        let mermaid = machine(named: name).mermaid()
        let lines = mermaid.split(separator: "\n", omittingEmptySubsequences: false)
        let end = try #require(lines.dropFirst().firstIndex(of: "---"), "the front matter ends")
        try #require(lines[0] == "---" && lines[1].hasPrefix("title: "), "the front matter starts with the title")
        let title = try YAML.title(of: lines[1..<end].joined(separator: "\n"))
        #expect(title == name)
    }
}

/// PyYAML, through python3, as an independent YAML parser.
enum YAML {
    static let available: Bool = (try? run("import yaml", input: "")) != nil

    /// The `title` that PyYAML reads from a front matter (without its `---` lines).
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
