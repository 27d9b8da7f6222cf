/// One declared state of a definition with everything declared inside it: its transitions,
/// the events it ignores or rejects explicitly, and its entry and exit effects.
public struct _StateDeclaration<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The state.
    @usableFromInline package let state: State
    /// Whether the state is final: the machine is finished when it gets there.
    @usableFromInline package let isFinal: Bool
    /// The transitions leaving the state, in declaration order.
    @usableFromInline package let transitions: [TransitionDeclaration<State, Event, Effect, Context>]
    /// Events declared as ignored in this state: accepted, and nothing happens.
    @usableFromInline package let ignored: [Event.Key]
    /// Events declared as illegal in this state (for strict validation).
    @usableFromInline package let illegal: [Event.Key]
    /// Whether every event this state does not otherwise handle is ignored.
    @usableFromInline package let ignoresOtherEvents: Bool
    /// Whether every event the state does not otherwise handle or ignore is declared illegal.
    @usableFromInline package let declaresOtherEventsIllegal: Bool
    /// Effects emitted when an external transition enters the state.
    @usableFromInline package let entryEffects: [Effect]
    /// Effects emitted when an external transition leaves the state.
    @usableFromInline package let exitEffects: [Effect]
    /// Events this state handles itself on purpose although a parent declares them too
    /// (``Overrides``): validation warns about the other shadowed ones.
    @usableFromInline package let overrides: [Event.Key]
    /// The parents around the state, outermost first (empty at the top level).
    @usableFromInline package let parents: [ParentDeclaration<State, Event, Effect, Context>]
    /// Per line of ``ignored`` and ``illegal``, in order, how many of ``transitions`` were
    /// declared before it: an `Ignore` or `Illegal` after guarded transitions on its event is
    /// their default ("otherwise"). Empty when built without the DSL (then every such line
    /// counts as declared after the transitions).
    /// The delayed transitions (``After``) of the state, in declaration order.
    @usableFromInline package let timers: [TimerDeclaration<State, Event, Effect, Context>]
    /// The transitions without an event (``Always`` and, on a parent, ``OnDone``), in
    /// declaration order.
    @usableFromInline package let eventless: [EventlessDeclaration<State, Event, Effect, Context>]
    @usableFromInline let ignoredPositions: [Int]
    @usableFromInline let illegalPositions: [Int]

    /// Creates a state declaration from its parts. ``In`` and ``Final`` are the usual way.
    @inlinable
    package init(
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
        parents: [ParentDeclaration<State, Event, Effect, Context>] = [],
        timers: [TimerDeclaration<State, Event, Effect, Context>] = [],
        eventless: [EventlessDeclaration<State, Event, Effect, Context>] = []
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
        self.timers = timers
        self.eventless = eventless
        ignoredPositions = []
        illegalPositions = []
    }

    @usableFromInline
    init(copying other: Self, parents: [ParentDeclaration<State, Event, Effect, Context>], ignoredPositions: [Int], illegalPositions: [Int]) {
        self.init(state: other.state, isFinal: other.isFinal, transitions: other.transitions, ignored: other.ignored, illegal: other.illegal,
                  ignoresOtherEvents: other.ignoresOtherEvents, declaresOtherEventsIllegal: other.declaresOtherEventsIllegal,
                  entryEffects: other.entryEffects, exitEffects: other.exitEffects, overrides: other.overrides, parents: parents,
                  timers: other.timers, eventless: other.eventless, positions: (ignoredPositions, illegalPositions))
    }

    @usableFromInline
    init(
        state: State, isFinal: Bool, transitions: [TransitionDeclaration<State, Event, Effect, Context>], ignored: [Event.Key], illegal: [Event.Key],
        ignoresOtherEvents: Bool, declaresOtherEventsIllegal: Bool, entryEffects: [Effect], exitEffects: [Effect], overrides: [Event.Key],
        parents: [ParentDeclaration<State, Event, Effect, Context>], timers: [TimerDeclaration<State, Event, Effect, Context>],
        eventless: [EventlessDeclaration<State, Event, Effect, Context>] = [], positions: (ignored: [Int], illegal: [Int])
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
        self.timers = timers
        self.eventless = eventless
        ignoredPositions = positions.ignored
        illegalPositions = positions.illegal
    }

    /// This declaration inside `parent` (outside the parents it already has).
    @inlinable
    func nested(in parent: ParentDeclaration<State, Event, Effect, Context>) -> Self {
        Self(copying: self, parents: [parent] + parents, ignoredPositions: ignoredPositions, illegalPositions: illegalPositions)
    }

    /// How many of the state's transitions come before the `Ignore` (or `Illegal`) line of
    /// `event`: ``transitions``' count when it was not declared with the DSL.
    @inlinable
    func position(ofIgnored event: Event.Key) -> Int {
        guard let index = ignored.firstIndex(of: event), index < ignoredPositions.count else { return transitions.count }
        return ignoredPositions[index]
    }

    /// See ``position(ofIgnored:)``.
    @inlinable
    func position(ofIllegal event: Event.Key) -> Int {
        guard let index = illegal.firstIndex(of: event), index < illegalPositions.count else { return transitions.count }
        return illegalPositions[index]
    }

    @inlinable
    init(state: State, isFinal: Bool, elements: [_StateElement<State, Event, Effect, Context>]) {
        var transitions: [TransitionDeclaration<State, Event, Effect, Context>] = []
        var ignored: [Event.Key] = []
        var illegal: [Event.Key] = []
        var ignoresOthers = false
        var illegalOthers = false
        var entry: [Effect] = []
        var exit: [Effect] = []
        var overrides: [Event.Key] = []
        var ignoredPositions: [Int] = []
        var illegalPositions: [Int] = []
        var timers: [TimerDeclaration<State, Event, Effect, Context>] = []
        var eventless: [EventlessDeclaration<State, Event, Effect, Context>] = []
        for element in elements {
            switch element.line {
            case let .transition(event, target, guardValue, effects, history):
                transitions.append(.init(source: state, event: event, target: target, guard: guardValue, effects: effects, history: history))
            case let .internalTransition(event, guardValue, effects):
                transitions.append(.init(source: state, event: event, target: state, guard: guardValue, effects: effects, isInternal: true))
            case let .ignore(events):
                ignored.append(contentsOf: events)
                ignoredPositions += repeatElement(transitions.count, count: events.count)
            case let .illegal(events):
                illegal.append(contentsOf: events)
                illegalPositions += repeatElement(transitions.count, count: events.count)
            case .ignoreOthers: ignoresOthers = true
            case .illegalOthers: illegalOthers = true
            case let .entry(effects): entry.append(contentsOf: effects)
            case let .exit(effects): exit.append(contentsOf: effects)
            case let .overrides(events): overrides.append(contentsOf: events)
            case let .after(duration, target, guardValue, effects):
                timers.append(.init(duration: duration, target: target, guard: guardValue, effects: effects))
            case let .eventless(target, guardValue, effects, completion):
                eventless.append(.init(target: target, guard: guardValue, effects: effects, isCompletion: completion))
            }
        }
        self.init(
            state: state, isFinal: isFinal, transitions: transitions, ignored: ignored, illegal: illegal,
            ignoresOtherEvents: ignoresOthers, declaresOtherEventsIllegal: illegalOthers, entryEffects: entry, exitEffects: exit,
            overrides: overrides, parents: [], timers: timers, eventless: eventless, positions: (ignoredPositions, illegalPositions)
        )
    }
}
