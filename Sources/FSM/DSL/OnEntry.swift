/// Effects emitted whenever an external transition enters the state (after the transition's
/// own effects).
public struct OnEntry<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The element this line stands for.
    @usableFromInline let element: StateElement<State, Event, Effect, Context>

    /// Declares entry effects.
    @inlinable
    public init(_ effects: Effect...) { element = StateElement(.entry(effects)) }
}
