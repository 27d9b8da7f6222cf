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
public struct On<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares a transition.
    /// - Parameters:
    ///   - event: The event's key (for an event without data, the event itself).
    ///   - target: The state to go to (with `history`, the default: where the parent is
    ///     entered while it has never been left).
    ///   - history: The parent whose history the transition resumes, if any (see ``History``).
    ///   - guard: A named condition on the context, if any.
    ///   - effects: The effects to emit, in order.
    @inlinable
    public init(_ event: Event.Key, to target: State, resuming history: History? = nil, guard: Guard<Context>? = nil, emit effects: Effect...) {
        _element = _StateElement(.transition(event, to: target, guard: `guard`.map(TransitionGuard.init), effects: effects, history: history))
    }

    /// Declares a transition whose effects are given as an array.
    @inlinable
    package init(_ event: Event.Key, to target: State, resuming history: History? = nil, guard: Guard<Context>? = nil, effects: [Effect]) {
        _element = _StateElement(.transition(event, to: target, guard: `guard`.map(TransitionGuard.init), effects: effects, history: history))
    }

    /// Declares a transition guarded by a condition on the event it receives.
    ///
    /// ```swift
    /// let rightCode = Guard<LockEvent>("code is 1234") { if case let .unlock(code) = $0 { code == "1234" } else { false } }
    /// On(.unlock, to: .closed, guard: rightCode)
    /// ```
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, to target: State, resuming history: History? = nil, guard: Guard<Event>, emit effects: Effect...) {
        _element = _StateElement(.transition(event, to: target, guard: TransitionGuard(event: `guard`), effects: effects, history: history))
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
    public init(_ event: Event.Key, to target: State, resuming history: History? = nil, guard: Guard<(Context, Event)>, emit effects: Effect...) {
        _element = _StateElement(.transition(event, to: target, guard: TransitionGuard(both: `guard`), effects: effects, history: history))
    }

    /// Declares a transition guarded by a condition on the event, its effects given as an array.
    @inlinable @_disfavoredOverload
    package init(_ event: Event.Key, to target: State, resuming history: History? = nil, guard: Guard<Event>, effects: [Effect]) {
        _element = _StateElement(.transition(event, to: target, guard: TransitionGuard(event: `guard`), effects: effects, history: history))
    }

    /// Declares a transition guarded by a condition on the context and the event, its effects
    /// given as an array.
    @inlinable @_disfavoredOverload
    package init(_ event: Event.Key, to target: State, resuming history: History? = nil, guard: Guard<(Context, Event)>, effects: [Effect]) {
        _element = _StateElement(.transition(event, to: target, guard: TransitionGuard(both: `guard`), effects: effects, history: history))
    }
}
