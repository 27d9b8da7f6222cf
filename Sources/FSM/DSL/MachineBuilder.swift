/// The result builder of a definition's body: a list of ``In``, ``Final``, ``Parent``,
/// ``Parallel`` and ``States`` blocks, in declaration order. `if`, `if`/`else`, `switch` and `for` work inside it.
@resultBuilder
public enum MachineBuilder<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// A list of state declarations.
    public typealias Component = [_StateDeclaration<State, Event, Effect, Context>]

    /// A block: ``In``, ``Final``, ``Parent``, ``Parallel`` or ``States``.
    @inlinable
    public static func buildExpression(_ block: some _StateBlock<State, Event, Effect, Context>) -> Component { block._declarations }
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
}
