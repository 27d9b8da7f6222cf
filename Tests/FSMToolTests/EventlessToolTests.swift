import FSM
import FSMTool
import Foundation
import Testing
import TestSupport

/// The machine with transitions without an event (see `scxmlEventless`) through the tool and
/// drawn by the real renderers.
@Suite("Transitions without an event through the tool")
struct EventlessToolTests {
    @Test("the table lists each state's lines without an event after its cells, in the order they are tried, inherited ones named; checked by hand")
    func table() async {
        let table = await tool(["table", "eventless"], machines: [scxmlEventless])
        #expect(table.status == 0)
        #expect(table.stdout == """
            | from | event | guard | to | effects |
            |---|---|---|---|---|
            | cart | submit |  | checking | submit |
            | cart | retry |  | (illegal) |  |
            | cart | ship |  | (illegal) |  |
            | cart | poke |  | (illegal) |  |
            | cart | note |  | (illegal) |  |
            | cart | reset |  | (illegal) |  |
            | checking | submit |  | (illegal) |  |
            | checking | retry |  | (illegal) |  |
            | checking | ship |  | (illegal) |  |
            | checking | poke |  | (ignored) |  |
            | checking | note |  | checking (internal) | noted |
            | checking | reset |  | (illegal) |  |
            | checking | (always) | fraud | rejected | flag |
            | checking | (always) | inStock | approved | ok |
            | approved | submit |  | (illegal) |  |
            | approved | retry |  | (illegal) |  |
            | approved | ship |  | (illegal) |  |
            | approved | poke |  | (illegal) |  |
            | approved | note |  | (illegal) |  |
            | approved | reset |  | (illegal) |  |
            | approved | (always) |  | packing | approve |
            | rejected | submit |  | (illegal) |  |
            | rejected | retry |  | checking |  |
            | rejected | ship |  | (illegal) |  |
            | rejected | poke |  | (illegal) |  |
            | rejected | note |  | (illegal) |  |
            | rejected | reset |  | cart |  |
            | packing | submit |  | (illegal) |  |
            | packing | retry |  | (illegal) |  |
            | packing | ship |  | sent | ship |
            | packing | poke |  | (illegal) |  |
            | packing | note |  | (illegal) |  |
            | packing | reset |  | (illegal) |  |
            | packing | (always) | split | packing2 |  |
            | packing | (always) | cancel | cart (inherited from delivery) | cancelled |
            | packing2 | submit |  | (illegal) |  |
            | packing2 | retry |  | (illegal) |  |
            | packing2 | ship |  | sent |  |
            | packing2 | poke |  | (illegal) |  |
            | packing2 | note |  | (illegal) |  |
            | packing2 | reset |  | (illegal) |  |
            | packing2 | (always) | cancel | cart (inherited from delivery) | cancelled |
            | sent | submit |  | (illegal) |  |
            | sent | retry |  | (illegal) |  |
            | sent | ship |  | (illegal) |  |
            | sent | poke |  | (illegal) |  |
            | sent | note |  | (illegal) |  |
            | sent | reset |  | (illegal) |  |
            | sent | (always) | cancel | cart (inherited from delivery) | cancelled |
            | sent | (done) |  | closed (inherited from delivery) | done |
            | closed | submit |  | (illegal) |  |
            | closed | retry |  | (illegal) |  |
            | closed | ship |  | (illegal) |  |
            | closed | poke |  | (illegal) |  |
            | closed | note |  | (illegal) |  |
            | closed | reset |  | (illegal) |  |
            | closed | (done) | keep | archived (inherited from order) | archive |
            | closed | (done) |  | cart (inherited from order) | again |
            | archived | submit |  | (illegal) |  |
            | archived | retry |  | (illegal) |  |
            | archived | ship |  | returning |  |
            | archived | poke |  | (illegal) |  |
            | archived | note |  | (illegal) |  |
            | archived | reset |  | cart |  |
            | returning | submit |  | (illegal) |  |
            | returning | retry |  | (illegal) |  |
            | returning | ship |  | (illegal) |  |
            | returning | poke |  | returned |  |
            | returning | note |  | (illegal) |  |
            | returning | reset |  | (illegal) |  |
            | returned | submit |  | (illegal) |  |
            | returned | retry |  | (illegal) |  |
            | returned | ship |  | (illegal) |  |
            | returned | poke |  | (illegal) |  |
            | returned | note |  | (illegal) |  |
            | returned | reset |  | (illegal) |  |
            | returned | (done) | refund | cart (inherited from returns) | refunded |

            """)
        let validate = await tool(["validate", "eventless"], machines: [scxmlEventless])
        #expect(validate.stdout == "eventless: clean\n", "\(validate.stdout)")
    }

    @Test("the REPL takes a chain in one step, waits while no guard holds, and lets go at the next event; the explorer shows it")
    func repl() async throws {
        let run = await tool(["repl", "eventless"], machines: [scxmlEventless],
                             input: [":guard fraud off", ":guard inStock off", "submit", "poke", ":guard inStock on", ":guard split off", ":guard cancel off", "poke", "ship", ":state"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("cart --submit--> checking / submit, check+\n"), "\(run.stdout)")
        #expect(run.stdout.contains("checking: 'poke' ignored\n"), "\(run.stdout)")
        #expect(run.stdout.contains("checking --poke--> packing [order > delivery > packing] / check-, ok, approve, delivery+\n"), "\(run.stdout)")
        #expect(run.stdout.contains("packing --ship--> archived / ship, sent+, delivery-, done, order-, archive\n"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("archived\n"), "\(run.stdout)")
        let explore = await tool(["explore", "eventless", "--output", "-"], machines: [scxmlEventless])
        #expect(explore.status == 0, "\(explore.stderr)")
        #expect(try ExplorerAgreement.check(scxmlEventless, page: explore.stdout).mismatches == [])
    }

    @Test("Graphviz draws every always and done edge with its label", .enabled(if: Graphviz.find() != nil, "Graphviz (dot) is not installed; CI installs it"))
    func graphviz() throws {
        let graphviz = try #require(Graphviz.find())
        let drawing = try graphviz.svg(fromDOT: scxmlEventless.dot(DiagramOptions()))
        let svg = String(decoding: drawing, as: UTF8.self)
        let texts = SVGText.texts(drawing)
        for label in ["always [fraud] / flag", "always [inStock] / ok", "always / approve", "always [split]", "always [cancel] / cancelled",
                      "done / done", "done [keep] / archive", "done [else] / again"] {
            #expect(SVGText.drawsLabel(label, in: texts), "\(label) is drawn")
        }
        for edge in ["s1&#45;&gt;s3", "s1&#45;&gt;s2", "s2&#45;&gt;s4", "s4&#45;&gt;s5"] {
            #expect(svg.contains("<title>\(edge)</title>"), "\(edge) is drawn")
        }
    }

    @Test("real Mermaid accepts the machine and draws every always and done edge", .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
    func mermaid() throws {
        let verdict = try #require(try MermaidJudge.judge([scxmlEventless.mermaid(DiagramOptions())]).first)
        #expect(verdict.ok, "\(verdict.error ?? "")")
        for text in ["always [fraud] / flag", "always / approve", "always [cancel] / cancelled", "done / done", "done [keep] / archive", "done [else] / again"] {
            #expect(verdict.shown.contains(text), "\(text) not drawn; drawn: \(verdict.texts)")
        }
    }
}
