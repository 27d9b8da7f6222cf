extension TransitionTable {
    /// The table as Markdown: one row per transition, ignored or illegal cell, with the
    /// columns `from | event | guard | to | effects`. Byte-stable; ends with a newline.
    ///
    /// `to` is the target, `target (internal)`, `(ignored)`, `(illegal)` or
    /// `(illegal, declared)`; a cell a state inherits from a parent adds
    /// `(inherited from PARENT)`. A state's timers follow its cells, their event `after 30 s`,
    /// then its transitions without an event, their event `(always)` (an ``Always`` line) or
    /// `(done)` (a parent's ``OnDone``, in its final child). A cell's default (what an `Ignore` or `Illegal` after its
    /// guarded transitions says) is a row of its own whose guard is `else`.
    package var markdown: String { markdown(allEffects: false) }

    /// The Markdown table; with `allEffects`, one more column, `all effects`: every effect each
    /// transition performs, in order (``Entry/performed``).
    package func markdown(allEffects: Bool) -> String {
        var lines = allEffects
            ? ["| from | event | guard | to | effects | all effects |", "|---|---|---|---|---|---|"]
            : ["| from | event | guard | to | effects |", "|---|---|---|---|---|"]
        for record in records {
            var to = record.toColumn
            if let parent = record.inheritedFrom {
                // `(ignored, inherited from failed)`, `idle (inherited from failed)`
                to = to.hasSuffix(")") && to.hasPrefix("(") ? String(to.dropLast()) + ", inherited from \(parent))" : to + " (inherited from \(parent))"
            }
            let cells = [record.state, record.event, record.guardName ?? "", to, record.effects.joined(separator: ", ")]
                + (allEffects ? [record.performed.joined(separator: ", ")] : [])
            lines.append("| " + cells.map(Self.markdownEscaped).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table as CSV (RFC 4180): a header `state,event,kind,guard,target,effects` and one
    /// line per transition, ignored or illegal cell; `kind` is `transition`, `internal`,
    /// `ignored`, `illegal`, `illegal-declared`, `timer` (whose event is `after 30 s`), `always`
    /// or `done` (transitions without an event, whose event is `(always)` or `(done)`; a cell's
    /// default has the guard `else`),
    /// effects are separated by `;`. A table
    /// with inherited cells (a machine with parents) has one more column, `inherited_from`.
    package var csv: String { csv(allEffects: false) }

    /// The CSV table; with `allEffects`, one more column after `effects`, `all_effects`.
    package func csv(allEffects: Bool) -> String {
        let inherits = rows.contains { $0.inheritedFrom != nil } || timerRows.contains { $0.inheritedFrom != nil } || eventlessRows.contains { $0.inheritedFrom != nil }
        var lines = ["state,event,kind,guard,target,effects" + (allEffects ? ",all_effects" : "") + (inherits ? ",inherited_from" : "")]
        for record in records {
            var fields = [record.state, record.event, record.kind, record.guardName ?? "", record.target ?? "", record.effects.joined(separator: ";")]
            if allEffects { fields.append(record.performed.joined(separator: ";")) }
            if inherits { fields.append(record.inheritedFrom ?? "") }
            lines.append(fields.map(Self.csvEscaped).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The table as JSON: the machine, its initial state, states (with `final`), events, and
    /// one object per cell with its `kind` and, for transitions, the list of
    /// `{target, guard, effects, internal}` in order (with `history: {parent, deep}` for a
    /// transition that resumes one, its `target` the default), and for a cell with a default
    /// `"otherwise": "ignored"` or `"illegal"`; a cell inherited from a parent ends with
    /// `"inheritedFrom": "PARENT"`. A machine with timers ends with `"timers"`: one object per
    /// timer of a state, `{state, after: "30 s", nanoseconds, target, guard, effects}` (and
    /// `inheritedFrom`); one with transitions without an event ends with `"eventless"`: one
    /// object per line that applies in a state, `{state, done, target, guard, effects}` (and
    /// `inheritedFrom`), in the order they are tried. Pretty-printed, byte-stable.
    package var json: String { json(allEffects: false) }

    /// The JSON table; with `allEffects`, each transition, timer and line without an event has
    /// `"allEffects"` after `"effects"`.
    package func json(allEffects: Bool) -> String {
        func name<T>(_ value: T) -> String { JSON.string(String(describing: value)) }
        func performed(_ entry: Entry) -> String {
            allEffects ? ", \"allEffects\": [\(entry.performed.map { name($0) }.joined(separator: ", "))]" : ""
        }
        var out = "{\n"
        out += "  \"machine\": \(JSON.string(machine)),\n"
        out += "  \"initial\": \(initial.map { name($0) } ?? "null"),\n"
        let finals = Set(finalStates)
        out += "  \"states\": [\n"
        out += states.map { "    {\"name\": \(name($0)), \"final\": \(finals.contains($0))}" }.joined(separator: ",\n")
        out += "\n  ],\n"
        out += "  \"events\": [" + events.map { name($0) }.joined(separator: ", ") + "],\n"
        out += "  \"cells\": [\n"
        let cells = rows.map { row -> String in
            var object = "    {\"state\": \(name(row.state)), \"event\": \(name(row.event)), "
            func transitions(_ entries: [Entry]) -> String {
                let list = entries.map { entry in
                    "{\"target\": \(name(entry.target)), \"guard\": \(entry.guardName.map { JSON.string($0) } ?? "null"), "
                        + "\"effects\": [\(entry.effects.map { name($0) }.joined(separator: ", "))]" + performed(entry) + ", \"internal\": \(entry.isInternal)"
                        + (entry.history.map { ", \"history\": {\"parent\": \(JSON.string($0.parent)), \"deep\": \($0.isDeep)}" } ?? "") + "}"
                }
                return "\"kind\": \"transition\", \"transitions\": [\(list.joined(separator: ", "))]"
            }
            switch row.cell {
            case let .transitions(entries):
                object += transitions(entries)
            case let .guarded(entries, otherwise):
                object += transitions(entries) + ", \"otherwise\": \(JSON.string(otherwise.rawValue))"
            case .ignored:
                object += "\"kind\": \"ignored\""
            case let .illegal(declared):
                object += "\"kind\": \"illegal\", \"declared\": \(declared)"
            }
            if let parent = row.inheritedFrom { object += ", \"inheritedFrom\": \(JSON.string(parent))" }
            return object + "}"
        }
        out += cells.joined(separator: ",\n")
        out += "\n  ]"
        if !timerRows.isEmpty {
            out += ",\n  \"timers\": [\n"
            out += timerRows.map { timer in
                let (seconds, attoseconds) = timer.duration.components
                var object = "    {\"state\": \(name(timer.state)), \"after\": \(JSON.string(DurationText.words(timer.duration))), "
                let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
                object += "\"nanoseconds\": \(overflow || overflowAgain ? "null" : String(total)), "
                object += "\"target\": \(name(timer.entry.target)), \"guard\": \(timer.entry.guardName.map { JSON.string($0) } ?? "null"), "
                object += "\"effects\": [\(timer.entry.effects.map { name($0) }.joined(separator: ", "))]" + performed(timer.entry)
                if let parent = timer.inheritedFrom { object += ", \"inheritedFrom\": \(JSON.string(parent))" }
                return object + "}"
            }.joined(separator: ",\n")
            out += "\n  ]"
        }
        if !eventlessRows.isEmpty {
            out += ",\n  \"eventless\": [\n"
            out += eventlessRows.map { row in
                var object = "    {\"state\": \(name(row.state)), \"done\": \(row.isCompletion), "
                object += "\"target\": \(name(row.entry.target)), \"guard\": \(row.entry.guardName.map { JSON.string($0) } ?? "null"), "
                object += "\"effects\": [\(row.entry.effects.map { name($0) }.joined(separator: ", "))]" + performed(row.entry)
                if let parent = row.inheritedFrom { object += ", \"inheritedFrom\": \(JSON.string(parent))" }
                return object + "}"
            }.joined(separator: ",\n")
            out += "\n  ]"
        }
        out += "\n}\n"
        return out
    }

    /// One line of the Markdown and CSV exports.
    private struct Record {
        let state: String
        let event: String
        let kind: String
        let guardName: String?
        let target: String?
        let effects: [String]
        /// Every effect performed, in order (none for an ignored or illegal cell).
        var performed: [String] = []
        let inheritedFrom: String?

        var toColumn: String {
            switch kind {
            case "internal": return "\(target ?? "") (internal)"
            case "ignored": return "(ignored)"
            case "illegal": return "(illegal)"
            case "illegal-declared": return "(illegal, declared)"
            default: return target ?? ""
            }
        }
    }

    /// The records of the cells, each state's followed by its timers' (`event` is `after 30 s`).
    private var records: [Record] {
        guard !timerRows.isEmpty || !eventlessRows.isEmpty else { return cellRecords }
        var timersByState: [State: [Record]] = [:]
        for timer in timerRows {
            timersByState[timer.state, default: []].append(Record(
                state: String(describing: timer.state), event: "after " + DurationText.words(timer.duration), kind: "timer",
                guardName: timer.entry.guardName, target: String(describing: timer.entry.target),
                effects: timer.entry.effects.map { String(describing: $0) }, performed: timer.entry.performed.map { String(describing: $0) },
                inheritedFrom: timer.inheritedFrom
            ))
        }
        for row in eventlessRows {
            let done = row.isCompletion
            timersByState[row.state, default: []].append(Record(
                state: String(describing: row.state), event: done ? "(done)" : "(always)", kind: done ? "done" : "always",
                guardName: row.entry.guardName, target: String(describing: row.entry.target),
                effects: row.entry.effects.map { String(describing: $0) }, performed: row.entry.performed.map { String(describing: $0) },
                inheritedFrom: row.inheritedFrom
            ))
        }
        var out: [Record] = []
        for (index, state) in states.enumerated() {
            let start = index * events.count
            out += rows[start..<(start + events.count)].flatMap(records(of:))
            out += timersByState[state] ?? []
        }
        return out
    }

    /// The records of every cell, in order.
    private var cellRecords: [Record] {
        rows.flatMap(records(of:))
    }

    /// The records of one cell: one per transition, and one for a default or an ignored or illegal cell.
    private func records(of row: Row) -> [Record] {
        let state = String(describing: row.state)
        let event = String(describing: row.event)
        func transitions(_ entries: [Entry]) -> [Record] {
            entries.map {
                Record(state: state, event: event, kind: $0.isInternal ? "internal" : "transition", guardName: $0.guardName,
                       target: ($0.history.map { "\($0.label), default " } ?? "") + String(describing: $0.target),
                       effects: $0.effects.map { String(describing: $0) }, performed: $0.performed.map { String(describing: $0) }, inheritedFrom: row.inheritedFrom)
            }
        }
        switch row.cell {
        case let .transitions(entries):
            return transitions(entries)
        case let .guarded(entries, otherwise):
            return transitions(entries) + [Record(
                state: state, event: event, kind: otherwise == .ignored ? "ignored" : "illegal-declared", guardName: "else",
                target: nil, effects: [], inheritedFrom: row.inheritedFrom
            )]
        case .ignored:
            return [Record(state: state, event: event, kind: "ignored", guardName: nil, target: nil, effects: [], inheritedFrom: row.inheritedFrom)]
        case let .illegal(declared):
            return [Record(state: state, event: event, kind: declared ? "illegal-declared" : "illegal", guardName: nil, target: nil, effects: [], inheritedFrom: row.inheritedFrom)]
        }
    }

    private static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "\n", "\r\n", "\r": out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }

    private static func csvEscaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
