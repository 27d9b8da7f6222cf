import FSM
import FSMCoverage
import FSMPersistence
import Foundation

/// The typed half of a ``REPLSession``: one machine, its history and its guard settings.
protocol SessionMachine {
    var machineName: String { get }
    var stateName: String { get }
    var configuration: String { get }
    var eventNames: [String] { get }
    func scxmlActiveIDs(in export: SCXMLExport) -> [String]
    /// The effects the last event line (or `:advance`, its timers') emitted, in order (none
    /// when it was refused).
    var lastEffects: [String] { get }
    var guardNames: [String] { get }
    var script: [String] { get }
    /// How many lines are in ``script`` (without copying it).
    var scriptCount: Int { get }
    /// The work done on the history, for tests of complexity (see ``REPLSession/historyWork``).
    var historyWork: HistoryWork { get }
    var eventsReport: String { get }
    /// The indices of the events that would move the machine now (not ignored, not refused),
    /// its guards decided as `:guard` set them.
    var movingEventIndices: [Int] { get }
    func payloadFields(of eventName: String) -> [String]
    var guardsReport: String { get }
    var dot: String { get }
    var table: String { get }
    var coverage: Coverage { get }
    var moduleName: String? { get }
    func explorerModel(toolName: String, replay: String, typeable: (_ line: String, _ expected: String) -> Bool) throws(ExplorerError) -> String
    mutating func send(_ line: String) -> REPLSession.Output
    mutating func setGuard(_ argument: String) -> REPLSession.Output
    /// Decides a named guard as `:guard NAME on|off` does, the name taken as it is.
    mutating func decide(guardNamed name: String, holds: Bool)
    mutating func undo() -> REPLSession.Output
    mutating func reset() -> REPLSession.Output
    mutating func advance(_ argument: String) -> REPLSession.Output
    /// The machine's snapshot (`FSMPersistence`) as JSON with sorted keys, and a line break;
    /// `nil` if it cannot be encoded.
    func snapshotJSON() -> String?
    /// Puts the machine where a snapshot read as `bytes` says (nothing runs), as `line` in
    /// the history (`nil`: not in it, the session's start); its timers resume with the time
    /// they had left (start again from now when the snapshot lists none). A snapshot that
    /// does not fit is refused with what does not fit, and nothing changes.
    mutating func restore(_ bytes: [UInt8], line: String?) -> REPLSession.Output
}

struct TypedSession<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: SessionMachine {
    let definition: MachineDefinition<State, Event, Effect, Context>
    var machine: Machine<State, Event, Effect, Context>
    let initialMachine: Machine<State, Event, Effect, Context>
    var guardValues: [String: Bool] = [:]
    /// Virtual time since the session started (`:advance` moves it), and when each armed
    /// timer runs out.
    var now: Duration = .zero
    var schedule = TimerSchedule()
    /// The lines that changed the session, each with what it changed before it: a machine
    /// is a value, so undo is restoring a copy.
    var history: [(line: String, machine: Machine<State, Event, Effect, Context>, guards: [String: Bool], now: Duration, schedule: TimerSchedule, mark: Int)] = []
    let events: [(name: String, event: Event.Key)]
    /// The named guards the machine's guards are built from (a guard not built with `!`,
    /// `&&` or `||` is its own), each once, in declaration order: what `:guard` decides.
    let guardNames: [String]
    /// Every guard of the machine by its name (a combination's name included).
    let guardsByName: [String: TransitionGuard<Context, Event>]
    /// What the session exercised: every event and timer, kept through undo and reset.
    let recorder = CoverageRecorder()
    /// The effects the last event line emitted, in order.
    var lastEffects: [String] = []

    init(_ definition: MachineDefinition<State, Event, Effect, Context>) throws(DefinitionError) {
        self.definition = definition
        machine = try Machine(definition)
        machine.recorder = recorder
        initialMachine = machine
        events = machine.events.map { (definition.name(of: $0), $0) }
        let guards = (definition.transitions + definition.parents.flatMap(\.transitions)).compactMap(\.guard)
            + (definition.declarations.flatMap(\.timers) + definition.parents.flatMap(\.timers)).compactMap(\.guard)
            + (definition.declarations.flatMap(\.eventless) + definition.parents.flatMap(\.eventless)).compactMap(\.guard)
        schedule.rearm(machine.timers, kept: Int32.max, now: .zero)
        var seen: Set<String> = []
        guardNames = guards.flatMap(\.atoms).filter { seen.insert($0).inserted }
        guardsByName = Dictionary(guards.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var machineName: String { definition.name }
    var script: [String] {
        historyWork.count += history.count
        return history.map(\.line)
    }
    var scriptCount: Int { history.count }
    /// Counts the history's entries written and copied (shared by copies of the session).
    let historyWork = HistoryWork()
    var stateName: String { definition.name(of: machine.state) }
    /// Where the machine is: `failed > network` in a parent, one state per region in a
    /// parallel machine, the state's name otherwise.
    var configuration: String { definition.configuration(of: machine.state) }
    var eventNames: [String] { events.map(\.name) }
    func scxmlActiveIDs(in export: SCXMLExport) -> [String] { definition.scxmlActiveIDs(of: machine.state, in: export) }
    var dot: String { definition.dot(highlighting: machine.state).trimmingTrailingNewline }
    var table: String { definition.table.markdown.trimmingTrailingNewline }
    var coverage: Coverage { recorder.coverage }
    /// The module that declares the machine's states, for a saved test's `import`.
    var moduleName: String? {
        let module = String(reflecting: State.self).prefix { $0 != "." }
        return module.isEmpty || module == "Swift" || module.hasPrefix("__") ? nil : String(module)
    }

    /// Adds a line to the history (counted in ``historyWork``).
    private mutating func appendHistory(_ entry: (line: String, machine: Machine<State, Event, Effect, Context>, guards: [String: Bool], now: Duration, schedule: TimerSchedule, mark: Int)) {
        historyWork.count += 1
        history.append(entry)
    }

    private func holds(_ guardName: String) -> Bool { guardValues[guardName] ?? true }

    mutating func send(_ line: String) -> REPLSession.Output {
        // An event's exact name comes first: `fail network` means `fail(network)` only when
        // no event is named `fail network` (an explorer page sends names as they are).
        let exact = events.contains { $0.name == line }
        if !exact, let (key, json) = payloadLine(line) { return send(key, json: json, line: line) }
        let name = exact ? line : Self.normalizedEventName(line)
        guard let event = lookUp(name) else {
            if let open = name.firstIndex(of: "("), let keyed = lookUp(String(name[..<open])) {
                let key = definition.name(of: keyed)
                let text = EventPayload<Event>.isDecodable
                    ? "error: \(quoting: key) takes its data as JSON: type '\(key) {...}' (fields: \(payloadFields(of: key).joined(separator: ", "))), or \(quoting: key) alone to decide its guards with :guard; nothing changed"
                    : "error: \(quoting: key) is sent without data here: the REPL reads an event's data (as JSON) only when the event type is Decodable, and \(quoting: String(describing: Event.self)) is not (declare it Codable; Swift writes the rest); type \(quoting: key) alone and decide its guards with :guard; nothing changed"
                return REPLSession.Output(text: text, isError: true)
            }
            let suggestion = Suggestion.closest(to: name, in: eventNames).map { "; did you mean \(quoting: $0)?" } ?? ""
            return REPLSession.Output(text: "error: unknown event \(quoting: name)\(suggestion) (events: \(eventNames.joined(separator: ", "))); nothing changed", isError: true)
        }
        lastEffects = []
        let before = machine
        let mark = machine.recordingMark
        let guardValues = self.guardValues
        do {
            let (step, kept) = try machine.sendKeeping(event) { guardValues[$0] ?? true }
            lastEffects = step.effects.map { String(describing: $0) }
            if step.kind != .ignored { appendHistory((definition.name(of: event), before, guardValues, now, schedule, mark)) }
            schedule.rearm(machine.timers, kept: kept, now: now)
            return REPLSession.Output(text: describe(step))
        } catch {
            return REPLSession.Output(text: "error: \(error); nothing changed", isError: true)
        }
    }

    /// `EVENT JSON` for an event type that is `Decodable`: the event's key and the JSON text.
    private func payloadLine(_ line: String) -> (Event.Key, String)? {
        guard EventPayload<Event>.isDecodable else { return nil }
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let key = lookUp(parts[0]) else { return nil }
        let json = parts[1].trimmingWhitespace
        guard let first = json.first, "{[\"-0123456789tfn".contains(first) else { return nil }
        return (key, json)
    }

    /// Sends the event made of a key's case and JSON data: guards that read only the event
    /// are evaluated on it, the others decided by name (`:guard`).
    private mutating func send(_ key: Event.Key, json: String, line: String) -> REPLSession.Output {
        let caseName = definition.name(of: key)
        let event: Event
        switch EventPayload<Event>.event(caseName, json: json) {
        case let .success(made): event = made
        case let .failure(error):
            return REPLSession.Output(text: "error: \(caseName)'s data: \(error.description); nothing changed", isError: true)
        }
        guard event.key == key else {
            return REPLSession.Output(text: "error: the data makes a \(quoting: definition.name(of: event.key)) event, not \(quoting: caseName); nothing changed", isError: true)
        }
        lastEffects = []
        let before = machine
        let mark = machine.recordingMark
        let guardValues = self.guardValues
        // A guard on the event's data is decided on the data: one switched off with `:guard`
        // is said to have been read instead, so that the switch does not seem to be obeyed.
        var readInstead: [String] = []
        func note() -> String {
            readInstead.isEmpty ? "" : "\n(" + readInstead.map { "guard \(quoting: $0) read the data" }.joined(separator: ", ")
                + ": :guard decides it only for the event sent without data)"
        }
        do {
            let (step, kept) = try machine.sendKeeping(event) { condition in
                if condition.reads == .event, guardValues[condition.name] == false, !readInstead.contains(condition.name) { readInstead.append(condition.name) }
                return condition.holds(event: event) { guardValues[$0] ?? true }
            }
            lastEffects = step.effects.map { String(describing: $0) }
            if step.kind != .ignored { appendHistory((line, before, guardValues, now, schedule, mark)) }
            schedule.rearm(machine.timers, kept: kept, now: now)
            return REPLSession.Output(text: describe(step) + note())
        } catch {
            return REPLSession.Output(text: "error: \(error); nothing changed" + note(), isError: true)
        }
    }

    /// The fields of a key's data, as its JSON names them (for completion).
    func payloadFields(of eventName: String) -> [String] {
        guard EventPayload<Event>.isDecodable, let key = lookUp(eventName) else { return [] }
        return EventPayload<Event>.fields(of: definition.name(of: key))
    }

    /// An event name as typed: `fail network` means `fail(network)`, `fail network, x` means `fail(network, x)`.
    static func normalizedEventName(_ line: String) -> String {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].contains("(") else { return line }
        return "\(parts[0])(\(parts[1].trimmingWhitespace))"
    }

    private func lookUp(_ name: String) -> Event.Key? {
        if let exact = events.first(where: { $0.name == name }) { return exact.event }
        let lowered = name.lowercased()
        let matches = events.filter { $0.name.lowercased() == lowered }
        return matches.count == 1 ? matches[0].event : nil
    }

    func describe(_ step: Transition<State, Event.Key, Effect>) -> String {
        let source = definition.name(of: step.source)
        let event = step.event.map { definition.name(of: $0) } ?? step.trigger.description
        switch step.kind {
        case .ignored: return "\(source): \(quoting: event) ignored"
        case .rejected: return "\(source): \(quoting: event) rejected"
        case .external, .internal:
            let effects = step.effects.isEmpty ? "" : " / " + step.effects.map { String(describing: $0) }.joined(separator: ", ")
            let internalMark = step.kind == .internal ? " (internal)" : ""
            let target = definition.name(of: step.target)
            let configuration = definition.configuration(of: step.target)
            let place = configuration == target ? "" : " [\(configuration)]"
            return "\(source) --\(event)--> \(target)\(place)\(internalMark)\(effects)"
        }
    }

    /// Whether a guard (by its name, as tables show it) holds now, its named guards decided
    /// as `:guard` set them.
    private func holdsNow(_ guardName: String) -> Bool {
        let decide = { (name: String) in guardValues[name] ?? true }
        return guardsByName[guardName]?.holds(deciding: decide) ?? decide(guardName)
    }

    mutating func decide(guardNamed name: String, holds: Bool) {
        guardValues[name] = holds
    }

    var movingEventIndices: [Int] {
        let guardValues = self.guardValues
        return events.indices.filter {
            guard case let .success(step) = machine.check(events[$0].event, guards: { guardValues[$0] ?? true }) else { return false }
            return step.kind == .external
        }
    }

    var eventsReport: String {
        let guardValues = self.guardValues
        var permitted: [String] = []
        var refused: [String] = []
        let row = definition.table.rows.filter { $0.state == machine.state }
        for (name, event) in events {
            let inherited = definition.inheritedFrom(machine.state, event).map { " (inherited from \($0))" } ?? ""
            switch machine.check(event, guards: { guardValues[$0] ?? true }) {
            case let .success(step):
                switch step.kind {
                case .ignored: permitted.append("  \(name): ignored\(inherited)")
                default:
                    // A line that resumes a history says so: the target is what the memory holds.
                    let resumed = takenEntry(row.first { $0.event == event }?.cell)?.history.map { " (resumes \($0.label))" } ?? ""
                    permitted.append("  \(name) -> \(definition.name(of: step.target))\(step.kind == .internal ? " (internal)" : "")\(resumed)\(inherited)")
                }
                permitted += alternatives(row.first { $0.event == event }?.cell)
            case let .failure(error):
                // A refusal declared by a parent says so in its words; guards a parent
                // declared are marked as inherited here.
                var line = "  \(name): \(error.reason.words)"
                if case let .guardNotMet(names) = error.reason {
                    line += inherited
                    if names.count == 1, guardNames.contains(names[0]) { line += " (:guard \(names[0]) on)" }
                }
                refused.append(line)
                refused += alternatives(row.first { $0.event == event }?.cell)
            }
        }
        var lines = ["state: \(configuration)\(machine.isFinished ? " (final)" : "")"]
        lines.append(permitted.isEmpty ? "permitted: none" : "permitted:")
        lines += permitted
        if !refused.isEmpty { lines.append("not permitted:"); lines += refused }
        if !schedule.entries.isEmpty {
            lines.append("timers (time \(DurationText.words(now))):")
            let rows = definition.table.timers(machine.state)
            // The schedule lists the state's timers as the table does: row for row.
            for (entry, row) in zip(schedule.entries, rows) {
                let guardText = row.entry.guardName.map { " [\($0)]: \(holdsNow($0) ? "holds" : "does not hold")" } ?? ""
                let inherited = row.inheritedFrom.map { " (inherited from \($0))" } ?? ""
                let when = entry.phase == .spent ? "spent (its guard did not hold)" : "due in \(DurationText.words(entry.deadline - now))"
                lines.append("  after \(DurationText.words(entry.timer.duration)) -> \(definition.name(of: row.entry.target))\(inherited)\(guardText): \(when)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The entry of a cell the machine takes now: the first whose guard holds as `:guard`
    /// decides it.
    private func takenEntry(_ cell: TransitionTable<State, Event.Key, Effect>.Cell?) -> TransitionTable<State, Event.Key, Effect>.Entry? {
        switch cell {
        case let .transitions(list)?, let .guarded(list, _)?: list.first { $0.guardName.map(holdsNow) ?? true }
        default: nil
        }
    }

    /// The guarded alternatives of a cell, in the order they are tried, each with whether its
    /// guard holds now, then its default: nothing for a cell without guards.
    private func alternatives(_ cell: TransitionTable<State, Event.Key, Effect>.Cell?) -> [String] {
        let entries: [TransitionTable<State, Event.Key, Effect>.Entry]
        var otherwise: String?
        switch cell {
        case let .transitions(list)?: entries = list
        case let .guarded(list, fallback)?:
            entries = list
            otherwise = fallback == .ignored ? "    else: ignored" : "    else: declared illegal"
        default: return []
        }
        guard entries.contains(where: { $0.guardName != nil }) else { return [] }
        var lines = entries.map { entry -> String in
            // A line that resumes a history says so: where it goes depends on the memory.
            let target = (entry.history.map { "\($0.label), default " } ?? "") + definition.name(of: entry.target) + (entry.isInternal ? " (internal)" : "")
            guard let guardName = entry.guardName else { return "    else -> \(target)" }
            return "    [\(guardName)] -> \(target): \(holdsNow(guardName) ? "holds" : "does not hold")"
        }
        if let otherwise { lines.append(otherwise) }
        return lines
    }

    var guardsReport: String {
        guard !guardNames.isEmpty else { return "\(machineName) has no guards" }
        return guardNames.map { "\($0): \(holds($0) ? "on" : "off")" }.joined(separator: "\n")
    }

    mutating func setGuard(_ argument: String) -> REPLSession.Output {
        let parts = argument.split(separator: " ").map(String.init)
        guard let value = parts.last.flatMap(Self.onOff), parts.count >= 2 else {
            return REPLSession.Output(text: "error: usage: :guard NAME on|off (guards: \(guardNames.joined(separator: ", ")))", isError: true)
        }
        var name = parts.dropLast().joined(separator: " ")
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
        guard guardNames.contains(name) else {
            let suggestion = Suggestion.closest(to: name, in: guardNames).map { "; did you mean \(quoting: $0)?" } ?? ""
            let known = guardNames.isEmpty ? "it has none" : "guards: \(guardNames.joined(separator: ", "))"
            return REPLSession.Output(text: "error: \(machineName) has no guard \(quoting: name)\(suggestion) (\(known))", isError: true)
        }
        appendHistory((":guard \(name) \(value ? "on" : "off")", machine, guardValues, now, schedule, machine.recordingMark))
        guardValues[name] = value
        return REPLSession.Output(text: "\(name): \(value ? "on" : "off")")
    }

    private static func onOff(_ word: String) -> Bool? {
        switch word.lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
    }

    mutating func undo() -> REPLSession.Output {
        guard let last = history.popLast() else { return REPLSession.Output(text: "nothing to undo", isError: true) }
        machine = last.machine
        machine.restoreRecording(last.mark)  // the next step follows the one before the undone one
        guardValues = last.guards
        now = last.now
        schedule = last.schedule
        return REPLSession.Output(text: "undid '\(last.line)'; state: \(configuration)")
    }

    mutating func reset() -> REPLSession.Output {
        machine = initialMachine
        machine.reset()  // the recorder counts the initial state entered again
        guardValues = [:]
        history = []
        now = .zero
        schedule = TimerSchedule()
        schedule.rearm(machine.timers, kept: Int32.max, now: .zero)
        return REPLSession.Output(text: "reset; state: \(configuration)")
    }
}

extension TypedSession {
    func snapshotJSON() -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var snapshot = machine.snapshot()
        // Virtual time: the timers with the time they have left (none armed: an empty list,
        // as a runner writes it), and no wall-clock time.
        snapshot.timers = MachineSnapshot.timers(schedule.saved(at: now))
        guard let data = try? encoder.encode(snapshot) else { return nil }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    mutating func restore(_ bytes: [UInt8], line: String?) -> REPLSession.Output {
        let snapshot: MachineSnapshot
        do {
            snapshot = try JSONDecoder().decode(MachineSnapshot.self, from: Data(bytes))
        } catch {
            return REPLSession.Output(text: "error: the file is not a snapshot (\(Self.describe(error))); nothing changed", isError: true)
        }
        var restored = machine
        do {
            try restored.restore(snapshot)
        } catch {
            return REPLSession.Output(text: "error: \(error)", isError: true)
        }
        if let line { appendHistory((line, machine, guardValues, now, schedule, machine.recordingMark)) }
        machine = restored
        lastEffects = []
        // Timers resume with the time they had left (virtual time does not pass between
        // sessions); a snapshot without timers (a machine's own) starts them now.
        let armed = machine.isFinished ? [] : machine.timers
        schedule = TimerSchedule.restoring(armed, now: now, saved: snapshot.savedTimers(elapsed: .zero, mode: .resumeRemaining))
        let timers = armed.isEmpty ? "" : snapshot.timers == nil ? "; its timers start again now" : "; its timers resume with the time they had left"
        // A runtime's snapshot may hold events it had queued: the REPL does not take them.
        let events = (snapshot.events ?? []).map(Self.line)
        let queued = events.isEmpty ? "" : "; the \(events.count) event(s) it had queued are not taken (send them as the next lines): " + events.joined(separator: ", ")
        return REPLSession.Output(text: "restored: \(configuration) (nothing ran\(timers)\(queued))")
    }

    /// A queued event of a snapshot as a line would send it: its name when it is a string,
    /// otherwise its JSON.
    private static func line(_ event: SnapshotValue) -> String {
        if case let .string(name) = event { return name }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    /// A decoding error as a short phrase: what is missing or wrong, and where.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "it cannot be read" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : " at " + keys.joined(separator: ".")
        }
        switch error {
        case let .keyNotFound(key, context): return "no '\(key.stringValue)'\(path(context))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context): return "a value of the wrong kind\(path(context))"
        // (Foundation on Linux reports a fraction where a whole number is read as data that is
        // "not valid JSON", without a path: the phrase covers both.)
        case let .dataCorrupted(context): return context.codingPath.isEmpty ? "not valid JSON for a snapshot" : "a value of the wrong kind\(path(context))"
        @unknown default: return "it cannot be read"
        }
    }
}

extension TypedSession {
    /// The most timers one `:advance` fires (a cycle of short timers stops there).
    static var maximumFirings: Int { 10_000 }

    /// Moves virtual time forward by the argument (`30s`, `500ms`, `2min`), or without one to
    /// the next deadline of the timers armed, firing every timer that runs out on the way, in
    /// order (of timers due together, the innermost first), each guard decided as `:guard`
    /// set it. A timer whose guard does not hold is spent until its state is entered again.
    mutating func advance(_ argument: String) -> REPLSession.Output {
        let duration: Duration
        if argument.trimmingWhitespace.isEmpty {
            guard let next = schedule.next else {
                return REPLSession.Output(text: "error: no timer is armed: nothing to advance to (:advance DURATION moves time anyway); nothing changed", isError: true)
            }
            duration = max(.zero, next.deadline - now)
        } else {
            guard let parsed = DurationText.parse(argument), parsed > .zero else {
                return REPLSession.Output(text: "error: usage: :advance [DURATION] (30s, 500ms, 2min, 1.5s; none: to the next deadline); nothing changed", isError: true)
            }
            duration = parsed
        }
        appendHistory((argument.trimmingWhitespace.isEmpty ? ":advance" : ":advance \(argument)", machine, guardValues, now, schedule, machine.recordingMark))
        lastEffects = []
        let end = now + duration
        let guardValues = self.guardValues
        var lines: [String] = []
        var fired = 0
        while let first = schedule.next, first.deadline <= end {
            now = first.deadline
            var stopped = false
            var running = machine, timers = schedule, firings: [TimerFiring<State, Event.Key, Effect>] = []
            Self.fireDue(at: now, machine: &running, schedule: &timers, holds: { guardValues[$0] ?? true }, proceed: {
                stopped = fired >= Self.maximumFirings
                return !stopped
            }, fired: { firing in
                fired += 1
                firings.append(firing)
            })
            machine = running
            schedule = timers
            for firing in firings {
                if case let .taken(step, _) = firing { lastEffects += step.effects.map { String(describing: $0) } }
                lines.append("[\(DurationText.words(now))] " + describe(firing))
            }
            if stopped {
                lines.append("stopped after \(fired) timers at time \(DurationText.words(now)): timers that keep re-arming each other")
                return REPLSession.Output(text: lines.joined(separator: "\n") + "\nstate: \(configuration)", isError: true)
            }
        }
        now = end
        if lines.isEmpty {
            let next = schedule.next.map { "; next: after \(DurationText.words($0.timer.duration)) (\($0.timer.owner)) in \(DurationText.words($0.deadline - now))" } ?? "; no timer is armed"
            lines.append("time \(DurationText.words(now)): no timer ran out\(next)")
        } else {
            lines.append("time \(DurationText.words(now)); state: \(configuration)")
        }
        return REPLSession.Output(text: lines.joined(separator: "\n"))
    }
}

/// What a timer that ran out did: its transition, or nothing (its guard did not hold: it is
/// spent until its state is entered again).
enum TimerFiring<State: Hashable & Sendable, Key: MachineEvent, Effect: Sendable> where Key.Key == Key {
    case taken(Transition<State, Key, Effect>, MachineTimer)
    case spent(MachineTimer, in: State)
}

extension TypedSession {
    /// `Machine.fireDue` with each guard decided by its name (`holds`, as `:guard` set it), each
    /// firing told as `:advance` and the explorer page print it: for `:advance` and the page.
    static func fireDue(at now: Duration, machine: inout Machine<State, Event, Effect, Context>, schedule: inout TimerSchedule,
                        holds: (String) -> Bool, proceed: () -> Bool = { true }, fired: (TimerFiring<State, Event.Key, Effect>) -> Void) {
        machine.fireDue(at: now, schedule: &schedule, deciding: { $0.holds(deciding: holds) }, proceed: proceed) { timer, step, _, after in
            fired(step.map { .taken($0, timer) } ?? .spent(timer, in: after.state))
        }
    }

    /// A firing as `:advance` prints it, after its time: the transition, or
    /// `STATE: after D (OWNER): guard not met; the timer is spent`.
    func describe(_ firing: TimerFiring<State, Event.Key, Effect>) -> String {
        switch firing {
        case let .taken(step, _): describe(step)
        case let .spent(timer, state): "\(definition.name(of: state)): after \(DurationText.words(timer.duration)) (\(timer.owner)): guard not met; the timer is spent"
        }
    }
}

extension String {
    var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
