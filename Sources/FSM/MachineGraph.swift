/// A definition seen through names only, as diagrams draw it: nodes in declaration order,
/// grouped by the case of their name (`failure(network)` belongs to `failure`), and edges
/// in declaration order. Shared by the DOT and Mermaid exports, so both show the same.
struct MachineGraph {
    struct Node {
        let id: String
        let name: String
        let isFinal: Bool
        let entryEffects: [String]
        let exitEffects: [String]
        /// `failure` for `failure(network)`; `nil` for a name without a payload.
        let group: String?
    }

    enum EdgeKind { case external, `internal` }

    struct Edge {
        let source: Int
        let target: Int
        let event: String
        let guardName: String?
        let effects: [String]
        let kind: EdgeKind

        /// `event [guard] / effect, effect`; `escape` is applied to the names only.
        func label(escape: (String) -> String = { $0 }) -> String {
            var text = escape(event)
            if let guardName { text += " [\(escape(guardName))]" }
            if !effects.isEmpty { text += " / " + effects.map(escape).joined(separator: ", ") }
            return text
        }
    }

    let name: String
    let nodes: [Node]
    let initial: Int?
    let edges: [Edge]
    /// Per node, the events it ignores, in declaration order.
    let ignored: [[String]]
    /// The number of declared events.
    let eventCount: Int
    /// Node groups with more than one member, in order of first appearance.
    let groups: [(name: String, members: [Int])]

    init<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) {
        let resolution = Resolution(definition)
        func names(_ effects: [Effect]) -> [String] { effects.map { String(describing: $0) } }
        var nodes: [Node] = []
        for (index, declaration) in resolution.declarations.enumerated() {
            let name = definition.name(of: declaration.state)
            nodes.append(Node(id: "s\(index)", name: name, isFinal: declaration.isFinal,
                              entryEffects: names(declaration.entryEffects), exitEffects: names(declaration.exitEffects),
                              group: Self.caseName(of: name)))
        }
        var edges: [Edge] = []
        var ignored: [[String]] = []
        for (s, row) in resolution.cells.enumerated() {
            var ignoredHere: [String] = []
            for (e, cell) in row.enumerated() {
                let event = definition.name(of: resolution.events[e])
                switch cell {
                case let .transitions(list):
                    for transition in list {
                        guard let target = resolution.stateIndex[transition.target] else { continue }
                        edges.append(Edge(source: s, target: target, event: event, guardName: transition.guard?.name,
                                          effects: names(transition.effects), kind: transition.isInternal ? .internal : .external))
                    }
                case .ignored:
                    ignoredHere.append(event)
                case .illegal:
                    break
                }
            }
            ignored.append(ignoredHere)
        }
        var groups: [(name: String, members: [Int])] = []
        for (index, node) in nodes.enumerated() {
            guard let group = node.group else { continue }
            if let position = groups.firstIndex(where: { $0.name == group }) {
                groups[position].members.append(index)
            } else {
                groups.append((group, [index]))
            }
        }
        self.name = definition.name
        self.nodes = nodes
        self.initial = definition.initial.flatMap { resolution.stateIndex[$0] }
        self.edges = edges
        self.ignored = ignored
        self.eventCount = resolution.events.count
        self.groups = groups.filter { $0.members.count > 1 }
    }

    /// `ignored: a, b` for the events a node ignores, or `ignored: all events`; `nil` when
    /// it ignores none. `escape` is applied to the names only.
    func ignoredLabel(_ index: Int, escape: (String) -> String = { $0 }) -> String? {
        let events = ignored[index]
        if events.isEmpty { return nil }
        if events.count == eventCount && eventCount > 1 { return "ignored: all events" }
        return "ignored: " + events.map(escape).joined(separator: ", ")
    }

    /// The key of an edge, for coverage views.
    func key(of edge: Edge) -> TransitionKey {
        TransitionKey(source: nodes[edge.source].name, event: edge.event, target: nodes[edge.target].name)
    }

    /// `failure` for `failure(network)`: the text before a final parenthesised payload.
    static func caseName(of name: String) -> String? {
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "("), open != name.startIndex else { return nil }
        return String(name[..<open])
    }
}
