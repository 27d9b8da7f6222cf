import FSMREPL
import LoginChallengeApp
import Testing
import TestSupport

@Suite("The explorer's page of every shipped machine agrees with the REPL")
struct ExplorerShippedTests {
    @Test("every reachable state, every event, every guard setting: the page's outcome is the REPL's text", arguments: LoginChallenge.machines.map(\.name))
    func agrees(name: String) throws {
        let machine = try #require(LoginChallenge.machines.first { $0.name == name })
        let report = try ExplorerAgreement.check(machine)
        let model = try ExplorerAgreement.model(ofPage: try ExplorerPage.html(for: machine))
        let guards = (model["guards"] as? [String] ?? []).count
        #expect(report.states == machine.stateNames.count, "every state is reachable in the page")
        #expect(report.checks == report.states * machine.eventNames.count * (1 << guards), "every state, event and guard setting")
        #expect(model["typeableEvents"] as? [Bool] == Array(repeating: true, count: machine.eventNames.count))
        #expect(report.mismatches == [])
    }
}
