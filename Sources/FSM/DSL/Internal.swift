/// An internal transition: the event is handled, its effects are emitted, and the machine
/// stays in its state without leaving it (no exit or entry effects).
///
/// ```swift
/// In(.idle) { Internal(.edit) }
/// ```
public struct Internal<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares an internal transition.
    /// - Parameters:
    ///   - event: The event's key.
    ///   - guard: A named condition on the context, if any.
    ///   - effects: The effects to emit, in order.
    @inlinable
    public init(_ event: Event.Key, guard: Guard<Context>? = nil, emit effects: Effect...) {
        _element = _StateElement(.internalTransition(event, guard: `guard`.map(TransitionGuard.init), effects: effects))
    }

    /// An internal transition whose effects are a list built elsewhere.
    /// - Parameters:
    ///   - event: The event's key.
    ///   - guard: A named condition that must hold.
    ///   - effects: The effects, in order.
    @inlinable
    package init(_ event: Event.Key, guard: Guard<Context>? = nil, effects: [Effect]) {
        _element = _StateElement(.internalTransition(event, guard: `guard`.map(TransitionGuard.init), effects: effects))
    }

    /// An internal transition guarded by a condition on the event it receives.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, guard: Guard<Event>, emit effects: Effect...) {
        _element = _StateElement(.internalTransition(event, guard: TransitionGuard(event: `guard`), effects: effects))
    }

    /// An internal transition guarded by a condition on the context and the event it receives.
    @inlinable @_disfavoredOverload
    public init(_ event: Event.Key, guard: Guard<(Context, Event)>, emit effects: Effect...) {
        _element = _StateElement(.internalTransition(event, guard: TransitionGuard(both: `guard`), effects: effects))
    }

    /// An internal transition guarded by a condition on the event, its effects given as an array.
    @inlinable @_disfavoredOverload
    package init(_ event: Event.Key, guard: Guard<Event>, effects: [Effect]) {
        _element = _StateElement(.internalTransition(event, guard: TransitionGuard(event: `guard`), effects: effects))
    }

    /// An internal transition guarded by a condition on the context and the event, its effects
    /// given as an array.
    @inlinable @_disfavoredOverload
    package init(_ event: Event.Key, guard: Guard<(Context, Event)>, effects: [Effect]) {
        _element = _StateElement(.internalTransition(event, guard: TransitionGuard(both: `guard`), effects: effects))
    }
}
