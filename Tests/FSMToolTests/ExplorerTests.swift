import FSM
@testable import FSMTool
import FSMREPL
import FSMTerminal
import Foundation
import Testing
import TestSupport

private let labX = Guard<String>("x") { _ in true }
private let labY = Guard<String>("y") { _ in true }

/// A machine with what the page must get right: guarded alternatives tried in order over
/// combined guards (`!`, `&&`, `||`), an ignored and an illegal default, an unguarded last
/// line, an internal transition, a parent's transitions and refusals, a final state.
let explorerLab = MachineDefinition<String, String, String, Void>(name: "lab", initial: "idle", events: ["go", "poke", "stop", "back"]) {
    In("idle") {
        On("go", to: "busy", guard: labX && !labY, emit: "start")
        On("go", to: "done", guard: labY)
        Ignore("go")
        Internal("poke", emit: "tick")
        On("stop", to: "done")
        Illegal("back")
    }
    Parent("working", initial: "busy") {
        On("back", to: "idle", emit: "rewind")
        Illegal("stop")
    } children: {
        In("busy") {
            On("go", to: "paused", guard: labX || labY)
            Illegal("go")
            On("poke", to: "paused", guard: !labX)
            On("poke", to: "busy")
        }
        In("paused") { On("go", to: "busy") }
    }
    Final("done") { IgnoreOtherEvents() }
}

/// Names that would be markup or script if a page used them as HTML.
let hostileNames = [
    "<script>window.__pwned='state'</script>", "\"><img src=x onerror=\"window.__pwned='img'\">",
    "</script><script>window.__pwned='end'</script>", "<b>bold</b> & <i>it</i>", "&lt;entity&gt; &amp;",
    "javascript:window.__pwned='url'", "{{constructor.constructor('window.__pwned=1')()}}", "\u{202E}reversed\u{202C}", "line\u{2028}separator",
    String(repeating: "averyveryverylongname", count: 10),
]

/// An SVG that is not Graphviz's: what `ExplorerPage.html(diagramSVG:)` must make inert.
let hostileSVG = """
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="window.__pwned='svg onload'">
<script>window.__pwned='svg script'</script>
<style>body { display: none }</style>
<g id="timeline" class="node" onclick="window.__pwned='click'"><title>s0</title><path d="M0 0L10 10" style="fill:url(javascript:alert(1))"/></g>
<foreignObject><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="window.__pwned='foreign'"/></foreignObject>
<a xlink:href="javascript:window.__pwned='link'"><text x="1" y="1">link text</text></a>
<animate attributeName="onload" to="window.__pwned='animate'"/>
<set attributeName="href" to="javascript:window.__pwned='set'"/>
<image href="x" onerror="window.__pwned='image'"/>
</svg>
"""

func hostileMachine() -> MachineDefinition<String, String, String, Void> {
    let g = Guard<String>("<svg onload=\"window.__pwned='guard'\">") { _ in true }
    let proto = Guard<String>("__proto__") { _ in true }  // a key JavaScript objects treat specially
    return MachineDefinition(name: "<img src=x onerror=\"window.__pwned='name'\">", initial: hostileNames[0], events: hostileNames) {
        In(hostileNames[0]) {
            On(hostileNames[1], to: hostileNames[3], guard: g, emit: "<script>window.__pwned='effect'</script>")
            On(hostileNames[2], to: hostileNames[4], guard: proto)
            IgnoreOtherEvents()
        }
        In(hostileNames[3]) { On(hostileNames[5], to: hostileNames[0]); IgnoreOtherEvents() }
        In(hostileNames[4]) { On(hostileNames[6], to: hostileNames[0], emit: hostileNames[7]); On(hostileNames[9], to: hostileNames[4]); IgnoreOtherEvents() }
    }
}

@Suite("The explorer page: its model is the machine's, names stay text, the tool writes it safely")
struct ExplorerTests {
    @Test("every outcome the page can pick is what the REPL prints, for every reachable state and every guard setting")
    func labAgreesWithREPL() throws {
        let report = try ExplorerAgreement.check(explorerLab)
        #expect(report.states == 4)
        #expect(report.checks == 4 * 4 * 4)  // states x events x the 4 settings of x and y
        #expect(report.mismatches == [])
    }

    @Test("the page is explorer.html with explorer.css and explorer.js inline: an edit to a file is an edit to the page")
    func pageIsTheFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FSMREPL/Explorer/Page")
        func file(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let (html, css, script) = (try file("explorer.html"), try file("explorer.css"), try file("explorer.js"))
        // The module holds the files as they are in the repository (a stale build would not).
        #expect(ExplorerTemplate.html == html)
        #expect(ExplorerTemplate.css == css)
        #expect(ExplorerTemplate.script == script)
        // The page fsm explore writes is the three files and the machine's two JSON blocks.
        let page = try ExplorerPage.html(for: explorerLab)
        let model = try #require(page.firstMatch(of: #/<script type="application/json" id="fsm-model">(.*)</script>\n/#)).1
        let diagram = try #require(page.firstMatch(of: #/<script type="application/json" id="fsm-diagram">(.*)</script>\n/#)).1
        #expect(page == (try ExplorerTemplate.page(model: String(model), diagram: String(diagram), html: html, css: css, script: script)))
        let styleLink = try #require(html.firstRange(of: ExplorerTemplate.styleLink))
        #expect(page.hasPrefix(String(html[..<styleLink.lowerBound]) + "<style>\n" + css))
        #expect(page.hasSuffix(script + "</script>\n</body>\n</html>\n"))
        // An edit to each file reaches the page.
        let edited = try ExplorerTemplate.page(
            model: String(model), diagram: String(diagram),
            html: html.replacingOccurrences(of: "<header>", with: "<header><p id=\"edited\">edited</p>"),
            css: css + "#edited { color: red; }\n", script: script + "window.edited = true;\n")
        #expect(edited.contains("<header><p id=\"edited\">edited</p>"))
        #expect(edited.contains("#edited { color: red; }\n</style>"))
        #expect(edited.contains("window.edited = true;\n</script>"))
        // A page file that lost a link line is refused with what is missing, not written half.
        #expect(throws: ExplorerError.self) {
            try ExplorerTemplate.page(model: "{}", diagram: "null", html: html.replacingOccurrences(of: ExplorerTemplate.scriptLink, with: ""))
        }
    }

    @Test("a hostile name reaches the page only as escaped JSON or escaped text; the page is written for the browser test")
    func hostileNamesAreEscaped() throws {
        let machine = hostileMachine()
        #expect(machine.validate(.standard).filter { $0.severity == .error } == [])
        let svg = Graphviz.find().flatMap { try? String(decoding: $0.svg(fromDOT: ExplorerPage.diagramDOT(for: machine)), as: UTF8.self) }
        let page = try ExplorerPage.html(for: machine, diagramSVG: svg)
        // Outside the two JSON blocks, no name appears raw; inside them, no '<' at all.
        for name in hostileNames + ["<svg onload"] where name.contains("<") {
            #expect(!page.contains(name), "'\(name)' appears raw in the page")
        }
        let scripts = page.ranges(of: "<script").count
        #expect(scripts == 3, "the page has \(scripts) '<script' openings")
        let report = try ExplorerAgreement.check(machine)
        #expect(report.mismatches == [])
        if let directory = ProcessInfo.processInfo.environment["FSM_EXPLORER_OUT"], !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(page.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("hostile.html"))
            // The names as the page shows them: as the REPL's transcript does (bidi controls escaped).
            let guardNames = ["<svg onload=\"window.__pwned='guard'\">", "__proto__"]
            let names: [String: Any] = [
                "machine": TerminalText.visible(machine.name), "states": machine.stateNames.map(TerminalText.visible),
                "events": machine.eventNames, "shownEvents": machine.eventNames.map(TerminalText.visible), "guards": guardNames.map(TerminalText.visible),
            ]
            try JSONSerialization.data(withJSONObject: names).write(to: URL(fileURLWithPath: directory).appendingPathComponent("hostile-names.json"))
            // A session the browser test clicks in the page, with what the REPL printed for each
            // line: every event, then with each guard off, undo and reset.
            let session = try machine.makeSession()
            let guardLines = ["<svg onload=\"window.__pwned='guard'\">", "__proto__"].map { ":guard \($0) off" }
            var lines: [String] = [], outputs: [String] = []
            func handle(_ line: String) {
                lines.append(line)
                outputs.append(session.handle(line).text)
            }
            for round in 0..<3 {
                // From the initial state: with every guard on, then with each one off; a
                // taken event is undone (an ignored or refused one changed nothing).
                handle(":reset")
                if round > 0 { handle(guardLines[round - 1]) }
                for event in machine.eventNames {
                    let before = session.script.count
                    handle(event)
                    if session.script.count > before { handle(":undo") }
                }
            }
            for line in [hostileNames[2], hostileNames[9], hostileNames[6], ":undo", ":undo"] { handle(line) }
            try JSONSerialization.data(withJSONObject: [
                "lines": lines, "shown": lines.map(TerminalText.visible), "outputs": outputs.map(TerminalText.visibleLines),
            ]).write(to: URL(fileURLWithPath: directory).appendingPathComponent("hostile-session.json"))
            // And a hostile drawing: the browser test checks that nothing of it is active.
            let withHostileSVG = try ExplorerPage.html(for: machine, diagramSVG: hostileSVG)
            try Data(withHostileSVG.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("hostile-svg.html"))
        }
    }

    @Test("events and guards the REPL cannot read as lines are marked, so that the page warns before exporting them")
    func untypeableNames() throws {
        let odd = Guard<String>("two  spaces") { _ in true }
        let machine = MachineDefinition<String, String, String, Void>(name: "odd", initial: "a", events: ["#hash", ":state", " padded", "fine", "x y"]) {
            In("a") {
                On("#hash", to: "a"); On(":state", to: "a"); On(" padded", to: "a")
                On("fine", to: "b", guard: odd); On("x y", to: "b")
            }
            Final("b") { IgnoreOtherEvents() }
        }
        let model = try ExplorerAgreement.model(ofPage: try ExplorerPage.html(for: machine))
        #expect(model["typeableEvents"] as? [Bool] == [false, false, false, true, true])
        #expect(model["typeableGuards"] as? [Bool] == [false])
        #expect(try ExplorerAgreement.check(machine).mismatches == [])
    }

    @Test("explore writes MACHINE.html, replaces its own page, and says where")
    func writesPage() async throws {
        let directory = try temporaryDirectory()
        let first = await tool(["explore", "turnstile"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("wrote turnstile.html"))
        let page = try String(contentsOf: directory.appendingPathComponent("turnstile.html"), encoding: .utf8)
        #expect(page.contains(ExplorerPage.generatorMarker) && page.hasSuffix("</html>\n"))
        let again = await tool(["explore", "turnstile", "--output", "turnstile.html"], in: directory)
        #expect(again.status == 0)
        let standardOutput = await tool(["explore", "turnstile", "--output", "-"], in: directory)
        #expect(standardOutput.status == 0 && standardOutput.stdout == page)
    }

    @Test("explore leaves a file that is not an explorer page, a folder and an empty --output alone")
    func refusesToReplace() async throws {
        let directory = try temporaryDirectory()
        let readme = directory.appendingPathComponent("README.md")
        try Data("# mine\n".utf8).write(to: readme)
        let refused = await tool(["explore", "turnstile", "--output", "README.md"], in: directory)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("README.md exists and is not an explorer page; it was left alone"))
        #expect(try String(contentsOf: readme, encoding: .utf8) == "# mine\n")
        let empty = await tool(["explore", "turnstile", "--output", ""], in: directory)
        #expect(empty.status == 64 && empty.stderr.contains("--output needs a file name, and it was empty"))
        let folder = await tool(["explore", "turnstile", "--output", "."], in: directory)
        #expect(folder.status == 64 && folder.stderr.contains("is a folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["README.md"])
        let unknown = await tool(["explore", "nosuch"], in: directory)
        #expect(unknown.status == 64)
    }

    @Test("explore follows a link to its earlier page, and leaves a FIFO alone without blocking")
    func linksAndSpecialFiles() async throws {
        let directory = try temporaryDirectory()
        #expect(await tool(["explore", "turnstile", "--output", "real.html"], in: directory).status == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.html").path, withDestinationPath: "real.html")
        try Data("<meta name=\"generator\" content=\"fsm explore\">stale".utf8).write(to: directory.appendingPathComponent("real.html"))
        let viaLink = await tool(["explore", "turnstile", "--output", "link.html"], in: directory)
        #expect(viaLink.status == 0, "\(viaLink.stderr)")
        let real = try String(contentsOf: directory.appendingPathComponent("real.html"), encoding: .utf8)
        #expect(real.hasSuffix("</html>\n"), "the page the link points to is replaced")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("link.html").path) == "real.html", "the link stays a link")
        let fifo = directory.appendingPathComponent("fifo.html").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = await tool(["explore", "turnstile", "--output", "fifo.html"], in: directory)
        #expect(refused.status == 64 && refused.stderr.contains("fifo.html exists and is not a regular file"))
        let newline = await tool(["explore", "turnstile", "--output", "\n"], in: directory)
        #expect(newline.status == 64 && newline.stderr.contains("--output needs a file name"))
    }

    @Test("the default file name keeps only safe characters", arguments: [("login", "login.html"), ("home-loading", "home-loading.html"), ("a/b c", "a-b-c.html"), ("../x", "machine---x.html"), ("", "machine.html")])
    func defaultFileName(machine: String, file: String) {
        #expect(ExploreCommand.defaultFileName(machine) == file)
    }
}
