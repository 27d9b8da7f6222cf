import FSM
import FSMTool
import Foundation
import LoginChallengeApp
import Testing
import TestSupport
import UseCases

private let graphviz = Graphviz.find()

@Suite("Graphviz draws the shipped machines", .enabled(if: graphviz != nil, "Graphviz (dot) is not installed; CI installs it"))
struct ShippedDiagramTests {
    @Test("each shipped machine is valid DOT with one node per state (and the initial point) and every edge", arguments: LoginChallenge.machines.map(\.name))
    func shipped(name: String) throws {
        let graphviz = try #require(graphviz)
        let machine = try #require(LoginChallenge.machines.first { $0.name == name })
        let dot = machine.dot(DiagramOptions())
        let plain = String(decoding: try graphviz.run(["-Tplain"], input: dot), as: UTF8.self).split(separator: "\n")
        // A parallel machine draws each region's states, with an initial point per region.
        let regions = machine.regionStateNames
        let nodes = regions.isEmpty ? machine.stateNames.count + 1 : regions.reduce(0) { $0 + $1.states.count + 1 }
        // And a parent's point, drawn or not, where its lines meet its border (`p0i`).
        let points = dot.split(separator: "\n").filter { $0.contains("i [shape=point") && !$0.contains("__initial") }.count
        #expect(plain.filter { $0.hasPrefix("node ") }.count == nodes + points)
        #expect(plain.filter { $0.hasPrefix("edge ") }.count == dot.split(separator: "\n").filter { $0.contains(" -> ") }.count)
    }
}

@Suite("Graphviz starts each shipped machine's lines where they are declared", .enabled(if: graphviz != nil, "Graphviz (dot) is not installed; CI installs it"))
struct ShippedEdgeGeometryTests {
    @Test("every line of every shipped machine starts on its state's box, or for a parent's line inside the parent and away from its children (the geometric judge)")
    func shipped() throws {
        let graphviz = try #require(graphviz)
        let (problems, judged) = try EdgeGeometry.misdrawn(
            LoginMachine.definition, HomeLoadingMachine.definition, LogoutMachine.definition, HomeMachine.definition,
            PasscodeMachine.definition(), graphviz: graphviz
        )
        #expect(problems == [])
        #expect(judged >= 27, "only \(judged) lines judged: the judge must see every line of the five machines")
    }

    @Test("real Mermaid draws every labelled line of every shipped machine, from the state the text names", .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
    func shippedMermaid() throws {
        let (problems, judged) = try MermaidEdgeGeometry.misdrawn(LoginChallenge.machines)
        #expect(problems == [])
        #expect(judged >= 27, "only \(judged) lines judged")
    }
}

/// Every label the drawing of a definition must show, read from its declarations (not from
/// the exporter): each external transition's `event [guard] / effects`; each internal one's,
/// a line of its state's description, or on a parent, in its note, with ` (internal)`.
func declaredLabels<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) -> [String] {
    func label(_ transition: TransitionDeclaration<State, Event, Effect, Context>, onParent: Bool) -> String {
        var label = definition.name(of: transition.event)
        if let guardValue = transition.guard { label += " [\(guardValue.name)]" }
        if !transition.effects.isEmpty { label += " / " + transition.effects.map { String(describing: $0) }.joined(separator: ", ") }
        return label + (transition.isInternal && onParent ? " (internal)" : "")
    }
    return definition.declarations.flatMap(\.transitions).map { label($0, onParent: false) }
        + definition.parents.flatMap(\.transitions).map { label($0, onParent: true) }
}

@Suite("Real Mermaid draws the shipped machines as declared", .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
struct ShippedMermaidTests {
    /// Each shipped machine (a parallel one by its regions' definitions): its states and the
    /// labels its declarations give.
    static let expected: [(name: String, states: [String], labels: [String])] = [
        ("login", LoginMachine.definition.stateNames + LoginMachine.definition.parentStateNames, declaredLabels(LoginMachine.definition)),
        ("home-loading", HomeLoadingMachine.definition.stateNames, declaredLabels(HomeLoadingMachine.definition)),
        ("logout", LogoutMachine.definition.stateNames, declaredLabels(LogoutMachine.definition)),
        ("home", HomeLoadingMachine.definition.stateNames + LogoutMachine.definition.stateNames,
         declaredLabels(HomeLoadingMachine.definition) + declaredLabels(LogoutMachine.definition)),
        ("passcode", PasscodeMachine.definition().stateNames, declaredLabels(PasscodeMachine.definition())),
    ]

    @Test("every shipped machine's Mermaid is accepted, and draws every state and every declared transition")
    func shipped() throws {
        let machines = Self.expected.map { entry in LoginChallenge.machines.first { $0.name == entry.name } }
        try #require(machines.allSatisfy { $0 != nil } && machines.count == LoginChallenge.machines.count)
        let verdicts = try MermaidJudge.judge(machines.compactMap { $0?.mermaid(DiagramOptions()) })
        try #require(verdicts.count == Self.expected.count)
        for (entry, verdict) in zip(Self.expected, verdicts) {
            #expect(verdict.ok, "\(entry.name): \(verdict.error ?? "")")
            // A payload broken off a long name (`failToLoad` over `(authentication)`) is
            // read back with a space between the two lines: compared without it.
            let unbroken = { (text: String) in text.replacingOccurrences(of: " (", with: "(") }
            let shown = Set(verdict.shown.map(unbroken))
            for text in entry.states + entry.labels {
                #expect(shown.contains(unbroken(text)), "\(entry.name): '\(text)' is not drawn; drawn: \(verdict.texts)")
            }
        }
    }
}
