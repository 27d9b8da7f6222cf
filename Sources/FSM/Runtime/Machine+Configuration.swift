/// What a machine is in, by names only: its state, that state's parents, and what each history
/// that some transition resumes remembers. The form a snapshot stores (the `FSMPersistence`
/// product writes and reads it): no index, no ordinal, nothing that changes when unrelated
/// declarations move.
package struct ConfigurationNames: Sendable, Hashable {
    /// What one history (a parent, shallow or deep) remembers.
    package struct Memory: Sendable, Hashable {
        /// The parent whose history this is.
        package let parent: String
        /// Whether the history is deep (it remembers a state inside the parent's children).
        package let deep: Bool
        /// The child (shallow) or the state (deep) the history resumes, or `nil` while the
        /// parent has never been left.
        package let remembers: String?

        package init(parent: String, deep: Bool, remembers: String?) {
            self.parent = parent
            self.deep = deep
            self.remembers = remembers
        }
    }

    /// The current state's name (for a parallel machine, or a child of a parallel parent, the
    /// name of the combination of its regions' states).
    package let state: String
    /// Its parents' names, outermost first.
    package let parents: [String]
    /// What each history remembers, in the definition's order of the histories.
    package let memories: [Memory]

    package init(state: String, parents: [String], memories: [Memory]) {
        self.state = state
        self.parents = parents
        self.memories = memories
    }
}

/// Why a configuration cannot be put into a machine of a definition: each case names what does
/// not fit.
package enum ConfigurationMismatch: Error, Sendable, Hashable {
    /// No state of the definition has this name.
    case unknownState(String)
    /// Two states of the definition have this name: which one is meant cannot be told.
    case ambiguousState(String)
    /// The state is declared inside other parents (`declared`) than the configuration says
    /// (`saved`).
    case movedState(String, declared: [String], saved: [String])
    /// The machine never rests in the state: a transition without an event and without a
    /// guard leaves it at once, to `leadsTo`.
    case transient(String, leadsTo: String)
    /// No transition of the definition resumes this history.
    case unknownHistory(parent: String, deep: Bool)
    /// The history cannot remember this (not a child, for a shallow one; not a state inside
    /// the parent that is ever left, for a deep one).
    case unknownMemory(parent: String, deep: Bool, remembers: String)
    /// The configuration says twice what one history remembers.
    case repeatedHistory(parent: String, deep: Bool)
    /// The parent's shallow and deep histories remember things no run leaves together (the
    /// deep one a state outside the child the shallow one remembers, or one remembers
    /// nothing and the other something): leaving the parent sets both.
    case contradictoryHistory(parent: String)
}

/// The names a compiled definition's histories remember, made once per compiled definition
/// (see `DispatchTable.historyNamesCache`): what saving and restoring a configuration read.
struct HistoryNames: Sendable {
    struct Slot: Sendable {
        let parent: String
        let deep: Bool
        let weight: Int
        let radix: Int
        /// Per choice, the name the slot remembers it by: the state for a deep slot, the
        /// parent's child on the way to it for a shallow one.
        let choices: [String]
        /// The choices by name (a name twice: two choices, which a restore refuses).
        let byName: [String: [Int]]
        /// Per choice, the name of the parent's child it is in (its own name for a shallow
        /// slot): what the parent's shallow history remembers when this one does.
        let child: [String]
        /// The slot of the parent's other history (shallow for a deep one and back), if some
        /// transition resumes it too.
        var twin: Int?
    }

    let slots: [Slot]

    init<State, Event, Effect, Context>(_ resolution: ResolvedDefinition<State, Event, Effect, Context>) {
        guard let plan = HistoryPlan(resolution) else {
            slots = []
            return
        }
        var slots = plan.slots.map { slot -> Slot in
            func childName(_ leaf: Int) -> String {
                let chain = resolution.chains[leaf]
                let depth = slot.depth[leaf]
                return depth < 0 || depth + 1 >= chain.count ? resolution.stateNames[leaf] : resolution.parents[Int(chain[depth + 1])].name
            }
            let children = slot.choices.map(childName)
            let names = slot.deep ? slot.choices.map { resolution.stateNames[$0] } : children
            return Slot(parent: resolution.parents[slot.parent].name, deep: slot.deep, weight: slot.weight, radix: slot.radix,
                        choices: names, byName: Dictionary(grouping: names.indices, by: { names[$0] }), child: children, twin: nil)
        }
        for index in slots.indices {
            slots[index].twin = slots.indices.first { $0 != index && plan.slots[$0].parent == plan.slots[index].parent }
        }
        self.slots = slots
    }
}

extension Machine {
    /// The names of this compiled definition's histories, made once (see ``HistoryNames``).
    var historyNames: HistoryNames {
        if let known = tables.historyNamesCache.withLock({ $0 }) { return known }
        let names = HistoryNames(definition.resolution)
        tables.historyNamesCache.withLock { $0 = names }
        return names
    }

    /// What the machine is in, by names (see ``ConfigurationNames``). Linear in the depth of
    /// its state and the number of histories.
    package var configurationNames: ConfigurationNames {
        let resolution = definition.resolution
        let s = stateIndex % tables.stateCount
        let memory = stateIndex / tables.stateCount
        let memories = historyNames.slots.map { slot in
            let digit = (memory / slot.weight) % slot.radix
            return ConfigurationNames.Memory(parent: slot.parent, deep: slot.deep, remembers: digit == 0 ? nil : slot.choices[digit - 1])
        }
        return ConfigurationNames(state: resolution.stateNames[s], parents: resolution.parentNames(of: s), memories: memories)
    }

    /// This machine (its compiled tables, its policy) in the configuration `names`: nothing is
    /// performed and no guard decided, the machine is put there; a coverage recorder attached
    /// counts the state as entered, as after ``reset()`` (no transition led there). A history
    /// the configuration does not mention remembers nothing. Linear in the states, the
    /// histories and the lines without an event of the state.
    package func restoring(_ names: ConfigurationNames) -> Result<Self, ConfigurationMismatch> {
        let resolution = definition.resolution
        let matching = resolution.stateNames.indices.filter { resolution.stateNames[$0] == names.state }
        guard let s = matching.first else { return .failure(.unknownState(names.state)) }
        guard matching.count == 1 else { return .failure(.ambiguousState(names.state)) }
        let declared = resolution.parentNames(of: s)
        guard declared == names.parents else { return .failure(.movedState(names.state, declared: declared, saved: names.parents)) }
        if let leadsTo = Self.neverRests(in: s, resolution) { return .failure(.transient(names.state, leadsTo: leadsTo)) }
        let slots = historyNames.slots
        var digits = [Int](repeating: 0, count: slots.count)
        var seen = [Bool](repeating: false, count: slots.count)
        for saved in names.memories {
            guard let index = slots.indices.first(where: { slots[$0].parent == saved.parent && slots[$0].deep == saved.deep }) else {
                return .failure(.unknownHistory(parent: saved.parent, deep: saved.deep))
            }
            guard !seen[index] else { return .failure(.repeatedHistory(parent: saved.parent, deep: saved.deep)) }
            seen[index] = true
            guard let remembers = saved.remembers else { continue }
            let choices = slots[index].byName[remembers] ?? []
            guard let choice = choices.first else { return .failure(.unknownMemory(parent: saved.parent, deep: saved.deep, remembers: remembers)) }
            guard choices.count == 1 else { return .failure(.ambiguousState(remembers)) }
            digits[index] = choice + 1
        }
        // Leaving a parent sets both its histories: a deep memory inside the child the shallow
        // one remembers, or neither.
        for (index, slot) in slots.enumerated() where slot.deep {
            guard let twin = slot.twin else { continue }
            let consistent = digits[index] == 0
                ? digits[twin] == 0
                : digits[twin] != 0 && slots[twin].choices[digits[twin] - 1] == slot.child[digits[index] - 1]
            guard consistent else { return .failure(.contradictoryHistory(parent: slot.parent)) }
        }
        let memory = zip(digits, slots).reduce(0) { $0 + $1.0 * $1.1.weight }
        let restored = Machine(tables: tables, stateIndex: s + tables.stateCount * memory, policy: policy)
        if let tap = tables.recording?.tap { tap.recorder.restart(tap, entering: tables.countedState(restored.stateIndex)) }
        return .success(restored)
    }

    /// Where a machine resting in `s` (not entering it) goes at once, by its lines without an
    /// event, when it can never rest there: every way through them leaves (an unguarded
    /// line comes before the machine could stay); the state it goes to first in declaration
    /// order, or `a cycle`. `nil` when it can rest in `s`.
    private static func neverRests(in s: Int, _ resolution: ResolvedDefinition<State, Event, Effect, Context>) -> String? {
        guard let ways = resolution.settlements(from: s, waiting: true), !ways.isEmpty else { return nil }
        if ways.contains(where: { $0.target == s && $0.lines.isEmpty }) { return nil }
        let target = (ways.first { $0.guards.isEmpty } ?? ways[0]).target
        return target >= 0 ? resolution.stateNames[target] : "a cycle"
    }
}

extension ResolvedDefinition {
    /// The names of state `s`'s parents, outermost first (none in a machine without parents).
    func parentNames(of s: Int) -> [String] {
        hasHierarchy ? chains[s].map { parents[Int($0)].name } : []
    }
}
