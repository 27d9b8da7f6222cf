import FSM
import FSMTool
import LoginChallengeApp
import Testing

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
        #expect(plain.filter { $0.hasPrefix("node ") }.count == nodes)
        #expect(plain.filter { $0.hasPrefix("edge ") }.count == dot.split(separator: "\n").filter { $0.contains(" -> ") }.count)
    }
}
