/// What a definition does in each (state, event) cell, resolved once and shared by the
/// compiler of the runtime, the transition table and validation, so that all three agree.
///
/// Tolerant of broken definitions: a state declared twice keeps its first declaration,
/// an event listed twice its first position, and lines naming undeclared events are left
/// out (validation reports all of these).
///
/// A final class, so that every view shares one resolution without copying its tables.
/// Immutable after `init`.
final class ResolvedDefinition<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    typealias Declaration = _StateDeclaration<State, Event, Effect, Context>
    typealias Transition = TransitionDeclaration<State, Event, Effect, Context>

    /// What a cell does: transitions (a range of ``candidatePositions``), ignored, or illegal.
    enum Cell {
        case transitions(Range<Int>)
        case ignored
        case illegal(declared: Bool)
    }

    let states: [State]
    let stateIndex: [State: Int]
    /// The transitions whose target is not declared: the state's index here, and the
    /// transition's position in its declaration.
    let undeclaredTargets: [(state: Int, transition: Int)]
    /// Positions in the definition's declarations of states declared again (left out here).
    let duplicateStates: [Int]
    /// Positions in the definition's events of events listed again (left out here).
    let duplicateEvents: [Int]
    let declarations: [Declaration]
    let events: [Event.Key]
    let eventIndex: [Event.Key: Int]
    /// The states' and events' names, computed once (`String(describing:)` is not cheap).
    let stateNames: [String]
    let eventNames: [String]
    /// Per cell (`state * events.count + event`), what it does.
    let cellKinds: [CellKind]
    /// Per cell with transitions, what happens when none of its guards holds.
    let cellDefaults: [CellDefault]
    /// Per cell, where its transitions start in ``candidatePositions``; one more entry closes the last.
    let cellStarts: [Int32]
    /// The transitions of every cell, cell after cell, in declaration order: each the index of
    /// the transition in its state's declaration. Flat, so that a big machine resolves
    /// without an allocation per cell.
    let candidatePositions: [Int32]
    /// Per candidate (a position in ``candidatePositions``), the index of the transition's target state, or -1 when it is not declared.
    let candidateTargets: [Int32]

    /// The parents of the states, each `Parent` block once, in order of first appearance.
    let parents: [ParentDeclaration<State, Event, Effect, Context>]
    /// Per state, the indices of its parents, outermost first; empty when no state has one.
    let chains: [[Int32]]
    /// Per parent, the state its initial child stands for (a leaf), or -1 when its `initial`
    /// is not one of its children.
    let parentInitialLeaf: [Int]
    /// Parents named by a state value: the value, and the parent's index.
    let parentStateIndex: [State: Int]
    /// Names shared by more than one `Parent` block.
    let splitParents: [String]
    /// Per cell, the parent its declaration comes from, or -1 when the state declares it
    /// itself; empty when no state has a parent.
    let cellOwners: [Int32]
    /// The parents' transitions as each child inherits them (the child as source), in the
    /// order cells refer to them: a negative position `r` is `inherited[-r - 1]`.
    let inherited: [Transition]
    /// The transitions declared on parents whose target is not declared: the parent's index,
    /// and the transition's position in its declaration.
    let undeclaredParentTargets: [(parent: Int, transition: Int)]
    /// Whether some transition (a state's or a parent's) resumes a history: without one, the
    /// views skip everything history needs.
    let resumesHistory: Bool
    /// Whether some state or parent declares a transition without an event (``Always``,
    /// ``OnDone``): without one, the views skip everything those need.
    let hasEventless: Bool

    /// The state the machine is in when it enters `state`: the state itself, or a parent's
    /// initial leaf; `nil` when it is neither declared nor a parent (or the parent has no
    /// initial child).
    func leafIndex(of state: State) -> Int? {
        if let index = stateIndex[state] { return index }
        if let parent = parentStateIndex[state], parentInitialLeaf[parent] >= 0 { return parentInitialLeaf[parent] }
        return nil
    }

    /// Whether any state has a parent.
    var hasHierarchy: Bool { !parents.isEmpty }

    /// Whether state `s` is a child of a parallel parent (``Parallel``): a combination of its
    /// regions' states, whose own lines are the regions' moves.
    func isCombination(_ s: Int) -> Bool {
        hasHierarchy && chains[s].last.map { parents[Int($0)].regions != nil } ?? false
    }

    /// Resolves a definition's parts (names are `String(describing:)`, as
    /// ``MachineDefinition/name(of:)-(State)`` gives them).
    ///
    /// A cell is decided by, in order: the state's own `On`/`Internal`, `Ignore` and `Illegal`
    /// lines; its parents' lines, innermost first (a final state inherits no transitions);
    /// the state's own `IgnoreOtherEvents`/`IllegalOtherEvents`; its parents' (innermost
    /// first). Within one level a transition wins over `Ignore`, `Ignore` over `Illegal`.
    init(events definitionEvents: [Event.Key], declarations definitionDeclarations: [Declaration]) {
        let (states, stateIndex, duplicateStates) = Self.firstOccurrences(definitionDeclarations.lazy.map(\.state))
        // Without repeats, the definition's own array (shared, not copied).
        let declarations = duplicateStates.isEmpty
            ? definitionDeclarations
            : Self.removing(Set(duplicateStates), from: definitionDeclarations)
        let (events, eventIndex, duplicateEvents) = Self.firstOccurrences(definitionEvents)
        let eventCount = events.count
        let hierarchy = Self.hierarchy(declarations, stateIndex: stateIndex)
        let hasHierarchy = !hierarchy.parents.isEmpty
        /// The index of the state a transition to `target` ends in (a parent: its initial leaf).
        func targetIndex(_ target: State) -> Int {
            if let index = stateIndex[target] { return index }
            if let parent = hierarchy.parentStateIndex[target] { return hierarchy.initialLeaf[parent] }
            return -1
        }
        // Per parent and event, the positions of its transitions on that event, in order.
        let parentTransitions: [[Int: [Int]]] = hierarchy.parents.map { parent in
            var byEvent: [Int: [Int]] = [:]
            for (position, transition) in parent.body.transitions.enumerated() {
                if let e = eventIndex[transition.event] { byEvent[e, default: []].append(position) }
            }
            return byEvent
        }
        var undeclaredParentTargets: [(parent: Int, transition: Int)] = []
        var resumesHistory = hierarchy.parents.contains { $0.body.transitions.contains { $0.history != nil } }
        for (p, parent) in hierarchy.parents.enumerated() {
            for (position, transition) in parent.body.transitions.enumerated() where !transition.isInternal && targetIndex(transition.target) < 0 {
                undeclaredParentTargets.append((p, position))
            }
        }
        var kinds = [CellKind](repeating: .unhandled, count: states.count * eventCount)
        var owners = hasHierarchy ? [Int32](repeating: -1, count: states.count * eventCount) : []
        var decided = [Bool](repeating: false, count: hasHierarchy ? eventCount : 0)
        var starts = [Int32](repeating: 0, count: states.count * eventCount + 1)
        var candidatePositions: [Int32] = []
        candidatePositions.reserveCapacity(declarations.reduce(0) { $0 + $1.transitions.count })
        var counts = [Int32](repeating: 0, count: eventCount)
        var transitionEvents: [Int] = []
        var transitionTargets: [Int32] = []
        var candidateTargets: [Int32] = []
        candidateTargets.reserveCapacity(candidatePositions.capacity)
        var inherited: [Transition] = []
        var undeclaredTargets: [(state: Int, transition: Int)] = []
        for s in declarations.indices {
            let row = s * eventCount
            let declaration = declarations[s]
            let chain = hasHierarchy ? hierarchy.chains[s] : []
            if chain.isEmpty {
                if declaration.ignoresOtherEvents {
                    for e in 0..<eventCount { kinds[row + e] = .ignored }
                } else if declaration.declaresOtherEventsIllegal {
                    for e in 0..<eventCount { kinds[row + e] = .declaredIllegal }
                }
            }
            for event in declaration.illegal { if let e = eventIndex[event] { kinds[row + e] = .declaredIllegal } }
            for event in declaration.ignored { if let e = eventIndex[event] { kinds[row + e] = .ignored } }
            // Group the state's transitions by event, keeping their order (a counting sort).
            transitionEvents.removeAll(keepingCapacity: true)
            transitionTargets.removeAll(keepingCapacity: true)
            for (j, transition) in declaration.transitions.enumerated() {
                if transition.history != nil { resumesHistory = true }
                let e = eventIndex[transition.event] ?? -1
                transitionEvents.append(e)
                // Each target is looked up once, here, for every view.
                let target = transition.isInternal ? s : targetIndex(transition.target)
                transitionTargets.append(Int32(target))
                if target < 0 { undeclaredTargets.append((s, j)) }
                if e >= 0 {
                    counts[e] += 1
                    kinds[row + e] = .transitions
                }
            }
            if !chain.isEmpty {
                // What the state declares itself is decided; its parents fill in the rest.
                for e in 0..<eventCount { decided[e] = false }
                for event in declaration.illegal { if let e = eventIndex[event] { decided[e] = true } }
                for event in declaration.ignored { if let e = eventIndex[event] { decided[e] = true } }
                for e in transitionEvents where e >= 0 { decided[e] = true }
                for p in chain.reversed() {
                    let body = hierarchy.parents[Int(p)].body
                    var level: [(Int, CellKind)] = []
                    for event in body.illegal { if let e = eventIndex[event], !decided[e] { level.append((e, .declaredIllegal)) } }
                    for event in body.ignored { if let e = eventIndex[event], !decided[e] { level.append((e, .ignored)) } }
                    if !declaration.isFinal {
                        for e in parentTransitions[Int(p)].keys where !decided[e] { level.append((e, .transitions)) }
                    }
                    for (e, kind) in level {
                        // Within a level, a transition wins over ignored, ignored over illegal.
                        if owners[row + e] == p {
                            kinds[row + e] = max(kinds[row + e], kind)
                        } else {
                            kinds[row + e] = kind
                            owners[row + e] = p
                        }
                    }
                    for (e, _) in level { decided[e] = true }
                }
                let blankets: [(owner: Int32, ignores: Bool, illegal: Bool)] =
                    [(-1, declaration.ignoresOtherEvents, declaration.declaresOtherEventsIllegal)]
                    + chain.reversed().map { ($0, hierarchy.parents[Int($0)].body.ignoresOtherEvents, hierarchy.parents[Int($0)].body.declaresOtherEventsIllegal) }
                for blanket in blankets where blanket.ignores || blanket.illegal {
                    for e in 0..<eventCount where !decided[e] {
                        kinds[row + e] = blanket.ignores ? .ignored : .declaredIllegal
                        owners[row + e] = blanket.owner
                        decided[e] = true
                    }
                }
                for e in 0..<eventCount where kinds[row + e] == .transitions && owners[row + e] >= 0 {
                    counts[e] = Int32(parentTransitions[Int(owners[row + e])][e]?.count ?? 0)
                }
            }
            var next = Int32(candidatePositions.count)
            for e in 0..<eventCount {
                starts[row + e] = next
                next += counts[e]
            }
            candidatePositions.append(contentsOf: repeatElement(0, count: Int(next) - candidatePositions.count))
            candidateTargets.append(contentsOf: repeatElement(-1, count: Int(next) - candidateTargets.count))
            // Fill in order: walk the transitions again, placing each after the ones before
            // it (`counts` now counts down what each event still has to place).
            for (j, e) in transitionEvents.enumerated().reversed() where e >= 0 {
                counts[e] -= 1
                let ref = Int(starts[row + e] + counts[e])
                candidatePositions[ref] = Int32(j)
                candidateTargets[ref] = transitionTargets[j]
            }
            if !chain.isEmpty {
                for e in 0..<eventCount where kinds[row + e] == .transitions && owners[row + e] >= 0 {
                    let p = Int(owners[row + e])
                    let body = hierarchy.parents[p].body
                    for (k, position) in (parentTransitions[p][e] ?? []).enumerated() {
                        let transition = body.transitions[position]
                        let ref = Int(starts[row + e]) + k
                        candidatePositions[ref] = -Int32(inherited.count) - 1
                        candidateTargets[ref] = Int32(transition.isInternal ? s : targetIndex(transition.target))
                        inherited.append(TransitionDeclaration(
                            source: declaration.state, event: transition.event, target: transition.target,
                            guard: transition.guard, effects: transition.effects, isInternal: transition.isInternal, history: transition.history
                        ))
                    }
                    counts[e] = 0
                }
            }
        }
        starts[states.count * eventCount] = Int32(candidatePositions.count)
        // The default of a cell with transitions: an `Ignore` or `Illegal` line of the same
        // level (the state's own lines, or the parent's that decides the cell).
        var defaults = [CellDefault](repeating: .rejected, count: kinds.count)
        for s in declarations.indices {
            let row = s * eventCount
            func mark(_ body: Declaration, owner: Int32) {
                for (events, value) in [(body.illegal, CellDefault.declaredIllegal), (body.ignored, .ignored)] {
                    for event in events {
                        guard let e = eventIndex[event], kinds[row + e] == .transitions, (owners.isEmpty ? -1 : owners[row + e]) == owner else { continue }
                        defaults[row + e] = max(defaults[row + e], value)
                    }
                }
            }
            mark(declarations[s], owner: -1)
            if hasHierarchy { for p in hierarchy.chains[s] { mark(hierarchy.parents[Int(p)].body, owner: p) } }
        }
        cellDefaults = defaults
        self.states = states
        self.undeclaredTargets = undeclaredTargets
        self.duplicateStates = duplicateStates
        self.duplicateEvents = duplicateEvents
        self.stateIndex = stateIndex
        self.declarations = declarations
        self.events = events
        self.eventIndex = eventIndex
        cellKinds = kinds
        cellStarts = starts
        self.candidatePositions = candidatePositions
        self.candidateTargets = candidateTargets
        stateNames = states.map { String(describing: $0) }
        eventNames = events.map { String(describing: $0) }
        parents = hierarchy.parents
        chains = hierarchy.chains
        parentInitialLeaf = hierarchy.initialLeaf
        parentStateIndex = hierarchy.parentStateIndex
        splitParents = hierarchy.split
        cellOwners = owners
        self.inherited = inherited
        self.undeclaredParentTargets = undeclaredParentTargets
        self.resumesHistory = resumesHistory
        hasEventless = declarations.contains { !$0.eventless.isEmpty } || hierarchy.parents.contains { !$0.body.eventless.isEmpty }
    }

    /// The parents of a list of declarations: each `Parent` block once, in order of first
    /// appearance; each state's chain of parent indices; each parent's initial leaf.
    static func hierarchy(_ declarations: [Declaration], stateIndex: [State: Int]) -> (
        parents: [ParentDeclaration<State, Event, Effect, Context>], chains: [[Int32]],
        initialLeaf: [Int], parentStateIndex: [State: Int], split: [String]
    ) {
        guard declarations.contains(where: { !$0.parents.isEmpty }) else { return ([], [], [], [:], []) }
        var parents: [ParentDeclaration<State, Event, Effect, Context>] = []
        var names: Set<String> = []
        var byIdentity: [ObjectIdentifier: Int] = [:]
        var split: [String] = []
        var chains: [[Int32]] = []
        chains.reserveCapacity(declarations.count)
        for declaration in declarations {
            var chain: [Int32] = []
            for parent in declaration.parents {
                let identity = ObjectIdentifier(parent.identity)
                let p: Int
                if let known = byIdentity[identity] {
                    p = known
                } else {
                    p = parents.count
                    byIdentity[identity] = p
                    // Two `Parent` blocks of one name: two parents, reported by validation.
                    if !names.insert(parent.name).inserted && !split.contains(parent.name) { split.append(parent.name) }
                    parents.append(parent)
                }
                chain.append(Int32(p))
            }
            chains.append(chain)
        }
        var parentStateIndex: [State: Int] = [:]
        for (p, parent) in parents.enumerated() {
            if let state = parent.state, parentStateIndex[state] == nil { parentStateIndex[state] = p }
        }
        // A parent's initial leaf: its `initial` (a child state, or a child parent's initial
        // leaf) when that is inside it, otherwise its first child (a child parent's initial
        // leaf); -1 when `initial` is outside.
        var initialLeaf = [Int](repeating: -2, count: parents.count)
        func resolve(_ p: Int, depth: Int) -> Int {
            if initialLeaf[p] != -2 { return initialLeaf[p] }
            guard depth <= parents.count else { return -1 }
            var leaf = chains.firstIndex { $0.contains(Int32(p)) } ?? -1
            // No `initial`: the first child; when that is a parent (or a parallel parent), its
            // own initial leaf.
            // (When that parent's own initial is broken, the first leaf, as before.)
            if parents[p].initial == nil, leaf >= 0, let at = chains[leaf].firstIndex(of: Int32(p)), at + 1 < chains[leaf].count {
                let inner = resolve(Int(chains[leaf][at + 1]), depth: depth + 1)
                if inner >= 0 { leaf = inner }
            }
            if let initial = parents[p].initial {
                if let index = stateIndex[initial] {
                    leaf = index
                } else if let child = parentStateIndex[initial] {
                    leaf = resolve(child, depth: depth + 1)
                } else {
                    leaf = -1
                }
                if leaf >= 0 && !chains[leaf].contains(Int32(p)) { leaf = -1 }
            }
            initialLeaf[p] = leaf
            return leaf
        }
        for p in parents.indices { _ = resolve(p, depth: 0) }
        return (parents, chains, initialLeaf, parentStateIndex, split)
    }

    /// The distinct values in first-seen order, the position of each among them, and the
    /// positions (in `values`) of the repeats.
    static func firstOccurrences<Value: Hashable>(_ values: some Collection<Value>) -> (unique: [Value], index: [Value: Int], repeats: [Int]) {
        var index: [Value: Int] = [:]
        index.reserveCapacity(values.count)
        var unique: [Value] = []
        unique.reserveCapacity(values.count)
        var repeats: [Int] = []
        for (position, value) in values.enumerated() {
            if let first = index.updateValue(unique.count, forKey: value) {
                index[value] = first
                repeats.append(position)
            } else {
                unique.append(value)
            }
        }
        return (unique, index, repeats)
    }

    /// The declarations but those at `positions`.
    static func removing(_ positions: Set<Int>, from declarations: [Declaration]) -> [Declaration] {
        declarations.indices.filter { !positions.contains($0) }.map { declarations[$0] }
    }

    /// What the state at `s` does with the event at `e`.
    func cell(_ s: Int, _ e: Int) -> Cell {
        let index = s * events.count + e
        switch cellKinds[index] {
        case .transitions: return .transitions(Int(cellStarts[index])..<Int(cellStarts[index + 1]))
        case .ignored: return .ignored
        case .declaredIllegal: return .illegal(declared: true)
        case .unhandled: return .illegal(declared: false)
        }
    }

    /// What the cell does when none of its guards holds (see ``cellDefaults``).
    func otherwise(_ s: Int, _ e: Int) -> CellDefault {
        cellDefaults[s * events.count + e]
    }

    /// The transition the candidate at `ref` (an index of ``candidatePositions``) of state `s` stands for.
    func transition(_ s: Int, _ ref: Int) -> Transition {
        let position = Int(candidatePositions[ref])
        return position >= 0 ? declarations[s].transitions[position] : inherited[-position - 1]
    }

    /// The parent a cell's declaration comes from, or -1 when the state declares it itself.
    func owner(_ s: Int, _ e: Int) -> Int {
        cellOwners.isEmpty ? -1 : Int(cellOwners[s * events.count + e])
    }

    /// The effects a transition emits in order: for an external transition, the exit effects
    /// of the states it leaves (innermost first), its own effects, then the entry effects of
    /// the states it enters (outermost first). It leaves the source and every parent of the
    /// source that does not also contain the target, or that declares the transition; it
    /// enters the parents of the target it was not already in, and the target.
    func effects(_ s: Int, _ e: Int, _ ref: Int) -> [Effect] {
        let transition = self.transition(s, ref)
        if transition.isInternal || transition.withinRegions { return transition.effects }
        let target = Int(candidateTargets[ref])
        guard target >= 0 else { return transition.effects }
        return path(from: s, declaredBy: Int32(owner(s, e)), to: target, named: transition.target, emitting: transition.effects).effects
    }

    /// The effects of an external transition from state `s` to state `target` (the state
    /// `name` stands for: itself, or a parent whose initial leaf `target` is), declared by the
    /// parent `owner` (-1: by `s` itself), emitting `own`; and how many of the source's parents,
    /// outermost first, it stays inside (it neither leaves nor re-enters them).
    func path(from s: Int, declaredBy owner: Int32, to target: Int, named name: State, emitting own: [Effect]) -> (effects: [Effect], kept: Int) {
        guard hasHierarchy else { return (declarations[s].exitEffects + own + declarations[target].entryEffects, 0) }
        let source = chains[s], destination = chains[target]
        // The parents the transition stays inside: common to both chains, and outside the
        // parent that declares it (which it leaves and re-enters).
        var common = 0
        while common < source.count, common < destination.count, source[common] == destination[common], source[common] != owner {
            common += 1
        }
        // A transition to a parent the source is in leaves and re-enters that parent.
        if let parent = parentStateIndex[name], let depth = destination.firstIndex(of: Int32(parent)) {
            common = min(common, depth)
        }
        return (path(from: s, keeping: common, to: target, emitting: own), common)
    }

    /// The effects of an external transition from state `s` to state `target` that stays
    /// inside the first `common` parents of both: the exits of the source and of its other
    /// parents (innermost first), `own`, the entries of the target's other parents (outermost
    /// first) and of the target.
    func path(from s: Int, keeping common: Int, to target: Int, emitting own: [Effect]) -> [Effect] {
        guard hasHierarchy else { return declarations[s].exitEffects + own + declarations[target].entryEffects }
        var effects = declarations[s].exitEffects
        for p in chains[s][min(common, chains[s].count)...].reversed() { effects += parents[Int(p)].exitEffects }
        effects += own
        for p in chains[target][min(common, chains[target].count)...] { effects += parents[Int(p)].entryEffects }
        return effects + declarations[target].entryEffects
    }

    /// How many of state `s`'s parents, outermost first, the candidate `ref` of its cell on
    /// event `e` stays inside: all of them for an internal transition.
    func keptParents(_ s: Int, _ e: Int, _ ref: Int) -> Int {
        let transition = self.transition(s, ref)
        let target = Int(candidateTargets[ref])
        if transition.isInternal || transition.withinRegions || target < 0 || !hasHierarchy { return hasHierarchy ? chains[s].count : 0 }
        return path(from: s, declaredBy: Int32(owner(s, e)), to: target, named: transition.target, emitting: []).kept
    }

    /// The transitions of a range of candidatePositions of state `s`, in order.
    func transitions(_ s: Int, _ range: Range<Int>) -> [Transition] {
        range.map { transition(s, $0) }
    }
}
