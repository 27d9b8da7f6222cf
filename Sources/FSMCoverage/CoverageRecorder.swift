import FSM

/// Records what machines do, for coverage: attach it to a machine (`Machine.recorder`, or
/// the runtime's machine) and every declared event sent and every timer fired is counted: the cell hit
/// and what it did (taken, ignored, refused as illegal, refused by a guard), each guard's
/// outcomes, the states entered, and pairs of consecutive transitions. ``coverage`` gives the
/// counts by name.
///
/// One recorder can serve many machines, of one definition or several, from many tasks:
/// counts of machines of the same definition add up (machines are told apart by their name and
/// shape). Queries (`check`, `permittedEvents`) are not recorded. A machine without a recorder
/// does not pay for this: its dispatch only tests that none is attached.
///
/// ```swift
/// let recorder = CoverageRecorder()
/// var door = try Machine(doorDefinition)
/// door.recorder = recorder
/// try door.send(.open)
/// print(recorder.coverage[machine: "door"]!.report.markdown)
/// ```
public final class CoverageRecorder: Sendable {
    /// The counts of one definition, by index: what machines of it record into.
    struct Counts {
        /// Where the names come from (kept alive for ``coverage``).
        let source: any CoverageSource
        let stateCount: Int
        let eventCount: Int
        /// Per cell (`state * eventCount + event`): ignored, refused.
        var cells: [Int]
        /// Per candidate (cell lines in table order, then timers): taken, guard failed.
        var lines: [Int]
        var entered: [Int]
        /// Pairs of candidates, `first * candidates + second`, in the order first seen.
        var pairs: [Int: Int] = [:]
        var pairOrder: [Int] = []
    }

    struct Storage {
        var counts: [Counts] = []
        var byShape: [String: Int] = [:]
        /// Bumped by ``reset()``: a tap's last transition from an earlier generation is
        /// forgotten.
        var generation = 0
    }

    /// The counts, behind a lock that ThreadSanitizer understands (see ``LockedValue``).
    let storage = LockedValue(Storage())

    /// An empty recorder.
    public init() {}

    /// What was recorded so far, by name: every machine seen, each with all of its states,
    /// cells and timers (hit or not).
    public var coverage: Coverage {
        let counts = storage.withLock { $0.counts }
        return Coverage(machines: counts.map { counts in
            var coverage = counts.source.open(EmptyCoverage())
            for s in coverage.states.indices { coverage.states[s].entered = counts.entered[s] }
            var candidate = 0
            for c in coverage.cells.indices {
                if c < counts.stateCount * counts.eventCount {
                    coverage.cells[c].ignored = counts.cells[2 * c]
                    coverage.cells[c].refused = counts.cells[2 * c + 1]
                }
                for l in coverage.cells[c].lines.indices {
                    coverage.cells[c].lines[l].taken = counts.lines[2 * candidate]
                    coverage.cells[c].lines[l].guardFailed = counts.lines[2 * candidate + 1]
                    candidate += 1
                }
            }
            let keys = coverage.cells.flatMap { cell in cell.lines.map { TransitionKey(source: cell.state, event: cell.event, target: $0.target) } }
            let candidates = counts.lines.count / 2
            coverage.pairs = counts.pairOrder.map { pair in
                MachineCoverage.Pair(first: keys[pair / candidates], second: keys[pair % candidates], count: counts.pairs[pair] ?? 0)
            }
            return coverage
        })
    }

    /// Forgets everything recorded (states entered included: a machine's current state counts
    /// again only when it is next entered); attached machines keep recording.
    public func reset() {
        storage.withLock { storage in
            for c in storage.counts.indices {
                storage.counts[c].cells = Array(repeating: 0, count: storage.counts[c].cells.count)
                storage.counts[c].lines = Array(repeating: 0, count: storage.counts[c].lines.count)
                storage.counts[c].entered = Array(repeating: 0, count: storage.counts[c].entered.count)
                storage.counts[c].pairs = [:]
                storage.counts[c].pairOrder = []
            }
            storage.generation += 1
        }
    }

    /// A tap for one machine of `source`'s definition, which entered `state` now.
    func tap(for source: any CoverageSource, entering state: Int) -> CoverageTap {
        let shape = source.coverageShape
        let id = storage.withLock { storage -> (counts: Int, tap: Int) in
            let index: Int
            if let known = storage.byShape[shape.key] {
                index = known
            } else {
                index = storage.counts.count
                storage.byShape[shape.key] = index
                storage.counts.append(Counts(
                    source: source, stateCount: shape.states, eventCount: shape.events,
                    cells: Array(repeating: 0, count: 2 * shape.states * shape.events),
                    lines: Array(repeating: 0, count: 2 * shape.candidates),
                    entered: Array(repeating: 0, count: shape.states)
                ))
            }
            storage.counts[index].entered[state] += 1
            return (index, storage.generation)
        }
        return CoverageTap(recorder: self, counts: id.counts, generation: id.tap)
    }

    /// Records that the machine of `tap` started again in `state` (a reset): the state is
    /// entered, and the next transition follows none.
    package func restart(_ tap: CoverageTap, entering state: Int) {
        storage.withLock { storage in
            storage.counts[tap.counts].entered[state] += 1
            tap.last = -1
        }
    }

    /// The last transition `tap`'s machine took (-1: none since it started or since a reset).
    package func last(of tap: CoverageTap) -> Int {
        storage.withLock { storage in tap.generation == storage.generation ? tap.last : -1 }
    }

    /// Makes `last` the last transition of `tap`'s machine (an undo).
    package func restore(_ tap: CoverageTap, last: Int) {
        storage.withLock { storage in
            tap.last = last
            tap.generation = storage.generation
        }
    }

    /// Records one dispatch of a machine with chains of transitions without an event: as
    /// below, every state in `entered` counted as entered; a chain that moved the machine
    /// without a declared line of the cell (`taken` -1) neither refuses nor ignores the event.
    package func record(_ tap: CoverageTap, cell: Int, failed: Range<Int>, taken: Int, entered: [Int], ignored: Bool) {
        guard taken < 0 && !entered.isEmpty else {
            record(tap, cell: cell, failed: failed, taken: taken, entered: entered.last ?? -1, ignored: ignored)
            storage.withLock { storage in for state in entered.dropLast() { storage.counts[tap.counts].entered[state] += 1 } }
            return
        }
        storage.withLock { storage in
            for candidate in failed { storage.counts[tap.counts].lines[2 * candidate + 1] += 1 }
            for state in entered { storage.counts[tap.counts].entered[state] += 1 }
        }
    }

    /// Records one dispatch: the cell hit (`-1` for a timer), the candidates whose guards
    /// failed, the candidate taken (or -1) and whether its target was entered, or otherwise
    /// whether the event was ignored or refused.
    package func record(_ tap: CoverageTap, cell: Int, failed: Range<Int>, taken: Int, entered: Int, ignored: Bool) {
        storage.withLock { storage in
            let c = tap.counts
            for candidate in failed { storage.counts[c].lines[2 * candidate + 1] += 1 }
            if taken >= 0 {
                storage.counts[c].lines[2 * taken] += 1
                if entered >= 0 { storage.counts[c].entered[entered] += 1 }
                let previous = tap.generation == storage.generation ? tap.last : -1
                if previous >= 0 {
                    let pair = previous * (storage.counts[c].lines.count / 2) + taken
                    if let count = storage.counts[c].pairs[pair] {
                        storage.counts[c].pairs[pair] = count + 1
                    } else {
                        storage.counts[c].pairs[pair] = 1
                        storage.counts[c].pairOrder.append(pair)
                    }
                }
                tap.last = taken
                tap.generation = storage.generation
            } else if cell >= 0 {
                storage.counts[c].cells[2 * cell + (ignored ? 0 : 1)] += 1
            }
        }
    }
}

extension CoverageRecorder: CoverageSink {}

extension Machine {
    /// The recorder this machine reports every event and timer to, for coverage; `nil` (the
    /// default) records nothing. Attaching one counts the current state as entered (setting the
    /// recorder it already has changes nothing); `reset()` counts the initial state. Copies of
    /// the machine record into the same recorder, as one machine (pairs of consecutive
    /// transitions follow the copies in turn). Events the definition does not declare are not
    /// counted. A recording machine dispatches through a copy of its tables whose cells lead to
    /// the code that records; a machine without a recorder pays a test on the guarded path.
    public var recorder: CoverageRecorder? {
        get { coverageSink as? CoverageRecorder }
        set {
            if newValue === coverageSink { return }
            self = recording { source, state in newValue.map { $0.tap(for: source, entering: state) } }
        }
    }
}

/// Every state, cell and timer of a definition, nothing hit.
struct EmptyCoverage: DefinitionVisitor {
    func visit<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) -> MachineCoverage {
        MachineCoverage(definition)
    }
}

extension MachineDescribing {
    /// Every state, cell and timer of the machine with nothing hit: what a coverage file of
    /// it must match.
    package func emptyCoverage() -> MachineCoverage { _outline.definition.open(EmptyCoverage()) }
}
