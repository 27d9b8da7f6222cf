/// Events that a state accepts and ignores: sending one succeeds, changes nothing and emits
/// nothing. Drawn in diagrams, listed in tables.
///
/// ```swift
/// In(.loading) { Ignore(.startLoading) }
/// ```
public struct Ignore<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares events as ignored.
    @inlinable
    public init(_ events: Event.Key...) { _element = _StateElement(.ignore(events)) }
    /// Declares events as ignored, from a sequence.
    @inlinable
    package init(_ events: some Sequence<Event.Key>) { _element = _StateElement(.ignore(Array(events))) }
}
