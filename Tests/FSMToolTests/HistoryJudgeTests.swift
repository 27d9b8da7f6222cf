import FSM
import FSMTool
import Foundation
import Testing
import TestSupport

/// The history machine (see `scxmlHistory`) drawn by the real renderers: its `H` and `H*`
/// pseudo-states, the edges that resume them and their dashed defaults.
@Suite("History drawn by Graphviz and real Mermaid")
struct HistoryJudgeTests {
    @Test("Graphviz draws H and H* as labelled circles, every edge that resumes them and their dashed defaults", .enabled(if: Graphviz.find() != nil, "Graphviz (dot) is not installed; CI installs it"))
    func graphviz() throws {
        let graphviz = try #require(Graphviz.find())
        let svg = String(decoding: try graphviz.svg(fromDOT: scxmlHistory.dot(DiagramOptions())), as: UTF8.self)
        // set's H and H*, tv's H and H*.
        for (id, label) in [("p0h", "H"), ("p0hd", "H*"), ("p1h", "H"), ("p1hd", "H*")] {
            guard let node = svg.range(of: "<title>\(id)</title>") else { Issue.record("\(id) is not drawn"); continue }
            let after = svg[node.upperBound...].prefix(400)
            #expect(after.contains("<ellipse"), "\(id) is a circle")
            #expect(after.contains(">\(label)</text>"), "\(id) is labelled \(label)")
        }
        for edge in ["s0&#45;&gt;p0h", "s0&#45;&gt;p0hd", "s1&#45;&gt;p1hd", "s4&#45;&gt;p1h", "p0h&#45;&gt;s2", "p1hd&#45;&gt;s4"] {
            #expect(svg.contains("<title>\(edge)</title>"), "\(edge) is drawn")
        }
        #expect(svg.contains("stroke-dasharray"), "defaults are dashed")
    }

    @Test("real Mermaid accepts the history machine and draws H, H* and every state", .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
    func mermaid() throws {
        let verdicts = try MermaidJudge.judge([scxmlHistory.mermaid(DiagramOptions())])
        let verdict = try #require(verdicts.first)
        #expect(verdict.ok, "\(verdict.error ?? "")")
        for text in ["off", "menu", "radio", "news", "film", "set", "tv", "H", "H*", "back [remembers] / back", "on / warm"] {
            #expect(verdict.shown.contains(text), "\(text) not drawn; drawn: \(verdict.texts)")
        }
    }
}

/// The history machine through the tool, as a user drives it.
@Suite("History through the tool")
struct HistoryToolTests {
    @Test("the REPL resumes where the parent was left; the table says history; validate is clean")
    func repl() async throws {
        let run = await tool(["repl", "history"], machines: [scxmlHistory], input: ["on", "tune", "next", "off", "onDeep", ":state", "off", "on", ":state"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("off --onDeep--> film"), "\(run.stdout)")
        #expect(run.stdout.contains("> :state\nset > tv > film\n"), "\(run.stdout)")
        #expect(run.stdout.contains("off --on--> news"), "\(run.stdout)")
        // Every cell, checked by hand against the declaration: a cell that resumes a history
        // names it and its default.
        let table = await tool(["table", "history"], machines: [scxmlHistory])
        #expect(table.stdout == """
            | from | event | guard | to | effects |
            |---|---|---|---|---|
            | off | on |  | history(set), default radio | warm |
            | off | onDeep |  | deep history(set), default radio |  |
            | off | off |  | (illegal) |  |
            | off | tune |  | (illegal) |  |
            | off | next |  | (illegal) |  |
            | off | menu |  | menu |  |
            | off | back |  | (illegal) |  |
            | off | rewind |  | (illegal) |  |
            | off | glitch |  | (illegal) |  |
            | off | home |  | (illegal) |  |
            | off | zap |  | (illegal) |  |
            | menu | on |  | (illegal) |  |
            | menu | onDeep |  | (illegal) |  |
            | menu | off |  | (illegal) |  |
            | menu | tune |  | (illegal) |  |
            | menu | next |  | (illegal) |  |
            | menu | menu |  | (illegal) |  |
            | menu | back | remembers | deep history(tv), default film | back |
            | menu | back |  | off |  |
            | menu | rewind |  | (illegal) |  |
            | menu | glitch |  | (illegal) |  |
            | menu | home |  | (illegal) |  |
            | menu | zap |  | (illegal) |  |
            | radio | on |  | (illegal) |  |
            | radio | onDeep |  | (illegal) |  |
            | radio | off |  | off (inherited from set) |  |
            | radio | tune |  | news |  |
            | radio | next |  | (illegal) |  |
            | radio | menu |  | (illegal) |  |
            | radio | back |  | (illegal) |  |
            | radio | rewind |  | (illegal) |  |
            | radio | glitch |  | deep history(set), default radio (inherited from set) |  |
            | radio | home |  | (illegal) |  |
            | radio | zap |  | (illegal) |  |
            | news | on |  | (illegal) |  |
            | news | onDeep |  | (illegal) |  |
            | news | off |  | off (inherited from set) |  |
            | news | tune |  | radio (inherited from tv) |  |
            | news | next |  | film |  |
            | news | menu |  | (illegal) |  |
            | news | back |  | (illegal) |  |
            | news | rewind |  | (illegal) |  |
            | news | glitch |  | deep history(set), default radio (inherited from set) |  |
            | news | home |  | (illegal) |  |
            | news | zap |  | deep history(set), default news |  |
            | film | on |  | (illegal) |  |
            | film | onDeep |  | (illegal) |  |
            | film | off |  | off (inherited from set) |  |
            | film | tune |  | radio (inherited from tv) |  |
            | film | next |  | news |  |
            | film | menu |  | (illegal) |  |
            | film | back |  | (illegal) |  |
            | film | rewind |  | history(tv), default news |  |
            | film | glitch |  | deep history(set), default radio (inherited from set) |  |
            | film | home |  | history(set), default radio |  |
            | film | zap |  | (illegal) |  |

            """)
        // :events in the menu: the guarded line resumes tv's deep history (the news, not its
        // default, the film), the other goes off.
        let events = await tool(["repl", "history"], machines: [scxmlHistory], input: ["on", "tune", "off", "menu", ":events"])
        #expect(events.stdout.contains("back -> news"), "\(events.stdout)")
        #expect(events.stdout.contains("    [remembers] -> deep history(tv), default film: holds\n    else -> off"), "\(events.stdout)")
        let validate = await tool(["validate", "history"], machines: [scxmlHistory])
        #expect(validate.status == 0 && validate.stdout == "history: clean\n", "\(validate.stdout)\(validate.stderr)")
    }

    @Test("the explorer shows a machine that resumes histories: its page is written and agrees with the REPL")
    func explorer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let run = await tool(["explore", "history", "--output", "history.html"], machines: [scxmlHistory], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: directory.appendingPathComponent("history.html"), encoding: .utf8)
        #expect(page.contains("deep history(tv): film"))
        #expect(try ExplorerAgreement.check(scxmlHistory, page: page).mismatches == [])
    }

    @Test("its document read back draws, tabulates and runs the same machine")
    func document() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-scxml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try scxmlHistory.scxml.write(to: folder.appendingPathComponent("history.scxml"), atomically: true, encoding: .utf8)
        let dot = await tool(["dot", "history.scxml"], in: folder)
        #expect(dot.status == 0 && dot.stdout == scxmlHistory.dot(), "\(dot.stderr)")
        let repl = await tool(["repl", "history.scxml"], input: ["onDeep", "tune", "next", "off", "onDeep"], in: folder)
        #expect(repl.stdout.contains("off --onDeep--> film"), "\(repl.stdout)")
    }
}
