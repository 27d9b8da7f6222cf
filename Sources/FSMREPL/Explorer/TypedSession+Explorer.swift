import FSM
import FSMCoverage
import FSMPersistence
import Foundation

/// A guard decision as a tree over the named guards the machine asked about, in the order it
/// asked: each leaf is what the machine did with those answers (the REPL decides every other
/// guard as on).
indirect enum GuardTree<Leaf> {
    case leaf(Leaf, answers: [String: Bool])
    case ask(String, on: GuardTree<Leaf>, off: GuardTree<Leaf>)

    /// The tree of `run`, a step the machine takes with its guards decided by the closure it
    /// is given; at most `limit` leaves.
    static func of(limit: Int, _ run: ((String) -> Bool) -> Leaf) -> GuardTree? {
        var leaves = 0
        func grow(_ fixed: [String: Bool]) -> GuardTree? {
            var asked: String?
            var answers = fixed
            let leaf = run { name in
                if let known = answers[name] { return known }
                if asked == nil { asked = name }
                answers[name] = true
                return true
            }
            guard let atom = asked else {
                leaves += 1
                return leaves > limit ? nil : .leaf(leaf, answers: fixed)
            }
            var on = fixed, off = fixed
            on[atom] = true
            off[atom] = false
            guard let yes = grow(on), let no = grow(off) else { return nil }
            return .ask(atom, on: yes, off: no)
        }
        return grow([:])
    }

    /// How many outcomes the tree holds.
    var leafCount: Int {
        switch self {
        case .leaf: 1
        case let .ask(_, on, off): on.leafCount + off.leafCount
        }
    }

    /// The tree as JSON: a leaf as `json` writes it, a question as `{"g": atom, "t": ..., "f": ...}`.
    func json(atom: (String) -> Int, _ write: (Leaf, [String: Bool]) -> String) -> String {
        switch self {
        case let .leaf(leaf, answers): write(leaf, answers)
        case let .ask(name, on, off):
            ExplorerJSON.object([("g", String(atom(name))), ("t", on.json(atom: atom, write)), ("f", off.json(atom: atom, write))])
        }
    }
}

extension TypedSession {
    /// The most situations (a state, what its histories remember, its timers' remaining
    /// times) the page is made with.
    static var maximumSituations: Int { 4_000 }
    /// The most outcomes one event (or one timer's deadline) may have over the guards it asks.
    static var maximumOutcomes: Int { 512 }
    /// The most outcomes of all events and deadlines in all situations: what bounds the page.
    static var maximumTotalOutcomes: Int { 200_000 }

    /// Where the machine can be as the page steps it: its row (state and history memory) and
    /// its timers, their deadlines counted from now.
    private struct Situation {
        var machine: Machine<State, Event, Effect, Context>
        var schedule: TimerSchedule

        struct Key: Hashable {
            let row: Int
            let timers: [Timer]
        }
        struct Timer: Hashable {
            let timer: MachineTimer
            let deadline: Duration
            let phase: Int
        }
        var key: Key {
            Key(row: machine.row, timers: schedule.entries.map { entry in
                let phase: Int
                switch entry.phase {
                case .running: phase = 0
                case .due: phase = 1
                case .spent: phase = 2
                }
                // Only a running timer's deadline matters: a spent one waits for its state.
                return Timer(timer: entry.timer, deadline: phase == 0 ? entry.deadline : .zero, phase: phase)
            })
        }
    }

    /// What an event did from a situation.
    private enum EventLeaf {
        /// The step, where it leaves the machine, and the states it entered.
        case step(Transition<State, Event.Key, Effect>, Situation, [State])
        case refused(TransitionError<State, Event.Key>)
    }

    /// A duration in whole nanoseconds, as text (the page counts time in `BigInt`s).
    private static func nanoseconds(_ duration: Duration) throws(ExplorerError) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds % 1_000_000_000 == 0, seconds >= 0, seconds < Int64.max / 1_000_000_000 else {
            throw ExplorerError(description: "a timer of \(DurationText.words(duration)) is not a whole number of nanoseconds the page can count; drive the machine with `repl` instead")
        }
        return "\"\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)\""
    }

    /// The machine as the explorer page runs it, in JSON.
    ///
    /// The page steps through *situations*: the state, what each history remembers, and the
    /// timers armed with the time left on each, searched from the initial one by every event
    /// and every timer's deadline under every answer of the guards asked. For each situation
    /// and event (and for advancing time to the next deadline), the outcomes are a tree over
    /// the named guards the machine asked, each leaf exactly what the machine reports (with
    /// the text the REPL prints for it, as a number in `texts`). The page only walks these trees with the guards as
    /// `:guard` set them; it never works an outcome out itself. Beside them: the declared
    /// states for the table and coverage, where each state and transition is in the diagram,
    /// and which events and guards the REPL can be handed as lines (`typeable`).
    func explorerModel(toolName: String, replay: String, typeable: (_ line: String, _ expected: String) -> Bool) throws(ExplorerError) -> String {
        let states = machine.states
        let keys = machine.events
        let layout = definition.explorerLayout
        let table = definition.table
        let chains = !table.eventlessRows.isEmpty
        var stateIndex: [State: Int] = [:]
        for (index, state) in states.enumerated() { stateIndex[state] = index }
        var tableRows: [State: [Event.Key: TransitionTable<State, Event.Key, Effect>.Row]] = [:]
        for row in table.rows { tableRows[row.state, default: [:]][row.event] = row }
        func entries(_ state: State, _ key: Event.Key) -> [TransitionTable<State, Event.Key, Effect>.Entry] {
            switch tableRows[state]?[key]?.cell {
            case let .transitions(list)?: list
            case let .guarded(list, _)?: list
            default: []
            }
        }
        var atomNumbers: [String: Int] = [:]
        for (index, name) in guardNames.enumerated() where atomNumbers[name] == nil { atomNumbers[name] = index }
        func atom(_ name: String) -> Int { atomNumbers[name] ?? -1 }
        var outcomes = 0
        func count(_ leaves: Int) throws(ExplorerError) {
            outcomes += leaves
            guard outcomes <= Self.maximumTotalOutcomes else {
                throw ExplorerError(description: "\(quoting: definition.name) has more than \(Self.maximumTotalOutcomes) outcomes of its events and timers in all its situations, more than one page holds; drive it with `repl` instead")
            }
        }

        // The declared states: the table, the diagram's nodes, coverage's cells and timers.
        var rows: [String] = []
        for state in states {
            let name = definition.name(of: state)
            var cells: [String] = []
            for key in keys {
                let row = tableRows[state]?[key]
                let alternatives = entries(state, key).map { entry in
                    ExplorerJSON.object([("guard", ExplorerJSON.optional(entry.guardName)), ("to", ExplorerJSON.string(definition.name(of: entry.target)))])
                }
                cells.append(ExplorerJSON.object([
                    ("alts", ExplorerJSON.array(alternatives)),
                    ("summary", ExplorerJSON.string(Self.summary(row?.cell, name: definition.name(of:)))),
                    ("inherited", ExplorerJSON.optional(row?.inheritedFrom)),
                ]))
            }
            let timers = table.timers(state).map { timer in
                ExplorerJSON.object([
                    ("event", ExplorerJSON.string(Trigger<Event.Key>.after(timer.duration).description)),
                    ("to", ExplorerJSON.string(definition.name(of: timer.entry.target))),
                    ("guard", ExplorerJSON.optional(timer.entry.guardName)),
                ])
            }
            let final = stateIndex[state].map { initialMachine.placed(atStateIndex: $0).isFinished } ?? false
            rows.append(ExplorerJSON.object([
                ("name", ExplorerJSON.string(name)),
                ("configuration", ExplorerJSON.string(definition.configuration(of: state))),
                ("final", final ? "true" : "false"),
                ("nodes", ExplorerJSON.strings(layout.nodes[name] ?? [])),
                ("regions", ExplorerJSON.strings(layout.regionStates[name] ?? [])),
                ("timers", ExplorerJSON.array(timers)),
                ("cells", ExplorerJSON.array(cells)),
            ]))
        }

        // The situations, searched breadth first from the initial one.
        var start = initialMachine
        start.recorder = nil
        start.policy = .throw
        var startSchedule = TimerSchedule()
        startSchedule.rearm(start.timers, kept: Int32.max, now: .zero)
        var situations = [Situation(machine: start, schedule: startSchedule)]
        var known: [Situation.Key: Int] = [situations[0].key: 0]
        func index(of situation: Situation) throws(ExplorerError) -> Int {
            let key = situation.key
            if let found = known[key] { return found }
            guard situations.count < Self.maximumSituations else {
                throw ExplorerError(description: "\(quoting: definition.name) can be in more than \(Self.maximumSituations) situations (states, what histories remember, timers' remaining times), more than one page holds; drive it with `repl` instead")
            }
            known[key] = situations.count
            situations.append(situation)
            return situations.count - 1
        }
        func tooMany(_ what: String, _ state: String) -> ExplorerError {
            ExplorerError(description: "\(what) in \(quoting: state) has more than \(Self.maximumOutcomes) outcomes over the guards it asks, more than one page holds; drive \(quoting: definition.name) with `repl` instead")
        }
        /// The line of the declared cell a step took: the first whose guard holds with these
        /// answers (a guard the machine did not ask about was not reached).
        func line(_ state: State, _ key: Event.Key, _ answers: [String: Bool]) -> Int {
            entries(state, key).firstIndex { entry in
                guard let name = entry.guardName else { return true }
                return guardsByName[name]?.holds { answers[$0] ?? true } ?? (answers[name] ?? true)
            } ?? -1
        }

        var situationParts: [[(String, String)]] = []
        // Every text an outcome prints, once: situations that differ only in memory or time
        // print the same texts.
        var texts: [String] = []
        var textNumbers: [String: Int] = [:]
        func text(_ value: String) -> String {
            if let known = textNumbers[value] { return String(known) }
            textNumbers[value] = texts.count
            texts.append(ExplorerJSON.string(value))
            return String(texts.count - 1)
        }
        // The snapshot every download starts from: the initial machine's, as Swift encodes it
        // (format, machine, fingerprint and any field a later format adds), and its histories.
        let initialSnapshot = start.snapshot()
        let snapshotHistories = initialSnapshot.history.map { [$0.parent, $0.deep ? "deep" : ""] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let snapshotHeader = try? encoder.encode(initialSnapshot) else {
            throw ExplorerError(description: "the snapshot of \(quoting: definition.name) cannot be written as JSON")
        }
        var head = 0
        while head < situations.count {
            let here = situations[head]
            head += 1
            let state = here.machine.state
            let stateName = definition.name(of: state)
            var cells: [String] = []
            for key in keys {
                guard let tree = GuardTree<EventLeaf>.of(limit: Self.maximumOutcomes, { holds in
                    var moved = here
                    do throws(TransitionError<State, Event.Key>) {
                        let (step, kept, entered) = try moved.machine.sendKeepingEntered(key, guards: holds)
                        moved.schedule.rearm(moved.machine.timers, kept: kept, now: .zero)
                        return .step(step, moved, entered)
                    } catch {
                        return .refused(error)
                    }
                }) else { throw tooMany("the event \(quoting: definition.name(of: key))", stateName) }
                try count(tree.leafCount)
                var failure: ExplorerError?
                let json = tree.json(atom: atom) { leaf, answers in
                    switch leaf {
                    case let .step(step, moved, entered):
                        let kind: String
                        switch step.kind {
                        case .external: kind = "external"
                        case .internal: kind = "internal"
                        case .ignored: kind = "ignored"
                        case .rejected: kind = "refused"
                        }
                        let target: Int
                        do throws(ExplorerError) { target = try index(of: moved) } catch {
                            failure = error
                            target = -1
                        }
                        var fields = [
                            ("kind", ExplorerJSON.string(kind)),
                            ("target", String(target)),
                            ("line", String(line(state, key, answers))),
                            ("text", text(describe(step))),
                        ]
                        // A chain of transitions without an event: every state it enters, as
                        // the REPL's coverage counts them (without: the target, as the page has it).
                        if chains { fields.append(("entered", ExplorerJSON.array(entered.map { text(definition.name(of: $0)) }))) }
                        return ExplorerJSON.object(fields)
                    case let .refused(error):
                        return ExplorerJSON.object([
                            ("kind", ExplorerJSON.string("refused")),
                            ("reason", text(error.reason.words)),
                            ("text", text("error: \(error); nothing changed")),
                        ])
                    }
                }
                if let failure { throw failure }
                cells.append(json)
            }
            // Time: advancing to the next deadline fires the timers due then.
            var advance = "null"
            var next = "null"
            if let first = here.schedule.next {
                let deadline = first.deadline
                next = try Self.nanoseconds(deadline)
                guard let tree = GuardTree<([TimerFiring<State, Event.Key, Effect>], Situation)>.of(limit: Self.maximumOutcomes, { holds in
                    var moved = here
                    var firings: [TimerFiring<State, Event.Key, Effect>] = []
                    Self.fireDue(at: deadline, machine: &moved.machine, schedule: &moved.schedule, holds: holds) { firings.append($0) }
                    moved.schedule.shift(by: deadline)
                    return (firings, moved)
                }) else { throw tooMany("the timers' deadline", stateName) }
                try count(tree.leafCount)
                var failure: ExplorerError?
                advance = tree.json(atom: atom) { leaf, _ in
                    let (firings, moved) = leaf
                    let target: Int
                    do throws(ExplorerError) { target = try index(of: moved) } catch {
                        failure = error
                        target = -1
                    }
                    // Each timer taken, as coverage counts it: its state, its label and target.
                    let taken = firings.compactMap { firing -> String? in
                        guard case let .taken(step, timer) = firing else { return nil }
                        let source = definition.name(of: step.source)
                        let row = table.timers(step.source).first { $0.duration == timer.duration && ($0.inheritedFrom ?? source) == timer.owner }
                        // The declared target (as coverage files name the line) and the state entered.
                        return ExplorerJSON.strings([source, Trigger<Event.Key>.after(timer.duration).description, definition.name(of: row?.entry.target ?? step.target),
                                                     step.kind == .external ? definition.name(of: step.target) : ""])
                    }
                    return ExplorerJSON.object([
                        ("kind", ExplorerJSON.string("timer")),
                        ("target", String(target)),
                        ("lines", ExplorerJSON.array(firings.map { text(describe($0)) })),
                        ("taken", ExplorerJSON.array(taken)),
                    ])
                }
                if let failure { throw failure }
            }
            // Each timer as the page shows it, and as a snapshot writes it: its owner, its place
            // among the owner's `After` lines, its delay and the time left (a due timer: none; a
            // spent one: null).
            var timers: [String] = []
            for entry in here.schedule.entries {
                let left: String
                switch entry.phase {
                case .running: left = try Self.nanoseconds(entry.deadline)
                case .due: left = "\"0\""
                case .spent: left = "null"
                }
                timers.append(ExplorerJSON.object([
                    ("label", ExplorerJSON.string(entry.timer.description)), ("left", left),
                    ("owner", text(entry.timer.owner)), ("position", String(entry.timer.place)), ("after", try Self.nanoseconds(entry.timer.duration)),
                ]))
            }
            // The names a snapshot of this situation holds, exactly as `snapshot()` writes them:
            // [state, [parents], [what each history of `snapshotHistories` remembers or null]],
            // as numbers in `texts`.
            let snapshot = here.machine.snapshot()
            guard snapshot.history.map({ [$0.parent, $0.deep ? "deep" : ""] }) == snapshotHistories else {
                throw ExplorerError(description: "\(quoting: definition.name)'s snapshots list other histories in \(quoting: stateName) than in its initial state; the page cannot write them")
            }
            let names = ExplorerJSON.array([
                text(snapshot.state), ExplorerJSON.array(snapshot.parents.map(text)),
                ExplorerJSON.array(snapshot.history.map { $0.remembers.map(text) ?? "null" }),
            ])
            situationParts.append([
                ("state", String(stateIndex[state] ?? -1)),
                ("timers", ExplorerJSON.array(timers)),
                ("snapshot", names),
                ("next", next),
                ("cells", ExplorerJSON.array(cells)),
                ("advance", advance),
            ])
        }
        // What each history remembers, per situation (its row), in one pass over the plan.
        let memories = definition.rememberedStates(inRows: situations.map(\.machine.row))
        let situationRows = zip(situationParts, memories).map { parts, memory in
            ExplorerJSON.object(parts + [("memory", ExplorerJSON.strings(memory))])
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
        let first = situations[0].machine
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
            ("format", "2"),
            ("machine", ExplorerJSON.string(machineName)),
            ("tool", ExplorerJSON.string(toolName)),
            ("replay", ExplorerJSON.string(replay)),
            ("module", ExplorerJSON.optional(moduleName)),
            ("initial", "0"),
            ("regions", ExplorerJSON.strings(layout.regionNames)),
            ("events", ExplorerJSON.strings(eventNames)),
            ("guards", ExplorerJSON.strings(guardNames)),
            ("typeableEvents", ExplorerJSON.array(typeableEvents)),
            ("typeableGuards", ExplorerJSON.array(typeableGuards)),
            ("states", ExplorerJSON.array(rows)),
            ("situations", ExplorerJSON.array(situationRows)),
            ("texts", ExplorerJSON.array(texts)),
            ("snapshot", ExplorerJSON.object([
                ("header", ExplorerJSON.string(String(decoding: snapshotHeader, as: UTF8.self))),
                ("formats", String(MachineSnapshot.currentFormat)),
                ("histories", ExplorerJSON.array(initialSnapshot.history.map { ExplorerJSON.object([("parent", ExplorerJSON.string($0.parent)), ("deep", $0.deep ? "true" : "false")]) })),
            ])),
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
