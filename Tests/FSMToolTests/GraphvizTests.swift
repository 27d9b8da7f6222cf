import FSM
import FSMREPL
import FSMTool
import Foundation
import Testing
import TestSupport

/// Names holding every character class a diagram must escape.
let trickyNames = [
    "say \"hi\"", "back\\slash", "two\nlines", "<html>{record}|pipe", "日本語 ✓ café", "failure(network)", "failure(server)", "\\\"both\\\"",
]

/// A machine over `String` states and events whose every name is tricky: a chain through
/// the names, an internal transition, a guard, effects and ignored events.
let trickyMachine = MachineDefinition<String, String, String, Void>(
    name: "tricky \"names\" <{|}>", initial: trickyNames[0], events: ["go \"on\"", "back\\{x}", "stay|<>"]
) {
    for (index, name) in trickyNames.enumerated() {
        if index == trickyNames.count - 1 {
            Final(name) { Ignore("stay|<>") }
        } else {
            In(name) {
                On("go \"on\"", to: trickyNames[index + 1], guard: Guard("ready? \"yes\" \\ <no>") { _ in true }, emit: "emit \"x\"", "y\\z\n2")
                if index > 0 { On("back\\{x}", to: trickyNames[index - 1]) }
                Internal("stay|<>", emit: "日本")
            }
        }
    }
}

private let graphviz = Graphviz.find()

/// The numbers of nodes and edges Graphviz drew, from `dot -Tplain`.
private func counts(_ dot: String, _ graphviz: Graphviz) throws -> (nodes: Int, edges: Int) {
    let plain = String(decoding: try graphviz.run(["-Tplain"], input: dot), as: UTF8.self)
    let lines = plain.split(separator: "\n")
    return (lines.filter { $0.hasPrefix("node ") }.count, lines.filter { $0.hasPrefix("edge ") }.count)
}

@Suite("Graphviz accepts the exports", .enabled(if: graphviz != nil, "Graphviz (dot) is not installed; CI installs it"))
struct GraphvizTests {
    @Test("the tricky machine is valid DOT, with the right numbers of nodes and edges")
    func trickyCounts() throws {
        let graphviz = try #require(graphviz)
        #expect(trickyMachine.validate() == [])
        let (nodes, edges) = try counts(trickyMachine.dot(), graphviz)
        #expect(nodes == trickyNames.count + 1, "one node per state and the initial point")
        #expect(edges == trickyMachine.transitions.filter { !$0.isInternal }.count + 1, "one edge per external transition and the initial arrow (internal transitions and ignored events are drawn in their state)")
    }

    @Test("every tricky name reaches the drawing intact")
    func trickyLabels() throws {
        let graphviz = try #require(graphviz)
        let texts = SVGText.texts(try graphviz.svg(fromDOT: trickyMachine.dot()))
        for name in trickyNames {
            for line in name.split(separator: "\n") {
                #expect(texts.contains(String(line)), "'\(line)' is not drawn as such; drawn: \(texts)")
            }
        }
        #expect(SVGText.drawsLabel("go \"on\" [ready? \"yes\" \\ <no>] / emit \"x\", y\\z", in: texts), "a long label: its guard and effects on lines of their own")
        #expect(texts.contains("/ emit \"x\", y\\z"), "a long label's effects on a line of their own")
        #expect(texts.contains("stay|<> / 日本"))
    }

    @Test("lines made only of ] in HTML-like labels (found by fuzzing: Graphviz's lexer refused them) are drawn as ]")
    func loneBrackets() throws {
        let graphviz = try #require(graphviz)
        let brackets = MachineDefinition<String, String, String, Void>(name: "brackets", initial: "]", events: ["w'", "]"]) {
            In("]") {
                OnEntry("a\n]")
                Internal("w'", emit: "\u{FFFD}\u{FFFD};\n]")
                On("]", to: "]]")
            }
            Final("]]") { IgnoreOtherEvents() }
        }
        let dot = brackets.dot(DiagramOptions(highlightedState: "]"))
        #expect(dot.contains("<TD>&#93;</TD>"), "a state named ]")
        let texts = SVGText.texts(try graphviz.svg(fromDOT: dot))
        #expect(texts.contains("]") && texts.contains("]]") && texts.contains("entry / a"))
        #expect(texts.contains { $0.hasSuffix(" / \u{FFFD}\u{FFFD};") }, "the fuzzer's effect: its first line; its second, ], below it")
    }

    @Test("each catalog machine is valid DOT with one node per state and one edge per transition", arguments: toolMachines.map(\.name))
    func shipped(name: String) throws {
        let graphviz = try #require(graphviz)
        let machine = try #require(toolMachines.first { $0.name == name })
        let dot = machine.dot(DiagramOptions())
        let (nodes, edges) = try counts(dot, graphviz)
        #expect(nodes == machine.stateNames.count + 1)
        let transitions = dot.split(separator: "\n").filter { $0.contains(" -> ") }.count
        #expect(edges == transitions)
        let svg = try graphviz.svg(fromDOT: dot)
        #expect(SVGText.texts(svg).filter { machine.stateNames.contains($0) }.count == machine.stateNames.count)
    }
}

/// A machine whose parents and whose parallel regions have tricky names.
let trickyNested = MachineDefinition<String, String, String, Void>(name: "nested \"x\"", initial: trickyNames[0], events: ["go \"on\"", "back\\{x}"]) {
    In(trickyNames[0]) { On("go \"on\"", to: trickyNames[1]) }
    Parent("parent \"p\" <{|}>") {
        OnEntry("in \"p\"")
        On("back\\{x}", to: trickyNames[0], emit: "out|<>")
    } children: {
        In(trickyNames[1]) { On("go \"on\"", to: trickyNames[2]) }
        Parent("inner\nparent") { OnExit("bye") } children: { In(trickyNames[2]) }
    }
}

struct TrickyPair: Hashable, Sendable { var left: String; var right: String }

let trickyParallel = MachineDefinition<TrickyPair, String, String, Void>(
    name: "regions", initial: TrickyPair(left: trickyNames[0], right: trickyNames[0]),
    regions: Region("left \"r\" {|}", \.left, trickyNested), Region("right\nside", \.right, trickyNested)
)

@Suite("Graphviz draws nested states and regions", .enabled(if: graphviz != nil, "Graphviz (dot) is not installed; CI installs it"))
struct GraphvizStatechartTests {
    @Test("parents are clusters with their names as labels; one edge per parent transition, from the cluster")
    func nested() throws {
        let graphviz = try #require(graphviz)
        let dot = trickyNested.dot()
        let (nodes, edges) = try counts(dot, graphviz)
        #expect(nodes == 5, "three states, the initial point and the parent's point (its lines meet its border there)")
        #expect(edges == 4, "the initial arrow, two own transitions, one parent transition")
        let texts = SVGText.texts(try graphviz.svg(fromDOT: dot))
        #expect(texts.contains("parent \"p\" <{|}>") && texts.contains("entry / in \"p\"") && texts.contains("inner") && texts.contains("exit / bye"))
        #expect(texts.contains("back\\{x} / out|<>"))
    }

    @Test("regions are clusters with their names; each region draws its own states")
    func parallel() throws {
        let graphviz = try #require(graphviz)
        let dot = trickyParallel.dot()
        let (nodes, edges) = try counts(dot, graphviz)
        #expect(nodes == 10, "three states, an initial point and the parent's point per region")
        #expect(edges == 8)
        let texts = SVGText.texts(try graphviz.svg(fromDOT: dot))
        #expect(texts.contains("left \"r\" {|}") && texts.contains("right") && texts.contains("side"))
        #expect(trickyParallel.states.count == 9)
    }
}

@Suite("Running Graphviz")
struct GraphvizProcessTests {
    /// A stand-in for `dot`: a shell script.
    func script(_ body: String) throws -> (Graphviz, URL) {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent("fake-dot")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return (Graphviz(executable: url), folder)
    }

    @Test("a program that fills standard error and standard output before reading its input does not deadlock")
    func fullPipes() throws {
        let (graphviz, folder) = try script("yes e | head -c 1000000 >&2; yes o | head -c 1000000; cat > /dev/null; exit 3")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: GraphvizError.self) { try graphviz.run([], input: String(repeating: "x", count: 1_000_000)) }
        let error = #expect(throws: GraphvizError.self) { try graphviz.run([], input: "") }
        #expect(error?.message.hasPrefix("dot  failed: e\ne\ne\n") == true)
        #expect((error?.message.count ?? 0) > 1_000_000)
    }

    @Test("the output comes back whole, and a program that stops reading early does not kill the tool")
    func output() throws {
        let (echo, folder) = try script("cat")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = String(repeating: "digraph { a -> b }\n", count: 50_000)
        #expect(try echo.run([], input: input) == Data(input.utf8))
        let (early, other) = try script("head -c 10")
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(try early.run([], input: input) == Data(input.utf8.prefix(10)))
    }

    @Test("a program that cannot be started is an error that says so")
    func missing() {
        #expect(throws: GraphvizError.self) { try Graphviz(executable: URL(fileURLWithPath: "/nonexistent/dot")).run([], input: "") }
    }
}
