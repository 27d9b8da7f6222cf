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

        init(id: String, name: String, isFinal: Bool, entryEffects: [String], exitEffects: [String], group: String?) {
            self.id = id
            self.name = name
            self.isFinal = isFinal
            self.entryEffects = entryEffects
            self.exitEffects = exitEffects
            self.group = group
        }
    }

    enum EdgeKind { case external, `internal` }

    /// A parent state: a cluster around its children.
    struct ParentNode {
        /// The cluster's identifier (`cluster_p0`).
        let id: String
        let name: String
        /// Its identifier in Mermaid (`p0`).
        var mermaidID: String { String(id.dropFirst("cluster_".count)) }
        /// The parent it sits in, or `nil` at the top level.
        let parent: Int?
        /// Its own children (states), in declaration order.
        let members: [Int]
        let entryEffects: [String]
        let exitEffects: [String]
        /// Its internal transitions (drawn in its label, not as edges).
        let internalTransitions: [Edge]
        /// The events it declares ignored for its children.
        let ignored: [String]
        /// Its history pseudo-states that transitions resume (shallow first), each with the
        /// defaults those transitions name, in order.
        var histories: [(deep: Bool, defaults: [Int])] = []
        /// A parallel parent's regions, each drawn as a machine of its own inside the
        /// parent's cluster (its children are not drawn); empty for any other parent.
        var regions: [(name: String, graph: MachineGraph)] = []
        /// The state entering the parent enters (its initial child, or that child's own
        /// initial state, and so on), or `nil` when it has none.
        var initialLeaf: Int?

        init(id: String, name: String, parent: Int?, members: [Int], entryEffects: [String], exitEffects: [String], internalTransitions: [Edge], ignored: [String]) {
            self.id = id
            self.name = name
            self.parent = parent
            self.members = members
            self.entryEffects = entryEffects
            self.exitEffects = exitEffects
            self.internalTransitions = internalTransitions
            self.ignored = ignored
        }
    }

    struct Edge {
        let source: Int
        let target: Int
        /// The parent the edge leaves from (drawn from its cluster), or `nil` for a state's own.
        var sourceParent: Int? = nil
        /// The parent the edge enters (drawn to its cluster), or `nil`.
        var targetParent: Int? = nil
        /// The parent whose history the edge resumes, and whether deep: drawn to the parent's
        /// `H` (or `H*`) pseudo-state; its `target` is the default.
        var history: (parent: Int, deep: Bool)? = nil
        let event: String
        let guardName: String?
        let effects: [String]
        let kind: EdgeKind

        init(source: Int, target: Int, event: String, guardName: String?, effects: [String], kind: EdgeKind) {
            self.source = source
            self.target = target
            self.event = event
            self.guardName = guardName
            self.effects = effects
            self.kind = kind
        }

        /// `event [guard] / effect, effect` (without the effects unless `showsEffects`);
        /// `escape` is applied to the names only.
        func label(showsEffects: Bool = true, escape: (String) -> String = { $0 }) -> String {
            var text = escape(event)
            if let guardName { text += " [\(escape(guardName))]" }
            if showsEffects && !effects.isEmpty { text += " / " + effects.map(escape).joined(separator: ", ") }
            return text
        }
    }

    /// Whether `edge` is a state's own transition back to that state (leaving and entering
    /// it again): a loop in DOT, a line of the state's description in Mermaid (marked `(re-enters)`).
    func isStateLoop(_ edge: Edge) -> Bool {
        edge.kind == .external && edge.source == edge.target && edge.sourceParent == nil && edge.targetParent == nil
            && edge.history == nil && combinations[edge.source] == nil
    }

    let name: String
    /// What node and cluster identifiers start with (a region's `r0`), or empty.
    let idPrefix: String
    let nodes: [Node]
    let initial: Int?
    /// The number of edges.
    let edgeCount: Int
    /// Calls its argument with each edge, in declaration order. Edges are made as they are
    /// visited, not kept: a machine of a million states draws without a million-edge array.
    let visitEdges: (_ body: (Edge) -> Void) -> Void
    /// Whether the parent at `parent` decides what the state at `state` does with the event
    /// named `event` (its line is the one the state inherits); `true` for an edge that is not
    /// an event's (a timer, a line without an event).
    let parentDecides: (_ state: Int, _ event: String, _ parent: Int) -> Bool
    /// Per node, the events it ignores, in declaration order.
    let ignored: [[String]]
    /// The number of declared events.
    let eventCount: Int
    /// Node groups with more than one member, in order of first appearance (states at the
    /// top level only: children are drawn in their parent).
    let groups: [(name: String, members: [Int])]
    /// The parents, in declaration order.
    let parents: [ParentNode]
    /// Per state, its innermost parent, or `nil`.
    let parentOf: [Int?]
    /// The regions of a parallel machine, each drawn as a machine of its own; empty otherwise.
    let regions: [(name: String, graph: MachineGraph)]
    /// For a parallel machine: per state name of the machine, each region's state index.
    let regionStates: [String: [Int]]
    /// The children of parallel parents (drawn as their regions' states, not as nodes of
    /// their own): per such node, its parent and each region's state index.
    let combinations: [Int: (parent: Int, digits: [Int])]

    init<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>, idPrefix: String = "") {
        let resolution = definition.resolution
        @Sendable func names(_ effects: [Effect]) -> [String] { effects.isEmpty ? [] : effects.map { String(describing: $0) } }
        var nodes: [Node] = []
        nodes.reserveCapacity(resolution.states.count)
        for index in resolution.declarations.indices {
            let declaration = resolution.declarations[index]
            let name = resolution.stateNames[index]
            nodes.append(Node(id: "\(idPrefix)s\(index)", name: name, isFinal: declaration.isFinal,
                              entryEffects: names(declaration.entryEffects), exitEffects: names(declaration.exitEffects),
                              group: Self.caseName(of: name)))
        }
        let hierarchy = resolution.hasHierarchy
        var ignored: [[String]] = []
        ignored.reserveCapacity(resolution.states.count)
        // A parallel parent's children: their regions show what they ignore.
        for s in resolution.declarations.indices {
            var ignoredHere: [String] = []
            if resolution.isCombination(s) {
                ignored.append([])
                continue
            }
            for e in resolution.events.indices where resolution.owner(s, e) < 0 {
                if case .ignored = resolution.cell(s, e) { ignoredHere.append(resolution.eventNames[e]) }
                // An `Ignore` after guarded transitions: ignored when no guard holds.
                if resolution.otherwise(s, e) == .ignored { ignoredHere.append(resolution.eventNames[e] + " [else]") }
            }
            ignored.append(ignoredHere)
        }
        // Parents: a cluster each, nested as declared; their transitions drawn once.
        var parentNodes: [ParentNode] = []
        var parentOf = [Int?](repeating: nil, count: hierarchy ? nodes.count : 0)
        var parentEdges: [Edge] = []
        var combinations: [Int: (parent: Int, digits: [Int])] = [:]
        if hierarchy {
            for s in nodes.indices { parentOf[s] = resolution.chains[s].last.map { Int($0) } }
            for (p, parent) in resolution.parents.enumerated() {
                let members = nodes.indices.filter { parentOf[$0] == p }
                let outer = resolution.chains.first { $0.contains(Int32(p)) }.flatMap { chain in chain.firstIndex(of: Int32(p)).flatMap { $0 > 0 ? Int(chain[$0 - 1]) : nil } }
                // The parent's edges leave from its initial child, clipped at its border.
                let anchor = resolution.parentInitialLeaf[p]
                var internalTransitions: [Edge] = []
                var guardedEvents: Set<Int> = []
                for transition in parent.body.transitions {
                    guard let e = resolution.eventIndex[transition.event] else { continue }
                    let target = transition.isInternal ? anchor : resolution.leafIndex(of: transition.target) ?? -1
                    let guardName = transition.guard?.name ?? (guardedEvents.contains(e) ? "else" : nil)
                    if transition.guard != nil { guardedEvents.insert(e) }
                    var edge = Edge(source: anchor, target: target, event: resolution.eventNames[e], guardName: guardName,
                                    effects: names(transition.effects), kind: transition.isInternal ? .internal : .external)
                    if transition.isInternal {
                        internalTransitions.append(edge)
                        continue
                    }
                    guard anchor >= 0, target >= 0 else { continue }
                    edge.sourceParent = p
                    edge.targetParent = resolution.parentStateIndex[transition.target]
                    Self.resume(&edge, transition.history, resolution)
                    parentEdges.append(edge)
                }
                var ignoredByParent: [String] = []
                let handled = Set(parent.body.transitions.map(\.event))
                for event in parent.body.ignored where resolution.eventIndex[event] != nil {
                    ignoredByParent.append(definition.name(of: event) + (handled.contains(event) ? " [else]" : ""))
                }
                if parent.body.ignoresOtherEvents { ignoredByParent.append("other events") }
                var node = ParentNode(
                    id: "cluster_\(idPrefix)p\(p)", name: parent.name, parent: outer, members: members,
                    entryEffects: names(parent.entryEffects), exitEffects: names(parent.exitEffects),
                    internalTransitions: internalTransitions, ignored: ignoredByParent
                )
                node.initialLeaf = anchor >= 0 ? anchor : nil
                if let regions = parent.regions {
                    node.regions = regions.graphs("\(idPrefix)p\(p)")
                    for member in members {
                        if let digits = regions.digits(of: resolution.states[member]) { combinations[member] = (p, digits) }
                    }
                }
                parentNodes.append(node)
            }
        }
        if hierarchy {
            // The history pseudo-states, from every transition that resumes one.
            for line in resolution.resumesHistory ? resolution.declarations.flatMap(\.transitions) + resolution.parents.flatMap(\.transitions) : [] {
                guard let history = line.history, let p = resolution.parentIndex(named: history.parent),
                      let target = resolution.leafIndex(of: line.target), p < parentNodes.count else { continue }
                if let k = parentNodes[p].histories.firstIndex(where: { $0.deep == history.isDeep }) {
                    if !parentNodes[p].histories[k].defaults.contains(target) { parentNodes[p].histories[k].defaults.append(target) }
                } else {
                    parentNodes[p].histories.append((history.isDeep, [target]))
                    parentNodes[p].histories.sort { !$0.deep && $1.deep }
                }
            }
        }
        // Timers (`After` lines): an edge labelled `after 30 s` from the state, or from the
        // parent's cluster, like the parent's transitions.
        var timerEdges: [Edge] = []
        if resolution.hasTimers {
            func timerEdge(_ timer: TimerDeclaration<State, Event, Effect, Context>, from source: Int, parent: Int?) {
                guard source >= 0, let target = resolution.leafIndex(of: timer.target) else { return }
                var edge = Edge(source: source, target: target, event: "after " + DurationText.words(timer.duration), guardName: timer.guard?.name,
                                effects: names(timer.effects), kind: .external)
                edge.sourceParent = parent
                edge.targetParent = resolution.parentStateIndex[timer.target]
                timerEdges.append(edge)
            }
            for s in resolution.declarations.indices {
                for timer in resolution.declarations[s].timers { timerEdge(timer, from: s, parent: nil) }
            }
            for (p, parent) in resolution.parents.enumerated() {
                for timer in parent.timers { timerEdge(timer, from: resolution.parentInitialLeaf[p], parent: p) }
            }
        }
        // Transitions without an event: `always [guard]` from the state (or from the parent's
        // cluster, like its other lines), and a parent's completion, `done`, from its cluster.
        var eventlessEdges: [Edge] = []
        if resolution.hasEventless {
            func eventlessEdge(_ lines: [EventlessDeclaration<State, Event, Effect, Context>], from source: Int, parent: Int?) {
                var guarded = false
                for line in lines {
                    guard source >= 0, let target = resolution.leafIndex(of: line.target) else { continue }
                    let guardName = line.guard?.name ?? (guarded ? "else" : nil)
                    guarded = guarded || line.guard != nil
                    var edge = Edge(source: source, target: target, event: line.isCompletion ? "done" : "always", guardName: guardName,
                                    effects: names(line.effects), kind: .external)
                    edge.sourceParent = parent
                    edge.targetParent = resolution.parentStateIndex[line.target]
                    eventlessEdges.append(edge)
                }
            }
            for s in resolution.declarations.indices { eventlessEdge(resolution.declarations[s].eventless, from: s, parent: nil) }
            for (p, parent) in resolution.parents.enumerated() {
                eventlessEdge(parent.body.eventless.filter { !$0.isCompletion }, from: resolution.parentInitialLeaf[p], parent: p)
                eventlessEdge(parent.body.eventless.filter(\.isCompletion), from: resolution.parentInitialLeaf[p], parent: p)
            }
        }
        let eventIndexByName = Dictionary(resolution.eventNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        parentDecides = { s, event, p in
            guard let e = eventIndexByName[event] else { return true }
            return resolution.owner(s, e) == p
        }
        visitEdges = { body in
            for s in resolution.declarations.indices {
                // The state's own lines read once: `resolution.transition(s, ref)` copies the
                // whole declaration out of its array for each line (unspecialised code).
                let own = resolution.declarations[s].transitions
                for e in resolution.events.indices where resolution.owner(s, e) < 0 {
                    guard case let .transitions(range) = resolution.cell(s, e) else { continue }
                    var guarded = false
                    for ref in range {
                        let target = Int(resolution.candidateTargets[ref])
                        guard target >= 0 else { continue }
                        let position = Int(resolution.candidatePositions[ref])
                        let transition = position >= 0 ? own[position] : resolution.inherited[-position - 1]
                        // A parallel parent's regions draw their own moves.
                        if transition.withinRegions { continue }
                        // The last, unguarded line after guarded ones is the default: `[else]`.
                        let guardName = transition.guard?.name ?? (guarded ? "else" : nil)
                        guarded = guarded || transition.guard != nil
                        var edge = Edge(source: s, target: target, event: resolution.eventNames[e], guardName: guardName,
                                        effects: names(transition.effects), kind: transition.isInternal ? .internal : .external)
                        if !transition.isInternal { edge.targetParent = resolution.parentStateIndex[transition.target] }
                        Self.resume(&edge, transition.history, resolution)
                        body(edge)
                    }
                }
            }
            for edge in parentEdges { body(edge) }
            for edge in timerEdges { body(edge) }
            for edge in eventlessEdges { body(edge) }
        }
        var ownEdges = 0
        for s in resolution.declarations.indices {
            let own = resolution.declarations[s].transitions
            for e in resolution.events.indices where resolution.owner(s, e) < 0 {
                if case let .transitions(range) = resolution.cell(s, e) {
                    ownEdges += range.count { ref in
                        guard resolution.candidateTargets[ref] >= 0 else { return false }
                        let position = Int(resolution.candidatePositions[ref])
                        return !(position >= 0 ? own[position].withinRegions : resolution.inherited[-position - 1].withinRegions)
                    }
                }
            }
        }
        edgeCount = ownEdges + parentEdges.count + timerEdges.count + eventlessEdges.count
        var groups: [(name: String, members: [Int])] = []
        var groupPositions: [String: Int] = [:]
        for index in nodes.indices where !hierarchy || parentOf[index] == nil {
            guard let group = nodes[index].group else { continue }
            if let position = groupPositions[group] {
                groups[position].members.append(index)
            } else {
                groupPositions[group] = groups.count
                groups.append((group, [index]))
            }
        }
        self.name = definition.name
        self.idPrefix = idPrefix
        self.nodes = nodes
        self.initial = definition.initial.flatMap { resolution.leafIndex(of: $0) }
        self.ignored = ignored
        self.eventCount = resolution.events.count
        self.groups = groups.filter { $0.members.count > 1 }
        parents = parentNodes
        self.parentOf = parentOf
        self.combinations = combinations
        if let parallel = definition.parallel {
            regions = parallel.regions.enumerated().map { ($1.name, $1.graph("r\($0)")) }
            var regionStates: [String: [Int]] = [:]
            for (s, digits) in parallel.digits.enumerated() where s < resolution.stateNames.count {
                regionStates[resolution.stateNames[s]] = digits
            }
            self.regionStates = regionStates
        } else {
            regions = []
            regionStates = [:]
        }
    }

    /// Marks an edge as resuming `history`, when its parent is declared: drawn to the
    /// parent's pseudo-state instead of its border.
    static func resume<State, Event, Effect, Context>(_ edge: inout Edge, _ history: History?, _ resolution: ResolvedDefinition<State, Event, Effect, Context>) {
        guard let history, let p = resolution.parentIndex(named: history.parent) else { return }
        edge.history = (p, history.isDeep)
        edge.targetParent = nil
    }

    /// The identifier of a parent's history pseudo-state (`p0h`, deep `p0hd`).
    func historyID(_ p: Int, deep: Bool) -> String {
        parents[p].mermaidID + (deep ? "hd" : "h")
    }

    /// A parallel machine's options as region `r` reads them: the highlighted state and the
    /// covered transitions of the whole machine, each seen in that region (a transition of the
    /// machine covers the transition each region took in it).
    func regionOptions(_ options: DiagramOptions, _ r: Int) -> DiagramOptions {
        Self.regionOptions(options, graph: regions[r].graph, states: regionStates, r)
    }

    /// Options as region `r` (drawn as `graph`) reads them, `states` giving each region's
    /// state index per state name of the whole.
    static func regionOptions(_ options: DiagramOptions, graph: MachineGraph, states regionStates: [String: [Int]], _ r: Int) -> DiagramOptions {
        func name(_ whole: String) -> String? {
            guard let digits = regionStates[whole], digits.indices.contains(r), graph.nodes.indices.contains(digits[r]) else { return nil }
            return graph.nodes[digits[r]].name
        }
        var result = options
        result.highlightedState = options.highlightedState.flatMap(name)
        if let paint = options.paint {
            var counts: [TransitionName: Int] = [:]
            for (key, count) in paint.counts {
                guard let source = name(key.source), let target = name(key.target) else { continue }
                let regionKey = TransitionName(source: source, event: key.event, target: target)
                counts[regionKey] = CoverageCount.add(counts[regionKey] ?? 0, count)
            }
            result.paint = CoveragePaint(counts: counts, entered: Set(paint.entered.compactMap(name)))
        }
        return result
    }

    /// The identifier an edge is drawn from for the state at `index`: its node, or for a
    /// child of a parallel parent, its first region's state (inside the parent's cluster,
    /// whose border clips the parent's edges).
    func anchorID(_ index: Int) -> String {
        guard let (p, digits) = combinations[index], let region = parents[p].regions.first, let digit = digits.first,
              region.graph.nodes.indices.contains(digit) else { return nodes[index].id }
        return region.graph.nodes[digit].id
    }

    /// Where an edge into the state at `index` is drawn: its node (`parent` the edge's own
    /// `targetParent`); for a child of a parallel parent, the states of the regions it does
    /// not enter at their initial state, or, when it enters every region at its initial
    /// state, the parallel parent's border.
    func targetEnds(_ edge: Edge) -> [(id: String, parent: Int?)] {
        guard edge.history == nil else { return [(nodes[edge.target].id, edge.targetParent)] }
        return ends(of: edge.target, parent: edge.targetParent)
    }

    /// Where an arrow into the state at `index` is drawn (see ``targetEnds(_:)``); `parent`
    /// is the parent whose border it is drawn to, if any.
    func ends(of index: Int, parent: Int?) -> [(id: String, parent: Int?)] {
        guard let (p, digits) = combinations[index] else { return [(nodes[index].id, parent)] }
        let moved = zip(parents[p].regions, digits).filter { $0.graph.initial != $1 && $0.graph.nodes.indices.contains($1) }
        if moved.isEmpty { return [(anchorID(index), parent ?? p)] }
        return moved.map { ($0.graph.nodes[$1].id, parent) }
    }

    /// A parallel parent's options as its region `r` reads them (see ``regionOptions(_:_:)``).
    func nestedRegionOptions(_ options: DiagramOptions, parent p: Int, region r: Int) -> DiagramOptions {
        var states: [String: [Int]] = [:]
        for (index, combination) in combinations where combination.parent == p { states[nodes[index].name] = combination.digits }
        return Self.regionOptions(options, graph: parents[p].regions[r].graph, states: states, r)
    }

    /// The parents around the state at `index`, outermost first.
    func parentChain(of index: Int) -> [Int] {
        var chain: [Int] = []
        var current = parentOf.isEmpty ? nil : parentOf[index]
        while let p = current {
            chain.insert(p, at: 0)
            current = parents[p].parent
        }
        return chain
    }

    /// The parents that sit directly in `parent` (`nil`: at the top level), in order.
    func parents(in parent: Int?) -> [Int] {
        parents.indices.filter { parents[$0].parent == parent }
    }

    /// Whether the state at `index` is inside any parent.
    func isNested(_ index: Int) -> Bool {
        !parentOf.isEmpty && parentOf[index] != nil
    }

    /// The keys an edge stands for, for coverage views: a parent's edge, one per child.
    func keys(of edge: Edge) -> [TransitionName] {
        guard let parent = edge.sourceParent else { return [key(of: edge)] }
        return nodes.indices.filter { isInside($0, parent) }.map {
            TransitionName(source: nodes[$0].name, event: edge.event, target: nodes[edge.target].name)
        }
    }

    /// The state entering the parent at `p` enters, if any.
    func initialLeaf(of p: Int) -> Int? {
        parents[p].initialLeaf
    }

    /// The identifier of the point inside the parent at `p` that its lines to states inside
    /// it leave from (`p0i`; see `appendBody`).
    func innerID(_ p: Int) -> String {
        parents[p].mermaidID + "i"
    }

    /// The parents with a line to a state inside them (see ``endsInside(_:_:)``): each is
    /// drawn with a point of its own that such lines leave from.
    func parentsWithInnerLines() -> Set<Int> {
        var inner = Set<Int>()
        guard !parents.isEmpty else { return inner }
        forEachEdge { edge in
            if edge.kind == .external, let p = edge.sourceParent, endsInside(edge, p) { inner.insert(p) }
        }
        return inner
    }

    /// Whether an edge declared by the parent at `p` ends inside it: at one of its states
    /// (at any depth, itself entered again included) or at the history of a parent inside it.
    func endsInside(_ edge: Edge, _ p: Int) -> Bool {
        guard let history = edge.history else { return isInside(edge.target, p) }
        var current: Int? = history.parent
        while let q = current {
            if q == p { return true }
            current = parents[q].parent
        }
        return false
    }

    /// Whether the state at `index` is inside the parent at `parent`, at any depth.
    func isInside(_ index: Int, _ parent: Int) -> Bool {
        var current = parentOf.isEmpty ? nil : parentOf[index]
        while let p = current {
            if p == parent { return true }
            current = parents[p].parent
        }
        return false
    }

    /// Calls `body` with each edge, in declaration order.
    func forEachEdge(_ body: (Edge) -> Void) {
        visitEdges(body)
    }

    /// `ignored: a, b,` then `c, d` for the events a node ignores, a line about every 20
    /// characters so that a long list does not widen the drawing, or `ignored: all events`;
    /// no line when it ignores none. `escape` is applied to the names only.
    ///
    /// With `ownLine` (Mermaid, which draws a description as large as the state's name),
    /// `ignored:` is a line of its own (written `prefix`) and the events follow, so that the
    /// list does not make the state wider than its name and the events need.
    func ignoredLines(_ index: Int, escape: (String) -> String = { $0 }, ownLine prefix: String? = nil) -> [String] {
        let events = ignored[index]
        if events.isEmpty { return [] }
        let all = events.count == eventCount && eventCount > 1
        if let prefix { return [prefix] + (all ? ["all events"] : DOT.wrapped(events, after: "", escape: escape)) }
        if all { return ["ignored: all events"] }
        return DOT.wrapped(events, after: "ignored:", escape: escape)
    }

    /// The `ignored:` lines of each group (``groups``) whose members all ignore the same
    /// events, or `nil`: DOT writes them once, under the group's name, and not in each member
    /// (four `failure(…)` states each as wide as `ignored: startLoading` put side by side made
    /// home-loading wider than a docs column).
    func sharedIgnoredLines() -> [[String]?] {
        groups.map { group in
            guard let first = group.members.first, !ignored[first].isEmpty,
                  group.members.allSatisfy({ ignored[$0] == ignored[first] }) else { return nil }
            return ignoredLines(first)
        }
    }

    /// Per node, the `ignored:` lines DOT writes in it: none for a member of a group that
    /// shares them (``sharedIgnoredLines()``).
    func ignoredLinesInNodes(shared: [[String]?]) -> [[String]] {
        var lines = nodes.indices.map { ignoredLines($0) }
        for (group, groupLines) in zip(groups, shared) where groupLines != nil {
            for member in group.members { lines[member] = [] }
        }
        return lines
    }

    /// The identifiers of what the graph draws: its states (not a parallel parent's combined
    /// ones), its parents' histories and points, and what its regions and its parallel
    /// parents' regions draw.
    func drawnIDs() -> [String] {
        var ids = nodes.indices.filter { combinations[$0] == nil }.map { nodes[$0].id }
        for (q, parent) in parents.enumerated() {
            ids += parent.histories.map { historyID(q, deep: $0.deep) }
            ids.append(innerID(q))
            for region in parent.regions { ids += region.graph.drawnIDs() }
        }
        for region in regions { ids += region.graph.drawnIDs() }
        return ids
    }

    /// The key of an edge, for coverage views.
    func key(of edge: Edge) -> TransitionName {
        TransitionName(source: nodes[edge.source].name, event: edge.event, target: nodes[edge.target].name)
    }

    /// `failure` for `failure(network)`: the text before a final parenthesised payload.
    static func caseName(of name: String) -> String? {
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "("), open != name.startIndex else { return nil }
        return String(name[..<open])
    }
}
