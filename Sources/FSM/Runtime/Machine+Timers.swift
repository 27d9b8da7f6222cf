extension Machine {
    /// The timers armed in the current state (its ``After`` lines, then its parents' from the
    /// innermost out): what a runtime starts when the state is entered. Empty in a final state.
    @inlinable
    public var timers: [MachineTimer] {
        guard !tables.timerStarts.isEmpty else { return [] }
        let range = Int(tables.timerStarts[stateIndex])..<Int(tables.timerStarts[stateIndex + 1])
        return range.map { tables.timerTable[$0].timer }
    }

    /// Takes the transition of a timer that ran out, its guard (if any) decided on `context`.
    ///
    /// - Returns: The transition (its ``Transition/event`` `nil`: the timer set it off);
    ///   `nil` when the timer is not armed in the current state (a timer of a state that was
    ///   left: it never fires) or its guard does not hold (a runner then treats the timer as
    ///   spent until its state is entered again: the machine keeps no time, and no such mark).
    @discardableResult
    public mutating func fire(_ timer: MachineTimer, context: Context) -> Transition<State, Event.Key, Effect>? {
        fire(timer) { $0.holds(context: context) ?? false }
    }

    /// Takes a timer's transition, its guard decided by `passes`; `nil` as in `fire(_:context:)`.
    @inlinable
    mutating func fire(_ timer: MachineTimer, passes: (TransitionGuard<Context, Event>) -> Bool) -> Transition<State, Event.Key, Effect>? {
        guard let entry = armed(timer) else { return nil }
        let index = Int(entry.candidate)
        let candidate = tables.candidateTable[index]
        guard candidate.guardIndex < 0 || passes(tables.guards[Int(candidate.guardIndex)]) else {
            recordTimer(candidate: index, taken: false)
            return nil
        }
        recordTimer(candidate: index, taken: true)
        let source = stateIndex
        stateIndex = Int(candidate.target)
        return Transition(
            source: tables.stateTable[source], timer: entry.duration, target: tables.stateTable[stateIndex],
            effects: tables.effects(of: index, candidate)
        )
    }

    /// Takes a timer's transition, each guard decided by its name (for the REPL and
    /// model-based tests).
    @discardableResult
    package mutating func fire(_ timer: MachineTimer, guards holds: (String) -> Bool) -> Transition<State, Event.Key, Effect>? {
        fire(timer) { $0.holds(deciding: holds) }
    }

    /// The entry of `timer` when it is armed in the current state.
    @inlinable
    func armed(_ timer: MachineTimer) -> DispatchTable<State, Event, Effect, Context>.TimerEntry? {
        guard !tables.timerStarts.isEmpty else { return nil }
        for index in Int(tables.timerStarts[stateIndex])..<Int(tables.timerStarts[stateIndex + 1]) where tables.timerTable[index].timer == timer {
            return tables.timerTable[index]
        }
        return nil
    }
}

extension Machine where Context == Void {
    /// Takes the transition of a timer that ran out (see `fire(_:context:)`).
    @discardableResult
    public mutating func fire(_ timer: MachineTimer) -> Transition<State, Event.Key, Effect>? {
        fire(timer, context: ())
    }
}
