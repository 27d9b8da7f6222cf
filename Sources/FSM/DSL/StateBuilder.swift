/// The result builder of a state's block: ``On``, ``Internal``, ``Ignore``, ``Illegal``,
/// ``IgnoreOtherEvents``, ``IllegalOtherEvents``, ``OnEntry``, ``OnExit``, ``After``,
/// ``Always``, ``OnDone`` and ``Overrides`` lines, in declaration order.
/// `if`, `if`/`else`, `switch` and `for` work inside it.
@resultBuilder
public enum StateBuilder<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// A list of state elements.
    public typealias Component = [_StateElement<State, Event, Effect, Context>]

    /// A line: ``On``, ``Internal``, ``Ignore``, ``Illegal``, ``IgnoreOtherEvents``,
    /// ``IllegalOtherEvents``, ``OnEntry``, ``OnExit``, ``After``, ``Always``, ``OnDone`` or
    /// ``Overrides``.
    @inlinable
    public static func buildExpression(_ line: some _StateLine<State, Event, Effect, Context>) -> Component { [line._element] }
    /// Several elements, for example from a helper function.
    @inlinable
    public static func buildExpression(_ elements: Component) -> Component { elements }
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
