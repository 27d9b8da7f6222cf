import FSM
import FSMCoverage
import FSMTesting
import Testing

// The examples of MeasuringCoverage.md, compiled and run here.

// example:gate:start
enum Gate: Hashable, Sendable { case locked, unlocked }
enum Visitor: MachineEvent, CaseIterable { case coin, push }

let gate = MachineDefinition<Gate, Visitor, Never, Void>(name: "gate", initial: .locked) {
    In(.locked) {
        On(.coin, to: .unlocked)
        Ignore(.push)
    }
    In(.unlocked) {
        On(.push, to: .locked)
        Internal(.coin)
    }
}
// example:gate:end

/// What the printing lines of the recording example print, in order.
private final class Printed {
    var lines: [String] = []
}

private func runCoverageExample() throws -> (printed: [String], dot: String) {
    let printed = Printed()
    func print(_ value: Any) { printed.lines.append("\(value)") }
    // example:record:start
    let recorder = CoverageRecorder()
    var machine = try Machine(gate)
    machine.recorder = recorder          // every event and timer from here on is counted
    try machine.send(.coin)
    try machine.send(.push)
    try machine.send(.push)              // ignored: counted too
    let coverage = recorder.coverage[machine: "gate"] ?? MachineCoverage(gate)
    print(coverage.report.markdown)
    let dot = gate.dot(DiagramOptions(coverage: coverage))   // taken ×1, the others dashed red
    // example:record:end
    return (printed.lines, dot)
}

@Suite("The coverage article shows its compiled examples and what they print")
struct CoverageArticleTests {
    @Test("the recording example prints the report the article shows, and paints the diagram")
    func record() throws {
        let (printed, dot) = try runCoverageExample()
        let text = try packageFile("Sources/FSMCoverage/Documentation.docc/MeasuringCoverage.md")
        #expect(printed.count == 1)
        #expect(text.contains("```\n" + (printed.first ?? "") + "```"), "MeasuringCoverage.md does not show the report as printed:\n\(printed.first ?? "")")
        #expect(dot.contains("label=\" coin ×1 \""))
        #expect(dot.contains("unlocked</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\"><FONT COLOR=\"red\">coin</FONT>"))
    }

    @Test("the article shows the examples as compiled; the gate is strictly valid; its gate example fails as the article says")
    func article() throws {
        let text = try packageFile("Sources/FSMCoverage/Documentation.docc/MeasuringCoverage.md")
        for region in ["gate", "record", "gate-test"] {
            let code = try exampleRegion(region, in: "Tests/FSMTests/CoverageExample.swift")
            #expect(text.contains("```swift\n" + code + "\n```"), "MeasuringCoverage.md does not show '\(region)' as compiled")
            if region != "gate" {
                #expect(try packageFile("README.md").contains("```swift\n" + code + "\n```"), "README.md does not show '\(region)' as compiled")
            }
        }
        #expect(gate.validate(.strict).isEmpty)
        let recorder = CoverageRecorder()
        var machine = try Machine(gate)
        machine.recorder = recorder
        try machine.send(.coin)
        withKnownIssue {
            // example:gate-test:start
            expectCoverage(recorder, of: gate, minimum: 100)
            // example:gate-test:end
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == """
            coverage of 'gate': legal cells covered 1 of 3 (33.3%), below the minimum of 100%
              transition never taken: (unlocked, coin) -> unlocked
              transition never taken: (unlocked, push) -> locked
            """
        }
        #expect(text.contains("  transition never taken: (unlocked, coin) -> unlocked\n  transition never taken: (unlocked, push) -> locked\n"))
    }
}
