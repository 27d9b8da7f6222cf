/// A definition compiled into dense indices, for dispatch that hashes at most once and
/// touches no reference count (but a rejection's: its error retains `answerTable`). It owns every table the runtime reads, each kept once:
///
/// - `cellTable`: one ``Cell`` per (state, event), row by row (`state * eventCount + event`):
///   the target of a single unguarded transition, or a code, and the cell's candidates as a
///   range of `candidateTable`;
/// - `candidateTable`: the transitions of every cell, cell after cell, in declaration order
///   (a cell's guarded alternatives are consecutive);
/// - `effectSlotTable`, per candidate: its effect list (exit, own, entry effects) when it has
///   at most eight, in place; longer lists are ranges of `longEffects`;
/// - `answerTable`: per state, the events it has transitions for, then those it ignores
///   (what a rejection lists), and the parents' names; a ``TransitionError`` holds it;
/// - `stateTable`, `finalTable` and `eventTable`: the states, whether each is final, and the
///   events, by index;
/// - `byteTable` (single-byte events) or `denseTable` (``DenseIndexed`` events): how an event
///   finds its column without hashing.
///
/// Each table is a ``FixedTable``, filled once in `init` and freed with the dispatch table (the
/// answers with the last error or dispatch table that holds them); reading them retains nothing. Immutable after `init`, hence `@unchecked Sendable`.
@usableFromInline
final class DispatchTable<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: @unchecked Sendable {
    /// A cell code: the event is ignored.
    @usableFromInline static var ignoredCode: Int32 { -1 }
    /// A cell code: the event is rejected.
    @usableFromInline static var illegalCode: Int32 { -2 }
    /// A cell code: the cell's transitions have guards (or there are several); try its
    /// candidates in order.
    @usableFromInline static var guardedCode: Int32 { -3 }
    /// A cell code: the event is rejected because the state is final.
    @usableFromInline static var finalCode: Int32 { -4 }
    /// A cell code: the event is rejected because the state (or a parent) declares it illegal.
    @usableFromInline static var declaredIllegalCode: Int32 { -5 }
    /// A cell code: a coverage recorder is attached; the cell itself is in ``recording``.
    /// Every cell of a recording table has it but the guarded ones (which dispatch records
    /// after their guards), so dispatch takes its slow path, where it records; without a
    /// recorder, dispatch pays a test on the guarded path and code placed out of its way.
    @usableFromInline static var recordingCode: Int32 { -6 }
    /// A cell code: a guarded cell of a machine with transitions without an event, some of
    /// whose candidates have no target (a chain that never settles, or the cell's own
    /// rejection after its waiting chains): decided out of line, so that guarded cells of
    /// every other machine dispatch as before.
    @usableFromInline static var chainedCode: Int32 { -7 }

    /// What a table that records has besides: the real cells, the recorder's link, and the
    /// table without recording (to go back to).
    @usableFromInline
    final class Recording: @unchecked Sendable {
        @usableFromInline let cells: FixedTable<Cell>
        @usableFromInline let tap: CoverageTap
        let plain: DispatchTable

        init(cells: [Cell], tap: CoverageTap, plain: DispatchTable) {
            self.cells = FixedTable(cells)
            self.tap = tap
            self.plain = plain
        }
    }

    /// The recording part, in a table made by ``recording(into:)``; `nil` otherwise.
    @usableFromInline let recording: Recording?

    /// What one (state, event) pair does.
    @usableFromInline
    struct Cell: Sendable {
        /// The target state's index for a single unguarded transition, or a negative code.
        @usableFromInline let code: Int32
        /// The cell's candidates: `first ..< first + count` of `candidateTable`. In a
        /// declared-illegal cell, `first` is the index of the parent that declares it (-1:
        /// the state itself) and `count` is 0.
        @usableFromInline let first: Int32
        @usableFromInline let count: Int32
        /// The names of the cell's guards (empty for cells without guards).
        @usableFromInline let guardNames: GuardNames
        /// Whether the event is ignored when none of the cell's guards holds (an `Ignore`
        /// after the guarded lines); otherwise it is rejected.
        @usableFromInline let ignoresOtherwise: Bool
    }

    /// One transition of a cell, as plain data.
    @usableFromInline
    struct Candidate: Sendable {
        @usableFromInline let target: Int32
        /// The index of the guard in `guards`, or -1.
        @usableFromInline let guardIndex: Int32
        /// The number of effects, and where they start in `longEffects` when more than eight.
        @usableFromInline let effectCount: Int32
        @usableFromInline let effectStart: Int32
        @usableFromInline let kind: TransitionKind
    }

    @usableFromInline let definition: MachineDefinition<State, Event, Effect, Context>
    @usableFromInline let eventCount: Int
    /// The column of each declared event, for events found by hashing.
    @usableFromInline let eventIndex: [Event.Key: Int]
    @usableFromInline let initialIndex: Int
    /// The guards, in the order candidates refer to them.
    @usableFromInline let guards: FixedTable<TransitionGuard<Context, Event>>
    /// Lists longer than eight, each whole, one after another.
    @usableFromInline let longEffects: ListStore<Effect>
    /// What each state answers instead of an event it rejects, for the errors.
    @usableFromInline let answerTable: AnswerTable<Event.Key>
    /// The timers (`After` lines) armed in each state: `timerTable[timerStarts[s] ..< timerStarts[s + 1]]`;
    /// both empty when the definition has no timer.
    @usableFromInline let timerTable: FixedTable<TimerEntry>
    @usableFromInline let timerStarts: FixedTable<Int32>
    /// Per candidate, how many of its source's parents (outermost first) it stays inside
    /// (`Int32.max`: all, and the state itself: an internal transition); empty when the
    /// definition has no timer, which is what it is for.
    @usableFromInline let keptTable: FixedTable<Int32>
    /// The digest of the definition's structure (`MachineDefinition.structureDigest`), made
    /// the first time a snapshot asks for it: once per compiled definition, however many
    /// machines are saved and restored with it.
    let structureDigestCache = LockedValue<String?>(nil)
    /// The names its histories remember (``HistoryNames``), made the first time a
    /// configuration is saved or restored.
    let historyNamesCache = LockedValue<HistoryNames?>(nil)
    /// The number of declared states: the rows without history memory (`stateTable` has a
    /// row per state and memory, see `HistoryPlan`; row `r` is state `r % stateCount`).
    let stateCount: Int
    /// The candidates of the rows without memory and their timers: what coverage counts.
    let baseCandidateCount: Int
    /// Per candidate, the candidate coverage counts it as (its state's, without memory; with
    /// chains of transitions without an event, its declared line, see ``expandsChains``);
    /// empty when neither is there.
    let candidateOrigin: FixedTable<Int32>

    /// Whether some candidate is a chain of transitions without an event (then
    /// `candidateOrigin` maps every candidate to the declared line it comes from: -1 for a
    /// waiting chain an event lets go alone, and for a candidate that stands for a rejection).
    let expandsChains: Bool
    /// The chains of transitions without an event that never settle, by index (a candidate
    /// whose target is `-1 - index`).
    let cycles: [String]
    /// With chains: per candidate, the states it enters, in order (`chainEntered`, from
    /// `chainEnteredStarts[c]` to `chainEnteredStarts[c + 1]`); per cell, where its own
    /// declared lines start among the candidates coverage counts (one more entry closes the
    /// last). Empty otherwise.
    let chainEntered: ListStore<Int32>
    let chainEnteredStarts: FixedTable<Int32>
    let ownCandidates: FixedTable<Int32>

    /// What happens to an event that no candidate of a cell takes.
    enum Fallback {
        /// Some candidate is always taken.
        case none
        case ignore
        case guardNotMet(GuardNames)
        /// Rejected: the cell code (`illegalCode`, `declaredIllegalCode`, `finalCode`) and
        /// the parent that declares it illegal.
        case reject(code: Int32, owner: Int32)
    }
    /// One timer armed in a state, and the candidate (in `candidateTable`) it takes.
    @usableFromInline
    struct TimerEntry {
        @usableFromInline let timer: MachineTimer
        @usableFromInline let candidate: Int32
        /// The timer's duration, interned (what a transition it takes holds).
        @usableFromInline let duration: Int32
    }

    @usableFromInline let cellTable: FixedTable<Cell>
    @usableFromInline let candidateTable: FixedTable<Candidate>
    @usableFromInline let effectSlotTable: FixedTable<SmallList<Effect>.Slots>
    @usableFromInline let stateTable: FixedTable<State>
    @usableFromInline let finalTable: FixedTable<Bool>
    @usableFromInline let eventTable: FixedTable<Event.Key>
    /// For ``DenseIndexed`` events: `denseTable[event.denseIndex]` is the event's column, or
    /// -1; empty when the indices are not usable (then events are hashed).
    @usableFromInline let denseTable: FixedTable<Int32>
    /// Whether each declared event's dense index is its column: then `denseTable` is not read.
    @usableFromInline let denseIsIdentity: Bool
    /// For single-byte plain-data events (see ``eventsAreBytes``): `byteTable[byte]` is the
    /// column of the event whose one byte is `byte`, or -1 (256 entries); empty otherwise.
    @usableFromInline let byteTable: FixedTable<Int32>

    /// Compiles a definition that validation found free of errors.
    init(
        _ definition: MachineDefinition<State, Event, Effect, Context>, resolution: ResolvedDefinition<State, Event, Effect, Context>, initialIndex: Int,
        recordingFor plain: (table: DispatchTable, tap: CoverageTap)? = nil
    ) {
        let eventCount = resolution.events.count
        var cells: [Cell] = []
        cells.reserveCapacity(resolution.states.count * eventCount)
        var candidates: [Candidate] = []
        var effectSlots: [SmallList<Effect>.Slots] = []
        var guards: [TransitionGuard<Context, Event>] = []
        var longEffects: [Effect] = []
        var kept: [Int32] = []
        let hasTimers = resolution.hasTimers
        var answers: [(events: [Event.Key], handled: Int)] = []
        answers.reserveCapacity(resolution.states.count)
        var permitted: [Event.Key] = []
        var ignored: [Event.Key] = []
        // With history (see `HistoryPlan`), a row is a state and a memory; without, a state.
        let plan = HistoryPlan(resolution)
        // Each history's slot, looked up once.
        var slots: [History: Int?] = [:]
        if let plan { for history in resolution.histories { slots[history] = plan.slot(of: history, in: resolution) } }
        let stateCount = resolution.states.count
        let rowCount = stateCount * (plan?.memoryCount ?? 1)
        // Per candidate of a row with memory, the candidate of its state's row without memory
        // (what coverage counts); empty without history.
        var origin: [Int32] = []
        // Per cell of a row without memory, its first candidate; per state, its first timer's.
        var baseFirst: [Int32] = []
        var baseTimerFirst: [Int32] = []
        let hasEventless = resolution.hasEventless
        // Per state, where its chains of transitions without an event settle (validation has
        // refused machines with history, timers or too many alternatives together with them).
        var settled: [Int: [Settlement<State, Event, Effect, Context>]] = [:]
        func settlementsOf(_ state: Int) -> [Settlement<State, Event, Effect, Context>] {
            if let known = settled[state] { return known }
            let chains = resolution.settlements(from: state) ?? []
            settled[state] = chains
            return chains
        }
        /// Appends one candidate: a transition from state `s` (row `row`) to the leaf `leaf`,
        /// emitting `effects`, staying inside `keptParents` of its parents; returns its index.
        func append(row: Int, s: Int, leaf: Int, keptParents: Int, isInternal: Bool, guardValue: TransitionGuard<Context, Event>?, guardOf base: Int?, effects: [Effect], kind: TransitionKind) -> Int32 {
            var target = leaf
            if let plan {
                let memory = row / stateCount
                target = leaf + stateCount * plan.memory(memory, leaving: s, kept: isInternal ? Int.max : keptParents)
            }
            var guardIndex: Int32 = -1
            if let base {
                guardIndex = candidates[base].guardIndex
            } else if let guardValue {
                guardIndex = Int32(guards.count)
                guards.append(guardValue)
            }
            if plan != nil { origin.append(Int32(base ?? candidates.count)) }
            if hasTimers { kept.append(isInternal ? Int32.max : Int32(keptParents)) }
            candidates.append(Candidate(
                target: Int32(target), guardIndex: guardIndex,
                effectCount: Int32(effects.count), effectStart: Int32(effects.count > SmallList<Effect>.inlineCapacity ? longEffects.count : 0),
                kind: kind
            ))
            if effects.count > SmallList<Effect>.inlineCapacity {
                effectSlots.append(SmallList<Effect>.slots([]))
                longEffects += effects
            } else {
                effectSlots.append(SmallList<Effect>.slots(effects))
            }
            return Int32(candidates.count - 1)
        }
        var cycles: [String] = []
        // Per candidate of a machine with chains, the states it enters (what coverage counts).
        var enteredStates: [Int32] = []
        var enteredStarts: [Int32] = [0]
        /// Appends a candidate that ends in a chain of transitions without an event: `effects`
        /// then the chain's, guarded by `guards` then the chain's; a chain that never settles
        /// is a candidate whose target is `-1 - ` its cycle's index in `cycles`.
        func appendSettled(_ chain: Settlement<State, Event, Effect, Context>, origin originRef: Int32, guards leading: [TransitionGuard<Context, Event>], effects: [Effect], kind: TransitionKind, entering: [Int] = []) {
            enteredStates += chain.target < 0 ? [] : entering.map(Int32.init)
            enteredStarts.append(Int32(enteredStates.count))
            var guardIndex: Int32 = -1
            if let combined = TransitionGuard.all(leading + chain.guards) {
                guardIndex = Int32(guards.count)
                guards.append(combined)
            }
            var target = Int32(chain.target)
            if chain.target < 0 {
                target = -1 - Int32(cycles.count)
                cycles.append(resolution.cycleText(chain.passed))
            }
            let all = chain.target < 0 ? [] : effects + chain.effects
            origin.append(originRef)
            candidates.append(Candidate(
                target: target, guardIndex: guardIndex,
                effectCount: Int32(all.count), effectStart: Int32(all.count > SmallList<Effect>.inlineCapacity ? longEffects.count : 0),
                kind: kind
            ))
            if all.count > SmallList<Effect>.inlineCapacity {
                effectSlots.append(SmallList<Effect>.slots([]))
                longEffects += all
            } else {
                effectSlots.append(SmallList<Effect>.slots(all))
            }
        }
        /// Appends the candidates of the cell of state `t` and event `e` in a machine with
        /// transitions without an event, each followed by the chain its target starts, after a
        /// chain that brought the machine to `t` in the same send (`prefix`: its guards and
        /// effects come first); returns what happens when none is taken.
        func appendSettledCell(_ t: Int, _ e: Int, prefix: Settlement<State, Event, Effect, Context>?) -> Fallback {
            let leading = prefix?.guards ?? []
            let before = prefix?.effects ?? []
            switch resolution.cell(t, e) {
            case let .transitions(range):
                let list = resolution.transitions(t, range)
                for (position, transition) in list.enumerated() {
                    let ref = range.lowerBound + position
                    let leaf = Int(resolution.candidateTargets[ref])
                    let effects = before + resolution.effects(t, e, ref)
                    let guards = leading + (transition.guard.map { [$0] } ?? [])
                    let stable = Settlement<State, Event, Effect, Context>(guards: [], target: leaf, effects: [], passed: [], lines: [])
                    let chains = settlementsOf(leaf)
                    for chain in chains.isEmpty ? [stable] : chains {
                        let stays = chain.lines.isEmpty && prefix == nil && transition.isInternal
                        // The states entered: the prefix's after `t`, then the target and the chain's (an internal line enters nothing itself).
                        let path = chain.passed.isEmpty ? [leaf] : chain.passed
                        let entering = Array((prefix?.passed ?? []).dropFirst()) + (transition.isInternal ? Array(path.dropFirst()) : path)
                        appendSettled(chain, origin: Int32(ref), guards: guards, effects: effects, kind: stays ? .internal : .external, entering: entering)
                    }
                    if transition.guard == nil { return .none }
                }
                let names = GuardNames(list.compactMap { $0.guard?.name })
                return resolution.otherwise(t, e) == .ignored ? .ignore : .guardNotMet(names)
            case .ignored:
                return .ignore
            case let .illegal(declared):
                let code = resolution.declarations[t].isFinal ? Self.finalCode : declared ? Self.declaredIllegalCode : Self.illegalCode
                return .reject(code: code, owner: code == Self.declaredIllegalCode ? Int32(resolution.owner(t, e)) : 0)
            }
        }
        /// The cells of one row of a machine with transitions without an event. In a state
        /// whose guarded lines wait, an event first lets go those whose guards hold on its
        /// context (the context changed since the machine came to rest), then is handled where
        /// they lead (dropped there if that state does not take it), as python-statemachine
        /// does; then as in any state: its transition, and the chain its target starts.
        func appendEventlessRow(_ s: Int) {
            permitted.removeAll(keepingCapacity: true)
            ignored.removeAll(keepingCapacity: true)
            let waiting = (resolution.settlements(from: s, waiting: true) ?? []).filter { !$0.lines.isEmpty }
            for e in 0..<eventCount {
                switch resolution.cell(s, e) {
                case .transitions: permitted.append(resolution.events[e])
                case .ignored: ignored.append(resolution.events[e])
                case .illegal: break
                }
                let first = Int32(candidates.count)
                for chain in waiting {
                    guard chain.target >= 0 else {
                        appendSettled(chain, origin: -1, guards: [], effects: [], kind: .external)
                        continue
                    }
                    if case .none = appendSettledCell(chain.target, e, prefix: chain) { continue }
                    // The event is not taken where the chain leads: the chain alone.
                    appendSettled(Settlement(guards: [], target: chain.target, effects: [], passed: [], lines: []),
                                  origin: -1, guards: chain.guards, effects: chain.effects, kind: .external, entering: Array(chain.passed.dropFirst()))
                }
                let fallback = appendSettledCell(s, e, prefix: nil)
                let count = Int32(candidates.count) - first
                var names = GuardNames([])
                if case let .transitions(range) = resolution.cell(s, e) {
                    let list = resolution.transitions(s, range)
                    if list.contains(where: { $0.guard != nil }) { names = GuardNames(list.compactMap { $0.guard?.name }) }
                }
                switch fallback {
                case .none:
                    let only = candidates[Int(first)]
                    let single = count == 1 && only.guardIndex < 0 && only.target >= 0
                    cells.append(Cell(code: single ? only.target : Self.guardedCode, first: first, count: count, guardNames: names, ignoresOtherwise: false))
                case .ignore:
                    cells.append(count == 0 ? Cell(code: Self.ignoredCode, first: 0, count: 0, guardNames: GuardNames([]), ignoresOtherwise: false)
                        : Cell(code: Self.guardedCode, first: first, count: count, guardNames: names, ignoresOtherwise: true))
                case let .guardNotMet(failed):
                    cells.append(Cell(code: Self.guardedCode, first: first, count: count, guardNames: failed, ignoresOtherwise: false))
                case let .reject(code, owner):
                    if count == 0 {
                        cells.append(Cell(code: code, first: owner, count: 0, guardNames: GuardNames([]), ignoresOtherwise: false))
                    } else {
                        // Rejected unless a waiting line's guard holds: a last candidate stands for the rejection.
                        origin.append(-1)
                        candidates.append(Candidate(target: -1, guardIndex: -1, effectCount: code, effectStart: owner, kind: .rejected))
                        effectSlots.append(SmallList<Effect>.slots([]))
                        enteredStarts.append(Int32(enteredStates.count))
                        cells.append(Cell(code: Self.guardedCode, first: first, count: count + 1, guardNames: GuardNames([]), ignoresOtherwise: false))
                    }
                }
                // Candidates without a target are decided out of line (`chainedCode`).
                if let last = cells.last, last.code == Self.guardedCode,
                   (Int(last.first)..<Int(last.first + last.count)).contains(where: { candidates[$0].target < 0 }) {
                    cells[cells.count - 1] = Cell(code: Self.chainedCode, first: last.first, count: last.count, guardNames: last.guardNames, ignoresOtherwise: last.ignoresOtherwise)
                }
            }
            answers.append((permitted + ignored, permitted.count))
        }
        /// The cells of one row.
        func appendCells(row: Int) {
            let s = row % stateCount
            if hasEventless {
                appendEventlessRow(s)
                return
            }
            let memory = row / stateCount
            let source = resolution.declarations[s]
            permitted.removeAll(keepingCapacity: true)
            ignored.removeAll(keepingCapacity: true)
            for e in 0..<eventCount {
                switch resolution.cell(s, e) {
                case let .transitions(range):
                    let list = resolution.transitions(s, range)
                    permitted.append(resolution.events[e])
                    let first = Int32(candidates.count)
                    if row < stateCount { baseFirst.append(first) }
                    for (position, transition) in list.enumerated() {
                        let ref = range.lowerBound + position
                        // Validation has refused undeclared targets before the dispatch table is built.
                        var leaf = Int(resolution.candidateTargets[ref])
                        var effects: [Effect]
                        var keptParents = 0
                        if let plan, let history = transition.history, let slot = slots[history] ?? nil {
                            (leaf, keptParents) = plan.resume(slot, from: s, declaredBy: resolution.owner(s, e), named: transition.target, default: leaf, memory: memory, in: resolution)
                            effects = resolution.path(from: s, keeping: keptParents, to: leaf, emitting: transition.effects)
                        } else {
                            effects = resolution.effects(s, e, ref)
                            if hasTimers || plan != nil { keptParents = transition.isInternal ? Int.max : resolution.keptParents(s, e, ref) }
                        }
                        let base = row < stateCount ? nil : Int(baseFirst[s * eventCount + e]) + position
                        _ = append(row: row, s: s, leaf: leaf, keptParents: keptParents, isInternal: transition.isInternal, guardValue: transition.guard,
                                   guardOf: base, effects: effects, kind: transition.isInternal ? .internal : .external)
                    }
                    let single = list.count == 1 && list[0].guard == nil
                    let names = list.contains(where: { $0.guard != nil }) ? GuardNames(list.compactMap { $0.guard?.name }) : GuardNames([])
                    cells.append(Cell(
                        code: single ? candidates[Int(first)].target : Self.guardedCode,
                        first: first, count: Int32(list.count), guardNames: names, ignoresOtherwise: resolution.otherwise(s, e) == .ignored
                    ))
                case .ignored:
                    if row < stateCount { baseFirst.append(-1) }
                    ignored.append(resolution.events[e])
                    cells.append(Cell(code: Self.ignoredCode, first: 0, count: 0, guardNames: GuardNames([]), ignoresOtherwise: false))
                case let .illegal(declared):
                    if row < stateCount { baseFirst.append(-1) }
                    let code = source.isFinal ? Self.finalCode : declared ? Self.declaredIllegalCode : Self.illegalCode
                    // A declared-illegal cell keeps the index of the parent that declares it (-1: the state) in `first`.
                    let owner = code == Self.declaredIllegalCode ? Int32(resolution.owner(s, e)) : 0
                    cells.append(Cell(code: code, first: owner, count: 0, guardNames: GuardNames([]), ignoresOtherwise: false))
                }
            }
            answers.append((permitted + ignored, permitted.count))
        }
        var timers: [TimerEntry] = []
        var timerStarts: [Int32] = []
        /// The timers of one row.
        func appendTimers(row: Int) {
            let s = row % stateCount
            timerStarts.append(Int32(timers.count))
            if row < stateCount { baseTimerFirst.append(Int32(candidates.count)) }
            for (position, timer) in resolution.timers(of: s).enumerated() {
                timers.append(TimerEntry(
                    timer: MachineTimer(
                        duration: timer.declaration.duration, owner: resolution.timerOwnerName(s, timer.node),
                        node: timer.node < 0 ? -Int32(s) - 1 : timer.node, position: Int32(timer.position),
                        depth: timer.node < 0 ? Int32.max : Int32(resolution.chains[s].firstIndex(of: timer.node) ?? 0)
                    ),
                    candidate: Int32(candidates.count), duration: Interned.durations.intern(timer.declaration.duration)
                ))
                _ = append(row: row, s: s, leaf: timer.target, keptParents: timer.kept, isInternal: false, guardValue: timer.declaration.guard,
                           guardOf: row < stateCount ? nil : Int(baseTimerFirst[s]) + position, effects: timer.effects, kind: .external)
            }
        }
        // The rows without memory first, then their timers (what coverage counts, in the
        // order it counts them), then the rows with memory and their timers.
        for row in 0..<stateCount { appendCells(row: row) }
        if hasTimers { for row in 0..<stateCount { appendTimers(row: row) } }
        let baseCandidateCount = candidates.count
        for row in stateCount..<rowCount { appendCells(row: row) }
        if hasTimers {
            for row in stateCount..<rowCount { appendTimers(row: row) }
            timerStarts.append(Int32(timers.count))
        }
        self.definition = definition
        self.eventCount = eventCount
        eventIndex = resolution.eventIndex
        self.guards = FixedTable(guards)
        self.initialIndex = initialIndex
        self.longEffects = ListStore.make(longEffects)
        answerTable = AnswerTable(answers, parentNames: resolution.parents.map(\.name), cycles: cycles)
        self.cycles = cycles
        expandsChains = hasEventless
        chainEntered = hasEventless ? ListStore.make(enteredStates) : ListStore.make([])
        chainEnteredStarts = FixedTable(hasEventless ? enteredStarts : [])
        ownCandidates = FixedTable(hasEventless ? resolution.cellStarts : [])
        timerTable = FixedTable(timers)
        self.timerStarts = FixedTable(timerStarts)
        keptTable = FixedTable(kept)
        if let plain {
            let redirected = Cell(code: Self.recordingCode, first: 0, count: 0, guardNames: GuardNames([]), ignoresOtherwise: false)
            cellTable = FixedTable(cells.map { $0.code == Self.guardedCode || $0.code == Self.chainedCode ? $0 : redirected })
            recording = Recording(cells: cells, tap: plain.tap, plain: plain.table)
        } else {
            cellTable = FixedTable(cells)
            recording = nil
        }
        candidateTable = FixedTable(candidates)
        effectSlotTable = FixedTable(effectSlots)
        stateTable = FixedTable(rowCount == stateCount ? resolution.states : (0..<rowCount).map { resolution.states[$0 % stateCount] })
        finalTable = FixedTable((0..<rowCount).map { resolution.declarations[$0 % stateCount].isFinal })
        self.stateCount = stateCount
        self.baseCandidateCount = baseCandidateCount
        candidateOrigin = FixedTable(origin)
        eventTable = FixedTable(resolution.events)
        let denseEvents = Self.denseMap(resolution.events)
        denseTable = FixedTable(denseEvents)
        denseIsIdentity = denseEvents.count == resolution.events.count && denseEvents.enumerated().allSatisfy { $0.offset == Int($0.element) }
        byteTable = FixedTable(Self.byteMap(resolution.events))
    }

    /// A copy of the table that records into `tap` (made from the table without recording).
    func recording(into tap: CoverageTap) -> DispatchTable {
        let plain = recording?.plain ?? self
        return DispatchTable(definition, resolution: definition.resolution, initialIndex: initialIndex, recordingFor: (plain, tap))
    }

    /// The table without recording.
    var plain: DispatchTable { recording?.plain ?? self }

    /// The declared state of a row (its memory dropped): what coverage counts as entered.
    @usableFromInline func countedState(_ row: Int) -> Int { row < stateCount ? row : row % stateCount }

    /// The candidate coverage counts for the candidate at `index`.
    @usableFromInline func countedCandidate(_ index: Int) -> Int { candidateOrigin.isEmpty || index < 0 ? index : Int(candidateOrigin[index]) }

    /// The cell coverage counts for the cell at `index` (of a row with memory: its state's).
    @usableFromInline func countedCell(_ index: Int) -> Int {
        let declared = stateCount * eventCount
        return index < declared || declared == 0 ? index : index % declared
    }

    /// Whether event keys are one byte of plain data: then every value of the type is its one
    /// byte, distinct values have distinct bytes (the enum's cases and payloads are packed
    /// into it), and an event's byte is its key in ``byteTable``. Decided at compile time for
    /// a concrete event type: an enum without payloads of up to 256 cases, or with small
    /// payloads (`failToLoad(Kind)`) that fit one byte, `Bool`, `UInt8`.
    @inlinable @inline(__always)
    static var eventsAreBytes: Bool { MemoryLayout<Event.Key>.size == 1 && _isPOD(Event.Key.self) }

    /// The column of a declared event: from its byte when events are single bytes of plain
    /// data (most enums), otherwise by hashing.
    @inlinable @inline(__always)
    func index(of event: Event.Key) -> Int? {
        if Self.eventsAreBytes && byteTable.count == 256 {
            let byte = withUnsafeBytes(of: event) { $0[0] }
            let index = byteTable[Int(byte)]
            return index >= 0 ? Int(index) : nil
        }
        return eventIndex[event]
    }

    /// The column of a declared event, from its dense index, without hashing.
    @inlinable @inline(__always)
    func index(ofDense event: Event.Key, _ dense: Int) -> Int? {
        if denseIsIdentity {
            return dense >= 0 && dense < eventCount ? dense : nil
        }
        if dense >= 0, dense < denseTable.count {
            let index = Int(denseTable[dense])
            return index >= 0 ? index : nil
        }
        return denseTable.isEmpty ? eventIndex[event] : nil
    }

    /// The effects of the candidate at `index`: one move of its slots when they fit.
    @inlinable @inline(__always)
    func effects(of index: Int, _ candidate: Candidate) -> SmallList<Effect> {
        if candidate.effectCount <= SmallList<Effect>.inlineCapacity {
            return SmallList(slots: effectSlotTable[index], count: Int(candidate.effectCount))
        }
        return SmallList(longEffects, start: Int(candidate.effectStart), count: Int(candidate.effectCount))
    }

    /// The byte lookup table of single-byte plain-data events, or `[]`.
    static func byteMap(_ events: [Event.Key]) -> [Int32] {
        guard eventsAreBytes else { return [] }
        var map = [Int32](repeating: -1, count: 256)
        for (position, event) in events.enumerated() {
            let byte = Int(withUnsafeBytes(of: event) { $0[0] })
            guard map[byte] < 0 else { return [] }
            map[byte] = Int32(position)
        }
        return map
    }

    /// The dense-index lookup table of the events, or `[]` when they are not all
    /// ``DenseIndexed`` with distinct, small, non-negative indices.
    static func denseMap(_ events: [Event.Key]) -> [Int32] {
        let indices = events.compactMap { ($0 as? any DenseIndexed)?.denseIndex }
        guard !events.isEmpty, indices.count == events.count, let largest = indices.max(), let smallest = indices.min(),
              smallest >= 0, largest < 4 * events.count + 64 else { return [] }
        var map = [Int32](repeating: -1, count: largest + 1)
        for (position, dense) in indices.enumerated() {
            guard map[dense] < 0 else { return [] }
            map[dense] = Int32(position)
        }
        return map
    }
}
