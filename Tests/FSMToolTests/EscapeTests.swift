import FSM
import FSMREPL
import FSMTerminal
import FSMTool
import TestSupport
import Foundation
import Testing

/// A document whose names hold escape sequences (ESC, BEL, CSI as U+009B) and bidi
/// controls: the machine's name, state ids and a log label (effect).
let escapingDocument = """
    <?xml version="1.0" encoding="UTF-8"?>
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a&#x1b;]0;PWN&#x7;" name="m&#x1b;[2J&#x202E;x" datamodel="ecmascript">
      <datamodel><data id="ok" expr="true"/></datamodel>
      <state id="a&#x1b;]0;PWN&#x7;">
        <transition event="go" cond="ok" target="b&#x200F;&#x61C;&#x9b;31m&#x2068;"><log label="fx&#x1b;[31m&#x2066;&#x2029;&#x85;"/></transition>
      </state>
      <state id="b&#x200F;&#x61C;&#x9b;31m&#x2068;">
        <transition event="back" target="a&#x1b;]0;PWN&#x7;"/>
      </state>
    </scxml>

    """

/// The scalars of `text` a terminal would act on or that reorder the text: C0 controls but
/// line feed (and tab where `allowingTab`), DEL, C1 controls, bidi controls, line and
/// paragraph separators; a CR only when it does not end a CSV line (`allowingCRLF`).
func rawControls(_ text: String, allowingTab: Bool = false, allowingCRLF: Bool = false) -> [String] {
    let scalars = Array(text.unicodeScalars)
    var found: [String] = []
    for (index, scalar) in scalars.enumerated() {
        if scalar == "\n" || (allowingTab && scalar == "\t") { continue }
        if scalar == "\r" && allowingCRLF && index + 1 < scalars.count && scalars[index + 1] == "\n" { continue }
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            found.append("U+" + String(scalar.value, radix: 16, uppercase: true))
        default: continue
        }
    }
    return found
}

@Suite("No escape sequence or bidi control from input reaches the output raw")
struct EscapeTests {
    static func folder(_ files: [String: String]) throws -> URL {
        try SCXMLImportTests.folder(with: files)
    }

    @Test("every command on a document with ESC, BEL, CSI and bidi controls in its names prints none of them raw",
          arguments: [
            ["table", "evil.scxml"], ["table", "evil.scxml", "--format", "csv"], ["table", "evil.scxml", "--format", "json"],
            ["dot", "evil.scxml"], ["mermaid", "evil.scxml"], ["scxml", "evil.scxml"], ["validate", "evil.scxml"], ["list"],
            ["repl", "evil.scxml"], ["dot", "evil.scxml", "--highlight", "nosuch\u{1B}[2J\u{202E}"],
          ])
    func documentNamesEscaped(arguments: [String]) async throws {
        let folder = try Self.folder(["evil.scxml": escapingDocument])
        let run = await tool(arguments, input: ["go", ":state", ":events", ":table", ":dot", ":guards", ":guard ok off", ":coverage", "back", "nosuch\u{1B}]0;x\u{07}"], in: folder)
        #expect(run.status == 0 || arguments.contains { $0.hasPrefix("nosuch") }, "\(run.stderr)")
        // Bytes, not only scalars: ESC and BEL must not be there in any form.
        let bytes = Array((run.stdout + run.stderr).utf8)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "ESC or BEL in the output of \(arguments)")
        // DOT keeps a tab (Graphviz draws it); CSV ends its lines with CRLF.
        let raw = rawControls(run.stdout + run.stderr, allowingTab: arguments[0] == "dot", allowingCRLF: arguments.contains("csv"))
        #expect(raw.isEmpty, "raw \(raw) in the output of \(arguments):\n\(run.stdout)\n\(run.stderr)")
    }

    @Test("the names are still all there, escaped: text as \\e and \\u{...}, JSON as \\u, DOT and SCXML as references, Mermaid as codes")
    func namesShownEscaped() async throws {
        let folder = try Self.folder(["evil.scxml": escapingDocument])
        let markdown = await tool(["table", "evil.scxml"], in: folder).stdout
        #expect(markdown.contains("| a\\e]0;PWN\\u{7} | go | ok | b\\u{200F}\\u{61C}\\u{9B}31m\\u{2068} | fx\\e[31m\\u{2066}\\u{2029}\\u{85} |"), "\(markdown)")
        let json = await tool(["table", "evil.scxml", "--format", "json"], in: folder).stdout
        #expect(json.contains(#""name": "b\u200f\u061c\u009b31m\u2068""#), "\(json)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(decoded["machine"] as? String == "m\u{1B}[2J\u{202E}x")
        let dot = await tool(["dot", "evil.scxml"], in: folder).stdout
        #expect(dot.contains("b&#8207;&#1564;&#155;31m&#8296;"), "\(dot)")
        let mermaid = await tool(["mermaid", "evil.scxml"], in: folder).stdout
        #expect(mermaid.contains("b#8207;#1564;#155;31m#8296;"), "\(mermaid)")
        #expect(mermaid.contains(#"title: "m\x1B[2J\u202Ex""#), "\(mermaid)")
        let scxml = await tool(["scxml", "evil.scxml"], in: folder).stdout
        #expect(scxml.contains("b&#x200F;&#x61C;&#x9B;31m&#x2068;"), "\(scxml)")
    }

    @Test("one set of characters: what TerminalText.visible escapes is C0 plus UnseenText, which the exports escape")
    func oneSet() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TerminalText.needsEscape(scalar) != (value < 0x20 || UnseenText.isUnseen(scalar)) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("an SCXML export with bidi and C1 names reads back as the same names")
    func scxmlRoundTrip() throws {
        let machine = try SCXMLImport.machine(text: escapingDocument, file: "evil.scxml")
        let again = try SCXMLImport.machine(text: machine._outline.scxml().text, file: "again.scxml")
        #expect(again.stateNames == machine.stateNames)
        #expect(again.name == machine.name)
        #expect(machine.stateNames.contains("b\u{200F}\u{061C}\u{9B}31m\u{2068}"))
    }
}

/// Names with bidi and C1 controls and separators: the exports write them as references or
/// codes, and the drawings still show them as given.
let unseenNames = ["x\u{202E}y", "iso\u{2066}late\u{2069}", "rl\u{200F}m\u{061C}", "csi\u{9B}31m", "ls\u{2028}ps\u{2029}x"]

@Suite("Bidi and C1 controls are written escaped and drawn as given")
struct UnseenDrawnTests {
    @Test("Graphviz draws each name as given from the DOT's references", .enabled(if: Graphviz.find() != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func graphviz() throws {
        let graphviz = try #require(Graphviz.find(), "Graphviz (dot) is not installed; CI installs it")
        for name in unseenNames {
            let dot = machine(named: name).dot()
            #expect(rawControls(dot, allowingTab: true).isEmpty, "\(name.debugDescription): raw in the DOT")
            let svg = String(decoding: try graphviz.svg(fromDOT: dot), as: UTF8.self)
            for expected in [name + " 1", name + " 2"] {
                #expect(svg.contains(">" + expected + "</text>"), "\(expected.debugDescription) is not drawn as such")
            }
        }
    }

    @Test("Mermaid's title reads back as the name (YAML), and real Mermaid draws every state and label as given", .enabled(if: YAML.available || MermaidJudge.runs))
    func mermaid() throws {
        let texts = unseenNames.map { machine(named: $0).mermaid() }
        for (name, text) in zip(unseenNames, texts) {
            #expect(rawControls(text).isEmpty, "\(name.debugDescription): raw in the Mermaid text")
            if YAML.available { #expect(try YAML.title(of: String(text.split(separator: "\n")[1])) == name) }
        }
        guard MermaidJudge.runs else { return }
        let verdicts = try MermaidJudge.judge(texts)
        for (name, verdict) in zip(unseenNames, verdicts) {
            #expect(verdict.ok, "\(name.debugDescription): \(verdict.error ?? "")")
            for expected in MermaidJudgeTests.expectedTexts(for: name) {
                #expect(verdict.shown.contains(expected), "\(expected.debugDescription) is not drawn as such; drawn: \(verdict.texts)")
            }
        }
    }
}
