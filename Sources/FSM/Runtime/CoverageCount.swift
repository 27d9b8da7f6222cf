/// Coverage counts add up saturating: a count that would pass `Int.max`
/// (9,223,372,036,854,775,807) stays there, so that no number of coverage files, however
/// large their counts, can overflow (`MachineCoverage.merging(_:)` in FSMCoverage, a cell's hits, a
/// diagram's count on an edge). A count at `Int.max` means "at least that".
package enum CoverageCount {
    /// The largest count: where sums stop.
    package static let ceiling = Int.max

    /// `a + b` for counts (never negative), or ``ceiling`` when that would overflow.
    @inline(__always)
    package static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b < 0 ? Int.min : ceiling) : sum
    }
}
