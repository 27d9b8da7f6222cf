/// Every event the state does not otherwise handle is ignored: for a screen that is gone,
/// whose late results are dropped.
public struct IgnoreOtherEvents<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    @inlinable public var _element: _StateElement<State, Event, Effect, Context> { _StateElement(.ignoreOthers) }
    /// Declares every otherwise unhandled event of the state as ignored.
    @inlinable
    public init() {}
}
