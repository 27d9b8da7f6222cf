/// Every (state, event) cell of a definition, in declaration order: the transitions it takes
/// (target, guard, effects), or ignored, or illegal.
///
/// ```swift
/// let table = definition.table
/// if case .transitions(let entries)? = table.cell(.locked, .unlock) { print(entries[0].target) }
/// print(definition.tableText(.markdown))   // the whole table as text; or .json, .csv
/// ```
public struct TransitionTable<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable>: Sendable {
    /// One transition of a cell.
    public struct Entry: Sendable {
        /// The target state (the same state for internal transitions).
        public let target: State
        /// The guard's name, if the transition is guarded.
        public let guardName: String?
        /// The transition's own effects, in order. A move of the regions of a ``Parallel``
        /// parent (between two of its children) lists each moving region's whole transition:
        /// its exit, own and entry effects, region by region (the children's own entry and
        /// exit effects are every region's, and the move does not run them).
        public let effects: [Effect]
        /// Whether the transition is internal.
        public let isInternal: Bool
        /// The parent whose history the transition resumes, if any: then ``target`` is the
        /// state it enters while that parent has never been left (its default), and where it
        /// really goes depends on the machine's memory.
        public let history: History?
        /// The parent the transition goes to, when its target is a parent's state value
        /// (``target`` is then the leaf it enters): a source inside that parent leaves it and
        /// enters it again.
        package let targetParent: String?
        /// Every effect the transition performs, in the order the machine emits them: the exit
        /// effects of what it leaves (innermost first), its own, the entry effects of what it
        /// enters (outermost first), up to the state it enters (the lines without an event the
        /// machine may take from there are rows of their own). A resume: as from a machine that remembers nothing yet
        /// (to ``target``, the default; a line from inside the parent it resumes leaves the
        /// parent first, so it resumes where it left). What `fsm table --all-effects` prints and `expectTable(_:_:effects:)`
        /// compares with `.all`.
        package let performed: [Effect]

        /// Creates an entry (`performed`: its own effects when not given).
        package init(target: State, guardName: String? = nil, effects: [Effect] = [], isInternal: Bool = false, history: History? = nil, targetParent: String? = nil,
                     performed: [Effect]? = nil) {
            self.target = target
            self.guardName = guardName
            self.effects = effects
            self.isInternal = isInternal
            self.history = history
            self.targetParent = targetParent
            self.performed = performed ?? effects
        }
    }

    /// What happens when none of a cell's guards holds, as its last line says (`Ignore` or
    /// `Illegal` after the guarded ones): the cell's default, shown as `else`.
    public enum Otherwise: String, Sendable, Hashable {
        /// The event is accepted and nothing happens.
        case ignored
        /// The event is rejected; it is declared illegal.
        case illegal
    }

    /// What a state does with an event.
    public enum Cell: Sendable {
        /// One or more transitions, tried in order (guarded alternatives); when none of their
        /// guards holds, the event is rejected (an unguarded last one is the default target).
        case transitions([Entry])
        /// Guarded transitions, tried in order, and what happens when none of their guards
        /// holds: ignored or declared illegal.
        case guarded([Entry], otherwise: Otherwise)
        /// The event is accepted and nothing happens.
        case ignored
        /// The event is rejected; `declared` tells whether it was declared illegal explicitly.
        case illegal(declared: Bool)
    }

    /// One cell.
    public struct Row: Sendable {
        /// The state.
        public let state: State
        /// The event.
        public let event: Event
        /// What happens.
        public let cell: Cell
        /// The parent whose declaration this cell comes from, or `nil` when the state declares
        /// it itself ("inherited from PARENT").
        public let inheritedFrom: String?

        /// Creates a row.
        package init(state: State, event: Event, cell: Cell, inheritedFrom: String? = nil) {
            self.state = state
            self.event = event
            self.cell = cell
            self.inheritedFrom = inheritedFrom
        }
    }

    /// A timer armed in a state (an ``After`` line of the state or of one of its parents):
    /// what happens when it runs out.
    public struct TimerRow: Sendable {
        /// The state it is armed in.
        public let state: State
        /// How long the state (or the parent) must have been active.
        public let duration: Duration
        /// Where it goes (a parent target: its initial child), its guard and its own effects.
        public let entry: Entry
        /// The parent that declares it, or `nil` when the state declares it itself.
        public let inheritedFrom: String?

        /// Creates a timer row.
        package init(state: State, duration: Duration, entry: Entry, inheritedFrom: String? = nil) {
            self.state = state
            self.duration = duration
            self.entry = entry
            self.inheritedFrom = inheritedFrom
        }
    }

    /// The machine's name.
    package let machine: String
    /// The initial state.
    package let initial: State?
    /// The states, in declaration order.
    package let states: [State]
    /// The final states, in declaration order.
    package let finalStates: [State]
    /// The events, in declaration order.
    package let events: [Event]
    /// Every cell, state by state, then event by event.
    public let rows: [Row]
    /// Every timer, state by state: the state's own, then its parents' from the innermost out.
    public let timerRows: [TimerRow]

    /// A transition without an event that applies in a state (an ``Always`` line of the state
    /// or of a parent, or, in a final child, its parent's ``OnDone`` line): taken as soon as
    /// the machine rests in the state and its guard holds, tried in the order listed.
    public struct EventlessRow: Sendable {
        /// The state it applies in.
        public let state: State
        /// Where it goes, its guard and its own effects (not the exit and entry effects).
        public let entry: Entry
        /// Whether it is the parent's completion (``OnDone``), in a final child.
        public let isCompletion: Bool
        /// The parent that declares it, or `nil` when the state declares it itself.
        public let inheritedFrom: String?

        /// Creates a row of a transition without an event.
        package init(state: State, entry: Entry, isCompletion: Bool, inheritedFrom: String? = nil) {
            self.state = state
            self.entry = entry
            self.isCompletion = isCompletion
            self.inheritedFrom = inheritedFrom
        }
    }

    /// Every transition without an event, state by state, in the order they are tried.
    public let eventlessRows: [EventlessRow]

    /// A table of these cells and timers.
    init(machine: String, initial: State?, states: [State], finalStates: [State], events: [Event], rows: [Row], timerRows: [TimerRow] = [], eventlessRows: [EventlessRow] = []) {
        self.machine = machine
        self.initial = initial
        self.states = states
        self.finalStates = finalStates
        self.events = events
        self.rows = rows
        self.timerRows = timerRows
        self.eventlessRows = eventlessRows
    }

    /// The transitions without an event that apply in a state, in the order they are tried.
    package func eventless(_ state: State) -> [EventlessRow] {
        eventlessRows.filter { $0.state == state }
    }

    /// The timers armed in a state, in the order they are listed.
    package func timers(_ state: State) -> [TimerRow] {
        timerRows.filter { $0.state == state }
    }

    /// The cell of a (state, event) pair, or `nil` when either is not declared.
    public func cell(_ state: State, _ event: Event) -> Cell? {
        guard let s = states.firstIndex(of: state), let e = events.firstIndex(of: event) else { return nil }
        return rows[s * events.count + e].cell
    }
}
