extension ResolvedDefinition {
    /// The histories transitions resume (their own and their parents'), each once, in order.
    var histories: [History] {
        guard resumesHistory else { return [] }
        var found: [History] = []
        for declaration in declarations {
            for transition in declaration.transitions { if let history = transition.history, !found.contains(history) { found.append(history) } }
        }
        for parent in parents {
            for transition in parent.transitions { if let history = transition.history, !found.contains(history) { found.append(history) } }
        }
        return found
    }

    /// The index of the parent of this name (the first, if two blocks share it).
    func parentIndex(named name: String) -> Int? {
        parents.firstIndex { $0.name == name }
    }
}

extension MachineDefinition {
    /// The histories its transitions resume (see ``History``), each once, in order.
    package var histories: [History] { resolution.histories }

    /// Whether a state or parent declares a transition without an event (``Always``, ``OnDone``).
    package var hasEventless: Bool { resolution.hasEventless }
}

extension MachineDefinition {
    /// What each history remembers in each of `rows` (a machine's ``Machine/row``): per row,
    /// `history(P): S` for every history whose parent has been left, `S` the child (or, for a
    /// deep history, the state) it resumes; empty for a row without memory. For tools that
    /// show where a machine would resume (the explorer page).
    package func rememberedStates(inRows rows: [Int]) -> [[String]] {
        guard let plan = HistoryPlan(resolution) else { return rows.map { _ in [] } }
        let labels = plan.slots.map { slot in
            (slot.deep ? "deep history(" : "history(") + resolution.parents[slot.parent].name + ")"
        }
        return rows.map { row in
            let memory = row / plan.stateCount
            var remembered: [String] = []
            for (index, slot) in plan.slots.enumerated() {
                let digit = (memory / slot.weight) % slot.radix
                guard digit > 0, slot.choices.indices.contains(digit - 1) else { continue }
                let leaf = slot.choices[digit - 1]
                var shown = resolution.stateNames[leaf]
                // A shallow history remembers a child: the parent inside it, when the leaf is deeper.
                if !slot.deep, slot.depth.indices.contains(leaf), slot.depth[leaf] >= 0 {
                    let chain = resolution.chains[leaf]
                    let below = slot.depth[leaf] + 1
                    if below < chain.count { shown = resolution.parents[Int(chain[below])].name }
                }
                remembered.append("\(labels[index]): \(shown)")
            }
            return remembered
        }
    }
}
