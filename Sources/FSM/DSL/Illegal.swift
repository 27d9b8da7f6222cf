/// Events declared illegal in a state. Sending one is rejected exactly as an undeclared
/// pair is; the declaration says "this was thought about", which strict validation requires.
public struct Illegal<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    @usableFromInline let element: StateElement<State, Event, Effect, Context>

    /// Declares events as illegal.
    @inlinable
    public init(_ events: Event.Key...) { element = StateElement(.illegal(events)) }
    /// Declares events as illegal, from a sequence.
    @inlinable
    public init(_ events: some Sequence<Event.Key>) { element = StateElement(.illegal(Array(events))) }
}
