/// A state machine declared as data: its states and events in declaration order, its
/// initial state, its final states and, per state, its transitions (targets given as data,
/// named guards, ordered effects), ignored events and illegal events.
///
/// A definition is a value that can be inspected, validated, tabulated and drawn; a
/// ``Machine`` runs it.
///
/// ```swift
/// enum Door: Hashable, Sendable, CaseIterable { case opened, closed, locked }
/// enum DoorEvent: MachineEvent, Hashable, CaseIterable { case open, close, lock, unlock }
///
/// let door = MachineDefinition<Door, DoorEvent, Never, Void>(name: "door", initial: .closed) {
///     In(.closed) {
///         On(.open, to: .opened)
///         On(.lock, to: .locked)
///     }
///     In(.opened) { On(.close, to: .closed) }
///     In(.locked) { On(.unlock, to: .closed) }
/// }
/// ```
///
/// - `State` and `Event` are your own types, usually enums; a case with a finite payload
///   (`failure(.network)`) is a state of its own. Their names in tables, diagrams and
///   messages are `String(describing:)`: conform to `CustomStringConvertible` to choose them.
/// - `Effect` is the type of the outputs transitions emit (use `Never` for none).
/// - `Context` is what guards read, supplied with each event (use `Void` for none).
public struct MachineDefinition<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The machine's name, used in diagrams and tools.
    public let name: String
    /// What the machine is for, in one line (empty when not given): tools list it, and
    /// generated diagram folders caption the machine with it.
    public let summary: String
    /// The version of the machine its author declares (1 unless given), for snapshots: a
    /// machine's snapshot records it when it is not 1, and restoring a snapshot of an earlier
    /// version runs the migrations given for it (`FSMPersistence`'s `SnapshotMigrations`). Not
    /// part of the structure: it changes no fingerprint, table or diagram.
    public let version: Int
    /// The initial state, if one was given.
    public let initial: State?
    /// The declared events, in declaration order.
    public let events: [Event.Key]
    /// The declared states with their transitions, in declaration order.
    package let declarations: [_StateDeclaration<State, Event, Effect, Context>]
    /// The definition resolved into cells, once, shared by the runtime, validation, the
    /// table and the diagrams (the definition never changes).
    let resolution: ResolvedDefinition<State, Event, Effect, Context>
    /// The regions of a parallel machine and how its states combine theirs; `nil` for any
    /// other machine.
    var parallel: ParallelStructure<State, Event, Effect, Context>?
    /// The direction its diagrams flow in unless ``DiagramOptions/direction`` says otherwise,
    /// as set with ``drawn(_:)``; `nil`: the one that fits a documentation column (see
    /// `MachineGraph.automaticDirection()`).
    package private(set) var diagramDirection: DiagramDirection?

    /// Creates a definition from its parts. The result-builder initialisers are the usual way.
    @usableFromInline
    package init(name: String, summary: String = "", version: Int = 1, initial: State?, events: [Event.Key], declarations: [_StateDeclaration<State, Event, Effect, Context>]) {
        self.name = name
        self.summary = summary
        self.version = version
        self.initial = initial
        self.events = events
        self.declarations = declarations
        resolution = ResolvedDefinition(events: events, declarations: declarations)
        parallel = nil
    }

    /// Declares a machine.
    /// - Parameters:
    ///   - name: The machine's name.
    ///   - summary: What the machine is for, in one line.
    ///   - version: The machine's version, for its snapshots (see ``version``): raise it when
    ///     a change needs old snapshots migrated.
    ///   - initial: The initial state.
    ///   - events: Every event, in the order tables and diagrams show them.
    ///   - body: One ``In`` or ``Final`` block per state.
    @inlinable
    public init(
        name: String,
        summary: String = "",
        version: Int = 1,
        initial: State,
        events: [Event.Key],
        @MachineBuilder<State, Event, Effect, Context> _ body: () -> [_StateDeclaration<State, Event, Effect, Context>]
    ) {
        self.init(name: name, summary: summary, version: version, initial: initial, events: events, declarations: body())
    }

    /// The declared states, in declaration order.
    public var states: [State] { declarations.map(\.state) }

    /// The states declared final, in declaration order.
    public var finalStates: [State] { declarations.filter(\.isFinal).map(\.state) }

    /// Every declared transition, state by state, in declaration order.
    package var transitions: [TransitionDeclaration<State, Event, Effect, Context>] { declarations.flatMap(\.transitions) }

    /// The name of a state as tables, diagrams and messages show it.
    package func name(of state: State) -> String { String(describing: state) }

    /// The name of an event's key as tables, diagrams and messages show it.
    package func name(of event: Event.Key) -> String { String(describing: event) }

    /// The parent (compound) states, each once, in declaration order (see ``Parent``).
    package var parents: [ParentDeclaration<State, Event, Effect, Context>] { resolution.parents }

    /// The names of the parents around a state, outermost first (empty at the top level or
    /// for an undeclared state).
    package func parentNames(of state: State) -> [String] {
        guard resolution.hasHierarchy, let index = resolution.stateIndex[state] else { return [] }
        return resolution.chains[index].map { resolution.parents[Int($0)].name }
    }

    /// The names of the parallel parents (``Parallel``), in order; empty for most machines.
    package var parallelParents: [String] { resolution.parents.filter { $0.regions != nil }.map(\.name) }

    /// The name of the parallel parent (``Parallel``) `state` is a child of, or `nil`.
    package func parallelParent(of state: State) -> String? {
        guard resolution.hasHierarchy, let index = resolution.stateIndex[state], let p = resolution.chains[index].last,
              resolution.parents[Int(p)].regions != nil else { return nil }
        return resolution.parents[Int(p)].name
    }

    /// Where the machine is when in `state`: its parents and the state, outermost first, as
    /// `failed > network` (a state named after its parent's case, `failed(network)`, shows
    /// its payload only); just the state's name at the top level. For a parallel machine,
    /// each region's, in order: `loading: failure > network | logout: idle`.
    public func configuration(of state: State) -> String {
        if let parallel, let index = resolution.stateIndex[state], index < parallel.digits.count {
            // A parallel machine: each region's configuration.
            return zip(parallel.regions, parallel.digits[index]).map { "\($0.name): \($0.configurations[$1])" }.joined(separator: " | ")
        }
        let parents = parentNames(of: state)
        var leaf = name(of: state)
        // A child of a parallel parent: each region's configuration, in parentheses.
        if let index = resolution.stateIndex[state], resolution.hasHierarchy, let p = resolution.chains[index].last,
           let regions = resolution.parents[Int(p)].regions, let inner = regions.configuration(of: state) {
            return (parents + ["(" + inner + ")"]).joined(separator: " > ")
        }
        if let innermost = parents.last, leaf.hasPrefix(innermost + "("), leaf.hasSuffix(")"), leaf.count > innermost.count + 2 {
            leaf = String(leaf.dropFirst(innermost.count + 1).dropLast())
        }
        return (parents + [leaf]).joined(separator: " > ")
    }

    /// The parent whose declaration decides what `state` does with `event` ("inherited from
    /// PARENT"), or `nil` when the state declares it itself (or either is not declared).
    package func inheritedFrom(_ state: State, _ event: Event.Key) -> String? {
        guard let s = resolution.stateIndex[state], let e = resolution.eventIndex[event] else { return nil }
        return inheritedFrom(stateIndex: s, eventIndex: e)
    }

    /// The same definition, its diagrams flowing in `direction` by default: the machine's
    /// own layout, used by the tools, the plugin and `expectDiagramsMatch` unless they are
    /// given a direction.
    ///
    /// ```swift
    /// static let definition = MachineDefinition<S, E, F, C>(name: "tcp", initial: .closed) {
    ///     ...
    /// }.drawn(.topToBottom)
    /// ```
    public func drawn(_ direction: DiagramDirection) -> Self {
        drawn(declared: direction)
    }

    /// The same definition drawn in `direction` when one is given, in the one that fits
    /// otherwise (an imported document with or without its direction).
    package func drawn(declared direction: DiagramDirection?) -> Self {
        var copy = self
        copy.diagramDirection = direction
        return copy
    }

    /// The parent that decides the cell at these indices, or `nil` for the state itself.
    func inheritedFrom(stateIndex: Int, eventIndex: Int) -> String? {
        let owner = resolution.owner(stateIndex, eventIndex)
        return owner >= 0 ? resolution.parents[owner].name : nil
    }

    /// The declaration of a state (the first, if it was declared twice).
    package func declaration(of state: State) -> _StateDeclaration<State, Event, Effect, Context>? {
        declarations.first { $0.state == state }
    }
}

extension MachineDefinition where Event.Key: CaseIterable {
    /// Declares a machine whose events are all the keys of `Event` (`Event.Key.allCases`), in declaration order.
    /// - Parameters:
    ///   - name: The machine's name.
    ///   - summary: What the machine is for, in one line.
    ///   - version: The machine's version, for its snapshots (see ``version``): raise it when
    ///     a change needs old snapshots migrated.
    ///   - initial: The initial state.
    ///   - body: One ``In`` or ``Final`` block per state.
    @inlinable
    public init(
        name: String,
        summary: String = "",
        version: Int = 1,
        initial: State,
        @MachineBuilder<State, Event, Effect, Context> _ body: () -> [_StateDeclaration<State, Event, Effect, Context>]
    ) {
        self.init(name: name, summary: summary, version: version, initial: initial, events: Array(Event.Key.allCases), declarations: body())
    }
}

extension MachineDefinition {
    /// Whether a state or parent declares a timer (without building the table).
    package var hasTimers: Bool { resolution.hasTimers }
}
