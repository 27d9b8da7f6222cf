import FSM
import FSMTool
import TestSupport
import Foundation
import Testing

/// Names Mermaid's grammar gives a meaning to, besides the names every exporter is tried on.
let mermaidNames = userNames + [
    "end note", "end", "note right of x", "state", "[*]", "a --> b", "--", "%% comment", "classDef x fill:red",
    "direction TB", "Direction lr", "}", "{", "a: b : c", "x;y", "line\nbreak", "<br>", "#58;", "😀 emoji", "ignored: all events",
    "hide empty description", "accTitle: x", "click x", "style x fill:red", "state x <<fork>>", "<<choice>>", "::: cls",
    // Markdown, through which Mermaid draws labels (a description of several lines after
    // decoding its entity codes): emphasis, escapes, inline HTML, entities, line starts.
    "_under_", "__bold__", "a _b_ c", "line\n*star*", "line\n_under_", "back\\\nslash", "line\n\\*x\\* \\\\",
    "line\n<b>bold</b>", "line\n&amp; &lt;", "line\n`tick` ~~del~~", "line\n# heading", "    indented\ncode", "\ttabbed\ncode",
    // Found by the fuzz step: a tab before punctuation at the start of a name with a line
    // break made an indented code block, which drew the Markdown backslashes.
    "\t]]en\n", "  \t*a* [b]\nc",
    // Also found by fuzzing: `$$x$$` is KaTeX math to Mermaid, on one line or several.
    "$$x$$", "$$$$&,$$\n$*~", "line\n$$x$$ $a$ $$",
]

@Suite("Real Mermaid accepts every export and draws every name", .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
struct MermaidJudgeTests {
    /// What the drawing must show for `machine(named:)`: its states, and each transition's
    /// label (names as the export escapes them, read back by Mermaid).
    static func expectedTexts(for name: String) -> [String] {
        let shown = { (text: String) in text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "") }
        return [shown(name + " 1"), shown(name + " 2"), shown("\(name) e [\(name) g] / \(name) x")]
    }

    /// One machine holding names: each name's two states and its transition; the second
    /// state's description (an entry effect, an internal transition, an ignored event) holds
    /// the name too.
    static func namesMachine(holding names: ArraySlice<String>) -> MachineDefinition<String, String, String, Void> {
        MachineDefinition<String, String, String, Void>(
            name: "hostile", initial: names[names.startIndex] + " 1", events: names.flatMap { [$0 + " e", $0 + " i"] }
        ) {
            for name in names {
                In(name + " 1") {
                    On(name + " e", to: name + " 2", guard: Guard(name + " g") { _ in true }, emit: name + " x")
                    Ignore(name + " i")
                }
                In(name + " 2") {
                    OnEntry(name + " in")
                    Internal(name + " i", emit: name + " y")
                    Ignore(name + " e")
                }
            }
        }
    }

    /// The names in groups of ten, one drawing each: the drawings are judged in parallel, and
    /// Mermaid lays out eight small drawings much faster than one of all 74 names (98 s).
    static let nameGroups: [ArraySlice<String>] = stride(from: 0, to: mermaidNames.count, by: 10).map {
        mermaidNames[$0..<min($0 + 10, mermaidNames.count)]
    }

    /// The description lines the drawing of a group must show for a name's second state.
    static func expectedDescription(for name: String) -> [String] {
        let shown = { (text: String) in text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "") }
        // (`ignored:` is a line of its own, the events under it.)
        return [shown("entry / \(name) in"), shown("\(name) i / \(name) y"), "ignored:", shown("\(name) e")]
    }

    @Test("names that escape to nothing (CRs only, empty) still parse: a zero-width space stands for them")
    func namesThatEscapeToNothing() throws {
        // Found by the fuzz step: a state named "\r" came out as `state "" as s0`.
        let machine = MachineDefinition<String, String, String, Void>(name: "\r", initial: "\r", events: ["\r\r", ""]) {
            In("\r") { On("\r\r", to: "", emit: "\r") }
            In("") { On("", to: "\r") }
        }
        let mermaid = machine.mermaid(DiagramOptions())
        #expect(!mermaid.contains("\"\""), "an empty quoted text: \(mermaid)")
        let verdicts = try MermaidJudge.judge([mermaid])
        #expect(verdicts.first?.ok == true, "\(verdicts.first?.error ?? "no verdict")")
    }

    @Test("hostile names: Mermaid parses the export and draws each state and label as given")
    func hostileNames() throws {
        // One drawing per group of names; when Mermaid rejects one, one per name, to say which.
        let verdicts = try MermaidJudge.judge(Self.nameGroups.map { Self.namesMachine(holding: $0).mermaid(DiagramOptions()) })
        try #require(verdicts.count == Self.nameGroups.count)
        for (names, verdict) in zip(Self.nameGroups, verdicts) {
            guard verdict.ok else {
                let alone = try MermaidJudge.judge(names.map { machine(named: $0).mermaid(DiagramOptions()) })
                for (name, single) in zip(Array(names), alone) where !single.ok {
                    let quoted = String(reflecting: name), error = single.error ?? ""
                    Issue.record("Mermaid rejects the export of a machine named \(quoted): \(error)")
                }
                // Refused together though each name alone is drawn: the names' mix is the cause.
                if alone.allSatisfy(\.ok) {
                    let error = verdict.error ?? ""
                    Issue.record("Mermaid rejects the drawing of the names \(Array(names)) together: \(error)")
                }
                continue
            }
            let drawn = Set(verdict.texts.map { $0.replacingOccurrences(of: "\n", with: " ") })
            // A description's lines are one drawn text: each line looked for in it.
            let all = drawn.joined(separator: "\n")
            for name in names {
                for expected in Self.expectedTexts(for: name) {
                    #expect(drawn.contains(expected.trimmingCharacters(in: .whitespaces)), "\(expected.debugDescription) is not drawn as such")
                }
                for expected in Self.expectedDescription(for: name) {
                    #expect(all.contains(expected.trimmingCharacters(in: .whitespaces)), "\(expected.debugDescription) is not drawn in the state's description")
                }
            }
        }
    }

    @Test("hostile names on parents: entry, exit, internal transitions and ignored events in their notes, drawn as given")
    func hostileNamesOnParents() throws {
        // One machine per name: a parent (a composite state) whose note holds its effects, an
        // internal transition on the name itself (a note line starting with it: `end note`
        // would end the note) and the name ignored, around a child with the name as its entry
        // effect. (Not one machine of them all: Mermaid's layout fails on ten or more
        // unconnected composite states with notes and loops, "cannot set property 'order' of
        // undefined", whatever their names.)
        let drawings = mermaidNames.map { name in
            MachineDefinition<String, String, String, Void>(name: "parent", initial: name + " c", events: [name, name + " e"]) {
                Parent(name + " p") {
                    OnEntry(name + " in"); OnExit(name + " out")
                    Internal(name, emit: name + " x")
                    Ignore(name + " e")
                } children: {
                    In(name + " c") { OnEntry(name) }
                }
            }.mermaid(DiagramOptions())
        }
        let verdicts = try MermaidJudge.judge(drawings)
        try #require(verdicts.count == mermaidNames.count)
        let shown = { (text: String) in text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespaces) }
        for (name, verdict) in zip(mermaidNames, verdicts) {
            guard verdict.ok else {
                Issue.record("Mermaid rejects a parent's note with \(name.debugDescription): \(verdict.error ?? "")")
                continue
            }
            let drawn = verdict.texts.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
            for expected in [shown(name + " p"), shown(name + " c"), shown("\(name) / \(name) x (internal)"), shown("entry / \(name) in"), shown("ignored: \(name) e")] {
                #expect(drawn.contains(expected), "\(name.debugDescription): \(expected.debugDescription) is not drawn as such; drawn: \(verdict.texts)")
            }
        }
    }

    @Test("a note (a parent's) and a description (a state's) mixing one-line items with punctuation and an item with a line break: every item drawn as written")
    func mixedNote() throws {
        // One item holding a line break makes Mermaid decode the whole note's codes before
        // its Markdown, so every item of that note is escaped for Markdown, not only that one;
        // a state's description is drawn as written, line break or not.
        let parent = MachineDefinition<String, String, String, Void>(name: "mixed", initial: "s", events: ["go", "x\n_y_ *z*"]) {
            Parent("p") {
                OnEntry("*a* _b_ \\\\ (c)")
                OnExit("(e) [f]")
                Ignore("x\n_y_ *z*")
            } children: {
                In("s") { On("go", to: "t") }
            }
            Final("t")
        }
        let state = MachineDefinition<String, String, String, Void>(name: "mixed", initial: "s", events: ["go", "x\n_y_ *z*"]) {
            In("s") {
                OnEntry("*a* _b_ \\\\ (c)")
                OnExit("(e) [f]")
                On("go", to: "t")
                Ignore("x\n_y_ *z*")
            }
            Final("t")
        }
        #expect(parent.mermaid().contains("note right of p0\n"), "the parent's items are a note")
        #expect(state.mermaid().contains("  s0 : entry / "), "the state's items are its description")
        let verdicts = try MermaidJudge.judge([parent.mermaid(), state.mermaid()])
        try #require(verdicts.count == 2)
        // (A parent's note says `ignored: ...` on one line; a state's description has
        // `ignored:` on a line of its own.)
        for (verdict, ignored) in zip(verdicts, ["ignored: x\n_y_ *z*", "ignored:\nx\n_y_ *z*"]) {
            #expect(verdict.ok, "\(verdict.error ?? "")")
            let drawn = verdict.texts.joined(separator: "\n")
            for expected in ["entry / *a* _b_ \\\\ (c)", "exit / (e) [f]", ignored] {
                #expect(drawn.contains(expected), "\(expected.debugDescription) is not drawn as such; drawn: \(verdict.texts)")
            }
        }
    }

    @Test("empty names: Mermaid refuses an empty description, so the export draws a zero-width space")
    func emptyNames() throws {
        let empty = MachineDefinition<String, String, String, Void>(name: "", initial: "", events: ["", "go"]) {
            In("") { On("", to: "x", emit: ""); Ignore("go") }
            Final("x") { IgnoreOtherEvents() }
        }
        let verdicts = try MermaidJudge.judge([empty.mermaid(DiagramOptions())])
        #expect(verdicts.first?.ok == true, "\(verdicts.first?.error ?? "")")
        #expect(verdicts.first?.texts.contains("x") == true)
    }

    @Test("the tool's machines, in both directions and without effects: accepted, every state drawn")
    func toolMachinesAccepted() throws {
        let variants = [DiagramOptions(), DiagramOptions(direction: .topToBottom), DiagramOptions(showsEffects: false)]
        let drawings = toolMachines.flatMap { machine in variants.map { (machine, machine.mermaid($0)) } }
        let verdicts = try MermaidJudge.judge(drawings.map(\.1))
        try #require(verdicts.count == drawings.count)
        for ((machine, _), verdict) in zip(drawings, verdicts) {
            #expect(verdict.ok, "\(machine.name): \(verdict.error ?? "")")
            for state in machine.stateNames { #expect(verdict.texts.contains(state), "\(machine.name): state \(state) not drawn; drawn: \(verdict.texts)") }
        }
    }
}
