@testable import FSM
@testable import FSMCoverage
import Testing

/// Coverage counts add up saturating (no number of files can overflow them), in time linear
/// in what is added (measured by ``CoverageTotal/work``, never by wall time).
@Suite("Coverage sums: saturating counts, linear merging")
struct CoverageSumTests {
    let definition = MachineDefinition<String, String, String, Void>(name: "gate", initial: "shut", events: ["open", "close", "kick"]) {
        In("shut") {
            On("open", to: "open")
            Ignore("kick")
        }
        In("open") {
            On("close", to: "shut")
            Illegal("kick")
        }
    }

    /// The gate's coverage with every count at 2^48 (the most a coverage file holds).
    func full() -> MachineCoverage {
        var coverage = MachineCoverage(definition)
        let most = 1 << 48
        for s in coverage.states.indices { coverage.states[s].entered = most }
        for c in coverage.cells.indices {
            coverage.cells[c].ignored = most
            coverage.cells[c].refused = most
            for l in coverage.cells[c].lines.indices {
                coverage.cells[c].lines[l].taken = most
                coverage.cells[c].lines[l].guardFailed = most
            }
        }
        let key = TransitionKey(source: "shut", event: "open", target: "open")
        coverage.pairs = [MachineCoverage.Pair(first: key, second: key, count: most)]
        return coverage
    }

    @Test("40,000 coverages at 2^48 add up to Int.max, not an overflow; hits, diagrams and the report stay there")
    func saturates() throws {
        var sum = CoverageTotal(MachineCoverage(definition))
        let file = full()
        for _ in 0..<40_000 { try sum.add(file) }
        #expect(sum.saturated)
        let total = sum.total
        #expect(total.states.allSatisfy { $0.entered == Int.max })
        #expect(total.pairs.map(\.count) == [Int.max])
        #expect(total.cells.allSatisfy { $0.ignored == Int.max && $0.refused == Int.max && $0.hits == Int.max })
        #expect(total.takenCounts.values.allSatisfy { $0 == Int.max })
        #expect(try total.merging(file).states[0].entered == Int.max)
        #expect(definition.dot(DiagramOptions(coverage: total)).contains("×\(Int.max)"))
        #expect(definition.mermaid(DiagramOptions(coverage: total)).contains("×\(Int.max)"))
        #expect(total.report.legalCells.description == "2 of 2 (100%)")
        // Below the ceiling nothing is said.
        var small = CoverageTotal(MachineCoverage(definition))
        try small.add(file)
        #expect(!small.saturated)
    }

    @Test("merging n coverages, each with pairs of its own: 8n cost at most about 8 times as much")
    func mergingIsLinear() throws {
        func work(_ count: Int) throws -> Int {
            var sum = CoverageTotal(MachineCoverage(definition))
            for index in 0..<count {
                var file = MachineCoverage(definition)
                let key = TransitionKey(source: "shut", event: "open\(index)", target: "open")
                file.pairs = [MachineCoverage.Pair(first: key, second: key, count: 1)]
                try sum.add(file)
            }
            #expect(sum.total.pairs.count == count)
            return sum.work
        }
        let small = try work(400)
        let large = try work(3_200)
        #expect(large <= 8 * small + 64, "400 files: \(small), 3200 files: \(large)")
    }
}
