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
@usableFromInline package struct ParentDeclaration<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The parent's name, as diagrams, tables and configurations show it.
    @usableFromInline package let name: String
    /// The state value that stands for the parent, when it has one: a transition to it
    /// enters the parent at its initial child.
    @usableFromInline package let state: State?
    /// The child entered when the parent is entered, if given; otherwise the first child.
    @usableFromInline package let initial: State?
    /// What the parent declares for its children. Its `state` is the parent's first child (a
    /// placeholder: the lines apply to every child, and each child is their source).
    @usableFromInline let body: _StateDeclaration<State, Event, Effect, Context>
    /// Which `Parent` block declared it: two blocks of one name are two parents (validation
    /// reports them), however they are placed.
    @usableFromInline let identity: ParentIdentity
    /// For a parallel parent (``Parallel``), its regions and how its children combine their
    /// states; `nil` for any other parent.
    let regions: (any NestedRegions<State, Event, Effect, Context>)?

    @usableFromInline
    init(name: String, state: State?, initial: State?, body: _StateDeclaration<State, Event, Effect, Context>) {
        self.init(name: name, state: state, initial: initial, body: body, regions: nil)
    }

    /// A parent; a parallel one when it has `regions`.
    init(name: String, state: State?, initial: State?, body: _StateDeclaration<State, Event, Effect, Context>,
         regions: (any NestedRegions<State, Event, Effect, Context>)?) {
        self.name = name
        self.state = state
        self.initial = initial
        self.body = body
        self.regions = regions
        identity = ParentIdentity()
    }

    /// The transitions declared on the parent, in declaration order. Their `source` is the
    /// parent's first child: each applies to every child that does not handle its event.
    package var transitions: [TransitionDeclaration<State, Event, Effect, Context>] { body.transitions }
    /// Events the parent declares ignored for its children.
    package var ignored: [Event.Key] { body.ignored }
    /// Events the parent declares illegal for its children.
    package var illegal: [Event.Key] { body.illegal }
    /// Whether the children ignore every event nothing else handles.
    package var ignoresOtherEvents: Bool { body.ignoresOtherEvents }
    /// Whether the children declare illegal every event nothing else handles or ignores.
    package var declaresOtherEventsIllegal: Bool { body.declaresOtherEventsIllegal }
    /// Effects emitted when a transition enters the parent from outside.
    package var entryEffects: [Effect] { body.entryEffects }
    /// Effects emitted when a transition leaves the parent.
    package var exitEffects: [Effect] { body.exitEffects }
    package var timers: [TimerDeclaration<State, Event, Effect, Context>] { body.timers }
    /// The parent's transitions without an event (``Always``, ``OnDone``), in declaration order.
    package var eventless: [EventlessDeclaration<State, Event, Effect, Context>] { body.eventless }
}

/// The identity of one `Parent` block (compared by reference; holds nothing).
@usableFromInline
final class ParentIdentity: Sendable {
    @usableFromInline init() {}
}
