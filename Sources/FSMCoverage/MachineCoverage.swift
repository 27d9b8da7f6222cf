import FSM

/// What was exercised of one machine: every state, every (state, event) cell with each of its
/// transition lines, and every timer, each with how often it was hit; and the pairs of
/// consecutive transitions seen. Names are as tables and diagrams show them, so a coverage
/// file outlives the build that wrote it and reads without the machine's types.
///
/// Made by a ``CoverageRecorder`` (``Coverage/machines``) or decoded from a coverage file;
/// ``report`` says what was never exercised, and a diagram paints it
/// (`DiagramOptions.coverage`).
public struct MachineCoverage: Sendable, Hashable, Codable {
    /// One state and how often it was entered (a machine's start counts once).
    public struct StateCount: Sendable, Hashable, Codable {
        /// The state's name.
        public let state: String
        /// How many times it was entered.
        public var entered: Int
    }

    /// One transition line of a cell (a guarded alternative, or the cell's only line) or of a
    /// timer.
    public struct Line: Sendable, Hashable, Codable {
        /// The state the line leads to (a parent target: its initial child).
        public let target: String
        /// The line's guard, if it has one.
        public let `guard`: String?
        /// How many times the line was taken (for a guarded line: how often its guard held).
        public var taken: Int
        /// How many times its guard was tried and did not hold.
        public var guardFailed: Int
    }

    /// What a cell is in the table, which decides what covering it means.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// It has transition lines: covered when one of them is taken.
        case transitions
        /// The state ignores the event.
        case ignored
        /// The state refuses the event (not handled, declared illegal, or final).
        case illegal
        /// A timer (an `After` line): covered when it fires.
        case timer
    }

    /// One (state, event) cell, or one timer of a state (its event is `after 30 s`).
    public struct Cell: Sendable, Hashable, Codable {
        /// The state's name.
        public let state: String
        /// The event's name, or a timer's `after 30 s`.
        public let event: String
        /// What the cell is.
        public let kind: Kind
        /// Its transition lines, in the order they are tried (empty for ignored and illegal
        /// cells).
        public var lines: [Line]
        /// How many times the event was sent here and ignored (declared `Ignore`, or no guard
        /// held and the cell ignores otherwise).
        public var ignored: Int
        /// How many times the event was sent here and refused (illegal, final, or no guard held).
        public var refused: Int

        /// How many times the event was sent here (or the timer ran out), whatever happened.
        /// Saturates at `Int.max`, as every sum of counts does.
        public var hits: Int {
            let taken = lines.reduce(CoverageCount.add(ignored, refused)) { CoverageCount.add($0, $1.taken) }
            return kind == .timer ? lines.reduce(taken) { CoverageCount.add($0, $1.guardFailed) } : taken
        }
        /// Whether one of its lines was taken.
        public var isTaken: Bool { lines.contains { $0.taken > 0 } }
    }

    /// Two transitions taken one right after the other by one machine, and how often.
    public struct Pair: Sendable, Hashable, Codable {
        /// The first transition.
        public let first: TransitionKey
        /// The transition right after it.
        public let second: TransitionKey
        /// How many times.
        public var count: Int
    }

    /// The machine's name.
    public let machine: String
    /// Every state, in declaration order.
    public var states: [StateCount]
    /// Every cell, state by state, event by event, then every timer, state by state (the
    /// table's order).
    public var cells: [Cell]
    /// The pairs of consecutive transitions seen, in the order first seen.
    public var pairs: [Pair]

    /// A coverage of the machine's shape with nothing hit: what a recorder starts from.
    public init<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) {
        self.init(definition.table)
    }

    /// A coverage of a table's shape with nothing hit.
    init<State, Event, Effect>(_ table: TransitionTable<State, Event, Effect>) {
        machine = table.machine
        states = table.states.map { StateCount(state: String(describing: $0), entered: 0) }
        var cells: [Cell] = []
        cells.reserveCapacity(table.rows.count + table.timerRows.count)
        func lines(_ entries: [TransitionTable<State, Event, Effect>.Entry]) -> [Line] {
            entries.map { Line(target: String(describing: $0.target), guard: $0.guardName, taken: 0, guardFailed: 0) }
        }
        for row in table.rows {
            let kind: Kind, entries: [Line]
            switch row.cell {
            case let .transitions(list), let .guarded(list, _): (kind, entries) = (.transitions, lines(list))
            case .ignored: (kind, entries) = (.ignored, [])
            case .illegal: (kind, entries) = (.illegal, [])
            }
            cells.append(Cell(state: String(describing: row.state), event: String(describing: row.event), kind: kind, lines: entries, ignored: 0, refused: 0))
        }
        for timer in table.timerRows {
            cells.append(Cell(
                state: String(describing: timer.state), event: Trigger<Event>.after(timer.duration).description,
                kind: .timer, lines: lines([timer.entry]), ignored: 0, refused: 0
            ))
        }
        self.cells = cells
        pairs = []
    }

    /// How many times each transition was taken, by its key (lines of one cell with the same
    /// target add up, saturating at `Int.max`): what a diagram writes on its edges.
    public var takenCounts: [TransitionKey: Int] {
        var counts: [TransitionKey: Int] = [:]
        for cell in cells {
            for line in cell.lines {
                let key = TransitionKey(source: cell.state, event: cell.event, target: line.target)
                counts[key] = CoverageCount.add(counts[key] ?? 0, line.taken)
            }
        }
        return counts
    }

    /// The names of the states never entered.
    public var statesNeverEntered: [String] { states.filter { $0.entered == 0 }.map(\.state) }

    /// The first place where this coverage and `other` do not describe the same machine (its
    /// name, states, cells or lines), in words; `nil` when they do.
    public func shapeDifference(from other: MachineCoverage) -> String? {
        if machine != other.machine { return "machine \(quoting: machine) is not \(quoting: other.machine)" }
        if states.map(\.state) != other.states.map(\.state) {
            return "the states differ (\(states.count) against \(other.states.count); first difference: "
                + (zip(states, other.states).first { $0.state != $1.state }.map { "\(quoting: $0.state) against \(quoting: $1.state)" } ?? "one list is longer") + ")"
        }
        if cells.count != other.cells.count { return "\(cells.count) cells and timers against \(other.cells.count)" }
        for (a, b) in zip(cells, other.cells) {
            if a.state != b.state || a.event != b.event { return "cell (\(a.state), \(a.event)) against (\(b.state), \(b.event))" }
            if a.kind != b.kind { return "cell (\(a.state), \(a.event)) is \(a.kind.rawValue) against \(b.kind.rawValue)" }
            if a.lines.map(\.target) != b.lines.map(\.target) || a.lines.map(\.guard) != b.lines.map(\.guard) {
                return "cell (\(a.state), \(a.event)) has other transition lines"
            }
        }
        return nil
    }

    /// This coverage with `other`'s counts added; a count that would pass `Int.max` stays
    /// there (counts saturate, so no number of files can overflow them).
    ///
    /// - Throws: ``CoverageMismatch`` when `other` is of another machine or another shape of
    ///   it (the definition changed since one of them was recorded).
    public func merging(_ other: MachineCoverage) throws(CoverageMismatch) -> MachineCoverage {
        var sum = CoverageTotal(self)
        try sum.add(other)
        return sum.total
    }
}

/// Two coverages that cannot be added up: of different machines, or of a machine whose
/// definition changed between them.
public struct CoverageMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The machine's name.
    public let machine: String
    /// The first difference, in words.
    public let difference: String

    /// `coverage of 'login' does not match: ...`.
    public var description: String { "coverage of \(quoting: machine) does not match the machine: \(difference)" }
}

extension DiagramOptions {
    /// Creates options for a coverage view (see ``coverage``).
    public init(highlightedState: String? = nil, coverage: MachineCoverage?, direction: DiagramDirection? = nil, showsEffects: Bool = true) {
        self.init(highlightedState: highlightedState, direction: direction, showsEffects: showsEffects)
        self.coverage = coverage
    }

    /// A coverage view: transitions taken are drawn solid with how often (`×3`), those never
    /// taken dashed red (in Mermaid, which cannot style one transition, labelled `never taken`
    /// in red), states never entered dashed red. `nil` (the default) draws every transition
    /// normally.
    public var coverage: MachineCoverage? {
        get { paint?.source as? MachineCoverage }
        set {
            paint = newValue.map { coverage in
                CoveragePaint(counts: Dictionary(uniqueKeysWithValues: coverage.takenCounts.map { (TransitionName(source: $0.key.source, event: $0.key.event, target: $0.key.target), $0.value) }), entered: Set(coverage.states.filter { $0.entered > 0 }.map(\.state)), source: coverage)
            }
        }
    }
}
