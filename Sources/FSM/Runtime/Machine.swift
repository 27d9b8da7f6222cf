/// A running instance of a ``MachineDefinition``: the current state and `send(_:context:)`.
///
/// A machine is a value: copying one is cheap (the compiled definition is shared), so undo,
/// snapshots and tests are easy. Sending an event returns the ``Transition`` taken, or throws
/// a ``TransitionError`` that names the state, the event, the reason and the permitted
/// events; a rejected event never changes the state.
///
/// ```swift
/// var door = try Machine(doorDefinition)
/// try door.send(.open)          // closed --open--> opened
/// try door.send(.lock)          // throws: 'lock' is not permitted in state 'opened' (permitted: close)
/// ```
public struct Machine<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The compiled definition (a recording copy of it while a recorder is attached).
    @usableFromInline let tables: DispatchTable<State, Event, Effect, Context>
    @usableFromInline var stateIndex: Int

    /// What a rejected event does: throw (the default), nothing, or an assertion failure in
    /// debug builds.
    public var policy: RejectionPolicy

    /// Compiles a definition and starts it in its initial state (or where that state's
    /// unguarded transitions without an event lead, see ``Always``), or in `state`.
    ///
    /// Starting in a given state is for tests and for restoring a saved state. A machine that
    /// resumes histories (``History``) then starts remembering nothing: a `State` does not
    /// carry the memory, so its histories resume at their defaults until their parents are
    /// left again. From a state whose first transition without an event (``Always``) is
    /// unguarded, the machine starts where such lines lead, without their effects (as it does
    /// from the initial state).
    ///
    /// - Parameters:
    ///   - definition: The machine's definition.
    ///   - state: Where to start; `nil` (the default) starts in the initial state.
    ///   - policy: What a rejected event does.
    /// - Throws: ``DefinitionError`` with the diagnostics, when validation finds errors in the
    ///   definition (warnings do not prevent running), or when `state` is not declared.
    public init(_ definition: MachineDefinition<State, Event, Effect, Context>, startingIn state: State? = nil, policy: RejectionPolicy = .throw) throws(DefinitionError) {
        let resolution = definition.resolution
        let errors = definition.validate(resolution: resolution, mode: .standard).filter { $0.severity == .error }
        guard errors.isEmpty, let initial = definition.initial, let declaredInitial = resolution.leafIndex(of: initial) else {
            throw DefinitionError(machine: definition.name, diagnostics: errors)
        }
        // Unguarded transitions without an event are taken before the machine rests.
        let initialIndex = resolution.restingState(from: declaredInitial)
        var start = initialIndex
        if let state {
            guard let index = resolution.leafIndex(of: state) else {
                throw DefinitionError(machine: definition.name, diagnostics: [Diagnostic(
                    .error, .undeclaredState, states: [definition.name(of: state)],
                    "the start state \(quoting: definition.name(of: state)) is not declared"
                )])
            }
            start = resolution.restingState(from: index)
        }
        tables = DispatchTable(definition, resolution: resolution, initialIndex: initialIndex)
        stateIndex = start
        self.policy = policy
    }

    /// A machine of these tables in this state.
    init(tables: DispatchTable<State, Event, Effect, Context>, stateIndex: Int, policy: RejectionPolicy) {
        self.tables = tables
        self.stateIndex = stateIndex
        self.policy = policy
    }

    /// This machine's tables in `state` with nothing remembered (as `init(_:startingIn:)`
    /// without compiling again), `nil` when `state` is not one of its states. For tools and
    /// tests that start a machine in many states.
    package func starting(in state: State) -> Self? {
        guard let index = (0..<tables.stateCount).first(where: { tables.stateTable[$0] == state }) else { return nil }
        return Machine(tables: tables, stateIndex: index, policy: policy)
    }

    /// The definition this machine runs.
    public var definition: MachineDefinition<State, Event, Effect, Context> { tables.definition }

    /// The current state.
    @inlinable
    public var state: State { tables.stateTable[stateIndex] }

    /// The row of the compiled table the machine is in: its state and, when transitions
    /// resume histories, what they remember (two machines of one definition in the same row
    /// behave the same from here on). For tools that search a machine's reachable situations.
    package var row: Int { stateIndex }

    /// Whether the current state is final.
    @inlinable
    public var isFinished: Bool { tables.finalTable[stateIndex] }

    /// Goes back to the initial state.
    public mutating func reset() {
        stateIndex = tables.initialIndex
        if let tap = tables.recording?.tap { tap.recorder.restart(tap, entering: tables.countedState(stateIndex)) }
    }

    /// Where the recorder, if any, is in this machine's run: the last transition it saw (for
    /// a REPL's undo to put back with ``restoreRecording(_:)``).
    package var recordingMark: Int {
        guard let tap = tables.recording?.tap else { return -1 }
        return tap.recorder.last(of: tap)
    }

    /// Puts back where the recorder was in this machine's run (a REPL's undo): the next
    /// transition follows the one before the undone step, not the undone one.
    package func restoreRecording(_ mark: Int) {
        if let tap = tables.recording?.tap { tap.recorder.restore(tap, last: mark) }
    }

    /// Sends an event.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - context: What the guards of the event's transitions read.
    /// - Returns: The transition taken: its source, target, kind and the effects to perform
    ///   in order. An ignored event returns a transition of kind ``TransitionKind/ignored``;
    ///   a rejected one, under a policy that does not throw, of kind ``TransitionKind/rejected``.
    /// - Throws: ``TransitionError`` when the event is rejected and the policy is
    ///   ``RejectionPolicy/throw``. The state is unchanged.
    @inlinable @inline(__always)
    @discardableResult
    public mutating func send(_ event: Event, context: Context) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        let key = event.key
        return try take(decide(tables.index(of: key)) { $0.holds(context, event) }, key)
    }

    /// Sends an event and returns what happened as a value: the transition taken, or the
    /// error that rejected the event (the state unchanged, whatever the policy).
    ///
    /// The same as `send(_:context:)` without throwing: one of the dispatch paths the table
    /// agreement of `FSMTesting` and the package's tests check against the table (users send
    /// with `send`, or ask with `check`).
    @inlinable @inline(__always)
    package mutating func transition(on event: Event, context: Context) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        let key = event.key
        return step(decide(tables.index(of: key)) { $0.holds(context, event) }, key)
    }

    /// Carries out a decision and returns the outcome as a value.
    @inlinable @inline(__always)
    mutating func step(_ decision: Decision, _ event: Event.Key) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        switch decision {
        case .take, .ignore:
            let transition = outcome(decision, event)
            if case let .take(_, target) = decision { stateIndex = target }
            return transition
        case .noTransition, .declaredIllegal, .guardNotMet, .finalState, .neverSettles:
            return .failure(error(for: decision, event))
        }
    }

    /// What sending an event would do now, without doing it.
    @inlinable
    public func check(_ event: Event, context: Context) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        let key = event.key
        return outcome(decide(tables.index(of: key), recording: false) { $0.holds(context, event) }, key)
    }

    /// Sends an event's key, deciding each guard by its name instead of evaluating it on a
    /// context and an event value: for simulators, REPLs and model-based tests that explore a
    /// machine without building contexts or payloads. Otherwise exactly `send(_:context:)`;
    /// the transition carries the key.
    @discardableResult
    package mutating func send(_ key: Event.Key, guards holds: (String) -> Bool) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        try take(decide(tables.index(of: key)) { $0.holds(deciding: holds) }, key)
    }

    /// What sending an event's key would do now, each guard decided by its name.
    package func check(_ key: Event.Key, guards holds: (String) -> Bool) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        outcome(decide(tables.index(of: key), recording: false) { $0.holds(deciding: holds) }, key)
    }

    /// Sends an event, each guard of its cell decided by `guardDecision` (evaluated on the
    /// event with ``TransitionGuard/holds(event:)``, decided by name, or both): for tools of
    /// this package that hold the event but not a context, such as the REPL given an event's
    /// data. Otherwise exactly `send(_:context:)`.
    @discardableResult
    package mutating func send(event: Event, deciding guardDecision: (TransitionGuard<Context, Event>) -> Bool) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        let key = event.key
        return try take(decide(tables.index(of: key), passes: guardDecision), key)
    }

    /// The same compiled machine in the state at `index` of ``states``: for tools that look at
    /// every state without compiling the definition again.
    package func placed(atStateIndex index: Int) -> Machine {
        var copy = self
        copy.stateIndex = index
        return copy
    }

    /// What sending an event would do now, each guard decided by `guardDecision`.
    package func check(event: Event, deciding guardDecision: (TransitionGuard<Context, Event>) -> Bool) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        let key = event.key
        return outcome(decide(tables.index(of: key), recording: false, passes: guardDecision), key)
    }

    /// What an event does in the current state, as plain data: the one place where dispatch
    /// is decided. Nothing here is reference counted.
    @usableFromInline
    enum Decision {
        /// Take the candidate at this index, to the state at that index.
        case take(candidate: Int, target: Int)
        /// The state ignores the event.
        case ignore
        /// No transition (or an undeclared event).
        case noTransition
        /// Declared illegal, by the parent at this index (-1: the state itself).
        case declaredIllegal(parent: Int32)
        /// The cell's guards all failed; their names.
        case guardNotMet(GuardNames)
        /// The state is final.
        case finalState
        /// The candidate taken leads into a chain of transitions without an event that never
        /// settles: the cycle's index in the dispatch table's `cycles`.
        case neverSettles(Int32)
    }

    /// Decides what the event at `index` (`nil`: undeclared) does in the current state.
    @inlinable @inline(__always)
    func decide(_ index: Int?, recording: Bool = true, passes: (TransitionGuard<Context, Event>) -> Bool) -> Decision {
        guard let eventIndex = index else { return .noTransition }
        let cellIndex = stateIndex &* tables.eventCount &+ eventIndex
        let cell = tables.cellTable[cellIndex]
        if cell.code >= 0 {
            // A single unguarded transition: the target is in the cell itself.
            return .take(candidate: Int(cell.first), target: Int(cell.code))
        }
        if cell.code == DispatchTable<State, Event, Effect, Context>.guardedCode {
            let decision = guardedDecision(cell, passes: passes)
            // A recording table keeps its guarded cells: recorded here, after their guards.
            if _slowPath(recording && tables.recording != nil) { record(decision, cell: cell, cellIndex) }
            return decision
        }
        // A cell whose chains of transitions without an event may never settle, or that stands
        // for a rejection after waiting chains: decided out of line.
        if _slowPath(cell.code == DispatchTable<State, Event, Effect, Context>.chainedCode) {
            let chained = chainedDecision(cell, passes: passes)
            if _slowPath(recording && tables.recording != nil) { record(chained, cell: cell, cellIndex) }
            return chained
        }
        // Any other cell of a recording table: decided out of line from the real cell.
        if _slowPath(cell.code == DispatchTable<State, Event, Effect, Context>.recordingCode) { return recordedDecision(cellIndex, recording: recording) }
        return unguardedDecision(cell)
    }

    /// What a guarded cell does: its first candidate whose guard holds, or its default.
    @inlinable @inline(__always)
    func guardedDecision(_ cell: DispatchTable<State, Event, Effect, Context>.Cell, passes: (TransitionGuard<Context, Event>) -> Bool) -> Decision {
        for index in Int(cell.first)..<Int(cell.first &+ cell.count) {
            let candidate = tables.candidateTable[index]
            if candidate.guardIndex < 0 || passes(tables.guards[Int(candidate.guardIndex)]) {
                return .take(candidate: index, target: Int(candidate.target))
            }
        }
        // No guard holds: the default, an `Ignore` after the guarded lines, or rejection.
        return cell.ignoresOtherwise ? .ignore : .guardNotMet(cell.guardNames)
    }

    /// What a cell of code `chainedCode` does: as a guarded cell, but a candidate may have no
    /// target (see ``unsettled(_:)``).
    @usableFromInline @inline(never)
    func chainedDecision(_ cell: DispatchTable<State, Event, Effect, Context>.Cell, passes: (TransitionGuard<Context, Event>) -> Bool) -> Decision {
        for index in Int(cell.first)..<Int(cell.first &+ cell.count) {
            let candidate = tables.candidateTable[index]
            if candidate.guardIndex < 0 || passes(tables.guards[Int(candidate.guardIndex)]) {
                return candidate.target >= 0 ? .take(candidate: index, target: Int(candidate.target)) : unsettled(candidate)
            }
        }
        // None holds: the default, as in a guarded cell.
        return cell.ignoresOtherwise ? Decision.ignore : .guardNotMet(cell.guardNames)
    }

    /// What a candidate without a target stands for: a chain of transitions without an event
    /// that never settles (its target is `-1 - ` the cycle's index), or, last in a cell whose
    /// waiting chains all failed, the cell's own rejection (kind `rejected`: its code in
    /// `effectCount`, the parent that declares it illegal in `effectStart`).
    @usableFromInline @inline(never)
    func unsettled(_ candidate: DispatchTable<State, Event, Effect, Context>.Candidate) -> Decision {
        guard candidate.kind == .rejected else { return .neverSettles(-1 - candidate.target) }
        switch candidate.effectCount {
        case DispatchTable<State, Event, Effect, Context>.finalCode: return .finalState
        case DispatchTable<State, Event, Effect, Context>.declaredIllegalCode: return .declaredIllegal(parent: candidate.effectStart)
        default: return .noTransition
        }
    }

    /// What a cell without guards and not a single transition does.
    @inlinable @inline(__always)
    func unguardedDecision(_ cell: DispatchTable<State, Event, Effect, Context>.Cell) -> Decision {
        switch cell.code {
        case DispatchTable<State, Event, Effect, Context>.ignoredCode: return .ignore
        case DispatchTable<State, Event, Effect, Context>.finalCode: return .finalState
        case DispatchTable<State, Event, Effect, Context>.declaredIllegalCode: return .declaredIllegal(parent: cell.first)
        default: return .noTransition
        }
    }

    /// The transition a decision stands for, or the error that rejects it.
    @inlinable @inline(__always)
    func outcome(_ decision: Decision, _ event: Event.Key) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        switch decision {
        case let .take(index, target):
            let candidate = tables.candidateTable[index]
            return .success(Transition(
                source: tables.stateTable[stateIndex], event: event, target: tables.stateTable[target],
                effects: tables.effects(of: index, candidate), kind: candidate.kind
            ))
        case .ignore:
            let state = tables.stateTable[stateIndex]
            return .success(Transition(source: state, event: event, target: state, effects: SmallList(), kind: .ignored))
        case .noTransition, .declaredIllegal, .guardNotMet, .finalState, .neverSettles: return .failure(error(for: decision, event))
        }
    }

    /// Carries out a decision: moves to the target, or applies the policy to a rejection.
    @inlinable @inline(__always)
    mutating func take(_ decision: Decision, _ event: Event.Key) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        switch decision {
        case let .take(index, target):
            let candidate = tables.candidateTable[index]
            let source = stateIndex
            stateIndex = target
            return Transition(
                source: tables.stateTable[source], event: event, target: tables.stateTable[stateIndex],
                effects: tables.effects(of: index, candidate), kind: candidate.kind
            )
        case .ignore:
            let state = tables.stateTable[stateIndex]
            return Transition(source: state, event: event, target: state, effects: SmallList(), kind: .ignored)
        case .noTransition, .declaredIllegal, .guardNotMet, .finalState, .neverSettles:
            return try reject(decision, event)
        }
    }

    /// Applies the policy to a rejection.
    @inlinable @inline(__always)
    func reject(_ decision: Decision, _ event: Event.Key) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        switch policy {
        case .throw:
            throw error(for: decision, event)
        case .assertInDebug:
            assertionFailure(error(for: decision, event).description)
            fallthrough
        case .ignore:
            let state = tables.stateTable[stateIndex]
            return Transition(source: state, event: event, target: state, effects: SmallList(), kind: .rejected)
        }
    }

    /// The error of a rejecting decision.
    @inlinable @inline(__always)
    func error(for decision: Decision, _ event: Event.Key) -> TransitionError<State, Event.Key> {
        let code: TransitionError<State, Event.Key>.Code
        var detail: Int32 = -1
        switch decision {
        case let .guardNotMet(names):
            code = .guardNotMet
            detail = names.id
        case .finalState: code = .finalState
        case let .neverSettles(cycle):
            code = .neverSettles
            detail = cycle
        case let .declaredIllegal(parent):
            code = .declaredIllegal
            detail = parent
        case .take, .ignore, .noTransition: code = .noTransition
        }
        return TransitionError(
            state: tables.stateTable[stateIndex], event: event, answerTable: tables.answerTable,
            stateIndex: Int32(stateIndex), code: code, detail: detail
        )
    }
}

extension Machine where Context == Void {
    /// Sends an event to a machine without context and returns what happened as a value.
    @inlinable @inline(__always)
    package mutating func transition(on event: Event) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        transition(on: event, context: ())
    }

    /// Sends an event to a machine whose guards read no context.
    @inlinable @inline(__always)
    @discardableResult
    public mutating func send(_ event: Event) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        try send(event, context: ())
    }

    /// What sending an event would do now, without doing it.
    @inlinable @inline(__always)
    public func check(_ event: Event) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        check(event, context: ())
    }
}

extension Machine where Event.Key: DenseIndexed {
    /// The index of an event: by its byte when events are single bytes of plain data (its
    /// `denseIndex` then is not even computed), otherwise by its dense index.
    @inlinable @inline(__always)
    func denseIndex(of key: Event.Key) -> Int? {
        DispatchTable<State, Event, Effect, Context>.eventsAreBytes ? tables.index(of: key) : tables.index(ofDense: key, key.denseIndex)
    }

    /// Sends an event, found by its dense index instead of by hashing: the same as the
    /// general `send(_:context:)`, faster.
    @inlinable @inline(__always)
    @discardableResult
    public mutating func send(_ event: Event, context: Context) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        let key = event.key
        return try take(decide(denseIndex(of: key)) { $0.holds(context, event) }, key)
    }
}

extension Machine where Event.Key: DenseIndexed {
    /// Sends an event found by its dense index and returns what happened as a value (see
    /// `transition(on:context:)`).
    @inlinable @inline(__always)
    package mutating func transition(on event: Event, context: Context) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        let key = event.key
        return step(decide(denseIndex(of: key)) { $0.holds(context, event) }, key)
    }
}

extension Machine where Event.Key: DenseIndexed, Context == Void {
    /// Sends an event found by its dense index to a machine without context and returns what
    /// happened as a value.
    @inlinable @inline(__always)
    package mutating func transition(on event: Event) -> Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>> {
        transition(on: event, context: ())
    }

    /// Sends an event to a machine whose guards read no context, found by its dense index.
    @inlinable @inline(__always)
    @discardableResult
    public mutating func send(_ event: Event) throws(TransitionError<State, Event.Key>) -> Transition<State, Event.Key, Effect> {
        try send(event, context: ())
    }
}
