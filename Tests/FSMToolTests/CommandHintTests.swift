import FSM
import FSMREPL
import FSMTool
import Foundation
import Testing

/// A plain document whose `fsm:name` is a shell command: a hint built from it would run it.
let commandNamedDocument = """
    <?xml version="1.0" encoding="UTF-8"?>
    <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:fsm="urn:x-swift-fsm:scxml" version="1.0" initial="closed" fsm:name="door; touch pwned #">
      <state id="closed"><transition event="open" target="opened"/></state>
      <state id="opened"><transition event="close" target="closed"/></state>
    </scxml>

    """

@Suite("Hints that name a command quote it for the shell and name the file a machine came from")
struct CommandHintTests {
    @Test("POSIX quoting: plain words as they are, anything else in single quotes, a quote as '\\''")
    func quoting() {
        #expect(ShellText.quoted("login") == "login")
        #expect(ShellText.quoted("Diagrams/run-1.fsm") == "Diagrams/run-1.fsm")
        #expect(ShellText.quoted("") == "''")
        #expect(ShellText.quoted("my door's.scxml") == #"'my door'\''s.scxml'"#)
        #expect(ShellText.quoted("door; touch pwned #") == "'door; touch pwned #'")
        #expect(ShellText.quoted("$(x)`y`*?~") == "'$(x)`y`*?~'")
        #expect(ShellText.quoted("café") == "'café'")
        #expect(ShellText.command(["fsm", "repl", "a b", "--script", "it's"]) == #"fsm repl 'a b' --script 'it'\''s'"#)
    }

    @Test("the :save hint of an SCXML machine names the file as given, quoted, and the saved path quoted; sh runs it back")
    func saveHintOfADocument() async throws {
        let folder = try SCXMLImportTests.folder(with: ["my door's.scxml": commandNamedDocument])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run 1's.fsm").path
        let run = await tool(["repl", "my door's.scxml"], input: ["open", ":save \(path)"], in: folder)
        let quotedPath = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        #expect(run.stdout.contains(#"replay with: machines repl 'my door'\''s.scxml' --script "# + quotedPath), "\(run.stdout)")
        // Never handed to a shell when it holds the name's command (the old hint ran it).
        try #require(!run.stdout.contains("touch pwned"), "\(run.stdout)")
        // What a POSIX shell makes of the hint (in the test's folder): the same arguments, nothing run.
        let hint = try #require(run.stdout.split(separator: "\n").first { $0.contains("replay with: ") }.map { String($0.split(separator: "replay with: ", maxSplits: 1)[1]) })
        let shell = try Subprocess.run("/bin/sh", ["-c", "cd \(ShellText.quoted(folder.path)) && printf '%s\\n' \(hint)"], input: Data())
        #expect(String(decoding: shell.output, as: UTF8.self) == "machines\nrepl\nmy door's.scxml\n--script\n\(path)\n")
    }

    @Test("the explorer's replay hint of an SCXML machine names the file, quoted")
    func explorerHintOfADocument() async throws {
        let folder = try SCXMLImportTests.folder(with: ["my door's.scxml": commandNamedDocument])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["explore", "my door's.scxml", "--output", "-"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let start = try #require(run.stdout.range(of: "<script type=\"application/json\" id=\"fsm-model\">"))
        let end = try #require(run.stdout.range(of: "</script>", range: start.upperBound..<run.stdout.endIndex))
        let model = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        #expect(model["replay"] as? String == #"machines repl 'my door'\''s.scxml' --script"#)
        #expect(run.stdout.contains("\"Replay with: \" + M.replay"))
    }
}
