/// One declared transition of a definition: from a state, on an event, optionally guarded,
/// to a target state given as data, emitting effects in order.
@usableFromInline package struct TransitionDeclaration<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The state the transition leaves.
    @usableFromInline package let source: State
    /// The event that triggers it.
    @usableFromInline package let event: Event.Key
    /// The state it enters. Equal to ``source`` for internal transitions.
    @usableFromInline package let target: State
    /// The guard that must hold, if any.
    @usableFromInline package let `guard`: TransitionGuard<Context, Event>?
    /// The effects the transition emits, in order (exit and entry effects not included).
    @usableFromInline package let effects: [Effect]
    /// Whether this is an internal transition: the state does not change and no exit or
    /// entry effects run.
    @usableFromInline package let isInternal: Bool
    /// The parent whose history it resumes, if any (boxed: see ``HistoryBox``).
    @usableFromInline let historyBox: HistoryBox?
    /// Whether this is a move of a parallel parent's regions between two of its children:
    /// its effects are already every exit, own and entry effect of the regions that move, so
    /// the children's own exit and entry effects (every region's) are not added.
    @usableFromInline package let withinRegions: Bool
    /// The parent whose history it resumes, if any: then ``target`` is the default, taken
    /// while that parent has never been left.
    package var history: History? { historyBox?.history }

    /// Creates a transition declaration. The DSL (``On`` and ``Internal`` inside ``In``) is the
    /// usual way to declare one.
    @inlinable
    package init(source: State, event: Event.Key, target: State, guard: TransitionGuard<Context, Event>? = nil, effects: [Effect] = [], isInternal: Bool = false, history: History? = nil, withinRegions: Bool = false) {
        self.source = source
        self.event = event
        self.target = isInternal ? source : target
        self.guard = `guard`
        self.effects = effects
        self.isInternal = isInternal
        historyBox = isInternal ? nil : history.map(HistoryBox.init)
        self.withinRegions = withinRegions
    }
}
