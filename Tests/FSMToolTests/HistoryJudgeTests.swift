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
            #expect(verdict.texts.contains(text), "\(text) not drawn; drawn: \(verdict.texts)")
        }
    }
}
