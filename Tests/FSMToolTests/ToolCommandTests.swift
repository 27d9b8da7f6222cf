import ArgumentParser
import FSM
import FSMREPL
@testable import FSMTool
import Foundation
import Testing

@Suite("The tool over a catalog of your own machines")
struct ToolCommandTests {
    @Test("list: one machine a line, with its counts and summary")
    func list() async {
        let run = await tool(["list"])
        #expect(run.status == 0)
        #expect(run.stdout == """
        turnstile  3 states  3 events  A coin unlocks it, a push locks it again.
        lamp       2 states  2 events

        """)
        #expect(run.stderr.isEmpty)
    }

    @Test("table --format json: every cell of the machine asked for")
    func tableJSON() async throws {
        let run = await tool(["table", "lamp", "--format", "json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["machine"] as? String == "lamp")
        #expect((object["cells"] as? [[String: Any]])?.count == 4)
        #expect(run.stdout == lamp.table.json)
    }

    @Test("table, dot and mermaid print the library's exports byte for byte")
    func exports() async {
        #expect(await tool(["table", "turnstile"]).stdout == turnstile.table.markdown)
        #expect(await tool(["table", "turnstile", "-f", "csv"]).stdout == turnstile.table.csv)
        #expect(await tool(["dot", "turnstile"]).stdout == turnstile.dot())
        #expect(await tool(["dot", "turnstile", "--highlight", "unlocked"]).stdout == turnstile.dot(highlighting: .unlocked))
        #expect(await tool(["mermaid", "lamp"]).stdout == lamp.mermaid())
    }

    @Test("an unknown machine is a usage error with the command's own usage and a suggestion")
    func unknownMachine() async {
        let run = await tool(["table", "turnstyle"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
        Error: unknown machine 'turnstyle'; did you mean 'turnstile'? (machines: turnstile, lamp)
        Usage: machines table <machine> [--format <format>] [--all-effects]
          See 'machines table --help' for more.

        """)
    }

    @Test("an unknown state to highlight is a usage error naming the states")
    func unknownState() async {
        let run = await tool(["dot", "turnstile", "--highlight", "unlockd"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: 'turnstile' has no state 'unlockd'; did you mean 'unlocked'? (states: locked, unlocked, broken)\nUsage: machines dot "))
    }

    @Test("control characters in arguments come back escaped, never raw", arguments: [
        "tab\u{1B}]0;PWNED\u{07}le", "\u{1B}[2J", "a\u{9B}31mb", "x\u{202E}y", "line\nbreak",
    ])
    func escapedArguments(name: String) async {
        for arguments in [["table", name], ["dot", "lamp", "--highlight", name], ["validate", name], ["table", "lamp", "--format", name], ["nosuch-\(name)"]] {
            let run = await tool(arguments)
            #expect(run.status == 64)
            let raw = (run.stdout + run.stderr).unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) }
            #expect(raw.isEmpty, "raw control characters in the output of \(arguments)")
        }
    }

    @Test("validate: clean machines exit 0; a name given many times is checked once")
    func validate() async {
        let all = await tool(["validate", "--strict"])
        #expect(all.status == 0)
        #expect(all.stdout == "turnstile: clean\nlamp: clean\n")
        let repeated = await tool(["validate"] + Array(repeating: "lamp", count: 50_000) + ["--strict", "--strict"])
        #expect(repeated.status == 0)
        #expect(repeated.stdout == "lamp: clean\n")
    }

    @Test("repeats are collapsed before parsing for validate only, keeping the first of each and anything after --")
    func collapsingRepeats() {
        #expect(FSMTool.collapsingRepeats(["validate", "a", "b", "a", "--strict", "--strict"]) == ["validate", "a", "b", "--strict"])
        #expect(FSMTool.collapsingRepeats(["repl", "a", "a"]) == ["repl", "a", "a"])
        #expect(FSMTool.collapsingRepeats(["validate", "--", "a", "a"]) == ["validate", "--", "a", "a"])
    }

    @Test("validate: a machine with diagnostics exits 1 with one line per diagnostic")
    func validateFinding() async {
        let broken = MachineDefinition<Bulb, String, Never, Void>(name: "broken", initial: .off, events: ["switch", "unplug"]) {
            In(.off) { On("switch", to: .on) }
            In(.on) {}
        }
        let run = await tool(["validate"], machines: [broken, lamp])
        #expect(run.status == 1)
        #expect(run.stdout == """
        broken: warning: state 'on' is not final and has no transition to another state [deadEnd]
        broken: warning: event 'unplug' is handled or ignored by no state [unusedEvent]
        lamp: clean

        """)
    }

    @Test("two machines with one name cannot make a tool: exit 70 with what to fix")
    func duplicateNames() async {
        let run = await tool(["list"], machines: [lamp, turnstile, lamp])
        #expect(run.status == 70)
        #expect(run.stderr == "error: two machines are named 'lamp': give each machine of the tool a name of its own\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("--help goes to standard output and lists the machines")
    func help() async {
        let run = await tool(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: machines <subcommand>"))
        #expect(run.stdout.contains("Machines: turnstile, lamp."))
        #expect(run.stdout.contains("repl"))
    }

    @Test("a tool's own subcommand runs beside the built-in ones and sees the catalog")
    func extraSubcommand() async {
        let run = await tool(["count"], subcommands: [Count.self])
        #expect(run.status == 0)
        #expect(run.stdout == "2 machines: turnstile, lamp\n")
        #expect(await tool(["--help"], subcommands: [Count.self]).stdout.contains("count"))
    }
}

/// A tool's own subcommand.
struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Count the machines.")
    func run() throws {
        let context = ToolContext.current
        try context.io.print("\(context.catalog.machines.count) machines: \(context.catalog.names.joined(separator: ", "))")
    }
}

@Suite("repl through a pipe and from scripts")
struct ToolReplTests {
    @Test("lines through a pipe are echoed after '> ' with what they did, and the final state")
    func pipe() async {
        let run = await tool(["repl", "turnstile"], input: ["coin", "coin", "push", "push", "kick", ":state"])
        #expect(run.status == 0)
        #expect(run.stdout == """
        > coin
        locked --coin--> unlocked / unlock
        > coin
        unlocked --coin--> unlocked (internal) / refund
        > push
        unlocked --push--> locked / lock
        > push
        error: illegal transition: 'push' is not permitted in state 'locked': declared illegal (permitted: coin, kick); nothing changed
        > kick
        locked --kick--> broken / alarm
        > :state
        broken
        state: broken

        """)
    }

    @Test("a line with control characters is echoed and rejected with them escaped")
    func controlCharacters() async {
        let run = await tool(["repl", "lamp"], input: ["sw\u{1B}[2Jitch\u{07}"])
        #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(run.stdout.hasPrefix("> sw\\e[2Jitch\\u{7}\n"))
    }

    @Test("a script replays, and its :save is refused: it never writes a file")
    func scriptNeverWrites() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("victim.txt")
        try "keep me".write(to: target, atomically: true, encoding: .utf8)
        try "coin\n:save \(target.path)\npush\n".write(to: folder.appendingPathComponent("run.fsm"), atomically: true, encoding: .utf8)
        let run = await tool(["repl", "turnstile", "--script", "run.fsm"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.contains("error: cannot write \(target.path): a replayed script does not write files (use :save or :snapshot at the prompt)"))
        #expect(run.stdout.hasSuffix("state: locked\n"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")
    }

    @Test("--strict stops at the first rejected line with exit 1 and its line number")
    func strictScript() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "coin\npush\npush\ncoin\n".write(to: folder.appendingPathComponent("bad.fsm"), atomically: true, encoding: .utf8)
        let run = await tool(["repl", "turnstile", "--script", "bad.fsm", "--strict"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "bad.fsm:3: rejected: push\n")
    }

    @Test("a missing script is one plain usage error")
    func missingScript() async {
        let run = await tool(["repl", "turnstile", "--script", "/nonexistent/run.fsm"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: cannot read the script '/nonexistent/run.fsm': "))
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test("a session's :save hint names the tool that replays it")
    func saveHint() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.fsm").path
        let run = await tool(["repl", "turnstile"], input: ["coin", ":save \(path)"])
        #expect(run.stdout.contains("saved 1 line(s) to \(path); replay with: machines repl turnstile --script \(path)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "coin\n")
    }
}
