/// A definition seen through names only, as diagrams draw it: nodes in declaration order,
/// grouped by the case of their name (`failure(network)` belongs to `failure`), and edges
/// in declaration order. Shared by the DOT and Mermaid exports, so both show the same.
@usableFromInline
struct MachineGraph {
    @usableFromInline
    struct Node {
        @usableFromInline let id: String
        @usableFromInline let name: String
        @usableFromInline let isFinal: Bool
        @usableFromInline let entryEffects: [String]
        @usableFromInline let exitEffects: [String]
        /// `failure` for `failure(network)`; `nil` for a name without a payload.
        @usableFromInline let group: String?

        @inlinable
        init(id: String, name: String, isFinal: Bool, entryEffects: [String], exitEffects: [String], group: String?) {
            self.id = id
            self.name = name
            self.isFinal = isFinal
            self.entryEffects = entryEffects
            self.exitEffects = exitEffects
            self.group = group
        }
    }

    @usableFromInline
    enum EdgeKind { case external, `internal` }

    @usableFromInline
    struct Edge {
        @usableFromInline let source: Int
        @usableFromInline let target: Int
        @usableFromInline let event: String
        @usableFromInline let guardName: String?
        @usableFromInline let effects: [String]
        @usableFromInline let kind: EdgeKind

        @inlinable
        init(source: Int, target: Int, event: String, guardName: String?, effects: [String], kind: EdgeKind) {
            self.source = source
            self.target = target
            self.event = event
            self.guardName = guardName
            self.effects = effects
            self.kind = kind
        }

        /// `event [guard] / effect, effect`; `escape` is applied to the names only.
        @inlinable
        func label(escape: (String) -> String = { $0 }) -> String {
            var text = escape(event)
            if let guardName { text += " [\(escape(guardName))]" }
            if !effects.isEmpty { text += " / " + effects.map(escape).joined(separator: ", ") }
            return text
        }
    }

    @usableFromInline let name: String
    @usableFromInline let nodes: [Node]
    @usableFromInline let initial: Int?
    /// The number of edges.
    @usableFromInline let edgeCount: Int
    /// Calls its argument with each edge, in declaration order. Edges are made as they are
    /// visited, not kept: a machine of a million states draws without a million-edge array.
    @usableFromInline let visitEdges: (_ body: (Edge) -> Void) -> Void
    /// Per node, the events it ignores, in declaration order.
    @usableFromInline let ignored: [[String]]
    /// The number of declared events.
    @usableFromInline let eventCount: Int
    /// Node groups with more than one member, in order of first appearance.
    @usableFromInline let groups: [(name: String, members: [Int])]

    @inlinable
    init<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) {
        let resolution = definition.resolution
        @Sendable func names(_ effects: [Effect]) -> [String] { effects.map { String(describing: $0) } }
        var nodes: [Node] = []
        nodes.reserveCapacity(resolution.states.count)
        for index in resolution.declarations.indices {
            let declaration = resolution.declarations[index]
            let name = resolution.stateNames[index]
            nodes.append(Node(id: "s\(index)", name: name, isFinal: declaration.isFinal,
                              entryEffects: names(declaration.entryEffects), exitEffects: names(declaration.exitEffects),
                              group: Self.caseName(of: name)))
        }
        var ignored: [[String]] = []
        ignored.reserveCapacity(resolution.states.count)
        for s in resolution.declarations.indices {
            var ignoredHere: [String] = []
            for e in resolution.events.indices {
                if case .ignored = resolution.cell(s, e) { ignoredHere.append(resolution.eventNames[e]) }
            }
            ignored.append(ignoredHere)
        }
        visitEdges = { body in
            for s in resolution.declarations.indices {
                for e in resolution.events.indices {
                    guard case let .transitions(range) = resolution.cell(s, e) else { continue }
                    for ref in range {
                        let target = Int(resolution.refTargets[ref])
                        guard target >= 0 else { continue }
                        let transition = resolution.transition(s, ref)
                        body(Edge(source: s, target: target, event: resolution.eventNames[e], guardName: transition.guard?.name,
                                  effects: names(transition.effects), kind: transition.isInternal ? .internal : .external))
                    }
                }
            }
        }
        edgeCount = resolution.refTargets.count(where: { $0 >= 0 })
        var groups: [(name: String, members: [Int])] = []
        var groupPositions: [String: Int] = [:]
        for index in nodes.indices {
            guard let group = nodes[index].group else { continue }
            if let position = groupPositions[group] {
                groups[position].members.append(index)
            } else {
                groupPositions[group] = groups.count
                groups.append((group, [index]))
            }
        }
        self.name = definition.name
        self.nodes = nodes
        self.initial = definition.initial.flatMap { resolution.stateIndex[$0] }
        self.ignored = ignored
        self.eventCount = resolution.events.count
        self.groups = groups.filter { $0.members.count > 1 }
    }

    /// Calls `body` with each edge, in declaration order.
    @inlinable
    func forEachEdge(_ body: (Edge) -> Void) {
        visitEdges(body)
    }

    /// `ignored: a, b` for the events a node ignores, or `ignored: all events`; `nil` when
    /// it ignores none. `escape` is applied to the names only.
    @inlinable
    func ignoredLabel(_ index: Int, escape: (String) -> String = { $0 }) -> String? {
        let events = ignored[index]
        if events.isEmpty { return nil }
        if events.count == eventCount && eventCount > 1 { return "ignored: all events" }
        return "ignored: " + events.map(escape).joined(separator: ", ")
    }

    /// The key of an edge, for coverage views.
    @inlinable
    func key(of edge: Edge) -> TransitionKey {
        TransitionKey(source: nodes[edge.source].name, event: edge.event, target: nodes[edge.target].name)
    }

    /// `failure` for `failure(network)`: the text before a final parenthesised payload.
    @inlinable
    static func caseName(of name: String) -> String? {
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "("), open != name.startIndex else { return nil }
        return String(name[..<open])
    }
}
