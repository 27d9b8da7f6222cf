import FSM
import FSMTool
import FSMREPL
import Foundation
import Testing
import TestSupport

/// A door written by hand in SCXML, without any `fsm:` attribute: what a user brings.
let handWrittenDoor = """
    <?xml version="1.0" encoding="UTF-8"?>
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="closed" name="door" datamodel="ecmascript">
      <datamodel><data id="hasKey" expr="true"/></datamodel>
      <state id="closed">
        <transition event="open" target="opened"><log label="creak"/></transition>
        <transition event="lock" cond="hasKey" target="locked"/>
      </state>
      <state id="opened">
        <onentry><log label="lightOn"/></onentry>
        <transition event="close" target="closed"/>
      </state>
      <state id="locked">
        <onexit><log label="click"/></onexit>
        <transition event="unlock" cond="hasKey" target="closed"/>
      </state>
    </scxml>

    """

@Suite("SCXML in: a document read as a machine, for every command")
struct SCXMLImportTests {
    static func folder(with files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scxml-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    static func read(_ text: String) throws(SCXMLImport.Failure) -> any MachineDescribing {
        try SCXMLImport.machine(text: text, file: "doc.scxml")
    }

    @Test("a hand-written door: table, dot, validate and a REPL session through the tool")
    func handWritten() async throws {
        let folder = try Self.folder(with: ["door.scxml": handWrittenDoor])
        let table = await tool(["table", "door.scxml"], in: folder)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout == """
            | from | event | guard | to | effects |
            |---|---|---|---|---|
            | closed | open |  | opened | creak |
            | closed | lock | hasKey | locked |  |
            | closed | close |  | (illegal) |  |
            | closed | unlock |  | (illegal) |  |
            | opened | open |  | (illegal) |  |
            | opened | lock |  | (illegal) |  |
            | opened | close |  | closed |  |
            | opened | unlock |  | (illegal) |  |
            | locked | open |  | (illegal) |  |
            | locked | lock |  | (illegal) |  |
            | locked | close |  | (illegal) |  |
            | locked | unlock | hasKey | closed |  |

            """)
        let dot = await tool(["dot", "door.scxml"], in: folder)
        #expect(dot.status == 0 && dot.stdout.contains("label=\" lock [hasKey] \""), "\(dot.stdout)")
        let validate = await tool(["validate", "door.scxml"], in: folder)
        #expect(validate.stdout == "door.scxml: clean\n")
        let repl = await tool(["repl", "door.scxml"], input: ["lock", "open", ":guard hasKey off", "unlock", ":state"], in: folder)
        #expect(repl.stdout.contains("closed --lock--> locked"))
        #expect(repl.stdout.contains("error: illegal transition: 'open' is not permitted in state 'locked': no transition (permitted: unlock); nothing changed"), "\(repl.stdout)")
        #expect(repl.stdout.contains("'unlock' is not permitted in state 'locked': guard 'hasKey' not met"), "\(repl.stdout)")
        #expect(repl.stdout.hasSuffix("state: locked\n"), "\(repl.stdout)")
    }

    /// Every machine the SCXML tests export, and the shipped ones' kinds: written, read back.
    /// The test machines SCXML's judges run, and those of the other suites here.
    static let everyMachine = scxmlMachines + [("usb", usbDevice), ("elevator", elevatorCar), ("usb-effects", usbWithEffects)]
        + matrixFeatures.map { ("matrix: \($0.feature)", $0.machine) }

    @Test("read back, every exported machine is the machine: the same table, cell for cell, and the same document", arguments: everyMachine.map(\.0))
    func roundTrip(file: String) throws {
        let machine = try #require(Self.everyMachine.first { $0.0 == file }).1
        let document = machine._outline.scxml().text
        let read = try Self.read(document)
        #expect(read._outline.scxml().text == document, "the document of the machine read back")
        #expect(read.name == machine.name)
        #expect(read.stateNames.count == machine.stateNames.count)
        #expect(read.eventNames == machine.eventNames)
        if machine.regionStateNames.isEmpty {
            #expect(read.tableText(.markdown) == machine.tableText(.markdown))
            #expect(read.stateNames == machine.stateNames)
        } else {
            #expect(read.regionStateNames.map(\.states) == machine.regionStateNames.map(\.states))
        }
        // The combined states of a parallel machine are named by its own type; read back,
        // by the regions' states: the findings are the same, in other words.
        let findings = (read.validate(.strict), machine.validate(.strict))
        #expect(findings.0.map(\.kind) == findings.1.map(\.kind))
        if machine.regionStateNames.isEmpty { #expect(findings.0.map(\.message) == findings.1.map(\.message)) }
    }

    @Test("what SCXML says that this tool does not read: refused with the line and the reason", arguments: [
        ("<state id=\"a\"><state id=\"b\"/><history id=\"h\"/></state>", 3, "a <history> is read with exactly one <transition target=\"ID\"/> inside, its default (no event, condition or content), and nothing else"),
        ("<state id=\"a\"><state id=\"b\"/><history id=\"h\"><transition target=\"b\"><log label=\"x\"/></transition></history></state>", 3, "a <history> is read with exactly one <transition"),
        ("<state id=\"p\"><state id=\"a\"/><history id=\"x\"><transition target=\"a\"/></history>\n<state id=\"x\"/></state>", 4, "the id 'x' is used twice"),
        ("<state id=\"p\"><state id=\"a\"/><history id=\"h\"><transition target=\"g\"/></history><history id=\"g\"><transition target=\"a\"/></history></state>", 3, "the default 'g' of the history 'h' is another history, not a state"),
        ("<state id=\"a\"><state id=\"b\"/><history id=\"h\" type=\"wide\"><transition target=\"b\"/></history></state>", 3, "a <history> of type 'wide' (shallow or deep)"),
        ("<state id=\"a\"><history id=\"h\"><transition target=\"a\"/></history></state>", 3, "a <history> in 'a', which has no states inside"),
        ("<state id=\"p\"><state id=\"a\"/><history id=\"h\"><transition target=\"q\"/></history></state><state id=\"q\"/>", 3, "the default 'q' of the history 'h' is not a state inside 'p'"),
        ("<state id=\"p\"><state id=\"a\"/>\n<history id=\"a\"><transition target=\"a\"/></history></state>", 4, "the id 'a' is used twice"),
        ("<state id=\"a\"><transition/></state>", 3, "a transition without an event needs one target (and no type)"),
        ("<state id=\"a\"><transition target=\"a\"><raise event=\"x\"/></transition></state>", 3, "raising internal events"),
        ("<state id=\"a\"><onentry><raise event=\"x\"/></onentry></state>", 3, "<raise> is not supported: raising internal events"),
        ("<state id=\"a\"><transition event=\"go\" target=\"b\"><assign location=\"x\" expr=\"1\"/></transition></state><state id=\"b\"/>", 3, "<assign> is not supported"),
        ("<state id=\"a\"><parallel id=\"p\"><parallel id=\"q\"><state id=\"r\"><state id=\"x\"/></state></parallel></parallel></state>", 3, "a <parallel> directly in a <parallel>: regions inside a region are not supported yet"),
        ("<state id=\"a\"><transition event=\"go\" cond=\"In('a')\" target=\"a\"/></state>", 3, "In(...) is not supported"),
        ("<state id=\"a\"><transition event=\"go\" cond=\"x &gt; 1\" target=\"a\"/></state>", 3, "the condition 'x > 1'"),
        ("<state id=\"a\"><transition event=\"go\" target=\"nowhere\"/></state>", 3, "the target 'nowhere' is not a state of the document"),
        ("<state id=\"a\"><transition event=\"go..x\" target=\"a\"/></state>", 3, "'go..x' is not an event name or descriptor"),
        ("<state id=\"a\"><transition event=\".\" target=\"a\"/></state>", 3, "'.' is not an event name or descriptor"),
        // Found by fuzzing: an initial attribute naming its own state (with a space) entered it again without end.
        ("<state id=\"s0\"><transition event=\"go\" target=\"s1\"/></state><state id=\"s1\" initial=\"s1 \"><state id=\"s11\"/></state>", 3, "the initial state 's1' of 's1' is not inside it"),
        ("<state id=\"a\"><onentry><send event=\"t\" id=\"t\" delay=\"1s\"/></onentry><onexit><cancel sendid=\"t\"/></onexit><transition event=\"*\" target=\"b\"/><transition event=\"t\" target=\"a\"/></state><state id=\"b\"/>", 3, "the descriptor '*' would also take the event of a timer"),
        ("<parallel id=\"p\"><state id=\"r\"><transition event=\"go\" target=\"y\"/><state id=\"x\"/><state id=\"y\"/></state><state id=\"s\"/></parallel>", 3, "a transition of the region 'r' itself, with a target: SCXML leaves the whole <parallel>"),
        ("<parallel id=\"p\"><state id=\"r\"><state id=\"x\"><transition event=\"go\" target=\"r\"/></state></state><state id=\"s\"/></parallel>", 3, "the target 'r' is outside the region 'r'"),
        ("<state id=\"a\"><transition event=\"error.*\" target=\"a\"/></state>", 3, "an event the interpreter raises itself"),
        ("<state id=\"a\"><transition event=\"done.state.a\" target=\"a\"/></state>", 3, "done.state.a on a state without states inside: it never completes"),
        ("<state id=\"a\"><transition event=\"done.state.b\" target=\"a\"/></state>", 3, "only a state's own completion, done.state.ID in the state ID, is read"),
        ("<state id=\"a\"><transition event=\"go\" target=\"a b\"/></state><state id=\"b\"/>", 3, "several states entered at once (initial states or a transition's targets) that are not in the regions of one <parallel>"),
        ("<state id=\"p\"><transition event=\"go\" target=\"p\"/><final id=\"f\"/></state>", 3, "SCXML takes it from there"),
        ("<state id=\"p\"><transition event=\"go\" target=\"q\"/><state id=\"a\">\n<transition event=\"go\" cond=\"g\" target=\"a\"/></state></state><state id=\"q\"/>", 4, "SCXML passes the event to the parent"),
        ("<state id=\"a\"/><state id=\"a\"/>", 3, "the id 'a' is used twice"),
        ("<state id=\"a\"><invoke src=\"x.scxml\"/></state>", 3, "<invoke> is not supported"),
        ("<script>x = 1</script><state id=\"a\"/>", 3, "<script> is not supported"),
        ("<parallel id=\"p\"><state id=\"r\"><state id=\"x\"><transition event=\"go\" target=\"s\"/></state></state><state id=\"s\"/></parallel>", 3, "the target 's' is outside the region 'r'"),
        ("<parallel id=\"p\"><state id=\"r\"><state id=\"x\"><transition target=\"out\"/></state></state><state id=\"s\"/></parallel><state id=\"out\"/>", 3, "the target 'out' is outside the region 'r'"),
        ("<parallel id=\"p\"><state id=\"r\"><state id=\"x\">\n<transition event=\"go\" target=\"y\"/></state></state><state id=\"s\"><state id=\"y\"/></state></parallel>", 4, "the target 'y' is outside the region 'r'"),
        ("<state id=\"a\"><transition event=\"go\" target=\"a\" fsm:kind=\"ignore\"/></state>", 3, "fsm:kind=\"ignore\" on a transition that SCXML would take otherwise"),
        ("<state id=\"p\"><transition event=\"go\" target=\"p\"/><state id=\"a\" fsm:ignore=\"go\"/></state>", 3, "fsm:ignore or fsm:illegal names 'go', which a parent of 'a' takes"),
        ("<state id=\"a\"><onentry><send event=\"t\" id=\"t\" delay=\"1s\"/></onentry><transition event=\"t\" target=\"a\"/></state>", 3, "the timer 't' is not cancelled on exit"),
        ("<state id=\"a\"><onentry><send event=\"t\" id=\"t\" delay=\"99999999999999999999s\"/></onentry><onexit><cancel sendid=\"t\"/></onexit><transition event=\"t\" target=\"a\"/></state>", 3, "is not a duration"),
        ("<state id=\"a\"><transition event=\"go\" cond=\"" + String(repeating: "!", count: 500) + "g\" target=\"a\"/></state>", 3, "it nests more than 100 deep"),
        ("<state id=\"a\"><transition event=\"go\" condition=\"g\" target=\"a\"/></state>", 3, "<transition> has no attribute 'condition' this tool reads"),
        ("<state id=\"a\" fsm:colour=\"red\"/>", 3, "fsm:colour is not an attribute"),
    ])
    func refused(body: String, line: Int, message: String) throws {
        let document = "<?xml version=\"1.0\"?>\n<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" xmlns:fsm=\"urn:x-swift-fsm:scxml\" version=\"1.0\" datamodel=\"ecmascript\">\n<datamodel><data id=\"g\" expr=\"true\"/></datamodel>" + body + "\n</scxml>\n"
        do {
            _ = try Self.read(document)
            Issue.record("read: \(body)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(message), "\(error)")
            #expect(error.description.hasPrefix("doc.scxml:\(line): "))
        }
    }

    @Test("not an SCXML document, or not XML: the line and what is wrong", arguments: [
        ("<scxml version=\"1.0\"><state id=\"a\"/></scxml>", 1, "not an SCXML document"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE scxml [<!ENTITY a \"aaaa\">]>\n<scxml/>", 2, "<!DOCTYPE> is not read"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n<state id=\"a\">\n</scxml>", 3, "</scxml> closes <state> of line 2"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n<state id=\"a&b\"/></scxml>", 2, "an '&' that starts no reference"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"&x;\"/></scxml>", 1, "the entity '&x;' is not one of XML's"),
        ("", 1, "the document is empty"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><x:state id=\"a\"/></scxml>", 1, "the prefix 'x' of 'x:state' is not declared"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"></scxml>", 1, "the document has no state"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" initial=\"a b\"><state id=\"a\"/><state id=\"b\"/></scxml>", 1, "several states entered at once (initial states or a transition's targets) that are not in the regions of one <parallel>"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><datamodel><data id=\"g\"/></datamodel><state id=\"a\"/></scxml>", 1, "need datamodel=\"ecmascript\""),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" datamodel=\"ecmascript\">\r<datamodel><data id=\"g\" expr=\"false\"/></datamodel><state id=\"a\"/></scxml>", 2, "starts false: guards here start on"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\r\r<state id=\"a\"><invoke/></state></scxml>", 3, "<invoke> is not supported"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"a\"/></scxml>\n<extra/>", 2, "an element after the root element"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n<state id=\"a>\n<state id=\"b\"/></state></scxml>", 2, "'<' in the value of 'id' (is its quote closed?)"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">" + String(repeating: "<state id=\"s\">", count: 300), 1, "elements nested more than 200 deep"),
    ])
    func malformed(text: String, line: Int, message: String) {
        do {
            _ = try Self.read(text)
            Issue.record("read: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("read as SCXML means it: a parent entered at a child that is a parent, a datamodel after the states, an internal transition, a timer")
    func meanings() throws {
        let machine = try Self.read("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <state id="P"><state id="Q"><state id="q1"><transition event="go" target="r"/></state></state><state id="r">
                <onentry><send event="tick" id="tick" delay="1.5ms"/></onentry><onexit><cancel sendid="tick"/></onexit>
                <transition event="tick" cond="g === false" target="q1"/><transition event="poke"><log label="poked"/></transition></state></state>
              <datamodel><data id="g" expr="true"/></datamodel>
            </scxml>
            """)
        #expect(machine.validate(.standard).filter { $0.severity == .error }.isEmpty)
        let session = try machine.makeSession { _, _ in }
        #expect(session.stateName == "q1", "P enters Q, Q enters q1")
        #expect(session.handle("go").text == "q1 --go--> r [P > r]")
        #expect(session.handle("poke").text == "r --poke--> r [P > r] (internal) / poked")
        #expect(session.handle(":guard g off").text == "g: off")
        #expect(session.handle(":advance 2ms").text.hasPrefix("[1500 µs] r --after 1500 µs--> q1 [P > Q > q1]"), "\(session.handle(":state").text)")
    }

    @Test("what SCXML says and the DSL expresses is read as SCXML means it: descriptors, document order, literal conditions, logged expressions, regions of one state or with lines of their own", arguments: [
        // `*` is every event, `go` also takes `go.x`; of two lines on one event the first is taken.
        ("<state id=\"a\"><transition event=\"go.x\" target=\"b\"/><transition event=\".*\" target=\"c\"/></state><state id=\"b\"><transition event=\"go\" target=\"a\"/></state><state id=\"c\"><transition event=\"go.*\" target=\"a\"/></state>",
         ["| a | go.x |  | b |  |", "| a | go |  | c |  |", "| b | go.x |  | a |  |", "| b | go |  | a |  |", "| c | go.x |  | a |  |", "| c | go |  | a |  |"]),
        ("<state id=\"a\"><transition event=\"go\" target=\"b\"/><transition event=\"go\" target=\"a\"/><transition event=\"go\" cond=\"g\" target=\"a\"/></state><state id=\"b\"/>",
         ["| a | go |  | b |  |", "| b | go |  | (illegal) |  |"]),
        ("<state id=\"a\"><transition event=\"go\" cond=\"false\" target=\"a\"/><transition event=\"go\" cond=\" true \" target=\"b\"><log expr=\"'left a'\"/><log label=\"at\" expr=\"_event.name\"/></transition></state><state id=\"b\"/>",
         ["| a | go |  | b | left a, at: _event.name |", "| b | go |  | (illegal) |  |"]),
        // A region with an entry effect and a line without a target of its own; another of one state.
        ("<parallel id=\"p\"><state id=\"r\"><onentry><log label=\"r+\"/></onentry><transition event=\"poke\"><log label=\"poked\"/></transition><state id=\"x\"><transition event=\"go\" target=\"y\"/></state><state id=\"y\"/></state><state id=\"s\"/></parallel>",
         ["| (x, s) | poke |  | (x, s) (internal) | poked |", "| (x, s) | go |  | (y, s) |  |", "| (y, s) | poke |  | (y, s) (internal) | poked |", "| (y, s) | go |  | (illegal) |  |"]),
        // Literal conditions on lines without an event; an fsm:kind line ends the event's lines;
        // an expression logged as written.
        ("<state id=\"a\"><transition cond=\"false\" target=\"c\"/><transition cond=\"true\" target=\"b\"><log expr=\"'x' + 'y'\"/></transition></state><state id=\"b\"><transition event=\"go\" fsm:kind=\"ignore\"/><transition event=\"*\" target=\"c\"/></state><state id=\"c\"/>",
         ["| a | go |  | (illegal) |  |", "| a | (always) |  | b | 'x' + 'y' |", "| b | go |  | (ignored) |  |", "| c | go |  | (illegal) |  |"]),
        // `go.*` that no event of the document matches: the event `go`.
        ("<state id=\"a\"><transition event=\"go.*\" target=\"b\"/></state><state id=\"b\"/>",
         ["| a | go |  | b |  |", "| b | go |  | (illegal) |  |"]),
        // A completion to a compound state; a <parallel> entered with a region of one state.
        ("<state id=\"s0\" initial=\"s01\"><transition event=\"done.state.s0\" target=\"s1\"/><state id=\"s01\"><transition event=\"t\" target=\"s02\"/></state><final id=\"s02\"/></state><state id=\"s1\" initial=\"s11\"><state id=\"s11\"><transition event=\"t\" target=\"p\"/></state></state><parallel id=\"p\"><state id=\"a\"/><state id=\"r\"><state id=\"x\"/></state></parallel>",
         ["| s01 | t |  | s02 |  |", "| s02 | t |  | (illegal) |  |", "| s02 | (done) |  | s11 (inherited from s0) |  |", "| s11 | t |  | p(a, x) |  |", "| p(a, x) | t |  | (illegal) |  |"]),
    ])
    func readAsSCXMLMeansIt(body: String, rows: [String]) throws {
        let document = "<?xml version=\"1.0\"?>\n<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" xmlns:fsm=\"urn:x-swift-fsm:scxml\" version=\"1.0\" datamodel=\"ecmascript\">\n<datamodel><data id=\"g\" expr=\"true\"/></datamodel>" + body + "\n</scxml>\n"
        let machine = try Self.read(document)
        #expect(machine.validate(.standard).filter { $0.severity == .error }.isEmpty, "\(machine.validate(.standard))")
        let table = machine.tableText(.markdown).split(separator: "\n").dropFirst(2).map(String.init)
        #expect(table == rows, "\(table)")
        // Written out and read again, the machine is the same.
        let again = try Self.read(machine._outline.scxml().text)
        #expect(again.tableText(.markdown) == machine.tableText(.markdown))
    }

    @Test("descriptors that would expand past a million transitions are refused, with the line of the first one past it")
    func expansionBound() {
        let events = (0..<1_001).map { "<transition event=\"e\($0)\" target=\"s0\"/>" }.joined()
        let states = (1..<1_001).map { "<state id=\"s\($0)\"><transition event=\"*\" target=\"s0\"/></state>" }.joined(separator: "\n")
        let document = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\">\n<state id=\"s0\">\(events)</state>\n\(states)\n</scxml>\n"
        do {
            _ = try Self.read(document)
            Issue.record("read")
        } catch {
            #expect(error.description.contains("the event descriptors expand to more than 1000000 transitions"), "\(error)")
            #expect(error.line > 2)
        }
    }

    @Test("validate: documents are named by their files (one may share a machine's name), and an unreadable one does not hide the others")
    func validateDocuments() async throws {
        let orphan = turnstile.scxml.replacingOccurrences(of: "</scxml>", with: "  <state id=\"orphan\"/>\n</scxml>")
        let folder = try Self.folder(with: ["t.scxml": orphan, "bad.scxml": "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n<state id=\"a\"><onentry><raise event=\"x\"/></onentry></state></scxml>"])
        let run = await tool(["validate", "turnstile", "t.scxml", "bad.scxml", "lamp"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("turnstile: clean\nt.scxml: warning: state 'orphan' cannot be reached"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("lamp: clean\n"), "\(run.stdout)")
        #expect(run.stderr == "machines: bad.scxml:2: <raise> is not supported: raising internal events (micro-steps inside one event) is not supported yet\n", "\(run.stderr)")
    }

    @Test("through the tool: a refused document is exit 1 with file and line; a missing file, a folder and a FIFO are refused without waiting")
    func toolErrors() async throws {
        let folder = try Self.folder(with: ["bad.scxml": "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n<state id=\"a\"><invoke/></state></scxml>"])
        let bad = await tool(["table", "bad.scxml"], in: folder)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.scxml:2: <invoke> is not supported"), "\(bad.stderr)")
        let article = try String(contentsOf: packageRoot.appendingPathComponent("Sources/FSM/Documentation.docc/SCXMLConformance.md"), encoding: .utf8)
        #expect(article.contains("$ fsm table bad.scxml\n" + bad.stderr), "the article shows what the tool prints")
        let missing = await tool(["dot", "missing.scxml"], in: folder)
        #expect(missing.status == 1 && missing.stderr.contains("missing.scxml: cannot be read"), "\(missing.stderr)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.scxml"), withIntermediateDirectories: true)
        let directory = await tool(["dot", "dir.scxml"], in: folder)
        #expect(directory.status == 1 && directory.stderr.contains("cannot be read"), "\(directory.stderr)")
        #expect(mkfifo(folder.appendingPathComponent("fifo.scxml").path, 0o600) == 0)
        let fifo = await tool(["dot", "fifo.scxml"], in: folder)
        #expect(fifo.status == 1 && fifo.stderr.contains("cannot be read"), "\(fifo.stderr)")
    }
}
