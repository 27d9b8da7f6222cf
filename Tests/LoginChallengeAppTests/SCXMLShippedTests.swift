import FSM
import FSMTool
import FSMREPL
import LoginChallengeApp
import Testing
import TestSupport

/// CI writes the same documents and runs with the tool (`Judges/scxml-gate.sh`: `fsm scxml
/// MACHINE`, `--runs`) and has python-statemachine replay them.
@Suite("Every shipped machine as SCXML, with runs for the differential")
struct SCXMLShippedTests {
    @Test("each step of seeded REPL runs names elements of the document, and the runs reach every state", arguments: LoginChallenge.machines.map(\.name))
    func runs(name: String) throws {
        let machine = try #require(LoginChallenge.machines.first { $0.name == name })
        let made = try SCXMLRuns.make(machine, runs: 30, steps: 40, seed: 2026)
        let (document, initial, runs) = (made.document, made.initial, made.runs)
        let text = document.text
        #expect(runs.count == 30 && runs.allSatisfy { $0.count == 40 })
        for id in initial + runs.flatMap({ $0.flatMap(\.active) }) {
            #expect(text.contains(" id=\"\(id)\""), "\(id) is an element of the document")
        }
        // The runs reach every state, so the differential judges every element.
        let reached = Set(runs.flatMap { $0.map(\.active) }.map { $0.joined(separator: " ") } + [initial.joined(separator: " ")])
        #expect(reached.count == machine.stateNames.count, "\(name): every state reached (\(reached.count) of \(machine.stateNames.count))")
    }

    @Test("read back by the tool, every shipped machine is the machine: the same table, cell for cell, and the same document", arguments: LoginChallenge.machines.map(\.name))
    func readBack(name: String) throws {
        let machine = try #require(LoginChallenge.machines.first { $0.name == name })
        let document = machine._outline.scxml().text
        let read = try SCXMLImport.machine(text: document, file: name + ".scxml")
        #expect(read._outline.scxml().text == document)
        #expect(read.tableText(.markdown) == machine.tableText(.markdown))
        #expect(read.tableText(.csv) == machine.tableText(.csv))
        #expect(read.summary == machine.summary)
        #expect(read.dot(DiagramOptions()) == machine.dot(DiagramOptions()), "the same diagram")
    }
}
