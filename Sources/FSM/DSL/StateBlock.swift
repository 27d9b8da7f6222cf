/// Something that declares states, in a definition's builder or as an argument: ``In``,
/// ``Final``, ``Parent``, ``Parallel`` and ``States``. Scaffolding of the DSL, not for
/// conforming.
///
/// ```swift
/// let door = MachineDefinition<Door, DoorEvent, Never, Void>(name: "door", initial: .closed,
///     In(.closed) {
///         On(.open, to: .opened)
///     },
///     In(.opened) {
///         On(.close, to: .closed)
///     }
/// )
/// ```
///
/// The argument form says the same as the trailing-closure form, and the compiler
/// type-checks it in time that grows with the number of lines, where the type-checking of
/// one result-builder closure grows with the square of the lines in it, nested blocks
/// included: use it for big machines (the package's benchmark measures both forms).
public protocol _StateBlock<State, Event, Effect, Context>: Sendable {
    /// The machine's state type.
    associatedtype State: Hashable & Sendable
    /// The machine's event type.
    associatedtype Event: MachineEvent
    /// The type of the effects its transitions emit.
    associatedtype Effect: Sendable
    /// What its guards read.
    associatedtype Context
    /// The state declarations this block stands for, in order.
    var _declarations: [_StateDeclaration<State, Event, Effect, Context>] { get }
}

extension _StateDeclaration: _StateBlock {
    /// This declaration.
    public var _declarations: [_StateDeclaration<State, Event, Effect, Context>] { [self] }
}

/// One line of a state's block (``On``, ``Internal``, ``Ignore``, ``Illegal``,
/// ``IgnoreOtherEvents``, ``IllegalOtherEvents``, ``OnEntry``, ``OnExit``, ``After``,
/// ``Always``, ``OnDone``, ``Overrides``): what ``StateBuilder`` collects. Scaffolding of the
/// DSL, not for conforming.
public protocol _StateLine<State, Event, Effect, Context>: Sendable {
    /// The machine's state type.
    associatedtype State: Hashable & Sendable
    /// The machine's event type.
    associatedtype Event: MachineEvent
    /// The type of the effects its transitions emit.
    associatedtype Effect: Sendable
    /// What its guards read.
    associatedtype Context
    /// The element the line stands for.
    var _element: _StateElement<State, Event, Effect, Context> { get }
}
