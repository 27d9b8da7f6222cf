import FSM
import FSMREPL
import Testing
import UseCases

private func loginSession(saved: SavedFiles? = nil) throws -> REPLSession {
    if let saved {
        return try REPLSession(LoginMachine.definition) { path, contents in saved.files[path] = contents }
    }
    return try REPLSession(LoginMachine.definition)
}

private final class SavedFiles {
    var files: [String: String] = [:]
}

private struct WriteFailed: Error, CustomStringConvertible {
    var description: String { "disk full" }
}

@Suite("REPLSession, driven by the Login Challenge's machines")
struct REPLSessionTests {
    @Test("an event takes its transition and says so")
    func event() throws {
        let session = try loginSession()
        #expect(session.handle("logIn") == .init(text: "idle --logIn--> loggingIn / disableInputs, showActivityIndicator, callLogIn"))
        #expect(session.stateName == "loggingIn")
        #expect(session.prompt == "login(loggingIn)> ")
        #expect(session.handle("logIn").text == "loggingIn: 'logIn' ignored")
        #expect(session.handle("edit").isError)
    }

    @Test("events with payloads: `fail network` and `fail(network)` are the same event", arguments: ["fail network", "fail(network)", "  fail   network  ", "FAIL NETWORK"])
    func payloads(line: String) throws {
        let session = try loginSession()
        _ = session.handle("logIn")
        #expect(session.handle(line).text == "loggingIn --fail(network)--> failed(network) [failed > network] / hideActivityIndicator, enableInputs, showAlert(network)")
        #expect(session.stateName == "failed(network)")
    }

    @Test("a name matching two events in different case is refused, not guessed; the exact name is taken")
    func ambiguousCase() throws {
        let definition = MachineDefinition<String, String, Never, Void>(name: "lamp", initial: "off", events: ["Go", "GO"]) {
            In("off") { On("Go", to: "on"); On("GO", to: "dim") }
            In("on") { IgnoreOtherEvents() }
            In("dim") { IgnoreOtherEvents() }
        }
        let session = try REPLSession(definition)
        let output = session.handle("go")
        #expect(output.isError)
        #expect(output.text.hasPrefix("error: unknown event 'go'"))
        #expect(session.stateName == "off")
        #expect(session.handle("GO").text == "off --GO--> dim")
        #expect(session.stateName == "dim")
    }

    @Test("an illegal event is rejected with the library's message; the state is unchanged")
    func illegal() throws {
        let session = try loginSession()
        let output = session.handle("closeAlert")
        #expect(output.isError)
        #expect(output.text == "error: illegal transition: 'closeAlert' is not permitted in state 'idle': declared illegal (permitted: edit, logIn); nothing changed")
        #expect(session.stateName == "idle")
        #expect(session.script.isEmpty)
    }

    @Test("a typo gets a 'did you mean'", arguments: [("logn", "logIn"), ("succed", "succeed"), ("closeAlrt", "closeAlert"), ("fail netwrk", "fail(network)"), ("fail net", "fail(network)"), ("fail(serv)", "fail(server)"), ("succ", "succeed")])
    func typo(line: String, suggestion: String) throws {
        let session = try loginSession()
        let output = session.handle(line)
        #expect(output.isError)
        #expect(output.text.contains("did you mean '\(suggestion)'?"))
        #expect(session.stateName == "idle")
    }

    @Test("a shortened payload suggests the event it starts (failToLoad auth: failToLoad(authentication), not the nearer failToLoad(system))")
    func shortenedPayload() throws {
        let session = try REPLSession(HomeLoadingMachine.definition)
        #expect(session.handle("failToLoad auth").text.contains("did you mean 'failToLoad(authentication)'?"))
    }

    @Test("bad lines change nothing and never end the session", arguments: [
        "", "   ", "# a comment", String(repeating: "x", count: 5_000), "log\u{FFFD}In", "\u{0}", "::", ":", ":guard", ":guard nope on", ":save", "(", "fail", "fail(nothing)",
    ])
    func badLines(line: String) throws {
        let session = try loginSession()
        _ = session.handle("logIn")
        let output = session.handle(line)
        #expect(!output.quits)
        #expect(session.stateName == "loggingIn")
        #expect(session.script == ["logIn"])
        #expect(session.handle("succeed").text == "loggingIn --succeed--> atHome / hideActivityIndicator, presentHome", "the session still works")
    }

    @Test("a very long line is refused with its length in bytes (500 two-byte characters are 1000 bytes: accepted)")
    func longLine() throws {
        let session = try loginSession()
        let output = session.handle(String(repeating: "a", count: 1_001))
        #expect(output == .init(text: "error: line too long (1001 bytes; at most 1000); nothing changed", isError: true))
        #expect(session.handle(String(repeating: "é", count: 501)).text == "error: line too long (1002 bytes; at most 1000); nothing changed")
        #expect(!session.handle(String(repeating: "é", count: 500)).text.contains("too long"))
    }

    @Test("completion: events and :commands first, payloads after an event that has them, guard names and on/off after :guard")
    func completions() throws {
        let session = try loginSession()
        let first = session.completions(for: "")
        #expect(first.contains("logIn") && first.contains("fail(network)") && first.contains(":events") && first.contains(":guard"))
        #expect(session.completions(for: "fail ") == ["login", "network", "server", "system"])
        #expect(session.completions(for: "  fail  net") == ["login", "network", "server", "system"])
        #expect(session.completions(for: "logIn ").isEmpty)
        #expect(session.completions(for: ":guard ") == ["ID and password filled"])
        #expect(session.completions(for: ":guard x ") == ["on", "off"])
        #expect(session.completions(for: ":save ").isEmpty)
    }

    @Test(":events lists permitted events and why the others are not, guards included")
    func events() throws {
        let session = try loginSession()
        #expect(session.handle(":guard ID and password filled off").text == "ID and password filled: off")
        #expect(session.handle(":events").text == """
        state: idle
        permitted:
          edit -> idle (internal)
        not permitted:
          logIn: guard 'ID and password filled' not met (:guard ID and password filled on)
            [ID and password filled] -> loggingIn: does not hold
          succeed: declared illegal
          fail(login): declared illegal
          fail(network): declared illegal
          fail(server): declared illegal
          fail(system): declared illegal
          closeAlert: declared illegal
          returnFromHome: declared illegal
        """)
        #expect(session.handle("logIn").text == "error: illegal transition: 'logIn' is not permitted in state 'idle': guard 'ID and password filled' not met (permitted: edit); nothing changed")
        #expect(session.handle(":guards").text == "ID and password filled: off")
        #expect(session.handle(":guard \"ID and password filled\" on").text == "ID and password filled: on")
        #expect(session.handle("logIn").text.hasPrefix("idle --logIn--> loggingIn"))
    }

    @Test("a final state says so")
    func finalState() throws {
        let session = try REPLSession(LogoutMachine.definition)
        _ = session.handle("logOut")
        _ = session.handle("finishLogOut")
        #expect(session.handle(":events").text == "state: loggedOut (final)\npermitted:\n  logOut: ignored\n  finishLogOut: ignored")
        #expect(session.handle(":guards").text == "logout has no guards")
    }

    @Test("nested: the configuration and the inherited events are shown")
    func nestedConfiguration() throws {
        let session = try loginSession()
        _ = session.handle("logIn")
        #expect(session.handle("fail server").text.hasPrefix("loggingIn --fail(server)--> failed(server) [failed > server] / "))
        #expect(session.handle(":state").text == "failed > server")
        let events = session.handle(":events").text.split(separator: "\n")
        #expect(events.prefix(3) == ["state: failed > server", "permitted:", "  closeAlert -> idle (inherited from failed)"])
        #expect(events.contains("  edit: declared illegal by parent 'failed'"))
        #expect(session.handle("closeAlert").text == "failed(server) --closeAlert--> idle")
    }

    @Test("nested: guards a parent declares are marked inherited when they refuse")
    func inheritedGuardRefusal() throws {
        let definition = MachineDefinition<String, String, Never, Void>(name: "nested", initial: "a", events: ["go"]) {
            Parent("p") { On("go", to: "b", guard: Guard("ready") { _ in true }) } children: {
                In("a") {}
                In("b") { Ignore("go") }
            }
        }
        let session = try REPLSession(definition)
        #expect(session.handle(":guard ready off").text == "ready: off")
        #expect(session.handle(":events").text.split(separator: "\n").contains("  go: guard 'ready' not met (inherited from p) (:guard ready on)"))
        #expect(session.handle(":guard ready on").text == "ready: on")
        #expect(session.handle(":events").text.split(separator: "\n").contains("  go -> b (inherited from p)"))
    }

    @Test("parallel: one state per region, each region moved by its events")
    func parallelConfiguration() throws {
        let session = try REPLSession(HomeMachine.definition)
        #expect(session.banner.hasPrefix("home: loading: waiting | logout: idle."))
        #expect(session.handle("startLoading").text == "(waiting, idle) --startLoading--> (loading, idle) [loading: loading | logout: idle] / callCurrentUser")
        #expect(session.handle("logOut").text == "(loading, idle) --logOut--> (loading, loggingOut) [loading: loading | logout: loggingOut] / showActivityIndicator, callLogOut")
        #expect(session.handle("fail network").text.hasPrefix("error: unknown event"))
        #expect(session.handle("failToLoad network").text.hasPrefix("(loading, loggingOut) --failToLoad(network)--> (failure(network), loggingOut)"))
        #expect(session.handle(":state").text == "loading: failure(network) | logout: loggingOut")
    }

    @Test("history, undo and reset")
    func historyUndoReset() throws {
        let session = try loginSession()
        #expect(session.handle(":history").text == "(no history)")
        #expect(session.handle(":undo") == .init(text: "nothing to undo", isError: true))
        _ = session.handle("logIn")
        _ = session.handle("logIn")               // ignored: not history
        _ = session.handle("fail server")
        #expect(session.handle(":history").text == "1. logIn\n2. fail(server)")
        #expect(session.handle(":undo").text == "undid 'fail(server)'; state: loggingIn")
        #expect(session.handle(":undo").text == "undid 'logIn'; state: idle")
        _ = session.handle("logIn")
        #expect(session.handle(":reset").text == "reset; state: idle")
        #expect(session.script.isEmpty)
    }

    @Test(":dot highlights the current state; :table prints the table; :state the state")
    func dotTableState() throws {
        let session = try loginSession()
        _ = session.handle("logIn")
        #expect(session.handle(":dot").text == LoginMachine.definition.dot(highlighting: .loggingIn).dropLast())
        #expect(session.handle(":table").text == LoginMachine.definition.table.markdown.dropLast())
        #expect(session.handle(":state").text == "loggingIn")
    }

    @Test("help, unknown commands and quit")
    func helpAndQuit() throws {
        let session = try loginSession()
        #expect(session.handle(":help").text == REPLSession.help)
        #expect(session.handle(":hitsory").text == "error: unknown command ':hitsory'; did you mean ':history'? (:help lists them)")
        #expect(session.handle(":quit").quits)
        #expect(session.banner == "login: idle. Type an event (edit, logIn, succeed, ...) or :help.")
    }

    @Test("a saved script replays to the same states")
    func saveAndReplay() throws {
        let saved = SavedFiles()
        let session = try loginSession(saved: saved)
        var states: [String] = []
        for line in ["logIn", "fail login", "closeAlert", ":guard ID and password filled off", "logIn", ":guard ID and password filled on", "logIn", "succeed", "returnFromHome"] {
            _ = session.handle(line)
            states.append(session.stateName)
        }
        #expect(session.handle(":save run.fsm").text == "saved 8 line(s) to run.fsm; replay with: fsm repl login --script run.fsm")
        let script = try #require(saved.files["run.fsm"])
        #expect(script == "logIn\nfail(login)\ncloseAlert\n:guard ID and password filled off\n:guard ID and password filled on\nlogIn\nsucceed\nreturnFromHome\n")

        let replay = try loginSession()
        var replayed: [String] = []
        for line in script.split(separator: "\n") {
            #expect(!replay.handle(String(line)).isError)
            replayed.append(replay.stateName)
        }
        #expect(replay.stateName == session.stateName)
        #expect(replayed.last == states.last)
        #expect(replay.script == session.script)
    }

    @Test("a failed save says why and changes nothing")
    func saveFails() throws {
        let session = try REPLSession(LoginMachine.definition) { _, _ in throw WriteFailed() }
        _ = session.handle("logIn")
        #expect(session.handle(":save x") == .init(text: "error: cannot write x: disk full", isError: true))
        #expect(session.script == ["logIn"])
    }

    @Test("a session works on any machine, the passcode's loop-generated states included")
    func passcode() throws {
        let session = try REPLSession(PasscodeMachine.definition(length: 2))
        #expect(session.handle("deleteDigit").text == "entered(0): 'deleteDigit' ignored")
        #expect(session.handle("typeDigit").text == "entered(0) --typeDigit--> entered(1)")
        #expect(session.handle("typeDigit").text == "entered(1) --typeDigit--> complete / submit")
    }
}
