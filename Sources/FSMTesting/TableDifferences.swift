import FSM

/// Which effects the transitions of an expected table list.
public enum ExpectedEffects: Sendable, Hashable {
    /// Each transition's own effects, as its line declares them.
    case own
    /// Every effect each transition performs, in the order the machine emits them: the exit
    /// effects of what it leaves (innermost first), its own, the entry effects of what it
    /// enters (outermost first), up to the state it enters (lines without an event taken from
    /// there are rows of their own); `fsm table --all-effects` prints them. A transition that
    /// resumes a history: as from a machine that remembers nothing yet.
    case all
}

extension MachineDefinition where Effect: Equatable {
    /// Compares the definition's transition table with an expected one and returns one line
    /// per difference: every cell whose behaviour differs, every cell the expected table
    /// forgot, every expected row naming an undeclared state or event, and every row given
    /// twice. An empty array means the tables agree. `effects` says which effects the rows
    /// list: each transition's own (the default), or every effect it performs, in order.
    public func tableDifferences(_ expected: [ExpectedRow<State, Event.Key, Effect>], effects: ExpectedEffects = .own) -> [String] {
        let table = self.table
        var differences: [String] = []
        var covered: Set<Pair> = []
        for row in expected {
            let pair = Pair(state: row.state, event: row.event)
            guard let cell = table.cell(row.state, row.event) else {
                differences.append("\(row.state) + \(row.event): the expected table names a state or event the machine does not declare")
                continue
            }
            guard covered.insert(pair).inserted else {
                differences.append("\(row.state) + \(row.event): the expected table gives this cell more than once")
                continue
            }
            if !Self.matches(cell, row.expected, effects) {
                differences.append("\(row.state) + \(row.event): expected \(ExpectedCell.describe(row.expected)), actual \(Self.describe(cell, effects))")
            }
        }
        for row in table.rows where !covered.contains(Pair(state: row.state, event: row.event)) {
            differences.append("\(row.state) + \(row.event): missing from the expected table (actual: \(Self.describe(row.cell, effects)))")
        }
        return differences
    }

    private struct Pair: Hashable {
        let state: State
        let event: Event.Key
    }

    static func matches(_ cell: TransitionTable<State, Event.Key, Effect>.Cell, _ expected: ExpectedCell<State, Effect>, _ which: ExpectedEffects = .own) -> Bool {
        func effects(_ entry: TransitionTable<State, Event.Key, Effect>.Entry) -> [Effect] { which == .all ? entry.performed : entry.effects }
        switch (cell, expected) {
        case (.ignored, .ignored), (.illegal, .illegal):
            return true
        case let (.transitions(entries), .oneOf(cells)):
            return entries.count == cells.count && zip(entries, cells).allSatisfy { matches(.transitions([$0]), $1, which) }
        case let (.guarded(entries, otherwise), .oneOfOtherwise(cells, expectedOtherwise)):
            let defaultMatches = switch (otherwise, expectedOtherwise) {
            case (.ignored, .ignored), (.illegal, .illegal): true
            default: false
            }
            return defaultMatches && entries.count == cells.count && zip(entries, cells).allSatisfy { matches(.transitions([$0]), $1, which) }
        case let (.transitions(entries), .transition(target, guardName, expectedEffects)):
            guard entries.count == 1, let entry = entries.first else { return false }
            return !entry.isInternal && entry.history == nil && entry.target == target && entry.guardName == guardName && effects(entry) == expectedEffects
        case let (.transitions(entries), .resumingTransition(history, target, guardName, expectedEffects)):
            guard entries.count == 1, let entry = entries.first else { return false }
            return entry.history == history && entry.target == target && entry.guardName == guardName && effects(entry) == expectedEffects
        case let (.transitions(entries), .internalTransition(guardName, expectedEffects)):
            guard entries.count == 1, let entry = entries.first else { return false }
            return entry.isInternal && entry.guardName == guardName && effects(entry) == expectedEffects
        default:
            return false
        }
    }

    static func describe(_ cell: TransitionTable<State, Event.Key, Effect>.Cell, _ which: ExpectedEffects = .own) -> String {
        switch cell {
        case .ignored: return "ignored"
        case .illegal: return "illegal"
        case let .transitions(entries):
            let parts = entries.map { entry -> String in
                let target = entry.isInternal ? "(internal)" : (entry.history.map { "\($0.label), default " } ?? "") + "\(entry.target)"
                let guardText = entry.guardName.map { " [\($0)]" } ?? ""
                let listed = which == .all ? entry.performed : entry.effects
                let effects = " / " + (listed.isEmpty ? "no effects" : listed.map { String(describing: $0) }.joined(separator: ", "))
                return target + guardText + effects
            }
            return parts.count == 1 ? parts[0] : "one of [" + parts.joined(separator: "; ") + "]"
        case let .guarded(entries, otherwise):
            let parts = describe(.transitions(entries), which)
            let list = parts.hasPrefix("one of [") ? String(parts.dropFirst("one of [".count).dropLast()) : parts
            return "one of [" + list + "; else " + otherwise.rawValue + "]"
        }
    }
}
