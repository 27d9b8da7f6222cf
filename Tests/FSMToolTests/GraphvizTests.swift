import FSM
import FSMREPL
import FSMTool
import Foundation
import Testing

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

/// The texts of an SVG's `<text>` elements, XML entities decoded.
private func svgTexts(_ svg: Data) -> [String] {
    let text = String(decoding: svg, as: UTF8.self)
    return text.matches(of: #/<text[^>]*>([^<]*)</text>/#).map { match in
        String(match.output.1)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#45;", with: "-")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

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
        let ignoredLoops = 1
        #expect(edges == trickyMachine.transitions.count + ignoredLoops + 1, "one edge per transition, per ignoring state, and the initial arrow")
    }

    @Test("every tricky name reaches the drawing intact")
    func trickyLabels() throws {
        let graphviz = try #require(graphviz)
        let texts = svgTexts(try graphviz.svg(fromDOT: trickyMachine.dot()))
        for name in trickyNames {
            for line in name.split(separator: "\n") {
                #expect(texts.contains(String(line)), "'\(line)' is not drawn as such; drawn: \(texts)")
            }
        }
        #expect(texts.contains("go \"on\" [ready? \"yes\" \\ <no>] / emit \"x\", y\\z"))
        #expect(texts.contains("stay|<> / 日本"))
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
        #expect(svgTexts(svg).filter { machine.stateNames.contains($0) }.count == machine.stateNames.count)
    }
}
