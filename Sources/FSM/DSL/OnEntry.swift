/// Effects emitted whenever an external transition enters the state (after the transition's
/// own effects).
public struct OnEntry<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares entry effects.
    @inlinable
    public init(_ effects: Effect...) { _element = _StateElement(.entry(effects)) }
}
