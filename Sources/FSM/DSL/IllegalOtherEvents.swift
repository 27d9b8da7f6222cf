/// Every event the state does not otherwise handle or ignore is declared illegal: the
/// "thought about" of ``Illegal`` for the rest of the events, which strict validation accepts.
///
/// ```swift
/// In(.waiting) {
///     On(.startLoading, to: .loading, emit: .callCurrentUser)
///     IllegalOtherEvents()
/// }
/// ```
public struct IllegalOtherEvents<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    @inlinable public var _element: _StateElement<State, Event, Effect, Context> { _StateElement(.illegalOthers) }
    /// Declares every otherwise unhandled event of the state as illegal.
    @inlinable
    public init() {}
}
