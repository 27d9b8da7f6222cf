/// A transition: on an event, go to a target state (given as data), if a named guard holds,
/// emitting effects in order.
///
/// ```swift
/// On(.logIn, to: .loggingIn, guard: .credentialsFilled, emit: .disableInputs, .callLogIn)
/// ```
///
/// Several `On` lines for one event in one state are tried in declaration order; the first
/// whose guard holds is taken. A line without a guard after guarded ones acts as `else`.
/// A transition to the state it leaves is external: exit and entry effects run. Use
/// ``Internal`` to stay without leaving.
public struct On<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    public let element: StateElement<State, Event, Effect, Context>

    /// Declares a transition.
    /// - Parameters:
    ///   - event: The event's key (for an event without data, the event itself).
    ///   - target: The state to go to.
    ///   - guard: A named condition on the context, if any.
    ///   - effects: The effects to emit, in order.
    @inlinable
    public init(_ event: Event.Key, to target: State, guard: Guard<Context>? = nil, emit effects: Effect...) {
        element = .transition(event, to: target, guard: `guard`.map(TransitionGuard.init), effects: effects)
    }

    /// Declares a transition whose effects are given as an array.
    @inlinable
    public init(_ event: Event.Key, to target: State, guard: Guard<Context>? = nil, effects: [Effect]) {
        element = .transition(event, to: target, guard: `guard`.map(TransitionGuard.init), effects: effects)
    }

    /// Declares a transition guarded by a condition on the event it receives.
    ///
    /// ```swift
    /// let rightCode = Guard<LockEvent>("code is 1234") { if case let .unlock(code) = $0 { code == "1234" } else { false } }
    /// On(.unlock, to: .closed, guard: rightCode)
    /// ```
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, to target: State, guard: Guard<Event>, emit effects: Effect...) {
        element = .transition(event, to: target, guard: TransitionGuard(event: `guard`), effects: effects)
    }

    /// Declares a transition guarded by a condition on the context and the event it receives.
    ///
    /// ```swift
    /// let matches = Guard<(Lock, LockEvent)>("code matches") { lock, event in
    ///     if case let .unlock(code) = event { code == lock.code } else { false }
    /// }
    /// On(.unlock, to: .closed, guard: matches)
    /// ```
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, to target: State, guard: Guard<(Context, Event)>, emit effects: Effect...) {
        element = .transition(event, to: target, guard: TransitionGuard(both: `guard`), effects: effects)
    }

    /// Declares a transition guarded by a condition on the event, its effects given as an array.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, to target: State, guard: Guard<Event>, effects: [Effect]) {
        element = .transition(event, to: target, guard: TransitionGuard(event: `guard`), effects: effects)
    }

    /// Declares a transition guarded by a condition on the context and the event, its effects
    /// given as an array.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, to target: State, guard: Guard<(Context, Event)>, effects: [Effect]) {
        element = .transition(event, to: target, guard: TransitionGuard(both: `guard`), effects: effects)
    }
}

/// An internal transition: the event is handled, its effects are emitted, and the machine
/// stays in its state without leaving it (no exit or entry effects).
///
/// ```swift
/// In(.idle) { Internal(.edit) }
/// ```
public struct Internal<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    public let element: StateElement<State, Event, Effect, Context>

    /// Declares an internal transition.
    /// - Parameters:
    ///   - event: The event's key.
    ///   - guard: A named condition on the context, if any.
    ///   - effects: The effects to emit, in order.
    @inlinable
    public init(_ event: Event.Key, guard: Guard<Context>? = nil, emit effects: Effect...) {
        element = .internalTransition(event, guard: `guard`.map(TransitionGuard.init), effects: effects)
    }

    /// An internal transition whose effects are a list built elsewhere.
    /// - Parameters:
    ///   - event: The event's key.
    ///   - guard: A named condition that must hold.
    ///   - effects: The effects, in order.
    @inlinable
    public init(_ event: Event.Key, guard: Guard<Context>? = nil, effects: [Effect]) {
        element = .internalTransition(event, guard: `guard`.map(TransitionGuard.init), effects: effects)
    }

    /// An internal transition guarded by a condition on the event it receives.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, guard: Guard<Event>, emit effects: Effect...) {
        element = .internalTransition(event, guard: TransitionGuard(event: `guard`), effects: effects)
    }

    /// An internal transition guarded by a condition on the context and the event it receives.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, guard: Guard<(Context, Event)>, emit effects: Effect...) {
        element = .internalTransition(event, guard: TransitionGuard(both: `guard`), effects: effects)
    }

    /// An internal transition guarded by a condition on the event, its effects given as an array.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, guard: Guard<Event>, effects: [Effect]) {
        element = .internalTransition(event, guard: TransitionGuard(event: `guard`), effects: effects)
    }

    /// An internal transition guarded by a condition on the context and the event, its effects
    /// given as an array.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, guard: Guard<(Context, Event)>, effects: [Effect]) {
        element = .internalTransition(event, guard: TransitionGuard(both: `guard`), effects: effects)
    }
}

/// Events that a state accepts and ignores: sending one succeeds, changes nothing and emits
/// nothing. Drawn in diagrams, listed in tables.
///
/// ```swift
/// In(.loading) { Ignore(.startLoading) }
/// ```
public struct Ignore<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    public let element: StateElement<State, Event, Effect, Context>

    /// Declares events as ignored.
    @inlinable
    public init(_ events: Event.Key...) { element = .ignore(events) }
    /// Declares events as ignored, from a sequence.
    @inlinable
    public init(_ events: some Sequence<Event.Key>) { element = .ignore(Array(events)) }
}

/// Every event the state does not otherwise handle is ignored: for a screen that is gone,
/// whose late results are dropped.
public struct IgnoreOtherEvents<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// Declares every otherwise unhandled event of the state as ignored.
    @inlinable
    public init() {}
}

/// Every event the state does not otherwise handle or ignore is declared illegal: the
/// "thought about" of ``Illegal`` for the rest of the events, which strict validation accepts.
///
/// ```swift
/// In(.waiting) {
///     On(.startLoading, to: .loading, emit: .callCurrentUser)
///     IllegalOtherEvents()
/// }
/// ```
public struct IllegalOtherEvents<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// Declares every otherwise unhandled event of the state as illegal.
    @inlinable
    public init() {}
}

/// Events declared illegal in a state. Sending one is rejected exactly as an undeclared
/// pair is; the declaration says "this was thought about", which strict validation requires.
public struct Illegal<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    public let element: StateElement<State, Event, Effect, Context>

    /// Declares events as illegal.
    @inlinable
    public init(_ events: Event.Key...) { element = .illegal(events) }
    /// Declares events as illegal, from a sequence.
    @inlinable
    public init(_ events: some Sequence<Event.Key>) { element = .illegal(Array(events)) }
}

/// Effects emitted whenever an external transition enters the state (after the transition's
/// own effects).
public struct OnEntry<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    public let element: StateElement<State, Event, Effect, Context>

    /// Declares entry effects.
    @inlinable
    public init(_ effects: Effect...) { element = .entry(effects) }
}

/// Effects emitted whenever an external transition leaves the state (before the transition's
/// own effects).
public struct OnExit<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    public let element: StateElement<State, Event, Effect, Context>

    /// Declares exit effects.
    @inlinable
    public init(_ effects: Effect...) { element = .exit(effects) }
}

/// Events a child state handles itself on purpose although a parent declares them too:
/// without it, validation warns that the child's line shadows the parent's.
///
/// ```swift
/// Parent("active") {
///     On(.stop, to: .stopped)
/// } children: {
///     In(.recording) {
///         Overrides(.stop)
///         On(.stop, to: .saving)      // recording saves before it stops
///     }
///     In(.playing)
/// }
/// ```
public struct Overrides<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    public let element: StateElement<State, Event, Effect, Context>

    /// Declares events overridden on purpose.
    @inlinable
    public init(_ events: Event.Key...) { element = .overrides(events) }
}
