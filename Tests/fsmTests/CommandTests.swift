import Foundation
import Testing

@Suite("fsm, end to end")
struct CommandTests {
    @Test("list: one machine a line, with state and event counts")
    func list() throws {
        let run = try fsm(["list"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(5).joined(separator: " ") }
        #expect(lines == [
            "login 7 states 9 events",
            "home-loading 7 states 7 events",
            "logout 3 states 2 events",
            "home 21 states 9 events",
            "passcode 5 states 2 events",
        ])
        let full = run.stdout.split(separator: "\n")
        #expect(full[0].contains("  parents: failed  "))
        #expect(full[3].contains("  regions: loading (7 states) ∥ logout (3 states)  "))
    }

    @Test("table --format json of each machine parses, with every cell", arguments: [
        ("login", 7, 9), ("home-loading", 7, 7), ("logout", 3, 2), ("home", 21, 9), ("passcode", 5, 2),
    ])
    func tableJSON(machine: String, states: Int, events: Int) throws {
        let run = try fsm(["table", machine, "--format", "json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["machine"] as? String == machine)
        let stateList = try #require(object["states"] as? [[String: Any]])
        let eventList = try #require(object["events"] as? [String])
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(stateList.count == states && eventList.count == events)
        #expect(cells.count == states * events)
        #expect(Set(cells.compactMap { $0["kind"] as? String }).isSubset(of: ["transition", "ignored", "illegal"]))
        let names = Set(stateList.compactMap { $0["name"] as? String })
        for cell in cells {
            for transition in cell["transitions"] as? [[String: Any]] ?? [] {
                #expect(names.contains(transition["target"] as? String ?? ""), "a target that is not a state")
            }
        }
    }

    @Test("table: the login machine's guarded cell")
    func tableCell() throws {
        let run = try fsm(["table", "login", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let cells = try #require(object["cells"] as? [[String: Any]])
        let cell = try #require(cells.first { $0["state"] as? String == "idle" && $0["event"] as? String == "logIn" })
        let transition = try #require((cell["transitions"] as? [[String: Any]])?.first)
        #expect(transition["target"] as? String == "loggingIn")
        #expect(transition["guard"] as? String == "ID and password filled")
        #expect(transition["effects"] as? [String] == ["disableInputs", "showActivityIndicator", "callLogIn"])
    }

    @Test("table in Markdown and CSV")
    func tableFormats() throws {
        #expect(try fsm(["table", "logout"]).stdout.hasPrefix("| from | event | guard | to | effects |\n"))
        #expect(try fsm(["table", "logout", "-f", "csv"]).stdout.hasPrefix("state,event,kind,guard,target,effects\r\n"))
        let bad = try fsm(["table", "logout", "--format", "xml"])
        #expect(bad.status == 64)
    }

    @Test("validate: 0 when clean, 64 for an unknown machine with a suggestion")
    func validate() throws {
        let clean = try fsm(["validate", "--strict"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "login: clean\nhome-loading: clean\nlogout: clean\nhome: clean\npasscode: clean\n")
        let unknown = try fsm(["validate", "logn"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown machine 'logn'; did you mean 'login'? (machines: login, home-loading, logout, home, passcode)"))
        #expect(unknown.stdout.isEmpty)
    }

    @Test("dot and mermaid print diagrams; a wrong state to highlight is bad usage")
    func diagrams() throws {
        let dot = try fsm(["dot", "home-loading", "--highlight", "failure(network)"])
        #expect(dot.status == 0)
        #expect(dot.stdout.hasPrefix("digraph \"home-loading\" {"))
        // (What every failure ignores is written once, in the group's label.)
        #expect(dot.stdout.contains("s3 [label=\"failure(network)\", style=\"rounded,filled\""))
        #expect(dot.stdout.contains("<TD>failure</TD></TR><TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"gray40\">ignored: startLoading</FONT>"))
        #expect(try fsm(["mermaid", "logout"]).stdout.contains("stateDiagram-v2"))
        let wrong = try fsm(["dot", "login", "--highlight", "logingIn"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("'login' has no state 'logingIn'; did you mean 'loggingIn'?"))
    }

    @Test("diagrams --check: 1 naming the stale files, 0 once written")
    func diagramsCheck() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stale = try fsm(["diagrams", "--check", "--output", directory.path])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains(directory.appendingPathComponent("login.dot").path + ": missing"))
        let write = try fsm(["diagrams", "--output", directory.path])
        #expect(write.status == 0)
        #expect(write.stdout.contains("wrote \(directory.path)/login.dot"))
        let check = try fsm(["diagrams", "--check", "--output", directory.path])
        #expect(check.status == 0)
        let again = try fsm(["diagrams", "--output", directory.path])
        #expect(!again.stdout.contains("wrote"))
    }

    @Test("bad usage exits 64")
    func usage() throws {
        #expect(try fsm(["frobnicate"]).status == 64)
        #expect(try fsm(["repl"]).status == 64)
        #expect(try fsm(["repl", "login", "--strict"]).status == 64)
        #expect(try fsm(["app", "--speed", "0"]).status == 64)
    }
}
