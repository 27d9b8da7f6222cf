extension MachineDefinition {
    /// Transitions that resume a history (see ``History``): the parent must be declared once,
    /// the default target inside it; the memory, flattened, must fit the table's limit.
    func checkHistory(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, into found: inout [Diagnostic]) {
        guard resolution.resumesHistory else { return }
        var lines: [(source: String, transition: TransitionDeclaration<State, Event, Effect, Context>)] = []
        for declaration in resolution.declarations {
            for transition in declaration.transitions where transition.history != nil { lines.append((name(of: declaration.state), transition)) }
        }
        for parent in resolution.parents {
            for transition in parent.transitions where transition.history != nil { lines.append((parent.name, transition)) }
        }
        guard !lines.isEmpty else { return }
        var reported: Set<String> = []
        for (source, transition) in lines {
            guard let history = transition.history else { continue }
            let arrow = "\(quoting: source) --\(name(of: transition.event))--> \(history.label)"
            guard let p = resolution.parentIndex(named: history.parent) else {
                if reported.insert("parent " + history.parent).inserted {
                    let declared = Self.unique(resolution.parents.map(\.name))
                    let known = declared.isEmpty ? "the machine has no parent" : "its parents: " + Self.list(declared)
                    found.append(Diagnostic(.error, .invalidHistory, states: [source, history.parent], events: [name(of: transition.event)],
                                            "the transition \(arrow) resumes \(quoting: history.parent), which is not a declared parent (\(known))"))
                }
                continue
            }
            if resolution.splitParents.contains(history.parent) { continue }  // reported as parentDeclaredTwice
            let target = name(of: transition.target)
            guard reported.insert(arrow + "\u{0}" + target).inserted else { continue }
            if resolution.parentStateIndex[transition.target] == p {
                // SCXML's default is a configuration inside the parent, not the parent itself.
                found.append(Diagnostic(.error, .invalidHistory, states: [source, history.parent], events: [name(of: transition.event)],
                                        "the transition \(arrow) has the parent itself as its default: name a state inside \(quoting: history.parent) (its initial one, say)"))
            } else if let leaf = resolution.leafIndex(of: transition.target), !resolution.chains[leaf].contains(Int32(p)) {
                found.append(Diagnostic(.error, .invalidHistory, states: [source, history.parent, target], events: [name(of: transition.event)],
                                        "the transition \(arrow) has the default \(quoting: target), which is not inside \(quoting: history.parent)"))
            }
        }
        if let plan = HistoryPlan(resolution) {
            let cells = plan.memoryCount.multipliedReportingOverflow(by: max(1, resolution.states.count * resolution.events.count))
            if cells.overflow || cells.partialValue > Self.maximumParallelCells {
                let parents = plan.slots.map { resolution.parents[$0.parent].name }
                found.append(Diagnostic(.error, .tooLarge, states: Self.unique(parents),
                                        "the history of \(Self.list(Self.unique(parents))) makes \(cells.overflow ? "too many" : String(plan.memoryCount)) memories: the flattened table would exceed \(Self.maximumParallelCells) cells (resume fewer parents, or shallow rather than deep histories, which remember a parent's children instead of all its states)"))
            }
        }
    }
}
