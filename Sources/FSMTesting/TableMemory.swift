import FSM

/// What a machine that resumes histories remembers, read from its table and declarations
/// alone (by names, not from the runtime): the oracle of `expectAgreesWithTable` and the
/// paths of `shortestPaths()` and `transitionCover()` step with it.
struct TableMemory<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    let definition: MachineDefinition<State, Event, Effect, Context>
    /// The histories the table's transitions resume: what is remembered.
    let histories: [History]

    init(_ definition: MachineDefinition<State, Event, Effect, Context>, table: TransitionTable<State, Event.Key, Effect>) {
        self.definition = definition
        var histories: [History] = []
        for row in table.rows {
            switch row.cell {
            case let .transitions(entries), let .guarded(entries, _):
                for history in entries.compactMap(\.history) where !histories.contains(history) { histories.append(history) }
            case .ignored, .illegal: break
            }
        }
        self.histories = histories
    }

    /// What a history remembers: the state deep inside its parent, or (shallow) the child it
    /// was in, a state or a parent (by name). Absent while the parent has never been left.
    enum Remembered: Hashable {
        case state(State)
        case parent(String)
    }

    /// The memory: per history the table resumes, what it remembers.
    typealias Memory = [History: Remembered]

    /// Where a transition resuming `history` goes with `memory`: what it remembers (a child
    /// parent entered at its initial state), or the default.
    func resumed(_ history: History, memory: Memory, default fallback: State) -> State {
        switch memory[history] {
        case nil: return fallback
        case let .state(state)?: return state
        case let .parent(name)?: return initialState(of: name) ?? fallback
        }
    }

    /// The state a parent is entered at: its initial state, or its first child's (a child
    /// parent's initial state).
    func initialState(of name: String, visited: Set<String> = []) -> State? {
        // A parent whose `initial` leads back to itself is invalid (validation says so); the
        // walk stops there instead of going round.
        guard !visited.contains(name), let parent = definition.parents.first(where: { $0.name == name }) else { return nil }
        let visited = visited.union([name])
        if let initial = parent.initial {
            if definition.declaration(of: initial) != nil { return initial }
            if let inner = definition.parents.first(where: { $0.state == initial }) { return initialState(of: inner.name, visited: visited) }
        }
        guard let first = definition.states.first(where: { definition.parentNames(of: $0).contains(name) }) else { return nil }
        let chain = definition.parentNames(of: first)
        if let at = chain.firstIndex(of: name), at + 1 < chain.count { return initialState(of: chain[at + 1], visited: visited) ?? first }
        return first
    }

    /// The memory after a transition from `source` that stays in its first `kept` parents:
    /// each parent it leaves remembers where it was left.
    func remembering(_ memory: Memory, leaving source: State, keeping kept: Int) -> Memory {
        guard !histories.isEmpty else { return memory }
        var result = memory
        let chain = definition.parentNames(of: source)
        // A final state is never left (it refuses every event and has no timer).
        if definition.declaration(of: source)?.isFinal == true { return result }
        for history in histories {
            guard let depth = chain.firstIndex(of: history.parent), depth >= kept else { continue }
            result[history] = history.isDeep || depth + 1 >= chain.count ? .state(source) : .parent(chain[depth + 1])
        }
        return result
    }

    /// How many of the source's parents (outermost first) an external transition stays in:
    /// those that hold the target too, up to the parent that declares the transition (and a
    /// parent it goes to, `entering`, that holds the source).
    func keptParents(from source: State, to target: State, declaredBy owner: String?, entering parent: String? = nil) -> Int {
        let left = definition.parentNames(of: source), entered = definition.parentNames(of: target)
        var common = 0
        while common < left.count, common < entered.count, left[common] == entered[common], left[common] != owner, left[common] != parent { common += 1 }
        return common
    }

    /// Where an external transition of this entry goes from `state` with `memory`, how many
    /// parents it stays in, and the memory after it: the parents left are those a transition
    /// to where the memory before resumes leaves, and, from inside the resumed parent,
    /// everything in it (its child is left and entered again through the memory); they record
    /// what they leave; the state entered is where the memory after resumes.
    func step(from state: State, _ entry: TransitionTable<State, Event.Key, Effect>.Entry, declaredBy owner: String?, memory: Memory) -> (target: State, kept: Int, memory: Memory) {
        let towards = entry.history.map { resumed($0, memory: memory, default: entry.target) } ?? entry.target
        var kept = keptParents(from: state, to: towards, declaredBy: owner, entering: entry.targetParent)
        if let history = entry.history, let depth = definition.parentNames(of: state).firstIndex(of: history.parent) { kept = min(kept, depth + 1) }
        let after = remembering(memory, leaving: state, keeping: kept)
        return (entry.history.map { resumed($0, memory: after, default: entry.target) } ?? entry.target, kept, after)
    }
}
