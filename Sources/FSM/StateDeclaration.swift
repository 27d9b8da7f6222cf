/// One declared state of a definition with everything declared inside it: its transitions,
/// the events it ignores or rejects explicitly, and its entry and exit effects.
public struct StateDeclaration<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The state.
    public let state: State
    /// Whether the state is final: the machine is finished when it gets there.
    public let isFinal: Bool
    /// The transitions leaving the state, in declaration order.
    public let transitions: [TransitionDeclaration<State, Event, Effect, Context>]
    /// Events declared as ignored in this state: accepted, and nothing happens.
    public let ignored: [Event.Key]
    /// Events declared as illegal in this state (for strict validation).
    public let illegal: [Event.Key]
    /// Whether every event this state does not otherwise handle is ignored.
    public let ignoresOtherEvents: Bool
    /// Whether every event the state does not otherwise handle or ignore is declared illegal.
    public let declaresOtherEventsIllegal: Bool
    /// Effects emitted when an external transition enters the state.
    public let entryEffects: [Effect]
    /// Effects emitted when an external transition leaves the state.
    public let exitEffects: [Effect]
    /// Events this state handles itself on purpose although a parent declares them too
    /// (``Overrides``): validation warns about the other shadowed ones.
    public let overrides: [Event.Key]
    /// The parents around the state, outermost first (empty at the top level).
    public let parents: [ParentDeclaration<State, Event, Effect, Context>]

    /// Creates a state declaration from its parts. ``In`` and ``Final`` are the usual way.
    @inlinable
    public init(
        state: State,
        isFinal: Bool = false,
        transitions: [TransitionDeclaration<State, Event, Effect, Context>] = [],
        ignored: [Event.Key] = [],
        illegal: [Event.Key] = [],
        ignoresOtherEvents: Bool = false,
        declaresOtherEventsIllegal: Bool = false,
        entryEffects: [Effect] = [],
        exitEffects: [Effect] = [],
        overrides: [Event.Key] = [],
        parents: [ParentDeclaration<State, Event, Effect, Context>] = []
    ) {
        self.state = state
        self.isFinal = isFinal
        self.transitions = transitions
        self.ignored = ignored
        self.illegal = illegal
        self.ignoresOtherEvents = ignoresOtherEvents
        self.declaresOtherEventsIllegal = declaresOtherEventsIllegal
        self.entryEffects = entryEffects
        self.exitEffects = exitEffects
        self.overrides = overrides
        self.parents = parents
    }

    /// This declaration inside `parent` (outside the parents it already has).
    @inlinable
    func nested(in parent: ParentDeclaration<State, Event, Effect, Context>) -> Self {
        Self(state: state, isFinal: isFinal, transitions: transitions, ignored: ignored, illegal: illegal,
             ignoresOtherEvents: ignoresOtherEvents, declaresOtherEventsIllegal: declaresOtherEventsIllegal,
             entryEffects: entryEffects, exitEffects: exitEffects, overrides: overrides, parents: [parent] + parents)
    }

    @inlinable
    init(state: State, isFinal: Bool, elements: [StateElement<State, Event, Effect, Context>]) {
        var transitions: [TransitionDeclaration<State, Event, Effect, Context>] = []
        var ignored: [Event.Key] = []
        var illegal: [Event.Key] = []
        var ignoresOthers = false
        var illegalOthers = false
        var entry: [Effect] = []
        var exit: [Effect] = []
        var overrides: [Event.Key] = []
        for element in elements {
            switch element {
            case let .transition(event, target, guardValue, effects):
                transitions.append(.init(source: state, event: event, target: target, guard: guardValue, effects: effects))
            case let .internalTransition(event, guardValue, effects):
                transitions.append(.init(source: state, event: event, target: state, guard: guardValue, effects: effects, isInternal: true))
            case let .ignore(events): ignored.append(contentsOf: events)
            case let .illegal(events): illegal.append(contentsOf: events)
            case .ignoreOthers: ignoresOthers = true
            case .illegalOthers: illegalOthers = true
            case let .entry(effects): entry.append(contentsOf: effects)
            case let .exit(effects): exit.append(contentsOf: effects)
            case let .overrides(events): overrides.append(contentsOf: events)
            }
        }
        self.init(
            state: state, isFinal: isFinal, transitions: transitions, ignored: ignored, illegal: illegal,
            ignoresOtherEvents: ignoresOthers, declaresOtherEventsIllegal: illegalOthers, entryEffects: entry, exitEffects: exit,
            overrides: overrides
        )
    }
}

/// One line inside a state's block, as produced by ``On``, ``Internal``, ``Ignore``,
/// ``Illegal``, ``IgnoreOtherEvents``, ``IllegalOtherEvents``, ``OnEntry``, ``OnExit`` and ``Overrides``.
public enum StateElement<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// An external transition.
    case transition(Event.Key, to: State, guard: TransitionGuard<Context, Event>?, effects: [Effect])
    /// An internal transition.
    case internalTransition(Event.Key, guard: TransitionGuard<Context, Event>?, effects: [Effect])
    /// Events accepted and ignored.
    case ignore([Event.Key])
    /// Events declared illegal.
    case illegal([Event.Key])
    /// Every otherwise unhandled event is ignored.
    case ignoreOthers
    /// Every other event is declared illegal.
    case illegalOthers
    /// Entry effects.
    case entry([Effect])
    /// Exit effects.
    case exit([Effect])
    /// Events handled here on purpose although a parent declares them too.
    case overrides([Event.Key])
}
