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
}

extension Machine {
    /// What the machine is in, by names (see ``ConfigurationNames``).
    package var configurationNames: ConfigurationNames {
        let resolution = definition.resolution
        let s = stateIndex % tables.stateCount
        let memory = stateIndex / tables.stateCount
        let parents = resolution.parentNames(of: s)
        var memories: [ConfigurationNames.Memory] = []
        if let plan = HistoryPlan(resolution) {
            for slot in plan.slots {
                let digit = (memory / slot.weight) % slot.radix
                let remembers = digit == 0 ? nil : Self.remembered(slot.choices[digit - 1], in: slot, resolution)
                memories.append(.init(parent: resolution.parents[slot.parent].name, deep: slot.deep, remembers: remembers))
            }
        }
        return ConfigurationNames(state: resolution.stateNames[s], parents: parents, memories: memories)
    }

    /// This machine (its compiled tables, its policy) in the configuration `names`: nothing is
    /// performed and no guard decided, the machine is put there. A history the configuration
    /// does not mention remembers nothing. Linear in the states and the histories.
    package func restoring(_ names: ConfigurationNames) -> Result<Self, ConfigurationMismatch> {
        let resolution = definition.resolution
        let matching = resolution.stateNames.indices.filter { resolution.stateNames[$0] == names.state }
        guard let s = matching.first else { return .failure(.unknownState(names.state)) }
        guard matching.count == 1 else { return .failure(.ambiguousState(names.state)) }
        let declared = resolution.parentNames(of: s)
        guard declared == names.parents else { return .failure(.movedState(names.state, declared: declared, saved: names.parents)) }
        let resting = resolution.restingState(from: s)
        guard resting == s else { return .failure(.transient(names.state, leadsTo: resolution.stateNames[resting])) }
        var memory = 0
        let plan = HistoryPlan(resolution)
        var seen = Set<Int>()
        for saved in names.memories {
            guard let slots = plan?.slots,
                  let index = slots.indices.first(where: { resolution.parents[slots[$0].parent].name == saved.parent && slots[$0].deep == saved.deep }) else {
                return .failure(.unknownHistory(parent: saved.parent, deep: saved.deep))
            }
            guard seen.insert(index).inserted else { return .failure(.repeatedHistory(parent: saved.parent, deep: saved.deep)) }
            guard let remembers = saved.remembers else { continue }
            let slot = slots[index]
            guard let choice = slot.choices.indices.first(where: { Self.remembered(slot.choices[$0], in: slot, resolution) == remembers }) else {
                return .failure(.unknownMemory(parent: saved.parent, deep: saved.deep, remembers: remembers))
            }
            memory += (choice + 1) * slot.weight
        }
        return .success(Machine(tables: tables, stateIndex: s + tables.stateCount * memory, policy: policy))
    }

    /// The name a history slot remembers when it resumes at `leaf`: the state itself for a
    /// deep history; for a shallow one, the parent's child on the way to it (the leaf, or the
    /// child parent whose initial state it is).
    private static func remembered(_ leaf: Int, in slot: HistoryPlan<State, Event, Effect, Context>.Slot, _ resolution: ResolvedDefinition<State, Event, Effect, Context>) -> String {
        let chain = resolution.chains[leaf]
        let depth = slot.depth[leaf]
        if slot.deep || depth < 0 || depth + 1 >= chain.count { return resolution.stateNames[leaf] }
        return resolution.parents[Int(chain[depth + 1])].name
    }
}

extension ResolvedDefinition {
    /// The names of state `s`'s parents, outermost first (none in a machine without parents).
    func parentNames(of s: Int) -> [String] {
        hasHierarchy ? chains[s].map { parents[Int($0)].name } : []
    }
}
