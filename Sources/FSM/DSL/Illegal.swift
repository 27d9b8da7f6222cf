/// Events declared illegal in a state. Sending one is rejected exactly as an undeclared
/// pair is; the declaration says "this was thought about", which strict validation requires.
public struct Illegal<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares events as illegal.
    @inlinable
    public init(_ events: Event.Key...) { _element = _StateElement(.illegal(events)) }
    /// Declares events as illegal, from a sequence.
    @inlinable
    package init(_ events: some Sequence<Event.Key>) { _element = _StateElement(.illegal(Array(events))) }
}
