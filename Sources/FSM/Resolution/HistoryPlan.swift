/// How a definition whose transitions resume parents (``History``) is flattened: the memory
/// of every resumed parent is a digit of the machine's row, so that each (state, memory) pair
/// is a row of the dense table with static cells. Rows `0 ..< states` are the states with no
/// memory (where a machine starts); row `s + states * m` is state `s` with memory `m`.
///
/// One slot per (parent, shallow or deep) that some transition resumes. A slot's digit is 0
/// while the parent has never been left, otherwise 1 + the position of what it remembers
/// among its `choices` (the parent's children for shallow, its states for deep).
struct HistoryPlan<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    struct Slot {
        let parent: Int
        let deep: Bool
        /// What the slot can remember, each as the leaf it resumes at.
        let choices: [Int]
        /// Per state: 1 + the choice leaving the parent from it records, or 0 (not inside).
        let recorded: [Int]
        /// Per state: the depth of the parent in the state's chain, or -1.
        let depth: [Int]
        /// The slot's weight in a memory number (the product of the earlier slots' radices).
        let weight: Int
        var radix: Int { choices.count + 1 }
    }

    let slots: [Slot]
    let stateCount: Int
    /// The number of memories (the product of the slots' radices).
    let memoryCount: Int

    /// The plan of a resolution, or `nil` when no transition resumes a parent that exists.
    init?(_ resolution: ResolvedDefinition<State, Event, Effect, Context>) {
        var wanted: [(parent: Int, deep: Bool)] = []
        for history in resolution.histories {
            guard let p = resolution.parentIndex(named: history.parent) else { continue }
            if !wanted.contains(where: { $0.parent == p && $0.deep == history.isDeep }) { wanted.append((p, history.isDeep)) }
        }
        guard !wanted.isEmpty else { return nil }
        let states = resolution.states.count
        var slots: [Slot] = []
        var weight = 1
        for (p, deep) in wanted {
            var choices: [Int] = []
            var keys: [Int] = []  // a leaf's index, or -1 - a child parent's index
            var recorded = [Int](repeating: 0, count: states)
            var depth = [Int](repeating: -1, count: states)
            for s in 0..<states {
                let chain = resolution.chains[s]
                guard let d = chain.firstIndex(of: Int32(p)) else { continue }
                depth[s] = d
                // A final state is never left: nothing remembers it.
                if resolution.declarations[s].isFinal { continue }
                let key = deep || d + 1 >= chain.count ? s : -1 - Int(chain[d + 1])
                if let known = keys.firstIndex(of: key) {
                    recorded[s] = known + 1
                } else {
                    keys.append(key)
                    choices.append(key >= 0 ? key : resolution.parentInitialLeaf[-1 - key])
                    recorded[s] = keys.count
                }
            }
            slots.append(Slot(parent: p, deep: deep, choices: choices, recorded: recorded, depth: depth, weight: weight))
            weight = weight.multipliedReportingOverflow(by: choices.count + 1).overflow ? Int.max / 2 : weight * (choices.count + 1)
        }
        self.slots = slots
        stateCount = states
        memoryCount = weight
    }

    /// The slot of a history, if its parent exists.
    func slot(of history: History, in resolution: ResolvedDefinition<State, Event, Effect, Context>) -> Int? {
        guard let p = resolution.parentIndex(named: history.parent) else { return nil }
        return slots.firstIndex { $0.parent == p && $0.deep == history.isDeep }
    }

    /// The leaf a transition resuming `slot` enters in `memory`: what it remembers, or
    /// `fallback` (the declared default's leaf) when the parent has never been left.
    func resumed(_ slot: Int, memory: Int, default fallback: Int) -> Int {
        let digit = (memory / slots[slot].weight) % slots[slot].radix
        return digit == 0 ? fallback : slots[slot].choices[digit - 1]
    }

    /// Where a transition from state `s` resuming `slot` goes in `memory`, and how many of the
    /// source's parents (outermost first) it stays in. The parents left: those a transition to
    /// where the memory before resumes leaves (the parent that declares it, `owner`, and a
    /// parent `name` stands for that holds the source, among them), and, from inside the
    /// resumed parent, everything in it (UML's rule, and python-statemachine's: its child is
    /// left and entered again through the memory). The parents left record their memory; the
    /// state entered is where the memory after resumes.
    func resume(_ slot: Int, from s: Int, declaredBy owner: Int, named name: State, default fallback: Int, memory: Int,
                in resolution: ResolvedDefinition<State, Event, Effect, Context>) -> (leaf: Int, kept: Int) {
        let before = resumed(slot, memory: memory, default: fallback)
        // A child parent without an initial state (validation reports it) resumes nowhere.
        guard before >= 0 else { return (-1, 0) }
        var kept = resolution.path(from: s, declaredBy: Int32(owner), to: before, named: name, emitting: []).kept
        if let depth = resolution.chains[s].firstIndex(of: Int32(slots[slot].parent)) { kept = min(kept, depth + 1) }
        return (resumed(slot, memory: self.memory(memory, leaving: s, kept: kept), default: fallback), kept)
    }

    /// The states a machine can be in from `start`, memory and all: per state, whether some
    /// sequence of events and timers leads to it (every guard may hold or not).
    func reachable(from start: Int, in resolution: ResolvedDefinition<State, Event, Effect, Context>) -> [Bool] {
        var slotOf: [History: Int] = [:]
        for history in resolution.histories { if let slot = slot(of: history, in: resolution) { slotOf[history] = slot } }
        let eventCount = resolution.events.count
        var seen: Set<Int> = [start]
        var queue = [start]
        var reached = [Bool](repeating: false, count: stateCount)
        reached[start] = true
        var head = 0
        func visit(_ leaf: Int, _ memory: Int) {
            guard leaf >= 0 else { return }
            let row = leaf + stateCount * memory
            if seen.insert(row).inserted {
                queue.append(row)
                reached[leaf] = true
            }
        }
        while head < queue.count {
            let row = queue[head]
            head += 1
            let s = row % stateCount, memory = row / stateCount
            for e in 0..<eventCount {
                guard case let .transitions(range) = resolution.cell(s, e) else { continue }
                for ref in range {
                    let transition = resolution.transition(s, ref)
                    if transition.isInternal { continue }
                    let target = Int(resolution.candidateTargets[ref])
                    if let history = transition.history, let slot = slotOf[history], target >= 0 {
                        let (leaf, kept) = resume(slot, from: s, declaredBy: resolution.owner(s, e), named: transition.target, default: target, memory: memory, in: resolution)
                        visit(leaf, self.memory(memory, leaving: s, kept: kept))
                    } else if target >= 0 {
                        visit(target, self.memory(memory, leaving: s, kept: resolution.keptParents(s, e, ref)))
                    }
                }
            }
            if resolution.hasTimers {
                for timer in resolution.timers(of: s) where timer.target >= 0 { visit(timer.target, self.memory(memory, leaving: s, kept: timer.kept)) }
            }
        }
        return reached
    }

    /// The memory after a transition from state `s` that stays inside the first `kept` of its
    /// parents (outermost first; `Int.max`: internal, it leaves nothing): each slot whose
    /// parent it leaves records what it leaves.
    func memory(_ memory: Int, leaving s: Int, kept: Int) -> Int {
        var result = memory
        for slot in slots where slot.depth[s] >= kept {
            let digit = (result / slot.weight) % slot.radix
            result += (slot.recorded[s] - digit) * slot.weight
        }
        return result
    }
}
