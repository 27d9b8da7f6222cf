extension MachineDefinition {
    /// Declares a parallel machine: orthogonal regions that each receive every event. The
    /// machine is in one state of each region at once; its states are every combination of
    /// the regions' states, in order (the first region's state changing slowest), each
    /// written into a copy of `initial` through the regions' key paths.
    ///
    /// An event moves every region that takes a transition on it; the effects come out
    /// region by region, in the order of `regions`. It is ignored when no region moves and
    /// some region ignores it, rejected when every region rejects it. The machine is finished
    /// when every region is in a final state. Guards on one event may sit in one region only
    /// (validation reports the others).
    ///
    /// Flattened when declared: the machine runs one dense table, like any other. A machine
    /// whose table would have more than 2^20 cells (states times events)
    /// is refused instead: it is declared without states, and validation (hence ``Machine``,
    /// the tools and the test helpers) reports its size and the regions that make it up.
    /// - Parameters:
    ///   - name: The machine's name.
    ///   - summary: What the machine is for, in one line.
    ///   - version: The machine's version, for its snapshots (see ``version``).
    ///   - initial: The machine's initial state; each region's part must be that region's
    ///     initial state.
    ///   - events: The events, in order; by default every region's events, the first
    ///     region's first.
    ///   - regions: The regions, in order.
    public init(name: String, summary: String = "", version: Int = 1, initial: State, events: [Event.Key]? = nil, regions: Region<State, Event, Effect, Context>...) {
        self.init(name: name, summary: summary, version: version, initial: initial, events: events, regionList: regions)
    }

    /// A parallel machine of regions given as an array (a machine read from a document).
    package init(name: String, summary: String = "", version: Int = 1, initial: State, events: [Event.Key]? = nil, regionList regions: [Region<State, Event, Effect, Context>]) {
        var allEvents: [Event.Key] = events ?? []
        if events == nil {
            var seen: Set<Event.Key> = []
            for region in regions {
                for key in region.eventKeys where seen.insert(key).inserted { allEvents.append(key) }
            }
        }
        var conflicts: [Diagnostic] = []
        for region in regions where region.indexIn(initial) != region.initialIndex {
            conflicts.append(Diagnostic(.error, .regionConflict, states: [String(describing: initial)],
                                        "the initial state \(quoting: String(describing: initial)) does not hold region \(quoting: region.name)'s initial state"))
        }
        for region in regions where region.stateNames.isEmpty {
            conflicts.append(Diagnostic(.error, .regionConflict, "region \(quoting: region.name) has no states"))
        }
        if let refusal = Self.sizeRefusal(regions, eventCount: allEvents.count) {
            self.init(name: name, summary: summary, version: version, initial: initial, events: allEvents, declarations: [])
            parallel = ParallelStructure(regions: regions, digits: [], conflicts: [], tooLarge: refusal)
            return
        }
        // Every combination of region states, the first region's changing slowest.
        var digits: [[Int]] = regions.contains { $0.stateNames.isEmpty } ? [] : [[]]
        for region in regions {
            digits = digits.flatMap { prefix in region.stateNames.indices.map { prefix + [$0] } }
        }
        let states: [State] = digits.map { combination in
            var state = initial
            for (region, index) in zip(regions, combination) { region.assign(&state, index) }
            return state
        }
        var reported: Set<String> = []
        var declarations: [_StateDeclaration<State, Event, Effect, Context>] = []
        declarations.reserveCapacity(states.count)
        for (position, combination) in digits.enumerated() {
            var transitions: [TransitionDeclaration<State, Event, Effect, Context>] = []
            var ignored: [Event.Key] = []
            var illegal: [Event.Key] = []
            for key in allEvents {
                var moves: [(region: Int, candidates: [Region<State, Event, Effect, Context>.Move], otherwise: CellDefault)] = []
                var ignores = false
                var declaredIllegal = true
                var known = false
                for (r, region) in regions.enumerated() {
                    switch region.cell(combination[r], key) {
                    case .unknown: continue
                    case .ignored: ignores = true
                    case let .illegal(declared): declaredIllegal = declaredIllegal && declared
                    case let .transitions(candidates, otherwise):
                        if !candidates.isEmpty { moves.append((r, candidates, otherwise)) }
                    }
                    known = true
                }
                if moves.isEmpty {
                    // An event no region lists stays undeclared-illegal.
                    if ignores { ignored.append(key) } else if declaredIllegal && known { illegal.append(key) }
                    continue
                }
                let guarded = moves.filter { $0.candidates.count > 1 || $0.candidates[0].guard != nil }
                if guarded.count > 1 {
                    let names = guarded.map { regions[$0.region].name }
                    let eventName = String(describing: key)
                    if reported.insert(eventName).inserted {
                        conflicts.append(Diagnostic(.error, .regionConflict, events: [eventName],
                                                    "\(quoting: eventName) has guarded transitions in regions \(names.map { "\(quoting: $0)" }.joined(separator: " and ")): guards on one event may sit in one region only"))
                    }
                }
                let chooser = guarded.first?.region
                // The regions that always move, with their single transition.
                let fixed = moves.filter { $0.region != chooser }.map { ($0.region, $0.candidates[0]) }
                func combined(_ choice: (region: Int, candidate: Region<State, Event, Effect, Context>.Move)?) -> TransitionDeclaration<State, Event, Effect, Context> {
                    var parts = fixed
                    if let choice { parts.append(choice) }
                    parts.sort { $0.0 < $1.0 }
                    var target = states[position]
                    for (r, candidate) in parts { regions[r].assign(&target, candidate.target) }
                    return TransitionDeclaration(
                        source: states[position], event: key, target: target, guard: choice?.candidate.guard,
                        effects: parts.flatMap(\.1.effects), isInternal: parts.allSatisfy(\.1.isInternal)
                    )
                }
                if let chooser, let choosing = moves.first(where: { $0.region == chooser }) {
                    for candidate in choosing.candidates { transitions.append(combined((chooser, candidate))) }
                    if choosing.candidates.last?.guard != nil {
                        // When no guard holds, the other regions still move; if none does, the
                        // choosing region's default (an `Ignore` or `Illegal` after its guards).
                        if !fixed.isEmpty {
                            transitions.append(combined(nil))
                        } else if choosing.otherwise == .ignored {
                            ignored.append(key)
                        } else if choosing.otherwise == .declaredIllegal {
                            illegal.append(key)
                        }
                    }
                } else {
                    transitions.append(combined(nil))
                }
            }
            declarations.append(_StateDeclaration(
                state: states[position], isFinal: !regions.isEmpty && zip(regions, combination).allSatisfy { $0.finals[$1] },
                transitions: transitions, ignored: ignored, illegal: illegal
            ))
        }
        self.init(name: name, summary: summary, version: version, initial: initial, events: allEvents, declarations: declarations)
        parallel = ParallelStructure(regions: regions, digits: digits, conflicts: conflicts, tooLarge: nil)
    }

    /// The most cells (flattened states times events) of a parallel machine's table:
    /// 1,048,576 (2^20). Its states are every combination of its regions' states, so they
    /// multiply: 6 regions of 10 states are a million states. Beyond this, building the
    /// table would take minutes and gigabytes; the machine is refused instead.
    package static var maximumParallelCells: Int { 1 << 20 }

    /// Why regions of these sizes make a machine too large to flatten, or `nil`.
    static func sizeRefusal(_ regions: [Region<State, Event, Effect, Context>], eventCount: Int) -> Diagnostic? {
        var states = 1
        var overflow = false
        for region in regions {
            let (product, overflowed) = states.multipliedReportingOverflow(by: region.stateNames.count)
            states = product
            overflow = overflow || overflowed
        }
        let (cells, overflowed) = states.multipliedReportingOverflow(by: max(1, eventCount))
        guard overflow || overflowed || cells > maximumParallelCells else { return nil }
        let factors = regions.map { "\(quoting: $0.name) (\($0.stateNames.count))" }.joined(separator: " × ")
        let size = overflow || overflowed ? "more than \(Int.max) cells" : "\(states) states × \(eventCount) events = \(cells) cells"
        return Diagnostic(
            .error, .tooLarge,
            "the machine is too large to flatten: its states are every combination of its regions' states, \(factors), so \(size); at most \(maximumParallelCells) cells (give the regions fewer states, or run them as separate machines)"
        )
    }

    /// The regions of a parallel machine, in order; empty for any other machine.
    package var regions: [Region<State, Event, Effect, Context>] { parallel?.regions ?? [] }
}
