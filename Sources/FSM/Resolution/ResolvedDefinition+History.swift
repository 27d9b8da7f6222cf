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
