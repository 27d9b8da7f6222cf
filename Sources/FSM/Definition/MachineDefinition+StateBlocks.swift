extension MachineDefinition {
    /// Declares a machine from its state blocks given as arguments (In, Final, Parent, Parallel or States blocks): the
    /// same as the trailing-closure form, and type-checked in time linear in its lines.
    /// - Parameters:
    ///   - name: The machine's name.
    ///   - summary: What the machine is for, in one line.
    ///   - version: The machine's version, for its snapshots (see ``version``): raise it when
    ///     a change needs old snapshots migrated.
    ///   - initial: The initial state.
    ///   - events: Every event, in the order tables and diagrams show them.
    ///   - blocks: One ``In`` or ``Final`` block per state (or ``States`` for several).
    @inlinable
    public init(
        name: String, summary: String = "", version: Int = 1, initial: State, events: [Event.Key],
        _ blocks: any _StateBlock<State, Event, Effect, Context>...
    ) {
        self.init(name: name, summary: summary, version: version, initial: initial, events: events, declarations: blocks.flatMap { $0._declarations })
    }
}

extension MachineDefinition where Event.Key: CaseIterable {
    /// Declares a machine whose events are all the cases of `Event`, from its state blocks
    /// given as arguments (In, Final, Parent, Parallel or States blocks).
    /// - Parameters:
    ///   - name: The machine's name.
    ///   - summary: What the machine is for, in one line.
    ///   - version: The machine's version, for its snapshots (see ``version``): raise it when
    ///     a change needs old snapshots migrated.
    ///   - initial: The initial state.
    ///   - blocks: One ``In`` or ``Final`` block per state (or ``States`` for several).
    @inlinable
    public init(
        name: String, summary: String = "", version: Int = 1, initial: State,
        _ blocks: any _StateBlock<State, Event, Effect, Context>...
    ) {
        self.init(name: name, summary: summary, version: version, initial: initial, events: Array(Event.Key.allCases), declarations: blocks.flatMap { $0._declarations })
    }
}
