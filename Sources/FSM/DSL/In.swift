/// Declares a state and what it does with each event.
///
/// ```swift
/// In(.locked) {
///     On(.coin, to: .unlocked, emit: .unlockGate)
///     Ignore(.push)
/// }
/// ```
///
/// Every state of a machine is declared by exactly one `In` or ``Final`` block; the order
/// of the blocks is the order of the states in tables, diagrams and listings.
public struct In<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The declaration this block stands for.
    @usableFromInline package let declaration: _StateDeclaration<State, Event, Effect, Context>

    /// Declares a non-final state.
    /// - Parameters:
    ///   - state: The state.
    ///   - body: Its transitions and declarations, in order.
    @inlinable
    public init(_ state: State, @StateBuilder<State, Event, Effect, Context> _ body: () -> [_StateElement<State, Event, Effect, Context>] = { [] }) {
        declaration = _StateDeclaration(state: state, isFinal: false, elements: body())
    }
}

extension In: _StateBlock {
    /// The one state this block declares.
    public var _declarations: [_StateDeclaration<State, Event, Effect, Context>] { [declaration] }
}
