extension MachineDefinition {
    /// The full transition table of the definition.
    public var table: TransitionTable<State, Event.Key, Effect> {
        let resolution = self.resolution
        // Histories: a resume's effects are computed as the machine's, from a memory of nothing.
        let plan = HistoryPlan(resolution)
        var rows: [TransitionTable<State, Event.Key, Effect>.Row] = []
        rows.reserveCapacity(resolution.states.count * resolution.events.count)
        for (s, state) in resolution.states.enumerated() {
            for (e, event) in resolution.events.enumerated() {
                let cell: TransitionTable<State, Event.Key, Effect>.Cell
                switch resolution.cell(s, e) {
                case let .transitions(range):
                    let entries = range.map { ref -> TransitionTable<State, Event.Key, Effect>.Entry in
                        let transition = resolution.transition(s, ref)
                        // The state the machine ends in: a parent target is its initial child.
                        let target = resolution.candidateTargets[ref] >= 0 ? resolution.states[Int(resolution.candidateTargets[ref])] : transition.target
                        return .init(target: target, guardName: transition.guard?.name, effects: transition.effects, isInternal: transition.isInternal, history: transition.history,
                                     targetParent: transition.isInternal ? nil : resolution.parentStateIndex[transition.target].map { resolution.parents[$0].name },
                                     performed: performed(s, e, ref, transition))
                    }
                    switch resolution.otherwise(s, e) {
                    case .ignored: cell = .guarded(entries, otherwise: .ignored)
                    case .declaredIllegal: cell = .guarded(entries, otherwise: .illegal)
                    case .rejected: cell = .transitions(entries)
                    }
                case .ignored: cell = .ignored
                case let .illegal(declared): cell = .illegal(declared: declared)
                }
                let owner = resolution.owner(s, e)
                rows.append(.init(state: state, event: event, cell: cell, inheritedFrom: owner >= 0 ? resolution.parents[owner].name : nil))
            }
        }
        /// Every effect a cell's transition performs: what the machine emits taking it from
        /// state `s` having remembered nothing (a line from inside a parent it resumes leaves
        /// that parent first, and resumes where it left).
        func performed(_ s: Int, _ e: Int, _ ref: Int, _ transition: TransitionDeclaration<State, Event, Effect, Context>) -> [Effect] {
            let target = Int(resolution.candidateTargets[ref])
            guard let plan, let history = transition.history, !transition.isInternal, target >= 0,
                  let slot = plan.slot(of: history, in: resolution) else { return resolution.effects(s, e, ref) }
            let (leaf, kept) = plan.resume(slot, from: s, declaredBy: resolution.owner(s, e), named: transition.target, default: target, memory: 0, in: resolution)
            return leaf >= 0 ? resolution.path(from: s, keeping: kept, to: leaf, emitting: transition.effects) : transition.effects
        }
        var timerRows: [TransitionTable<State, Event.Key, Effect>.TimerRow] = []
        if resolution.hasTimers {
            for (s, state) in resolution.states.enumerated() {
                for timer in resolution.timers(of: s) {
                    let declaration = timer.declaration
                    timerRows.append(.init(
                        state: state, duration: declaration.duration,
                        entry: .init(target: timer.target >= 0 ? resolution.states[timer.target] : declaration.target,
                                     guardName: declaration.guard?.name, effects: declaration.effects,
                                     targetParent: resolution.parentStateIndex[declaration.target].map { resolution.parents[$0].name },
                                     performed: timer.effects),
                        inheritedFrom: timer.node >= 0 ? resolution.parents[Int(timer.node)].name : nil
                    ))
                }
            }
        }
        var eventlessRows: [TransitionTable<State, Event.Key, Effect>.EventlessRow] = []
        if resolution.hasEventless {
            for (s, state) in resolution.states.enumerated() {
                for line in resolution.eventlessLines(of: s) {
                    let declaration = line.declaration
                    eventlessRows.append(.init(
                        state: state,
                        entry: .init(target: line.target >= 0 ? resolution.states[line.target] : declaration.target,
                                     guardName: declaration.guard?.name, effects: declaration.effects,
                                     targetParent: resolution.parentStateIndex[declaration.target].map { resolution.parents[$0].name },
                                     performed: line.target >= 0
                                        ? resolution.path(from: s, declaredBy: line.owner, to: line.target, named: declaration.target, emitting: declaration.effects).effects
                                        : declaration.effects),
                        isCompletion: declaration.isCompletion,
                        inheritedFrom: line.owner >= 0 ? resolution.parents[Int(line.owner)].name : nil
                    ))
                }
            }
        }
        return TransitionTable(
            machine: name, initial: initial, states: resolution.states,
            finalStates: resolution.declarations.filter(\.isFinal).map(\.state),
            events: resolution.events, rows: rows, timerRows: timerRows, eventlessRows: eventlessRows
        )
    }
}
