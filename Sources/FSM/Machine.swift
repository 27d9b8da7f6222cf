/// A running instance of a ``MachineDefinition``: the current state and ``send(_:context:)``.
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
public struct Machine<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable, Context>: Sendable {
    @usableFromInline let program: Program<State, Event, Effect, Context>
    @usableFromInline var stateIndex: Int

    /// What a rejected event does: throw (the default), nothing, or an assertion failure in
    /// debug builds.
    public var policy: RejectionPolicy

    /// Compiles a definition and starts it in its initial state.
    ///
    /// - Throws: ``DefinitionError`` with the diagnostics, when validation finds errors in the
    ///   definition. Warnings do not prevent running.
    public init(_ definition: MachineDefinition<State, Event, Effect, Context>, policy: RejectionPolicy = .throw) throws(DefinitionError) {
        try self.init(definition, startingIn: nil, policy: policy)
    }

    /// Compiles a definition and starts it in a given state (for tests and restoring a
    /// saved state).
    ///
    /// - Throws: ``DefinitionError`` when the definition has errors or the state is not declared.
    public init(_ definition: MachineDefinition<State, Event, Effect, Context>, startingIn state: State?, policy: RejectionPolicy = .throw) throws(DefinitionError) {
        let resolution = Resolution(definition)
        let errors = definition.validate(resolution: resolution, mode: .standard).filter { $0.severity == .error }
        guard errors.isEmpty, let initial = definition.initial, let initialIndex = resolution.stateIndex[initial] else {
            throw DefinitionError(machine: definition.name, diagnostics: errors)
        }
        var start = initialIndex
        if let state {
            guard let index = resolution.stateIndex[state] else {
                throw DefinitionError(machine: definition.name, diagnostics: [Diagnostic(
                    .error, .undeclaredState, states: [definition.name(of: state)],
                    "the start state '\(definition.name(of: state))' is not declared"
                )])
            }
            start = index
        }
        program = Program(definition, resolution: resolution, initialIndex: initialIndex)
        stateIndex = start
        self.policy = policy
    }

    /// The definition this machine runs.
    public var definition: MachineDefinition<State, Event, Effect, Context> { program.definition }

    /// The current state.
    @inlinable
    public var state: State { program.states[stateIndex] }

    /// Whether the current state is final.
    @inlinable
    public var isFinished: Bool { program.isFinal[stateIndex] }

    /// Goes back to the initial state.
    public mutating func reset() { stateIndex = program.initialIndex }

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
    @inlinable
    @discardableResult
    public mutating func send(_ event: Event, context: Context) throws(TransitionError<State, Event>) -> Transition<State, Event, Effect> {
        try apply(evaluate(event, context: context), event)
    }

    /// Takes a step, or applies the policy to a rejection.
    @inlinable
    mutating func apply(_ outcome: Result<Step, TransitionError<State, Event>>, _ event: Event) throws(TransitionError<State, Event>) -> Transition<State, Event, Effect> {
        switch outcome {
        case let .success(step):
            stateIndex = step.target
            return step.transition
        case let .failure(error):
            switch policy {
            case .throw:
                throw error
            case .assertInDebug:
                assertionFailure(error.description)
                fallthrough
            case .ignore:
                let state = program.states[stateIndex]
                return Transition(source: state, event: event, target: state, effects: [], kind: .rejected)
            }
        }
    }

    /// What sending an event would do now, without doing it.
    @inlinable
    public func check(_ event: Event, context: Context) -> Result<Transition<State, Event, Effect>, TransitionError<State, Event>> {
        evaluate(event, context: context).map(\.transition)
    }

    /// Sends an event, deciding each guard by its name instead of evaluating it on a
    /// context: for simulators, REPLs and model-based tests that explore a machine without
    /// building contexts. Otherwise exactly ``send(_:context:)``.
    @discardableResult
    public mutating func send(_ event: Event, guards holds: (String) -> Bool) throws(TransitionError<State, Event>) -> Transition<State, Event, Effect> {
        try apply(evaluate(event) { holds($0.name) }, event)
    }

    /// What sending an event would do now, each guard decided by its name.
    public func check(_ event: Event, guards holds: (String) -> Bool) -> Result<Transition<State, Event, Effect>, TransitionError<State, Event>> {
        evaluate(event) { holds($0.name) }.map(\.transition)
    }

    /// The outcome of an event in the current state: the transition and the index of its
    /// target, or the error. The one place where dispatch is decided.
    @usableFromInline
    struct Step {
        @usableFromInline let transition: Transition<State, Event, Effect>
        @usableFromInline let target: Int
        @inlinable init(transition: Transition<State, Event, Effect>, target: Int) {
            self.transition = transition
            self.target = target
        }
    }

    @inlinable
    func evaluate(_ event: Event, context: Context) -> Result<Step, TransitionError<State, Event>> {
        evaluate(event) { $0.predicate(context) }
    }

    @inlinable
    func evaluate(_ event: Event, passes: (Guard<Context>) -> Bool) -> Result<Step, TransitionError<State, Event>> {
        let program = self.program
        let source = stateIndex
        guard let eventIndex = program.eventIndex[event] else {
            return .failure(rejection(event, .noTransition))
        }
        let cell = source &* program.eventCount &+ eventIndex
        var code = program.cells[cell]
        if code >= 0 {
            repeat {
                let candidate = program.candidates[Int(code)]
                if candidate.guard.map(passes) ?? true {
                    let transition = Transition(
                        source: program.states[source], event: event, target: program.states[candidate.target],
                        effects: candidate.effects, kind: candidate.kind
                    )
                    return .success(Step(transition: transition, target: candidate.target))
                }
                code = candidate.next
            } while code >= 0
            return .failure(rejection(event, .guardNotMet(program.guardNames[cell])))
        }
        if code == Program<State, Event, Effect, Context>.ignoredCode {
            let state = program.states[source]
            return .success(Step(transition: Transition(source: state, event: event, target: state, effects: [], kind: .ignored), target: source))
        }
        return .failure(rejection(event, program.isFinal[source] ? .finalState : .noTransition))
    }

    @inlinable
    func rejection(_ event: Event, _ reason: TransitionError<State, Event>.Reason) -> TransitionError<State, Event> {
        TransitionError(state: program.states[stateIndex], event: event, reason: reason, permitted: program.permitted[stateIndex])
    }
}

extension Machine where Context == Void {
    /// Sends an event to a machine whose guards read no context.
    @inlinable
    @discardableResult
    public mutating func send(_ event: Event) throws(TransitionError<State, Event>) -> Transition<State, Event, Effect> {
        try send(event, context: ())
    }

    /// What sending an event would do now, without doing it.
    @inlinable
    public func check(_ event: Event) -> Result<Transition<State, Event, Effect>, TransitionError<State, Event>> {
        check(event, context: ())
    }
}
