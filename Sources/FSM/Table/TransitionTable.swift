/// Every (state, event) cell of a definition, in declaration order: the transitions it takes
/// (target, guard, effects), or ignored, or illegal.
///
/// ```swift
/// let table = definition.table
/// print(table.text(.markdown))   // or .json, .csv
/// ```
public struct TransitionTable<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable>: Sendable {
    /// One transition of a cell.
    public struct Entry: Sendable {
        /// The target state (the same state for internal transitions).
        public let target: State
        /// The guard's name, if the transition is guarded.
        public let guardName: String?
        /// The transition's own effects, in order.
        public let effects: [Effect]
        /// Whether the transition is internal.
        public let isInternal: Bool

        /// Creates an entry.
        package init(target: State, guardName: String? = nil, effects: [Effect] = [], isInternal: Bool = false) {
            self.target = target
            self.guardName = guardName
            self.effects = effects
            self.isInternal = isInternal
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

    /// The machine's name.
    public let machine: String
    /// The initial state.
    public let initial: State?
    /// The states, in declaration order.
    public let states: [State]
    /// The final states, in declaration order.
    public let finalStates: [State]
    /// The events, in declaration order.
    public let events: [Event]
    /// Every cell, state by state, then event by event.
    public let rows: [Row]

    /// The cell of a (state, event) pair, or `nil` when either is not declared.
    public func cell(_ state: State, _ event: Event) -> Cell? {
        guard let s = states.firstIndex(of: state), let e = events.firstIndex(of: event) else { return nil }
        return rows[s * events.count + e].cell
    }
}
