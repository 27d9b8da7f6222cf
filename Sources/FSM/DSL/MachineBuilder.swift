/// The result builder of a definition's body: a list of ``In`` and ``Final`` blocks, in
/// declaration order. `if`, `if`/`else`, `switch` and `for` work inside it.
@resultBuilder
public enum MachineBuilder<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// A list of state declarations.
    public typealias Component = [StateDeclaration<State, Event, Effect, Context>]

    /// An ``In`` block.
    @inlinable
    public static func buildExpression(_ block: In<State, Event, Effect, Context>) -> Component { [block.declaration] }
    /// A ``Final`` block.
    @inlinable
    public static func buildExpression(_ block: Final<State, Event, Effect, Context>) -> Component { [block.declaration] }
    /// A ``Parent`` block: its children, each carrying the parent.
    @inlinable
    public static func buildExpression(_ block: Parent<State, Event, Effect, Context>) -> Component { block.declarations }
    /// A ``Parallel`` block: its children (every combination of its regions' states).
    @inlinable
    public static func buildExpression(_ block: Parallel<State, Event, Effect, Context>) -> Component { block.declarations }
    /// A state declaration made by hand.
    @inlinable
    public static func buildExpression(_ declaration: StateDeclaration<State, Event, Effect, Context>) -> Component { [declaration] }
    /// Several state declarations, for example from a helper function.
    @inlinable
    public static func buildExpression(_ declarations: Component) -> Component { declarations }
    /// The lines of a block, concatenated in order.
    @inlinable
    public static func buildBlock(_ components: Component...) -> Component { components.flatMap { $0 } }
    /// An `if` without `else`.
    @inlinable
    public static func buildOptional(_ component: Component?) -> Component { component ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(first component: Component) -> Component { component }
    /// The second branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(second component: Component) -> Component { component }
    /// A `for` loop.
    @inlinable
    public static func buildArray(_ components: [Component]) -> Component { components.flatMap { $0 } }
    /// An `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ component: Component) -> Component { component }
}
