/// Effects emitted whenever an external transition leaves the state (before the transition's
/// own effects).
public struct OnExit<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    @usableFromInline let element: StateElement<State, Event, Effect, Context>

    /// Declares exit effects.
    @inlinable
    public init(_ effects: Effect...) { element = StateElement(.exit(effects)) }
}
