/// Several states as one argument of the argument form: a builder block (so `if`, `for` and
/// `switch` work between state blocks) or declarations made by a helper function.
///
/// ```swift
/// MachineDefinition<Int, Digit, Never, Void>(name: "passcode", initial: 0,
///     States { for count in 0..<4 { In(count) { On(.digit, to: count + 1) } } },
///     Final(4)
/// )
/// ```
public struct States<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateBlock {
    /// The declarations, in order.
    @usableFromInline package let declarations: [_StateDeclaration<State, Event, Effect, Context>]
    /// The declarations, for the result builders.
    public var _declarations: [_StateDeclaration<State, Event, Effect, Context>] { declarations }
    /// States declared by a builder block.
    @inlinable
    public init(@MachineBuilder<State, Event, Effect, Context> _ body: () -> [_StateDeclaration<State, Event, Effect, Context>]) {
        declarations = body()
    }
    /// States declared elsewhere, for example by a helper function.
    @inlinable
    package init(_ declarations: [_StateDeclaration<State, Event, Effect, Context>]) {
        self.declarations = declarations
    }
}
