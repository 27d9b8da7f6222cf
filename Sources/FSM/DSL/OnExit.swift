/// Effects emitted whenever an external transition leaves the state (before the transition's
/// own effects).
public struct OnExit<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares exit effects.
    @inlinable
    public init(_ effects: Effect...) { _element = _StateElement(.exit(effects)) }
}
