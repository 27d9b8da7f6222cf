import FSM

/// How much of a machine a coverage exercised, measured five ways, and every miss by name:
/// what a test gate checks and what `fsm coverage` prints (``markdown``, or JSON as it is
/// `Codable`).
public struct CoverageReport: Sendable, Hashable, Codable {
    /// A count of covered items out of a total.
    public struct Measure: Sendable, Hashable, Codable, CustomStringConvertible {
        /// How many are covered.
        public let covered: Int
        /// How many there are.
        public let total: Int
        /// `covered` as a percentage of `total`; 100 when there is nothing to cover.
        public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
        /// `5 of 8 (62.5%)`.
        public var description: String { "\(covered) of \(total) (\(CoverageReport.percentText(percent))%)" }
    }

    /// What a miss is.
    public enum MissKind: String, Sendable, Hashable, Codable {
        /// A state no machine entered.
        case stateNeverEntered = "state never entered"
        /// A transition line (of a cell or a timer) never taken.
        case transitionNeverTaken = "transition never taken"
        /// A guard that never held (its line is also never taken).
        case guardNeverHeld = "guard never held"
        /// A guard that never failed: the alternative after it was never needed.
        case guardNeverFailed = "guard never failed"
        /// An ignored or illegal cell to which the event was never sent.
        case cellNeverExercised = "cell never exercised"
    }

    /// One thing never exercised.
    public struct Miss: Sendable, Hashable, Codable, CustomStringConvertible {
        /// What it is.
        public let kind: MissKind
        /// The state.
        public let state: String
        /// The event (or `after 30 s`), except for a state never entered.
        public let event: String?
        /// The line's target, for transitions and guards.
        public let target: String?
        /// The guard, for guard outcomes (and guarded lines never taken).
        public let `guard`: String?

        /// `transition never taken: (idle, start) -> running [ready]`.
        public var description: String {
            var text = kind.rawValue + ": "
            guard let event else { return text + state }
            text += "(\(state), \(event))"
            if let target { text += " -> \(target)" }
            if let `guard` { text += " [\(`guard`)]" }
            return text
        }
    }

    /// The machine's name.
    public let machine: String
    /// States entered.
    public let states: Measure
    /// Cells with transitions, and timers, in which a transition was taken: the headline
    /// figure (`fsm coverage --minimum` and FSMTesting's `expectCoverage` gate on it by default).
    public let legalCells: Measure
    /// Transition lines taken (each guarded alternative counts).
    public let transitions: Measure
    /// Guard outcomes seen: each guard can hold and fail, two outcomes.
    public let guardOutcomes: Measure
    /// Cells of any kind (ignored and illegal ones too) the event was sent to, and timers
    /// that ran out.
    public let cells: Measure
    /// How many distinct pairs of consecutive transitions were seen.
    public let pairs: Int
    /// Everything never exercised: states, then cell by cell in table order.
    public let misses: [Miss]

    /// Measures a coverage.
    public init(_ coverage: MachineCoverage) {
        machine = coverage.machine
        var misses = coverage.states.filter { $0.entered == 0 }.map { Miss(kind: .stateNeverEntered, state: $0.state, event: nil, target: nil, guard: nil) }
        var legal = (0, 0), lines = (0, 0), guards = (0, 0), cells = (0, 0)
        for cell in coverage.cells {
            cells.1 += 1
            if cell.hits > 0 { cells.0 += 1 }
            if cell.kind == .ignored || cell.kind == .illegal {
                if cell.hits == 0 { misses.append(Miss(kind: .cellNeverExercised, state: cell.state, event: cell.event, target: nil, guard: nil)) }
                continue
            }
            legal.1 += 1
            if cell.isTaken { legal.0 += 1 }
            for line in cell.lines {
                lines.1 += 1
                if line.taken > 0 { lines.0 += 1 }
                if let name = line.guard {
                    guards.1 += 2
                    guards.0 += (line.taken > 0 ? 1 : 0) + (line.guardFailed > 0 ? 1 : 0)
                    if line.taken == 0 { misses.append(Miss(kind: .guardNeverHeld, state: cell.state, event: cell.event, target: line.target, guard: name)) }
                    if line.guardFailed == 0 { misses.append(Miss(kind: .guardNeverFailed, state: cell.state, event: cell.event, target: line.target, guard: name)) }
                } else if line.taken == 0 {
                    misses.append(Miss(kind: .transitionNeverTaken, state: cell.state, event: cell.event, target: line.target, guard: nil))
                }
            }
        }
        states = Measure(covered: coverage.states.count { $0.entered > 0 }, total: coverage.states.count)
        legalCells = Measure(covered: legal.0, total: legal.1)
        transitions = Measure(covered: lines.0, total: lines.1)
        guardOutcomes = Measure(covered: guards.0, total: guards.1)
        self.cells = Measure(covered: cells.0, total: cells.1)
        pairs = coverage.pairs.count
        self.misses = misses
    }

    /// The report in Markdown: a table of the five measures, then the misses (states never
    /// entered, then transitions and guards cell by cell), then the ignored or illegal cells
    /// never tried (grouped by state).
    public var markdown: String {
        func row(_ name: String, _ measure: Measure) -> String {
            "| \(name) | \(measure.covered) | \(measure.total) | \(Self.percentText(measure.percent)) |"
        }
        var lines = [
            "## Coverage of \(MarkdownText.code(machine))", "",
            "| measure | covered | total | % |", "|---|---:|---:|---:|",
            row("legal cells (a transition taken)", legalCells),
            row("transitions taken", transitions),
            row("guard outcomes (held, failed)", guardOutcomes),
            row("states entered", states),
            row("all cells exercised", cells),
            "", "Pairs of consecutive transitions seen: \(pairs).",
        ]
        let important = misses.filter { $0.kind != .cellNeverExercised }
        let unexercised = misses.filter { $0.kind == .cellNeverExercised }
        if misses.isEmpty {
            lines += ["", "Nothing missed."]
            return lines.joined(separator: "\n") + "\n"
        }
        if !important.isEmpty {
            lines += ["", "### Never exercised", ""]
            lines += important.map { miss in
                var text = "- \(miss.kind.rawValue): "
                guard let event = miss.event else { return text + MarkdownText.code(miss.state) }
                text += "(\(MarkdownText.code(miss.state)), \(MarkdownText.code(event)))"
                if let target = miss.target { text += " -> \(MarkdownText.code(target))" }
                if let name = miss.guard { text += " [\(MarkdownText.code(name))]" }
                return text
            }
        }
        if !unexercised.isEmpty {
            lines += ["", "### Ignored or illegal cells never tried", ""]
            var order: [String] = [], byState: [String: [String]] = [:]
            for miss in unexercised {
                if byState[miss.state] == nil { order.append(miss.state) }
                byState[miss.state, default: []].append(MarkdownText.code(miss.event ?? ""))
            }
            lines += order.map { "- \(MarkdownText.code($0)): " + (byState[$0] ?? []).joined(separator: ", ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `87.5`, `66.7`, `100`, `0`: one decimal at most, rounded, but never `100` for less.
    static func percentText(_ value: Double) -> String {
        var tenths = Int((value * 10).rounded())
        if tenths >= 1000 && value < 100 { tenths = 999 }
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}

extension MachineCoverage {
    /// What this coverage exercised and missed (see ``CoverageReport``).
    public var report: CoverageReport { CoverageReport(self) }
}

/// Text for Markdown.
enum MarkdownText {
    /// A code span holding `text` exactly: fenced by one more backtick than its longest run,
    /// padded with a space when it starts or ends with one; line breaks written as `\n`, `\r`
    /// (a code span cannot hold one). Not for table cells (`|` is not escaped).
    static func code(_ text: String) -> String {
        let flat = text.replacingAll("\r\n", with: "\\n").replacingAll("\n", with: "\\n").replacingAll("\r", with: "\\r")
        var longest = 0, run = 0
        for character in flat {
            run = character == "`" ? run + 1 : 0
            longest = Swift.max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = flat.first == "`" || flat.last == "`" || flat.isEmpty ? " \(flat) " : flat
        return fence + padded + fence
    }
}

extension String {
    /// The string with every `target` replaced by `replacement` (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
