import FSM
import Foundation
import Testing
import UseCases

/// Issue 11 moved the four machines to `@MachineEvent`/`@Finite` and events keyed by case;
/// their behaviour must not change. `Tables/` holds each machine's table as JSON, written by
/// `fsm table NAME --format json` at the commit before the change (31c8ad0): every cell of
/// every machine is compared, including guard names and effects in order.
@Suite("The shipped machines' tables equal their tables before events were keyed by case")
struct TablesUnchangedTests {
    static let machines: [(String, any MachineDescribing)] = [
        ("login", LoginMachine.definition),
        ("home-loading", HomeLoadingMachine.definition),
        ("logout", LogoutMachine.definition),
        ("passcode", PasscodeMachine.definition()),
    ]

    @Test("cell for cell", arguments: machines.map(\.0))
    func unchanged(name: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Tables")
        let before = try String(contentsOf: folder.appendingPathComponent("\(name).json"), encoding: .utf8)
        let machine = try #require(Self.machines.first { $0.0 == name }?.1)
        // Issue 12 groups login's failures under a parent: the cells they inherit say so, and
        // are otherwise the same.
        let now = machine.tableText(.json).replacing(", \"inheritedFrom\": \"failed\"", with: "")
        #expect(now == before, "the table of '\(name)' changed")
        // Differences by line, so that a failure says which cells.
        let old = before.split(separator: "\n"), new = now.split(separator: "\n")
        for (index, (line, expected)) in zip(new, old).enumerated() where line != expected {
            Issue.record("line \(index + 1): '\(line)' was '\(expected)'")
        }
    }

    @Test("login: exactly the failures' cells are inherited, from 'failed'")
    func loginInherits() {
        let table = LoginMachine.definition.table
        for row in table.rows {
            if case .failed = row.state {
                #expect(row.inheritedFrom == "failed", "\(row.state) + \(row.event)")
            } else {
                #expect(row.inheritedFrom == nil, "\(row.state) + \(row.event)")
            }
        }
    }
}
