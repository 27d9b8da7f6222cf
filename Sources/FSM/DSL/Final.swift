/// Declares a final state: the machine is finished when it gets there, and a final state
/// takes no transitions. It may ignore events (``Ignore``, ``IgnoreOtherEvents``), so that late
/// events are dropped instead of rejected.
///
/// ```swift
/// Final(.dismissed) { IgnoreOtherEvents() }
/// ```
public struct Final<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The declaration this block stands for.
    @usableFromInline package let declaration: _StateDeclaration<State, Event, Effect, Context>

    /// Declares a final state.
    /// - Parameters:
    ///   - state: The state.
    ///   - body: What it ignores; transitions here are reported by validation.
    @inlinable
    public init(_ state: State, @StateBuilder<State, Event, Effect, Context> _ body: () -> [_StateElement<State, Event, Effect, Context>] = { [] }) {
        declaration = _StateDeclaration(state: state, isFinal: true, elements: body())
    }
}

extension Final: _StateBlock {
    /// The one final state this block declares.
    public var _declarations: [_StateDeclaration<State, Event, Effect, Context>] { [declaration] }
}
