/// A parent (compound) state: a group of child states that share what the parent declares.
///
/// A transition, `Ignore` or `Illegal` line declared on the parent applies to every child
/// that does not declare that event itself: the child's own line wins, and the table marks
/// the cells that come from the parent ("inherited from PARENT"). A final child inherits no
/// transitions (it finishes the machine), but does inherit what the parent ignores. Entry and exit effects of
/// the parent run when a transition crosses its border (see ``MachineDefinition``'s
/// effect order). Parents nest.
///
/// Hierarchy is flattened when the definition is resolved: the machine still runs one dense
/// table of (leaf state, event) cells, and costs what a flat machine costs.
///
/// ```swift
/// Parent("failed") {
///     On(.closeAlert, to: .idle)      // once, for every failure
///     IllegalOtherEvents()
/// } children: {
///     for kind in LoginFailure.allCases { In(.failed(kind)) }
/// }
/// ```
public struct ParentDeclaration<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The parent's name, as diagrams, tables and configurations show it.
    public let name: String
    /// The state value that stands for the parent, when it has one: a transition to it
    /// enters the parent at its initial child.
    public let state: State?
    /// The child entered when the parent is entered, if given; otherwise the first child.
    public let initial: State?
    /// What the parent declares for its children. Its `state` is the parent's first child (a
    /// placeholder: the lines apply to every child, and each child is their source).
    @usableFromInline let body: StateDeclaration<State, Event, Effect, Context>
    /// Which `Parent` block declared it: two blocks of one name are two parents (validation
    /// reports them), however they are placed.
    @usableFromInline let identity: ParentIdentity

    @inlinable
    init(name: String, state: State?, initial: State?, body: StateDeclaration<State, Event, Effect, Context>) {
        self.name = name
        self.state = state
        self.initial = initial
        self.body = body
        identity = ParentIdentity()
    }

    /// The transitions declared on the parent, in declaration order. Their `source` is the
    /// parent's first child: each applies to every child that does not handle its event.
    public var transitions: [TransitionDeclaration<State, Event, Effect, Context>] { body.transitions }
    /// Events the parent declares ignored for its children.
    public var ignored: [Event.Key] { body.ignored }
    /// Events the parent declares illegal for its children.
    public var illegal: [Event.Key] { body.illegal }
    /// Whether the children ignore every event nothing else handles.
    public var ignoresOtherEvents: Bool { body.ignoresOtherEvents }
    /// Whether the children declare illegal every event nothing else handles or ignores.
    public var declaresOtherEventsIllegal: Bool { body.declaresOtherEventsIllegal }
    /// Effects emitted when a transition enters the parent from outside.
    public var entryEffects: [Effect] { body.entryEffects }
    /// Effects emitted when a transition leaves the parent.
    public var exitEffects: [Effect] { body.exitEffects }
}

/// The identity of one `Parent` block (compared by reference; holds nothing).
@usableFromInline
final class ParentIdentity: Sendable {
    @usableFromInline init() {}
}

/// Declares a parent state and its children (see ``ParentDeclaration``).
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
public struct Parent<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: StateBlock {
    /// The children's declarations, each carrying this parent (and the parents around it).
    public let declarations: [StateDeclaration<State, Event, Effect, Context>]

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
        @StateBuilder<State, Event, Effect, Context> _ body: () -> [StateElement<State, Event, Effect, Context>],
        @MachineBuilder<State, Event, Effect, Context> children: () -> [StateDeclaration<State, Event, Effect, Context>]
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
        @StateBuilder<State, Event, Effect, Context> _ body: () -> [StateElement<State, Event, Effect, Context>],
        @MachineBuilder<State, Event, Effect, Context> children: () -> [StateDeclaration<State, Event, Effect, Context>]
    ) {
        declarations = Self.nest(children(), name: String(describing: state), state: state, initial: initial, elements: body())
    }

    /// The children, each with this parent added outside its own parents.
    @inlinable
    static func nest(
        _ children: [StateDeclaration<State, Event, Effect, Context>], name: String, state: State?, initial: State?,
        elements: [StateElement<State, Event, Effect, Context>]
    ) -> [StateDeclaration<State, Event, Effect, Context>] {
        // A parent without children declares nothing a machine could be in; validation of
        // the definition cannot see it (it has no child to carry it).
        guard let first = children.first else { return [] }
        let parent = ParentDeclaration(name: name, state: state, initial: initial,
                                       body: StateDeclaration(state: first.state, isFinal: false, elements: elements))
        return children.map { $0.nested(in: parent) }
    }
}
