extension MachineDefinition {
    /// Transitions without an event (``Always``, ``OnDone``): where they may be declared,
    /// their targets, and the chains they make, which must come to rest.
    func checkEventless(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, into found: inout [Diagnostic]) {
        var owners: [(name: String, lines: [EventlessDeclaration<State, Event, Effect, Context>], isFinal: Bool, isParent: Bool, hasFinalChild: Bool)] = []
        for declaration in resolution.declarations where !declaration.eventless.isEmpty {
            owners.append((name(of: declaration.state), declaration.eventless, declaration.isFinal, false, false))
        }
        for (p, parent) in resolution.parents.enumerated() where !parent.body.eventless.isEmpty {
            let finalChild = resolution.declarations.indices.contains { resolution.declarations[$0].isFinal && resolution.chains[$0].last == Int32(p) }
            owners.append((parent.name, parent.body.eventless, false, true, finalChild))
        }
        for owner in owners {
            for line in owner.lines {
                let target = name(of: line.target)
                let arrow = line.isCompletion ? "'\(owner.name)' --done--> '\(target)'" : "'\(owner.name)' --always--> '\(target)'"
                if resolution.leafIndex(of: line.target) == nil {
                    found.append(Diagnostic(.error, .undeclaredState, states: [owner.name, target], "the transition \(arrow) goes to '\(target)', which is not declared"))
                }
                if line.isCompletion && !owner.isParent {
                    found.append(Diagnostic(.error, .invalidEventless, states: [owner.name],
                                            "\(arrow): OnDone belongs in a Parent's body (it is taken when one of the parent's final children is reached)"))
                } else if owner.isFinal {
                    found.append(Diagnostic(.error, .invalidEventless, states: [owner.name], "\(arrow): a final state takes no transitions"))
                }
            }
            if owner.isParent, owner.lines.contains(where: \.isCompletion), !owner.hasFinalChild {
                found.append(Diagnostic(.warning, .invalidEventless, states: [owner.name],
                                        "parent '\(owner.name)' has OnDone lines but no final child: they are never taken"))
            }
        }
        // Not yet together with what the chains would have to carry along.
        var missing: [String] = []
        if resolution.resumesHistory { missing.append("history") }
        if resolution.hasTimers { missing.append("timers") }
        if !missing.isEmpty {
            found.append(Diagnostic(.error, .invalidEventless, states: owners.map(\.name),
                                    "\(Self.list(owners.map(\.name))) \(owners.count == 1 ? "has" : "have") transitions without an event, which a machine with \(missing.joined(separator: " or ")) cannot have yet"))
            return
        }
        // Every state's chains, once: too many, or a cycle.
        var reported: Set<String> = []
        for s in resolution.declarations.indices {
            guard let chains = resolution.settlements(from: s) else {
                found.append(Diagnostic(.error, .tooLarge, states: [resolution.stateNames[s]],
                                        "the transitions without an event from '\(resolution.stateNames[s])' branch into more than \(ResolvedDefinition<State, Event, Effect, Context>.maximumSettlements) alternatives: too many to flatten (give them fewer guarded lines, or fewer steps)"))
                continue
            }
            for chain in chains where chain.target < 0 {
                let cycle = resolution.cycleText(chain.passed)
                guard reported.insert(cycle).inserted else { continue }
                let states = Self.unique(chain.passed.map { resolution.stateNames[$0] })
                if chain.guards.isEmpty {
                    found.append(Diagnostic(.error, .invalidEventless, states: states,
                                            "the transitions without an event \(cycle) never settle: no guard stops them"))
                } else {
                    let names = Self.unique(chain.guards.map(\.name)).map { "'\($0)'" }.joined(separator: ", ")
                    found.append(Diagnostic(.warning, .invalidEventless, states: states,
                                            "the transitions without an event \(cycle) never settle when \(names) all hold: the event that starts them is then rejected"))
                }
            }
        }
    }
}
