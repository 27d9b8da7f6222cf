extension Machine {
    /// Tells the recorder what a decision does, before it is carried out: the cell hit, the
    /// guards that failed (a cell tries its candidates in order, so those before the one taken,
    /// or all of them), the candidate taken and the state it enters (none for an internal one).
    @usableFromInline @inline(never)
    func record(_ decision: Decision, _ eventIndex: Int?, _ tap: CoverageTap) {
        guard let eventIndex else { return }
        let cellIndex = stateIndex * tables.eventCount + eventIndex
        let cell = tables.cellTable[cellIndex]
        let guarded = cell.code == DispatchTable<State, Event, Effect, Context>.guardedCode
        let all = guarded ? Int(cell.first)..<Int(cell.first + cell.count) : 0..<0
        switch decision {
        case let .take(candidate, target):
            let entered = tables.candidateTable[candidate].kind == .internal ? -1 : target
            tap.recorder.record(tap, cell: cellIndex, failed: guarded ? Int(cell.first)..<candidate : 0..<0, taken: candidate, entered: entered, ignored: false)
        case .ignore:
            tap.recorder.record(tap, cell: cellIndex, failed: all, taken: -1, entered: -1, ignored: true)
        case .guardNotMet, .noTransition, .declaredIllegal, .finalState:
            tap.recorder.record(tap, cell: cellIndex, failed: all, taken: -1, entered: -1, ignored: false)
        }
    }

    /// Tells the recorder that a timer ran out: its candidate taken, or its guard failed.
    @usableFromInline @inline(never)
    func recordTimer(candidate: Int, taken: Bool, _ tap: CoverageTap) {
        if taken {
            tap.recorder.record(tap, cell: -1, failed: 0..<0, taken: candidate, entered: Int(tables.candidateTable[candidate].target), ignored: false)
        } else {
            tap.recorder.record(tap, cell: -1, failed: candidate..<candidate + 1, taken: -1, entered: -1, ignored: false)
        }
    }
}
