// What coverage needs from dispatch, and all this module knows of it: a recorder (the
// `FSMCoverage` product's `CoverageRecorder`) is a `CoverageSink`; a recording machine
// holds a `CoverageTap` to it in its tables and tells it each decision.

/// What a recording machine tells its recorder.
package protocol CoverageSink: AnyObject, Sendable {
    /// The machine of `tap` started again in `state` (a reset).
    func restart(_ tap: CoverageTap, entering state: Int)
    /// The last transition `tap`'s machine took (-1: none).
    func last(of tap: CoverageTap) -> Int
    /// Makes `last` the last transition of `tap`'s machine (an undo).
    func restore(_ tap: CoverageTap, last: Int)
    /// One dispatch through chains of transitions without an event, every state in `entered`
    /// entered.
    func record(_ tap: CoverageTap, cell: Int, failed: Range<Int>, taken: Int, entered: [Int], ignored: Bool)
    /// One dispatch: the cell hit (-1 for a timer), the candidates whose guards failed, the
    /// candidate taken (or -1) and the state it entered (or -1), or whether the event was
    /// ignored or refused.
    func record(_ tap: CoverageTap, cell: Int, failed: Range<Int>, taken: Int, entered: Int, ignored: Bool)
}

/// Something that works on a definition of any types: how code that holds a definition
/// behind a type-erased value (``MachineDescribing``, a machine's tables) gets it back typed.
package protocol DefinitionVisitor {
    /// What the visitor makes of a definition (a coverage with nothing hit, a REPL session).
    associatedtype Output
    /// Makes it from the definition, with its types known.
    func visit<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) -> Output
}

/// Something holding a definition it can hand to a ``DefinitionVisitor``.
package protocol DefinitionOpener: Sendable {
    /// Gives the definition to `visitor`.
    func open<Visitor: DefinitionVisitor>(_ visitor: Visitor) -> Visitor.Output
}

extension MachineDefinition: DefinitionOpener {
    /// Gives this definition to `visitor`.
    package func open<Visitor: DefinitionVisitor>(_ visitor: Visitor) -> Visitor.Output { visitor.visit(self) }
}

extension Machine {
    /// The recorder attached, if any.
    package var coverageSink: (any CoverageSink)? { tables.recording?.tap.recorder }

    /// This machine recording into the tap `makeTap` makes from its tables (without
    /// recording) and the state it is in, counted as entered; not recording when it makes
    /// none.
    package func recording(_ makeTap: (any CoverageSource, Int) -> CoverageTap?) -> Machine {
        let plain = tables.plain
        // A new value rather than a new `tables`: the tables stay a `let`, which the
        // optimiser relies on in the loops that send.
        return Machine(tables: makeTap(plain, plain.countedState(stateIndex)).map { plain.recording(into: $0) } ?? plain, stateIndex: stateIndex, policy: policy)
    }
}

/// A machine's link to its recorder: which counts it adds to, and its own last transition
/// (for pairs). Copies of a machine share it.
@usableFromInline
package final class CoverageTap: @unchecked Sendable {
    /// The recorder the machine reports to.
    package let recorder: any CoverageSink
    /// Which of the recorder's sets of counts (one per shape of definition) the machine adds to.
    package let counts: Int
    /// The candidate of the last transition taken (-1: none), and the recorder's generation it
    /// was taken in. Read and written only under the recorder's lock.
    package var last = -1
    package var generation: Int

    /// A tap into `recorder`'s counts at index `counts`, made in the recorder's `generation`.
    package init(recorder: any CoverageSink, counts: Int, generation: Int) {
        self.recorder = recorder
        self.counts = counts
        self.generation = generation
    }
}

/// A compiled definition, as a recorder sees it: its shape, and its names when asked.
package protocol CoverageSource: DefinitionOpener, AnyObject {
    /// The sizes of the tables, and a key that tells definitions apart.
    var coverageShape: (key: String, states: Int, events: Int, candidates: Int) { get }
}

extension DispatchTable: CoverageSource {
    /// The key: the name, the states and events, and what every cell and candidate is (its
    /// code, target and guard), so that two definitions share counts only when their tables
    /// agree cell for cell.
    package var coverageShape: (key: String, states: Int, events: Int, candidates: Int) {
        // The rows without history memory (see `HistoryPlan`): the declared states.
        var key = definition.name + "\u{0}\(stateCount)\u{0}\(eventCount)\u{0}\(baseCandidateCount)"
        for index in 0..<stateCount { key += "\u{0}" + String(describing: stateTable[index]) }
        for index in 0..<eventTable.count { key += "\u{1}" + String(describing: eventTable[index]) }
        var codes: [Int32] = []
        codes.reserveCapacity(cellTable.count * 2 + candidateTable.count * 2)
        for index in 0..<stateCount * eventCount { codes += [cellTable[index].code, cellTable[index].count] }
        for index in 0..<baseCandidateCount { codes += [candidateTable[index].target, candidateTable[index].guardIndex] }
        key += "\u{2}" + codes.map(String.init).joined(separator: ",")
        for index in 0..<guards.count { key += "\u{3}" + guards[index].name }
        return (key, stateCount, eventCount, baseCandidateCount)
    }

    /// Opens the definition the tables were compiled from.
    package func open<Visitor: DefinitionVisitor>(_ visitor: Visitor) -> Visitor.Output { visitor.visit(definition) }
}
