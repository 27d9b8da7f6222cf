/// Events that a state accepts and ignores: sending one succeeds, changes nothing and emits
/// nothing. Drawn in diagrams, listed in tables.
///
/// ```swift
/// In(.loading) { Ignore(.startLoading) }
/// ```
public struct Ignore<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    @usableFromInline let element: StateElement<State, Event, Effect, Context>

    /// Declares events as ignored.
    @inlinable
    public init(_ events: Event.Key...) { element = StateElement(.ignore(events)) }
    /// Declares events as ignored, from a sequence.
    @inlinable
    public init(_ events: some Sequence<Event.Key>) { element = StateElement(.ignore(Array(events))) }
}
