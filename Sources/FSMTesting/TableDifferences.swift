import FSM

extension MachineDefinition where Effect: Equatable {
    /// Compares the definition's transition table with an expected one and returns one line
    /// per difference: every cell whose behaviour differs, every cell the expected table
    /// forgot, every expected row naming an undeclared state or event, and every row given
    /// twice. An empty array means the tables agree.
    public func tableDifferences(_ expected: [ExpectedRow<State, Event.Key, Effect>]) -> [String] {
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
            if !Self.matches(cell, row.expected) {
                differences.append("\(row.state) + \(row.event): expected \(ExpectedCell.describe(row.expected)), actual \(Self.describe(cell))")
            }
        }
        for row in table.rows where !covered.contains(Pair(state: row.state, event: row.event)) {
            differences.append("\(row.state) + \(row.event): missing from the expected table (actual: \(Self.describe(row.cell)))")
        }
        return differences
    }

    private struct Pair: Hashable {
        let state: State
        let event: Event.Key
    }

    static func matches(_ cell: TransitionTable<State, Event.Key, Effect>.Cell, _ expected: ExpectedCell<State, Effect>) -> Bool {
        switch (cell, expected) {
        case (.ignored, .ignored), (.illegal, .illegal):
            return true
        case let (.transitions(entries), .oneOf(cells)):
            return entries.count == cells.count && zip(entries, cells).allSatisfy { matches(.transitions([$0]), $1) }
        case let (.guarded(entries, otherwise), .oneOfOtherwise(cells, expectedOtherwise)):
            let defaultMatches = switch (otherwise, expectedOtherwise) {
            case (.ignored, .ignored), (.illegal, .illegal): true
            default: false
            }
            return defaultMatches && entries.count == cells.count && zip(entries, cells).allSatisfy { matches(.transitions([$0]), $1) }
        case let (.transitions(entries), .transition(target, guardName, effects)):
            guard entries.count == 1, let entry = entries.first else { return false }
            return !entry.isInternal && entry.history == nil && entry.target == target && entry.guardName == guardName && entry.effects == effects
        case let (.transitions(entries), .resumingTransition(history, target, guardName, effects)):
            guard entries.count == 1, let entry = entries.first else { return false }
            return entry.history == history && entry.target == target && entry.guardName == guardName && entry.effects == effects
        case let (.transitions(entries), .internalTransition(guardName, effects)):
            guard entries.count == 1, let entry = entries.first else { return false }
            return entry.isInternal && entry.guardName == guardName && entry.effects == effects
        default:
            return false
        }
    }

    static func describe(_ cell: TransitionTable<State, Event.Key, Effect>.Cell) -> String {
        switch cell {
        case .ignored: return "ignored"
        case .illegal: return "illegal"
        case let .transitions(entries):
            let parts = entries.map { entry -> String in
                let target = entry.isInternal ? "(internal)" : (entry.history.map { "\($0.label), default " } ?? "") + "\(entry.target)"
                let guardText = entry.guardName.map { " [\($0)]" } ?? ""
                let effects = " / " + (entry.effects.isEmpty ? "no effects" : entry.effects.map { String(describing: $0) }.joined(separator: ", "))
                return target + guardText + effects
            }
            return parts.count == 1 ? parts[0] : "one of [" + parts.joined(separator: "; ") + "]"
        case let .guarded(entries, otherwise):
            let parts = describe(.transitions(entries))
            let list = parts.hasPrefix("one of [") ? String(parts.dropFirst("one of [".count).dropLast()) : parts
            return "one of [" + list + "; else " + otherwise.rawValue + "]"
        }
    }
}
