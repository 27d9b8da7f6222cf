extension Machine {
    /// Decides a cell of a recording table that has no guards (see
    /// ``DispatchTable/recordingCode``) from the real cell and, unless this is a query, records
    /// what the decision does. Out of line and without the guards' closure, so that dispatch
    /// without a recorder keeps its code.
    @usableFromInline @inline(never)
    func recordedDecision(_ cellIndex: Int, recording: Bool) -> Decision {
        guard let part = tables.recording else { return .noTransition }
        let cell = part.cells[cellIndex]
        let decision = cell.code >= 0 ? .take(candidate: Int(cell.first), target: Int(cell.code)) : unguardedDecision(cell)
        if recording { record(decision, cell: cell, cellIndex) }
        return decision
    }

    /// Tells the recorder what a decision on a cell of a recording table (see
    /// ``DispatchTable/recordingCode``) does, before it is carried out: the cell hit, the
    /// guards that failed (a cell tries its candidates in order, so those before the one
    /// taken, or all of them), the candidate taken and the state it enters (none for an
    /// internal one).
    @usableFromInline @inline(never)
    func record(_ decision: Decision, cell: DispatchTable<State, Event, Effect, Context>.Cell, _ cellIndex: Int) {
        guard let tap = tables.recording?.tap else { return }
        if tables.expandsChains {
            recordChain(decision, tap: tap, cellIndex)
            return
        }
        let guarded = cell.code == DispatchTable<State, Event, Effect, Context>.guardedCode
        let all = guarded ? Int(cell.first)..<Int(cell.first + cell.count) : 0..<0
        switch decision {
        case let .take(candidate, target):
            let entered = tables.candidateTable[candidate].kind == .internal ? -1 : tables.countedState(target)
            tap.recorder.record(tap, cell: tables.countedCell(cellIndex), failed: counted(guarded ? Int(cell.first)..<candidate : 0..<0),
                                taken: tables.countedCandidate(candidate), entered: entered, ignored: false)
        case .ignore:
            tap.recorder.record(tap, cell: tables.countedCell(cellIndex), failed: counted(all), taken: -1, entered: -1, ignored: true)
        case .guardNotMet, .noTransition, .declaredIllegal, .finalState, .neverSettles:
            tap.recorder.record(tap, cell: tables.countedCell(cellIndex), failed: counted(all), taken: -1, entered: -1, ignored: false)
        }
    }

    /// Records a decision of a machine with chains of transitions without an event: the
    /// cell's own declared lines tried (those before the one taken; all of them when none
    /// is), the line taken (none when a waiting chain moved the machine on its own), and every
    /// state the candidate enters (the chain's included).
    func recordChain(_ decision: Decision, tap: CoverageTap, _ cellIndex: Int) {
        let own = Int(tables.ownCandidates[cellIndex])..<Int(tables.ownCandidates[cellIndex + 1])
        switch decision {
        case let .take(candidate, _):
            let line = tables.countedCandidate(candidate)
            let entered = (Int(tables.chainEnteredStarts[candidate])..<Int(tables.chainEnteredStarts[candidate + 1])).map { Int(tables.chainEntered.element(at: $0)) }
            let taken = own.contains(line) ? line : -1
            tap.recorder.record(tap, cell: cellIndex, failed: taken >= 0 ? own.lowerBound..<taken : 0..<0, taken: taken, entered: entered, ignored: false)
        case .ignore:
            tap.recorder.record(tap, cell: cellIndex, failed: own, taken: -1, entered: -1, ignored: true)
        case .guardNotMet, .noTransition, .declaredIllegal, .finalState, .neverSettles:
            tap.recorder.record(tap, cell: cellIndex, failed: own, taken: -1, entered: -1, ignored: false)
        }
    }

    /// The candidates coverage counts for consecutive candidates of one cell (those of a row
    /// with history memory are their state's, consecutive too).
    func counted(_ range: Range<Int>) -> Range<Int> {
        guard let first = range.first else { return range }
        let start = tables.countedCandidate(first)
        return start..<start + range.count
    }

    /// Tells the recorder, if one is attached, that a timer ran out: its candidate taken, or
    /// its guard failed.
    @usableFromInline
    func recordTimer(candidate: Int, taken: Bool) {
        guard let tap = tables.recording?.tap else { return }
        if taken {
            tap.recorder.record(tap, cell: -1, failed: 0..<0, taken: tables.countedCandidate(candidate),
                                entered: tables.countedState(Int(tables.candidateTable[candidate].target)), ignored: false)
        } else {
            tap.recorder.record(tap, cell: -1, failed: counted(candidate..<candidate + 1), taken: -1, entered: -1, ignored: false)
        }
    }
}
