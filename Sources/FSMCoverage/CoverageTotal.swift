import FSM

/// Adds up coverages of one machine, in place: each added coverage costs its own size (its
/// states, lines and pairs), never the size of the total so far, so adding n files is linear
/// in their total size. Counts saturate (see ``CoverageCount``).
package struct CoverageTotal: Sendable {
    /// The sum so far.
    package private(set) var total: MachineCoverage
    /// Whether a count reached ``CoverageCount/ceiling`` and stayed there.
    package private(set) var saturated = false
    /// Elements read or written so far (states, lines, pairs): a deterministic measure of
    /// the work, for tests of its complexity.
    package private(set) var work = 0
    /// Where each pair of ``total`` is, by its transitions.
    private var positions: [PairID: Int] = [:]

    private struct PairID: Hashable, Sendable {
        let first: TransitionKey
        let second: TransitionKey
    }

    /// A sum starting from `start`.
    package init(_ start: MachineCoverage) {
        total = start
        for (index, pair) in start.pairs.enumerated() { positions[PairID(first: pair.first, second: pair.second)] = index }
        work = start.pairs.count
        saturated = start.countsAtCeiling
    }

    /// Adds `other`'s counts.
    ///
    /// - Throws: ``CoverageMismatch`` when `other` is of another machine or another shape of
    ///   it; the total is then unchanged.
    package mutating func add(_ other: MachineCoverage) throws(CoverageMismatch) {
        if let difference = total.shapeDifference(from: other) { throw CoverageMismatch(machine: total.machine, difference: difference) }
        func sum(_ a: inout Int, _ b: Int) {
            a = CoverageCount.add(a, b)
            if a == CoverageCount.ceiling, b > 0 { saturated = true }
        }
        for s in other.states.indices { sum(&total.states[s].entered, other.states[s].entered) }
        work += other.states.count
        for c in other.cells.indices {
            sum(&total.cells[c].ignored, other.cells[c].ignored)
            sum(&total.cells[c].refused, other.cells[c].refused)
            for l in other.cells[c].lines.indices {
                sum(&total.cells[c].lines[l].taken, other.cells[c].lines[l].taken)
                sum(&total.cells[c].lines[l].guardFailed, other.cells[c].lines[l].guardFailed)
            }
            work += 1 + other.cells[c].lines.count
        }
        for pair in other.pairs {
            let id = PairID(first: pair.first, second: pair.second)
            if let index = positions[id] {
                sum(&total.pairs[index].count, pair.count)
            } else {
                positions[id] = total.pairs.count
                total.pairs.append(pair)
            }
        }
        work += other.pairs.count
    }
}

extension MachineCoverage {
    /// Whether a count is at ``CoverageCount/ceiling``.
    var countsAtCeiling: Bool {
        let top = CoverageCount.ceiling
        return states.contains { $0.entered == top } || pairs.contains { $0.count == top }
            || cells.contains { $0.ignored == top || $0.refused == top || $0.lines.contains { $0.taken == top || $0.guardFailed == top } }
    }
}
