import FSM
import FSMCoverage

extension TypedSession {
    /// The most named guards one guard may combine: the page decides a guard from its truth
    /// table over them (2^n entries).
    static var maximumGuardAtoms: Int { 12 }

    /// The machine as the explorer page runs it, in JSON: every cell's outcomes exactly as the
    /// machine reports them (each alternative of a guarded cell, then its default, each with
    /// the text the REPL prints for it), every guard as a truth table over the named guards
    /// `:guard` decides, where each state and transition is in the diagram, and which events
    /// and guards the REPL can be handed as lines (`typeable`: whether the REPL prints the
    /// expected text for a line). The page only chooses among these outcomes; it never works
    /// one out itself.
    func explorerModel(toolName: String, replay: String, typeable: (_ line: String, _ expected: String) -> Bool) throws(ExplorerError) -> String {
        // The page steps from each state as a machine with no memory would: it cannot yet
        // remember where a parent was left.
        if definition.hasEventless {
            throw ExplorerError(description: "\(quoting: definition.name) has transitions without an event (Always, OnDone), which the explorer cannot show yet (its page takes one line per step); drive it with `repl` instead")
        }
        if let parallel = definition.parallelParents.first {
            throw ExplorerError(description: "\(quoting: definition.name) has regions inside a parent (\(quoting: parallel)), which the explorer cannot show yet (it places one node per state of a parent); drive it with `repl` instead")
        }
        let histories = definition.histories
        guard histories.isEmpty else {
            throw ExplorerError(description: "\(quoting: definition.name) resumes \(histories.map(\.label).joined(separator: ", ")), which the explorer cannot show yet (it has no memory of where a parent was left); drive it with `repl` instead")
        }
        let states = machine.states
        let keys = machine.events
        let layout = definition.explorerLayout
        let table = definition.table
        var stateIndex: [State: Int] = [:]
        for (index, state) in states.enumerated() { stateIndex[state] = index }

        // Guards: each distinct guard name once, as a truth table over the named guards.
        var guardExpressions: [String] = []
        var guardIndex: [String: Int] = [:]
        func expression(_ name: String) throws(ExplorerError) -> Int {
            if let known = guardIndex[name] { return known }
            let atoms = guardsByName[name]?.atoms ?? [name]
            guard atoms.count <= Self.maximumGuardAtoms else {
                throw ExplorerError(description: "the guard \(quoting: name) combines \(atoms.count) named guards; the explorer decides at most \(Self.maximumGuardAtoms) in one guard")
            }
            var truth = ""
            for row in 0..<(1 << atoms.count) {
                let decide = { (atom: String) -> Bool in
                    guard let position = atoms.firstIndex(of: atom) else { return true }
                    return row & (1 << position) != 0
                }
                let holds = guardsByName[name]?.holds(deciding: decide) ?? decide(name)
                truth += holds ? "1" : "0"
            }
            let atomIndices = atoms.map { atom in String(guardNames.firstIndex(of: atom) ?? -1) }
            guardIndex[name] = guardExpressions.count
            guardExpressions.append(ExplorerJSON.object([
                ("name", ExplorerJSON.string(name)),
                ("atoms", ExplorerJSON.array(atomIndices)),
                ("truth", ExplorerJSON.string(truth)),
            ]))
            return guardExpressions.count - 1
        }

        func outcome(_ result: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>) -> String {
            switch result {
            case let .success(step):
                let kind: String
                switch step.kind {
                case .external: kind = "external"
                case .internal: kind = "internal"
                case .ignored: kind = "ignored"
                case .rejected: kind = "refused"
                }
                return ExplorerJSON.object([
                    ("kind", ExplorerJSON.string(kind)),
                    ("target", String(stateIndex[step.target] ?? -1)),
                    ("effects", ExplorerJSON.strings(step.effects.map { String(describing: $0) })),
                    ("text", ExplorerJSON.string(describe(step))),
                ])
            case let .failure(error):
                return ExplorerJSON.object([
                    ("kind", ExplorerJSON.string("refused")),
                    ("reason", ExplorerJSON.string(error.reason.words)),
                    ("text", ExplorerJSON.string("error: \(error); nothing changed")),
                ])
            }
        }

        var rows: [String] = []
        var tableRows: [State: [Event.Key: TransitionTable<State, Event.Key, Effect>.Row]] = [:]
        for row in table.rows { tableRows[row.state, default: [:]][row.event] = row }
        // One compiled machine, placed in each state in turn.
        var plain = initialMachine
        plain.recorder = nil
        plain.policy = .throw
        for (index, state) in states.enumerated() {
            let placed = plain.placed(atStateIndex: index)
            guard placed.state == state else {
                throw ExplorerError(description: "the machine's state \(index) is not \(quoting: definition.name(of: state))")
            }
            var cells: [String] = []
            for key in keys {
                let row = tableRows[state]?[key]
                var entries: [TransitionTable<State, Event.Key, Effect>.Entry] = []
                switch row?.cell {
                case let .transitions(list)?: entries = list
                case let .guarded(list, _)?: entries = list
                default: break
                }
                var alternatives: [String] = []
                var tried = 0
                var fallsThrough = true
                for entry in entries {
                    guard let guardName = entry.guardName else {
                        // An unguarded line is taken when every guard before it failed.
                        alternatives.append(ExplorerJSON.object([
                            ("guard", "null"), ("to", ExplorerJSON.string(definition.name(of: entry.target))),
                            ("o", outcome(placed.check(key, failingGuards: Int.max))),
                        ]))
                        fallsThrough = false
                        break
                    }
                    alternatives.append(ExplorerJSON.object([
                        ("guard", String(try expression(guardName))), ("to", ExplorerJSON.string(definition.name(of: entry.target))),
                        ("o", outcome(placed.check(key, failingGuards: tried))),
                    ]))
                    tried += 1
                }
                cells.append(ExplorerJSON.object([
                    ("alts", ExplorerJSON.array(alternatives)),
                    ("else", fallsThrough ? outcome(placed.check(key, failingGuards: Int.max)) : "null"),
                    ("summary", ExplorerJSON.string(Self.summary(row?.cell, name: definition.name(of:)))),
                    ("inherited", ExplorerJSON.optional(row?.inheritedFrom)),
                ]))
            }
            let name = definition.name(of: state)
            // Timers: listed (time does not pass in the page), and lines of coverage files.
            let timers = table.timers(state).map { timer in
                ExplorerJSON.object([
                    ("event", ExplorerJSON.string(Trigger<Event.Key>.after(timer.duration).description)),
                    ("to", ExplorerJSON.string(definition.name(of: timer.entry.target))),
                    ("guard", ExplorerJSON.optional(timer.entry.guardName)),
                ])
            }
            rows.append(ExplorerJSON.object([
                ("name", ExplorerJSON.string(name)),
                ("configuration", ExplorerJSON.string(definition.configuration(of: state))),
                ("final", placed.isFinished ? "true" : "false"),
                ("nodes", ExplorerJSON.strings(layout.nodes[name] ?? [])),
                ("regions", ExplorerJSON.strings(layout.regionStates[name] ?? [])),
                ("timers", ExplorerJSON.array(timers)),
                ("cells", ExplorerJSON.array(cells)),
            ]))
        }
        let edges = layout.edges.map { edge in
            ExplorerJSON.object([
                ("id", ExplorerJSON.string(edge.id)),
                ("region", edge.region.map(String.init) ?? "null"),
                ("event", ExplorerJSON.string(edge.event)),
                ("keys", ExplorerJSON.array(edge.keys.map { ExplorerJSON.strings([$0.source, $0.target]) })),
            ])
        }
        // What the REPL prints for each event in the initial state with every guard on, and for
        // each guard set off and on: a name the REPL reads otherwise cannot be replayed.
        let first = plain
        let typeableEvents = keys.map { key -> String in
            let line = definition.name(of: key)
            let expected: String
            switch first.check(key, guards: { _ in true }) {
            case let .success(step): expected = describe(step)
            case let .failure(error): expected = "error: \(error); nothing changed"
            }
            return typeable(line, expected) ? "true" : "false"
        }
        let typeableGuards = guardNames.map { name in
            typeable(":guard \(name) off", "\(name): off") && typeable(":guard \(name) on", "\(name): on") ? "true" : "false"
        }
        return ExplorerJSON.object([
            ("format", "1"),
            ("machine", ExplorerJSON.string(machineName)),
            ("tool", ExplorerJSON.string(toolName)),
            ("replay", ExplorerJSON.string(replay)),
            ("module", ExplorerJSON.optional(moduleName)),
            ("initial", String(stateIndex[initialMachine.state] ?? 0)),
            ("regions", ExplorerJSON.strings(definition._outline.regionStateNames.map(\.region))),
            ("events", ExplorerJSON.strings(eventNames)),
            ("guards", ExplorerJSON.strings(guardNames)),
            ("typeableEvents", ExplorerJSON.array(typeableEvents)),
            ("typeableGuards", ExplorerJSON.array(typeableGuards)),
            ("guardExpressions", ExplorerJSON.array(guardExpressions)),
            ("states", ExplorerJSON.array(rows)),
            ("edges", ExplorerJSON.array(edges)),
        ])
    }

    /// A cell in a few words, for the page's table: `-> target`, `[guard] -> target; else
    /// ignored`, `ignored`, `illegal`.
    static func summary(_ cell: TransitionTable<State, Event.Key, Effect>.Cell?, name: (State) -> String) -> String {
        func line(_ entry: TransitionTable<State, Event.Key, Effect>.Entry) -> String {
            (entry.guardName.map { "[\($0)] " } ?? "") + "-> " + name(entry.target) + (entry.isInternal ? " (internal)" : "")
        }
        switch cell {
        case let .transitions(list)?: return list.map(line).joined(separator: "; ")
        case let .guarded(list, otherwise)?: return (list.map(line) + ["else \(otherwise.rawValue)"]).joined(separator: "; ")
        case .ignored?: return "ignored"
        case let .illegal(declared)?: return declared ? "illegal" : "no transition"
        case nil: return "no transition"
        }
    }
}
