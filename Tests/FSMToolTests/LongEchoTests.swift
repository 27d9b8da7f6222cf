import FSM
import FSMREPL
import FSMTool
import Foundation
import Testing

@Suite("Long input is echoed cut, with its size")
struct LongEchoTests {
    @Test("EchoedText: short text whole, long text cut to 200 scalars with its length")
    func echoedText() {
        #expect(EchoedText.quoted("abc") == "'abc'")
        let long = String(repeating: "a", count: 52_000)
        #expect(EchoedText.quoted(long) == "'" + String(repeating: "a", count: 200) + "…' (52,000 characters)")
        #expect(EchoedText.quoted(String(repeating: "é", count: 200)) == "'" + String(repeating: "é", count: 200) + "'")
        #expect(EchoedText.grouped(52_000_000) == "52,000,000")
        #expect(EchoedText.grouped(999) == "999")
        #expect(EchoedText.grouped(1_000) == "1,000")
    }

    @Test("a condition of 100 KB is echoed cut in the error")
    func longCondition() async throws {
        let atom = String(repeating: "x", count: 100_000)
        let document = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a" datamodel="ecmascript">
              <datamodel><data id="g" expr="true"/></datamodel>
              <state id="a"><transition event="go" cond="\(atom)" target="a"/></state>
            </scxml>
            """
        let folder = try SCXMLImportTests.folder(with: ["long.scxml": document])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["table", "long.scxml"], in: folder)
        #expect(run.status != 0)
        #expect(run.stderr.utf8.count < 2_000, "an error of \(run.stderr.utf8.count) bytes")
        #expect(run.stderr.contains("'" + String(repeating: "x", count: 200) + "…' (100,000 characters)"), "\(run.stderr.prefix(600))")
    }

    @Test("a name of a megabyte is echoed cut: an unknown target, an unknown machine, an unknown state to highlight")
    func longNames() async throws {
        let name = String(repeating: "n", count: 1_000_000)
        let document = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
              <state id="a"><transition event="go" target="\(name)"/></state>
            </scxml>
            """
        let folder = try SCXMLImportTests.folder(with: ["target.scxml": document])
        defer { try? FileManager.default.removeItem(at: folder) }
        let cut = "'" + String(repeating: "n", count: 200) + "…' (1,000,000 characters)"
        let target = await tool(["table", "target.scxml"], in: folder)
        #expect(target.status != 0)
        #expect(target.stderr.utf8.count < 2_000 && target.stderr.contains(cut), "\(target.stderr.prefix(600))")
        let argument = String(repeating: "m", count: 100_000)
        for arguments in [["table", argument], ["dot", "lamp", "--highlight", argument], ["validate", argument]] {
            let run = await tool(arguments)
            #expect(run.status == 64)
            #expect(run.stderr.utf8.count < 3_000, "\(arguments[0]): an error of \(run.stderr.utf8.count) bytes")
            #expect(run.stderr.contains("(100,000 characters)"), "\(run.stderr.prefix(600))")
        }
    }
}
