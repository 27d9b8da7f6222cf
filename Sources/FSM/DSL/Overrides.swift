/// Events a child state handles itself on purpose although a parent declares them too:
/// without it, validation warns that the child's line shadows the parent's.
///
/// ```swift
/// Parent("active") {
///     On(.stop, to: .stopped)
/// } children: {
///     In(.recording) {
///         Overrides(.stop)
///         On(.stop, to: .saving)      // recording saves before it stops
///     }
///     In(.playing)
/// }
/// ```
public struct Overrides<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares events overridden on purpose.
    @inlinable
    public init(_ events: Event.Key...) { _element = _StateElement(.overrides(events)) }
}
