/// The result builder of a state's block: ``On``, ``Internal``, ``Ignore``, ``Illegal``,
/// ``IgnoreOtherEvents``, ``OnEntry``, ``OnExit``, ``After``, ``Always`` and ``OnDone`` lines, in declaration order.
/// `if`, `if`/`else`, `switch` and `for` work inside it.
@resultBuilder
public enum StateBuilder<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// A list of state elements.
    public typealias Component = [StateElement<State, Event, Effect, Context>]

    /// An ``On`` line.
    @inlinable
    public static func buildExpression(_ line: On<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``Internal`` line.
    @inlinable
    public static func buildExpression(_ line: Internal<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``Ignore`` line.
    @inlinable
    public static func buildExpression(_ line: Ignore<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``Illegal`` line.
    @inlinable
    public static func buildExpression(_ line: Illegal<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``IgnoreOtherEvents`` line.
    @inlinable
    public static func buildExpression(_ line: IgnoreOtherEvents<State, Event, Effect, Context>) -> Component { [StateElement(.ignoreOthers)] }
    /// A line declaring every other event illegal.
    @inlinable
    public static func buildExpression(_ line: IllegalOtherEvents<State, Event, Effect, Context>) -> Component { [StateElement(.illegalOthers)] }
    /// An ``OnEntry`` line.
    @inlinable
    public static func buildExpression(_ line: OnEntry<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``OnExit`` line.
    @inlinable
    public static func buildExpression(_ line: OnExit<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``After`` line.
    @inlinable
    public static func buildExpression(_ line: After<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``Always`` line.
    @inlinable
    public static func buildExpression(_ line: Always<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``OnDone`` line.
    @inlinable
    public static func buildExpression(_ line: OnDone<State, Event, Effect, Context>) -> Component { [line.element] }
    /// An ``Overrides`` line.
    @inlinable
    public static func buildExpression(_ line: Overrides<State, Event, Effect, Context>) -> Component { [line.element] }
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
    /// An `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ component: Component) -> Component { component }
}
