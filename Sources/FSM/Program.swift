/// A definition compiled into dense indices, for dispatch that hashes at most once and
/// touches no reference count: one `Int32` per (state, event) cell, plain-data transition
/// candidates with their full effect lists precomputed in one flat store, and per-state
/// permitted events in another.
///
/// The tables the dispatch reads live in buffers this object allocates, fills once and frees
/// when it goes: reading them retains nothing. It is immutable after `init`, hence
/// `@unchecked Sendable`.
@usableFromInline
final class Program<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable, Context>: @unchecked Sendable {
    /// A cell code: the event is ignored.
    @usableFromInline static var ignoredCode: Int32 { -1 }
    /// A cell code: the event is rejected.
    @usableFromInline static var illegalCode: Int32 { -2 }
    /// A cell code: the cell's transitions have guards (or there are several); walk its
    /// candidates from `cellCandidates[cell]`.
    @usableFromInline static var guardedCode: Int32 { -3 }
    /// A cell code: the event is rejected because the state is final.
    @usableFromInline static var finalCode: Int32 { -4 }

    /// One transition of a cell, as plain data; guarded alternatives are chained by `next`.
    @usableFromInline
    struct Candidate: Sendable {
        @usableFromInline let target: Int32
        /// The next candidate of the same cell, or -1.
        @usableFromInline let next: Int32
        /// The index of the guard in `guards`, or -1.
        @usableFromInline let guardIndex: Int32
        /// Where the effects start in `effectStore`.
        @usableFromInline let effectStart: Int32
        @usableFromInline let effectCount: Int32
        @usableFromInline let kind: TransitionKind
    }

    @usableFromInline let definition: MachineDefinition<State, Event, Effect, Context>
    @usableFromInline let states: [State]
    @usableFromInline let events: [Event]
    @usableFromInline let eventIndex: [Event: Int]
    @usableFromInline let eventCount: Int
    @usableFromInline let guards: [Guard<Context>]
    /// Per cell, the names of its guards (empty for cells without guards).
    @usableFromInline let guardNames: [GuardNames]
    @usableFromInline let isFinal: [Bool]
    @usableFromInline let initialIndex: Int

    // The dispatch tables, as buffers (copies of the arrays above), read without retaining.
    @usableFromInline let cellTable: UnsafeMutableBufferPointer<Int32>
    @usableFromInline let cellCandidateTable: UnsafeMutableBufferPointer<Int32>
    @usableFromInline let candidateTable: UnsafeMutableBufferPointer<Candidate>
    @usableFromInline let effectTable: UnsafeMutableBufferPointer<Effect>
    /// Per candidate, its first eight effects in place: copied into a transition in one move.
    @usableFromInline let effectSlotTable: UnsafeMutableBufferPointer<SmallList<Effect>.Slots>
    /// Per state, its first eight permitted events in place.
    @usableFromInline let permittedSlotTable: UnsafeMutableBufferPointer<SmallList<Event>.Slots>
    @usableFromInline let stateTable: UnsafeMutableBufferPointer<State>
    @usableFromInline let eventTable: UnsafeMutableBufferPointer<Event>
    @usableFromInline let permittedTable: UnsafeMutableBufferPointer<Event>
    @usableFromInline let permittedRanges: UnsafeMutableBufferPointer<(start: Int32, count: Int32)>
    @usableFromInline let denseTable: UnsafeMutableBufferPointer<Int32>
    /// Whether each declared event's dense index is its position: then no table is needed.
    @usableFromInline let denseIsIdentity: Bool
    /// For single-byte plain-data events: `byteTable[byte]` is the index of the event whose
    /// representation is that byte, or -1 (256 entries); empty otherwise.
    @usableFromInline let byteTable: UnsafeMutableBufferPointer<Int32>

    /// Compiles a definition that validation found free of errors.
    init(_ definition: MachineDefinition<State, Event, Effect, Context>, resolution: Resolution<State, Event, Effect, Context>, initialIndex: Int) {
        let eventCount = resolution.events.count
        var cells = [Int32](repeating: Self.illegalCode, count: resolution.states.count * eventCount)
        var cellCandidates = [Int32](repeating: -1, count: cells.count)
        var guardNames = [GuardNames](repeating: [], count: cells.count)
        var candidates: [Candidate] = []
        var guards: [Guard<Context>] = []
        var effectStore: [Effect] = []
        var permittedStore: [Event] = []
        var permittedStart: [Int32] = []
        var permittedCount: [Int32] = []
        for s in resolution.declarations.indices {
            let source = resolution.declarations[s]
            let firstPermitted = permittedStore.count
            for e in resolution.events.indices {
                let index = s * eventCount + e
                switch resolution.cell(s, e) {
                case let .transitions(range):
                    let list = resolution.transitions(s, range)
                    permittedStore.append(resolution.events[e])
                    cellCandidates[index] = Int32(candidates.count)
                    // Validation has refused undeclared targets before a program is compiled.
                    let targets = range.map { Int(resolution.refTargets[$0]) }
                    if list.count == 1, let only = list.first, only.guard == nil {
                        cells[index] = Int32(targets[0])
                    } else {
                        cells[index] = Self.guardedCode
                    }
                    for (position, transition) in list.enumerated() {
                        let target = targets[position]
                        var effects = transition.effects
                        if !transition.isInternal {
                            effects = source.exitEffects + effects + resolution.declarations[target].entryEffects
                        }
                        var guardIndex: Int32 = -1
                        if let guardValue = transition.guard {
                            guardIndex = Int32(guards.count)
                            guards.append(guardValue)
                        }
                        let isLast = position == list.count - 1
                        candidates.append(Candidate(
                            target: Int32(target), next: isLast ? -1 : Int32(candidates.count + 1), guardIndex: guardIndex,
                            effectStart: Int32(effectStore.count), effectCount: Int32(effects.count),
                            kind: transition.isInternal ? .internal : .external
                        ))
                        effectStore += effects
                    }
                    if list.contains(where: { $0.guard != nil }) {
                        guardNames[index] = GuardNames(list.compactMap { $0.guard?.name })
                    }
                case .ignored:
                    permittedStore.append(resolution.events[e])
                    cells[index] = Self.ignoredCode
                case .illegal:
                    if source.isFinal { cells[index] = Self.finalCode }
                }
            }
            permittedStart.append(Int32(firstPermitted))
            permittedCount.append(Int32(permittedStore.count - firstPermitted))
        }
        self.definition = definition
        self.states = resolution.states
        self.events = resolution.events
        self.eventIndex = resolution.eventIndex
        self.eventCount = eventCount
        self.guards = guards
        self.guardNames = guardNames
        self.isFinal = resolution.declarations.map(\.isFinal)
        self.initialIndex = initialIndex
        let denseEvents = Self.denseMap(resolution.events)
        cellTable = Self.buffer(cells)
        cellCandidateTable = Self.buffer(cellCandidates)
        candidateTable = Self.buffer(candidates)
        effectTable = Self.buffer(effectStore)
        effectSlotTable = Self.buffer(candidates.map { candidate in
            SmallList<Effect>.slots(effectStore[Int(candidate.effectStart)..<Int(candidate.effectStart + candidate.effectCount)])
        })
        permittedSlotTable = Self.buffer(zip(permittedStart, permittedCount).map { start, count in
            SmallList<Event>.slots(permittedStore[Int(start)..<Int(start + count)])
        })
        stateTable = Self.buffer(resolution.states)
        eventTable = Self.buffer(resolution.events)
        permittedTable = Self.buffer(permittedStore)
        permittedRanges = Self.buffer(zip(permittedStart, permittedCount).map { (start: $0, count: $1) })
        denseTable = Self.buffer(denseEvents)
        byteTable = Self.buffer(Self.byteMap(resolution.events))
        denseIsIdentity = denseEvents.count == resolution.events.count && denseEvents.enumerated().allSatisfy { $0.offset == Int($0.element) }
    }

    deinit {
        for table in [cellTable, cellCandidateTable, denseTable, byteTable] { Self.free(table) }
        Self.free(candidateTable)
        Self.free(effectTable)
        Self.free(effectSlotTable)
        Self.free(permittedSlotTable)
        Self.free(stateTable)
        Self.free(eventTable)
        Self.free(permittedTable)
        Self.free(permittedRanges)
    }

    private static func buffer<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, elements.count))
        _ = buffer.initialize(from: elements)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<elements.count])
    }

    private static func free<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        buffer.deinitialize()
        buffer.baseAddress?.deallocate()
    }

    /// Whether events are one byte of plain data, each value its own byte: then an event's
    /// byte is its key in ``byteTable``. Decided at compile time for a concrete event type.
    @inlinable @inline(__always)
    static var eventsAreBytes: Bool { MemoryLayout<Event>.size == 1 && _isPOD(Event.self) }

    /// The index of a declared event: from its byte when events are single bytes of plain
    /// data (most enums), otherwise by hashing.
    @inlinable @inline(__always)
    func index(of event: Event) -> Int? {
        if Self.eventsAreBytes && byteTable.count == 256 {
            let byte = withUnsafeBytes(of: event) { $0[0] }
            let index = byteTable[Int(byte)]
            return index >= 0 ? Int(index) : nil
        }
        return eventIndex[event]
    }

    /// The index of a declared event, from its dense index, without hashing.
    @inlinable @inline(__always)
    func index(ofDense event: Event, _ dense: Int) -> Int? {
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
        if candidate.effectCount <= 8 {
            return SmallList(slots: effectSlotTable[index], count: Int(candidate.effectCount))
        }
        return SmallList(UnsafeBufferPointer(effectTable), start: Int(candidate.effectStart), count: Int(candidate.effectCount))
    }

    /// The events a state handles or ignores: one move of its slots when they fit.
    @inlinable @inline(__always)
    func permitted(in state: Int) -> SmallList<Event> {
        let range = permittedRanges[state]
        if range.count <= 8 {
            return SmallList(slots: permittedSlotTable[state], count: Int(range.count))
        }
        return SmallList(UnsafeBufferPointer(permittedTable), start: Int(range.start), count: Int(range.count))
    }

    /// The byte lookup table of single-byte plain-data events, or `[]`.
    static func byteMap(_ events: [Event]) -> [Int32] {
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
    static func denseMap(_ events: [Event]) -> [Int32] {
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
