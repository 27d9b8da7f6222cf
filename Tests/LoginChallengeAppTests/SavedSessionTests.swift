import Foundation
import FSM
import FSMCoverage
import FSMREPL
import Testing
import UseCases

/// The saved-session test of the login machine and the script it was saved from.
private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SavedSessions")

@Suite("REPL sessions become tests")
struct SavedSessionTests {
    @Test("SavedSessions/LoginSession.swift (which runs in this suite) is what :save writes for its script, byte for byte")
    func regenerated() throws {
        var written: [String: String] = [:]
        let session = try REPLSession(LoginMachine.definition) { path, contents in written[path] = contents }
        let script = try String(contentsOf: folder.appendingPathComponent("login-session.fsm"), encoding: .utf8)
        for line in script.split(separator: "\n") { _ = session.handle(String(line)) }
        let saved = session.handle(":save LoginSession.swift LoginMachine.definition")
        #expect(saved.text == "saved 18 line(s) to LoginSession.swift as a Swift test")
        let committed = try String(contentsOf: folder.appendingPathComponent("LoginSession.swift"), encoding: .utf8)
        #expect(written["LoginSession.swift"] == committed, "regenerate: fsm repl login < SavedSessions/login-session.fsm, then :save")
    }

    @Test("the same session covers every legal cell of the login machine and both outcomes of its guard")
    func covers() throws {
        let session = try REPLSession(LoginMachine.definition)
        let script = try String(contentsOf: folder.appendingPathComponent("login-session.fsm"), encoding: .utf8)
        for line in script.split(separator: "\n") { _ = session.handle(String(line)) }
        let report = try #require(session.coverage[machine: "login"]).report
        #expect(report.legalCells.percent == 100 && report.guardOutcomes.percent == 100 && report.states.percent == 100, "\(report.markdown)")
    }

    @Test("a saved test lists the lines that changed the session (undone ones dropped) with what each printed, imports the machine's module, and escapes every string")
    func contents() throws {
        var written: [String: String] = [:]
        let session = try REPLSession(LoginMachine.definition) { path, contents in written[path] = contents }
        _ = session.handle("edit")
        _ = session.handle("logIn")
        _ = session.handle("succeed")
        _ = session.handle(":undo")
        _ = session.handle("fail network")
        _ = session.handle("closeAlert")
        _ = session.handle("closeAlert")  // refused: not a line of the session
        let saved = session.handle(":save s.swift")
        #expect(saved.text == "saved 4 line(s) to s.swift as a Swift test; it reads the definition as `loginDefinition`: give the expression that makes it, :save s.swift EXPRESSION")
        #expect(written["s.swift"] == """
        // A session of the machine 'login' saved from the REPL as a test: its lines are replayed, in
        // order, in a new REPL session of the definition, and each must print what it printed then;
        // the session must end in the same state. Regenerate it with :save after a deliberate change.
        import FSMREPL
        import Testing
        import UseCases

        @Test("the session of login replays: 4 line(s), ending in idle")
        func sReplays() throws {
            let session = try REPLSession(loginDefinition)
            #expect(session.handle("edit").text == "idle --edit--> idle (internal)")
            #expect(session.handle("logIn").text == "idle --logIn--> loggingIn / disableInputs, showActivityIndicator, callLogIn")
            #expect(session.handle("fail(network)").text == "loggingIn --fail(network)--> failed(network) [failed > network] / hideActivityIndicator, enableInputs, showAlert(network)")
            #expect(session.handle("closeAlert").text == "failed(network) --closeAlert--> idle")
            #expect(session.stateName == "idle")
        }

        """)
        #expect(session.handle(":save my session.fsm").text.hasPrefix("saved 4 line(s) to my session.fsm;"), "a script's path may hold spaces")
        #expect(written["my session.fsm"] == "edit\nlogIn\nfail(network)\ncloseAlert\n")
    }

    @Test("string literals and identifiers of a saved test hold any name exactly")
    func escaping() throws {
        let tricky = MachineDefinition<String, String, String, Void>(name: "9 \"odd\"\nname", initial: "a\\\"b\u{1B}", events: ["é\\\"x"]) {
            In("a\\\"b\u{1B}") { On("é\\\"x", to: "ok") }
            Final("ok")
        }
        var written: [String: String] = [:]
        let session = try REPLSession(tricky) { path, contents in written[path] = contents }
        #expect(!session.handle("é\\\"x").isError)
        _ = session.handle(":save 9-odd_name.swift tricky")
        let text = try #require(written["9-odd_name.swift"])
        #expect(text.contains("// A session of the machine '9 \"odd\"?name' saved"))
        #expect(text.contains("func _9OddNameReplays() throws {"), "named after the file")
        #expect(text.contains(#"#expect(session.handle("\u{E9}\\\"x").text == "a\\\"b\u{1B} --\u{E9}\\\"x--> ok")"#))
        #expect(!text.contains("import Swift\n"), "String states: no module to import")
    }

    @Test(":coverage reports the session so far; an undone step is tried but not followed; :reset enters the initial state again")
    func coverageInTheREPL() throws {
        let session = try REPLSession(LoginMachine.definition)
        _ = session.handle("logIn")
        _ = session.handle("succeed")
        _ = session.handle(":undo")
        _ = session.handle("fail network")
        _ = session.handle(":reset")
        let coverage = try #require(session.coverage[machine: "login"])
        #expect(coverage.pairs.map { "\($0.first) then \($0.second)" } == [
            "idle --logIn--> loggingIn then loggingIn --succeed--> atHome",
            "idle --logIn--> loggingIn then loggingIn --fail(network)--> failed(network)",
        ], "the undone succeed is not followed by fail(network)")
        #expect(coverage.states.first { $0.state == "idle" }?.entered == 2, "start and reset")
        #expect(coverage.states.first { $0.state == "atHome" }?.entered == 1, "the undone step was taken once")
        let report = session.handle(":coverage")
        #expect(report.text.hasPrefix("## Coverage of `login`\n\n| measure | covered | total | % |"))
        #expect(report.text.contains("| legal cells (a transition taken) | 3 | 12 | 25 |"))
    }

}
