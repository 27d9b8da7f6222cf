/// Declares a parent state and its children.
///
/// ```swift
/// Parent("failed") {
///     On(.closeAlert, to: .idle)
/// } children: {
///     In(.failed(.network))
///     In(.failed(.server))
/// }
/// ```
///
/// A parent named by a state value (`Parent(state: .active)`) can be the target of a
/// transition: entering it enters its initial child.
public struct Parent<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateBlock {
    /// The children's declarations, each carrying this parent (and the parents around it).
    @usableFromInline package let declarations: [_StateDeclaration<State, Event, Effect, Context>]
    /// The declarations, for the result builders.
    public var _declarations: [_StateDeclaration<State, Event, Effect, Context>] { declarations }

    /// Declares a parent known by its name.
    /// - Parameters:
    ///   - name: The parent's name, for diagrams, tables and configurations.
    ///   - initial: The child entered when the parent is; the first child when `nil`.
    ///   - body: What every child inherits: ``On``, ``Internal``, ``Ignore``, ``Illegal``,
    ///     ``IgnoreOtherEvents``, ``IllegalOtherEvents``, ``OnEntry`` and ``OnExit`` lines.
    ///   - children: The child states (``In``, ``Final`` or nested `Parent` blocks).
    @inlinable
    public init(
        _ name: String, initial: State? = nil,
        @StateBuilder<State, Event, Effect, Context> _ body: () -> [_StateElement<State, Event, Effect, Context>],
        @MachineBuilder<State, Event, Effect, Context> children: () -> [_StateDeclaration<State, Event, Effect, Context>]
    ) {
        declarations = Self.nest(children(), name: name, state: nil, initial: initial, elements: body())
    }

    /// Declares a parent that a state value stands for: a transition to `state` enters the
    /// parent at its initial child.
    /// - Parameters:
    ///   - state: The value that names the parent (it is not a state the machine rests in).
    ///   - initial: The child entered when the parent is; the first child when `nil`.
    ///   - body: What every child inherits.
    ///   - children: The child states.
    @inlinable
    public init(
        state: State, initial: State? = nil,
        @StateBuilder<State, Event, Effect, Context> _ body: () -> [_StateElement<State, Event, Effect, Context>],
        @MachineBuilder<State, Event, Effect, Context> children: () -> [_StateDeclaration<State, Event, Effect, Context>]
    ) {
        declarations = Self.nest(children(), name: String(describing: state), state: state, initial: initial, elements: body())
    }

    /// The children, each with this parent added outside its own parents.
    @inlinable
    static func nest(
        _ children: [_StateDeclaration<State, Event, Effect, Context>], name: String, state: State?, initial: State?,
        elements: [_StateElement<State, Event, Effect, Context>]
    ) -> [_StateDeclaration<State, Event, Effect, Context>] {
        // A parent without children declares nothing a machine could be in; validation of
        // the definition cannot see it (it has no child to carry it).
        guard let first = children.first else { return [] }
        let parent = ParentDeclaration(name: name, state: state, initial: initial,
                                       body: _StateDeclaration(state: first.state, isFinal: false, elements: elements))
        return children.map { $0.nested(in: parent) }
    }
}
