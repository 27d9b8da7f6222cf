import Synchronization

/// Records what machines do, for coverage: attach it to a machine (``Machine/recorder``, or
/// the runtime's machine) and every event sent and every timer fired is counted: the cell hit
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
        /// Per attached machine (a tap), the last candidate it took, or -1.
        var last: [Int] = []
    }

    let storage = Mutex(Storage())

    /// An empty recorder.
    public init() {}

    /// What was recorded so far, by name: every machine seen, each with all of its states,
    /// cells and timers (hit or not).
    public var coverage: Coverage {
        let counts = storage.withLock { $0.counts }
        return Coverage(machines: counts.map { counts in
            var coverage = counts.source.emptyCoverage()
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

    /// Forgets everything recorded; attached machines keep recording.
    public func reset() {
        storage.withLock { storage in
            for c in storage.counts.indices {
                storage.counts[c].cells = Array(repeating: 0, count: storage.counts[c].cells.count)
                storage.counts[c].lines = Array(repeating: 0, count: storage.counts[c].lines.count)
                storage.counts[c].entered = Array(repeating: 0, count: storage.counts[c].entered.count)
                storage.counts[c].pairs = [:]
                storage.counts[c].pairOrder = []
            }
            storage.last = Array(repeating: -1, count: storage.last.count)
        }
    }

    /// A tap for one machine of `source`'s definition, which entered `state` now.
    func tap(for source: some CoverageSource, entering state: Int) -> CoverageTap {
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
            storage.last.append(-1)
            return (index, storage.last.count - 1)
        }
        return CoverageTap(recorder: self, counts: id.counts, id: id.tap)
    }

    /// Records one dispatch: the cell hit (`-1` for a timer), the candidates whose guards
    /// failed, the candidate taken (or -1) and whether its target was entered, or otherwise
    /// whether the event was ignored or refused.
    func record(_ tap: CoverageTap, cell: Int, failed: Range<Int>, taken: Int, entered: Int, ignored: Bool) {
        storage.withLock { storage in
            let c = tap.counts
            for candidate in failed { storage.counts[c].lines[2 * candidate + 1] += 1 }
            if taken >= 0 {
                storage.counts[c].lines[2 * taken] += 1
                if entered >= 0 { storage.counts[c].entered[entered] += 1 }
                let previous = storage.last[tap.id]
                if previous >= 0 {
                    let pair = previous * (storage.counts[c].lines.count / 2) + taken
                    if let count = storage.counts[c].pairs[pair] {
                        storage.counts[c].pairs[pair] = count + 1
                    } else {
                        storage.counts[c].pairs[pair] = 1
                        storage.counts[c].pairOrder.append(pair)
                    }
                }
                storage.last[tap.id] = taken
            } else if cell >= 0 {
                storage.counts[c].cells[2 * cell + (ignored ? 0 : 1)] += 1
            }
        }
    }
}

/// A machine's link to its recorder: which counts it adds to, and its own last transition
/// (for pairs). Copies of a machine share it.
@usableFromInline
final class CoverageTap: Sendable {
    let recorder: CoverageRecorder
    let counts: Int
    let id: Int

    init(recorder: CoverageRecorder, counts: Int, id: Int) {
        self.recorder = recorder
        self.counts = counts
        self.id = id
    }
}

/// A compiled definition, as a recorder sees it: its shape, and its names when asked.
protocol CoverageSource: AnyObject, Sendable {
    /// The sizes of the tables, and a key that tells definitions apart.
    var coverageShape: (key: String, states: Int, events: Int, candidates: Int) { get }
    /// Every state, cell and timer, nothing hit.
    func emptyCoverage() -> MachineCoverage
}

extension DispatchTable: CoverageSource {
    var coverageShape: (key: String, states: Int, events: Int, candidates: Int) {
        var key = definition.name + "\u{0}\(stateTable.count)\u{0}\(eventCount)\u{0}\(candidateTable.count)"
        for index in 0..<stateTable.count { key += "\u{0}" + String(describing: stateTable[index]) }
        for index in 0..<eventTable.count { key += "\u{1}" + String(describing: eventTable[index]) }
        return (key, stateTable.count, eventCount, candidateTable.count)
    }

    func emptyCoverage() -> MachineCoverage { MachineCoverage(definition) }
}
