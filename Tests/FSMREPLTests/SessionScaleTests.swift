import FSM
@testable import FSMREPL
import Testing

/// The work of a session grows with what it is handed, not faster: measured by a count of
/// history entries written and copied (``REPLSession/historyWork``), never by wall time.
@Suite("A session's work is linear in its lines")
struct SessionScaleTests {
    let definition = MachineDefinition<String, String, String, Void>(name: "counter", initial: "idle", events: ["tick", "stop"]) {
        In("idle") {
            Internal("tick", emit: "count")
            On("stop", to: "done")
        }
        Final("done") { IgnoreOtherEvents() }
    }

    /// The history work of a session handed `count` lines, each of which changes it.
    func work(lines count: Int) throws -> Int {
        let session = try REPLSession(definition)
        for _ in 0..<count { _ = session.handle("tick") }
        #expect(session.script.count == count)
        return session.historyWork - count  // reading the script above copied it once
    }

    @Test("n lines piped through a session: 8n lines cost at most about 8 times as much (the history is not copied per line)")
    func linesAreLinear() throws {
        let small = try work(lines: 500)
        let large = try work(lines: 4_000)
        #expect(small >= 500, "every line handled is counted")
        #expect(large <= 8 * small + 64, "500 lines: \(small), 4000 lines: \(large)")
    }

    @Test("undo and reset keep the work linear too")
    func undoIsLinear() throws {
        func work(_ count: Int) throws -> Int {
            let session = try REPLSession(definition)
            for index in 0..<count { _ = session.handle(index % 3 == 2 ? ":undo" : "tick") }
            return session.historyWork
        }
        let small = try work(300)
        let large = try work(2_400)
        #expect(large <= 8 * small + 64, "300 lines: \(small), 2400 lines: \(large)")
    }
}
