/// A transition without an event: taken as soon as the machine rests in the state (it got
/// there by an event or another `Always` line) and its guard holds. Several lines
/// are tried in declaration order; a line without a guard takes whatever the lines before
/// it left. On a ``Parent``, every child (final children too) tries the parent's lines after
/// its own, the innermost parent's first, as SCXML does.
///
/// ```swift
/// In(.checking) {
///     Always(to: .approved, guard: .valid)
///     Always(to: .rejected)
/// }
/// ```
///
/// The whole chain belongs to the `send` that started it: the ``Transition`` it returns goes
/// from the state the event found to the state where the chain rests, with every step's exit,
/// own and entry effects in order. Guards read the context passed to `send`; the effects are
/// performed by you after `send` returns, so nothing a step does can change a guard, and the
/// chain is decided as one (a guard may be evaluated more than once). When no line's guard
/// holds, the machine rests in the state; since the next event may bring another context, an
/// event sent to such a state first lets go the lines whose guards now hold, and is then
/// handled where they lead, dropped there if that state does not take it (as SCXML
/// interpreters such as python-statemachine do). A machine starts where the initial state's
/// unguarded lines lead, without their effects (as it starts without the initial state's
/// entry effects); guarded ones wait for the first event. A machine with these lines cannot
/// have timers (``After``) or resume a history yet, and a region cannot have them.
/// A chain that comes back
/// to a state it passed would run forever: validation refuses such a cycle when no guard
/// can stop it, and a guarded one rejects the event with ``TransitionError/Reason/neverSettles(_:)``
/// when its guards all hold, leaving the state unchanged.
public struct Always<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares a transition without an event.
    /// - Parameters:
    ///   - target: The state to go to (a parent: its initial child).
    ///   - guard: A named condition on the context, if any.
    ///   - effects: The effects to emit, in order.
    @inlinable
    public init(to target: State, guard: Guard<Context>? = nil, emit effects: Effect...) {
        _element = _StateElement(.eventless(to: target, guard: `guard`.map(TransitionGuard.init), effects: effects, completion: false))
    }

    /// Declares a transition without an event whose effects are given as an array.
    @inlinable
    package init(to target: State, guard: Guard<Context>? = nil, effects: [Effect]) {
        _element = _StateElement(.eventless(to: target, guard: `guard`.map(TransitionGuard.init), effects: effects, completion: false))
    }
}

/// A parent's completion: taken as soon as one of the parent's final children is reached
/// (SCXML's `done.state.ID`). It belongs in a ``Parent``'s body; several lines are tried in
/// declaration order, after the ``Always`` lines that apply in the final child, and the
/// chain they start is part of the `send` that reached the final child.
///
/// ```swift
/// Parent(state: .checkout, initial: .cart) {
///     OnDone(to: .receipt, emit: .thank)
/// } children: {
///     In(.cart) { On(.pay, to: .paid) }
///     Final(.paid)
/// }
/// ```
///
/// A final child of a parent without `OnDone` stays where it is, finished, as before.
public struct OnDone<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares a parent's completion transition.
    /// - Parameters:
    ///   - target: The state to go to (a parent: its initial child).
    ///   - guard: A named condition on the context, if any.
    ///   - effects: The effects to emit, in order.
    @inlinable
    public init(to target: State, guard: Guard<Context>? = nil, emit effects: Effect...) {
        _element = _StateElement(.eventless(to: target, guard: `guard`.map(TransitionGuard.init), effects: effects, completion: true))
    }

    /// Declares a parent's completion transition whose effects are given as an array.
    @inlinable
    package init(to target: State, guard: Guard<Context>? = nil, effects: [Effect]) {
        _element = _StateElement(.eventless(to: target, guard: `guard`.map(TransitionGuard.init), effects: effects, completion: true))
    }
}
