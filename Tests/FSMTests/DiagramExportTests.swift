import FSM
import FSMCoverage
import Testing

/// A machine whose names hold every character class a diagram must escape.
enum Odd: Hashable, Sendable, CustomStringConvertible {
    case quote, backslash, newline, brackets, unicode, payload(String)
    var description: String {
        switch self {
        case .quote: "say \"hi\""
        case .backslash: "back\\slash"
        case .newline: "two\nlines"
        case .brackets: "<html>{record}|pipe"
        case .unicode: "日本語 ✓ café"
        case let .payload(kind): "failure(\(kind))"
        }
    }
}

enum OddEvent: MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case go, back, poke
    var description: String {
        switch self {
        case .go: "go: \"now\"; #1"
        case .back: "back\\{}"
        case .poke: "poke|<>"
        }
    }
}

let oddGuard = Guard<Void>("ready? [\"yes\"]") { _ in true }

let oddDefinition = MachineDefinition<Odd, OddEvent, String, Void>(name: "odd \"machine\"", initial: .quote) {
    In(.quote) {
        On(.go, to: .backslash, guard: oddGuard, emit: "say \"x\"", "a\\b")
        Ignore(.poke)
    }
    In(.backslash) { On(.go, to: .newline); Internal(.poke, emit: "日本") }
    In(.newline) { On(.go, to: .brackets) }
    In(.brackets) { On(.go, to: .unicode) }
    In(.unicode) {
        On(.go, to: .payload("network"))
        On(.back, to: .payload("server"))
    }
    In(.payload("network")) { On(.back, to: .quote) }
    Final(.payload("server")) { IgnoreOtherEvents() }
}

@Suite("DOT and Mermaid export")
struct DiagramExportTests {
    @Test("DOT of the door: exact bytes")
    func doorDOT() {
        // The direction given: these are the bytes of everything else (the choice has its own tests).
        #expect(doorDefinition.dot(DiagramOptions(direction: .leftToRight)) == """
        digraph "door" {
          rankdir=LR;
          ranksep=0.3;
          node [shape=box, style=rounded, fontname="Helvetica", fontsize=12];
          edge [fontname="Helvetica", fontsize=10];
          __initial [shape=point, width=0.15, label=""];
          s0 [label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1"><TR><TD>opened</TD></TR><HR/><TR><TD><FONT POINT-SIZE="10">entry / lightOn<BR/>exit / lightOff</FONT></TD></TR><TR><TD><FONT POINT-SIZE="9" COLOR="gray40">ignored: open</FONT></TD></TR></TABLE>>];
          s1 [label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1"><TR><TD>closed</TD></TR><HR/><TR><TD><FONT POINT-SIZE="10">knock / echo</FONT></TD></TR></TABLE>>];
          s2 [label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1"><TR><TD>locked</TD></TR><HR/><TR><TD><FONT POINT-SIZE="10">knock / echo</FONT></TD></TR></TABLE>>];
          s3 [label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1"><TR><TD>broken</TD></TR><TR><TD><FONT POINT-SIZE="9" COLOR="gray40">ignored: knock</FONT></TD></TR></TABLE>>, peripheries=2];
          __initial -> s1;
          s0 -> s1 [label=" close / creak, click "];
          s0 -> s1 [label=" open / creak ", dir=back];
          s1 -> s2 [label=" lock [has key] \\n / bolt "];
          s1 -> s3 [label="kick"];
          s1 -> s2 [label=" unlock [has key] \\n / unbolt ", dir=back];
          s2 -> s3 [label="kick"];
        }

        """)
    }

    @Test("a long event broken before its payload has its guard after the payload, not between them")
    func payloadBreakKeepsTheGuardAfter() {
        let definition = MachineDefinition<String, String, Never, Void>(name: "g", initial: "a", events: ["reportConnectionFailure(timeout)"]) {
            In("a") { On("reportConnectionFailure(timeout)", to: "b", guard: Guard<Void>("online") { _ in true }) }
            Final("b")
        }
        #expect(definition.dot().contains("label=\"reportConnectionFailure\\n(timeout) [online]\""))
        // (Mermaid wraps at 16 characters: the guard on a line of its own.)
        #expect(definition.mermaid().contains(" : reportConnectionFailure<br>(timeout)<br>[online]\n"))
    }

    @Test("export is byte-stable: the same definition gives the same bytes")
    func stable() {
        #expect(doorDefinition.dot() == doorDefinition.dot())
        #expect(oddDefinition.dot() == oddDefinition.dot())
        #expect(oddDefinition.mermaid() == oddDefinition.mermaid())
        #expect(doorDefinition.dot().hasSuffix("}\n"))
        #expect(doorDefinition.mermaid().hasSuffix("\n"))
    }

    @Test("every name is quoted and escaped in DOT")
    func dotEscaping() {
        let dot = oddDefinition.dot()
        #expect(dot.hasPrefix("digraph \"odd \\\"machine\\\"\" {\n"))
        #expect(dot.contains("[label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>say &quot;hi&quot;</TD></TR><TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"gray40\">ignored: poke|&lt;&gt;</FONT></TD></TR></TABLE>>]"), "an HTML-like label: entities")
        #expect(dot.contains("<TR><TD>back\\\\slash</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\">poke|&lt;&gt; / 日本</FONT></TD></TR>"), "a backslash doubled in an HTML-like label, an internal transition in its state")
        #expect(dot.contains("[label=\"two\\nlines\"]"))
        #expect(dot.contains("[label=\"<html>{record}|pipe\"]"))
        #expect(dot.contains("[label=\"日本語 ✓ café\"]"))
        #expect(dot.contains("label=\"go: \\\"now\\\"; #1\\n[ready? [\\\"yes\\\"]]\\n/ say \\\"x\\\", a\\\\b\""))
        #expect(!dot.contains("\n\n"), "no raw newline inside a label")
    }

    @Test("payload states are grouped in a cluster per case")
    func clusters() {
        let dot = oddDefinition.dot()
        #expect(dot.contains("subgraph cluster_0 {\n    label=\"failure\";"))
        #expect(dot.contains("    s5 [label=\"failure(network)\"];\n    s6 [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>failure(server)</TD></TR><TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"gray40\">ignored: all events</FONT></TD></TR></TABLE>>, peripheries=2];\n  }"))
    }

    @Test("a highlighted state is filled")
    func highlight() {
        let dot = doorDefinition.dot(highlighting: .locked)
        #expect(dot.contains("s2 [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>locked</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\">knock / echo</FONT></TD></TR></TABLE>>, style=\"rounded,filled\", fillcolor=\"#ffd966\", penwidth=2];"))
        #expect(doorDefinition.dot(highlighting: .broken).contains("s3 [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>broken</TD></TR><TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"gray40\">ignored: knock</FONT></TD></TR></TABLE>>, peripheries=2, style=\"rounded,filled\", fillcolor=\"#ffd966\", penwidth=2];"))
    }

    @Test("the coverage view draws taken transitions solid with their counts, the others dashed red, and states never entered dashed red")
    func coverage() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        door.recorder = recorder
        try door.send(.open, context: withKey)
        try door.send(.close, context: withKey)
        try door.send(.open, context: withKey)
        try door.send(.close, context: withKey)
        try door.send(.knock, context: withKey)
        let dot = doorDefinition.dot(DiagramOptions(coverage: recorder.coverage[machine: "door"]))
        #expect(dot.contains("s0 -> s1 [label=\" close ×2 / creak, click \"];"))
        #expect(dot.contains("<TD>closed</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\">knock / echo ×1</FONT></TD>"), "a taken internal transition: plain, in its state")
        #expect(dot.contains("<TD>locked</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\"><FONT COLOR=\"red\">knock / echo</FONT></FONT></TD>"), "one not taken: red")
        #expect(dot.contains("s1 -> s2 [label=\" lock [has key] \\n / bolt \", style=dashed, color=\"red\", fontcolor=\"red\"];"))
        #expect(dot.contains("</TABLE>>, style=\"rounded,dashed\", color=\"red\", fontcolor=\"red\"];"), "locked, never entered")
        #expect(dot.components(separatedBy: "style=dashed, color=\"red\"").count - 1 == 4, "6 external transitions, 2 taken")
        #expect(dot.components(separatedBy: "style=\"rounded,dashed\", color=\"red\"").count - 1 == 2, "locked and broken never entered")
        #expect(doorDefinition.dot(DiagramOptions(highlightedState: "broken", coverage: recorder.coverage[machine: "door"])).contains(
            "peripheries=2, style=\"rounded,filled,dashed\", fillcolor=\"#ffd966\", penwidth=2, color=\"red\", fontcolor=\"red\"];"
        ), "highlighted and never entered")
        var options = DiagramOptions()
        options.coverage = recorder.coverage[machine: "door"]
        #expect(doorDefinition.dot(options) == dot, "setting the coverage later paints the same")
    }

    @Test("options of different coverages differ, though they paint the same; an option gives its coverage back")
    func optionsKeepTheirCoverage() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        door.recorder = recorder
        try door.send(.open, context: withKey)
        let before = try #require(recorder.coverage[machine: "door"])
        try door.send(.open, context: withKey)   // ignored: counted, nothing more taken or entered
        let after = try #require(recorder.coverage[machine: "door"])
        #expect(before != after)
        #expect(doorDefinition.dot(DiagramOptions(coverage: before)) == doorDefinition.dot(DiagramOptions(coverage: after)))
        #expect(DiagramOptions(coverage: before) != DiagramOptions(coverage: after))
        #expect(Set([DiagramOptions(coverage: before), DiagramOptions(coverage: after)]).count == 2)
        #expect(DiagramOptions(coverage: after) == DiagramOptions(coverage: after))
        #expect(DiagramOptions(coverage: after).coverage == after)
        #expect(DiagramOptions().coverage == nil)
    }

    @Test("Mermaid of the door: exact bytes")
    func doorMermaid() {
        #expect(doorDefinition.mermaid(DiagramOptions(highlightedState: "closed", direction: .leftToRight)) == """
        ---
        title: "door"
        config:
          themeVariables:
            fontSize: 14px
          flowchart:
            rankSpacing: 20
            nodeSpacing: 30
        ---
        stateDiagram-v2
          direction LR
          state "opened" as s0
          s0 : entry / lightOn
          s0 : exit / lightOff
          s0 : ignored#58;
          s0 : open
          state "closed" as s1
          s1 : knock / echo
          state "locked" as s2
          s2 : knock / echo
          state "broken" as s3
          s3 : ignored#58;
          s3 : knock
          [*] --> s1
          s0 --> s1 : close<br>/ creak, click
          s1 --> s0 : open / creak
          s1 --> s2 : lock [has key]<br>/ bolt
          s1 --> s3 : kick
          s2 --> s1 : unlock [has key]<br>/ unbolt
          s2 --> s3 : kick
          s3 --> [*]
          classDef current fill:#ffd966,stroke:#b8860b,stroke-width:2px
          class s1 current

        """)
    }

    @Test("Mermaid structure: valid identifiers, one declaration per state, one arrow per transition, names escaped")
    func mermaidStructure() {
        let text = oddDefinition.mermaid()
        let lines = text.split(separator: "\n").map(String.init)
        // Top to bottom, the ranks keep Mermaid's spacing (the door, left to right, sets it).
        #expect(Array(lines.prefix(10)) == ["---", "title: \"odd \\\"machine\\\"\"", "config:", "  themeVariables:", "    fontSize: 14px", "  flowchart:", "    nodeSpacing: 30", "---", "stateDiagram-v2", "  direction TB"])
        let declarations = lines.filter { $0.hasPrefix("  state \"") }
        #expect(declarations.count == oddDefinition.states.count)
        for (index, line) in declarations.enumerated() {
            #expect(line.hasSuffix("\" as s\(index)"))
            let quoted = line.dropFirst("  state \"".count).dropLast("\" as s\(index)".count)
            #expect(!quoted.contains("\""), "a quote inside a description: \(line)")
            #expect(!quoted.contains("\n"))
        }
        let arrows = lines.filter { $0.contains(" --> ") }
        let identifier = #/^  (s\d+|\[\*\]) --> (s\d+|\[\*\])( : [^:;"{}|<>#\\]*((#[a-z0-9]+;|<br>)[^:;"{}|<>#\\]*)*)?$/#
        for line in arrows {
            #expect(line.wholeMatch(of: identifier) != nil, "not a well-formed transition line: \(line)")
        }
        // A description line: no raw character Mermaid reads as syntax (`;` ends a statement).
        let descriptions = lines.filter { $0.wholeMatch(of: #/^  s\d+ : .*/#) != nil }
        #expect(descriptions.count >= 2)
        let description = #/^  s\d+ : [^;"{}|<>#\\]*((#[a-z0-9]+;|<br>)[^;"{}|<>#\\]*)*$/#
        for line in descriptions {
            #expect(line.wholeMatch(of: description) != nil, "not a well-formed description line: \(line)")
        }
        // Internal transitions are lines of their state's description, not arrows.
        let internals = oddDefinition.transitions.filter(\.isInternal).count
        #expect(internals > 0)
        #expect(arrows.count == oddDefinition.transitions.count - internals + 1 + oddDefinition.finalStates.count)
        #expect(text.contains("state \"two<br>lines\" as s2"))
        #expect(text.contains("state \"#lt;html#gt;#123;record#125;#124;pipe\" as s3"))
        #expect(text.contains("s0 --> s1 : go#58; #quot;now#quot;#59; #35;1<br>[ready? [#quot;yes#quot;]]<br>/ say #quot;x#quot;, a#92;b"))
        #expect(text.contains("\n  s6 : ignored#58;\n  s6 : all events\n"))
    }

    @Test("Mermaid coverage: counts on transitions taken, never taken in red on the others, states never entered dashed")
    func mermaidCoverage() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        door.recorder = recorder
        try door.send(.open, context: withKey)
        let text = doorDefinition.mermaid(DiagramOptions(coverage: recorder.coverage[machine: "door"]))
        #expect(text.contains("  s1 --> s0 : open / creak ×1\n"))
        #expect(text.contains("  s0 --> s1 : close<br>/ creak, click <span style=\"color:#c00\">never taken</span>\n"))
        #expect(text.contains("  classDef neverEntered stroke:#c00,stroke-dasharray:4 4,color:#c00\n  class s2,s3 neverEntered\n"))
    }
}

@Suite("The diagrams' legend explains what the drawings contain, and only that")
struct DiagramLegendTests {
    /// The legend's items (the lines starting with `- `) of a README for `machines`.
    static func items(_ machines: [any MachineDescribing]) -> [String] {
        DiagramSet(machines).readme.split(separator: "\n").map(String.init).filter { $0.hasPrefix("- ") }
    }

    @Test("a plain machine: arrows and the initial dot only, whatever its names say")
    func plain() {
        // Names that spell what other drawings contain: a final state's border, a rule, a
        // case group, a parent, a region.
        let mimic = MachineDefinition<String, String, Never, Void>(name: "mimic", initial: "peripheries=2", events: ["<HR/>", "color=\"gray25\""]) {
            In("peripheries=2") { On("<HR/>", to: "style=\"rounded,dashed\""); On("color=\"gray25\"", to: "fontname=\"Helvetica-Bold\"") }
            In("style=\"rounded,dashed\"") { On("<HR/>", to: "peripheries=2"); On("color=\"gray25\"", to: "peripheries=2") }
            In("fontname=\"Helvetica-Bold\"") { On("<HR/>", to: "peripheries=2"); On("color=\"gray25\"", to: "peripheries=2") }
        }
        #expect(Self.items([mimic]) == [
            "- An arrow is a transition: `event [guard] / effects` (a long label puts its guard and its effects below).",
            "- A black dot points to the initial state.",
        ])
    }

    @Test("each thing drawn adds its item: a rule, ignored events, a final state, a case group, a parent, regions")
    func eachFeature() {
        let items = Self.items([doorDefinition, LegendFixtures.everything])
        #expect(items.count == 7)
        #expect(items.contains { $0.hasPrefix("- Under the rule in a state") })
        #expect(items.contains { $0.hasPrefix("- Small grey text") })
        #expect(items.contains { $0.hasPrefix("- A double border") })
        #expect(items.contains { $0.hasPrefix("- A dashed grey box") })
        #expect(items.contains { $0.hasPrefix("- A solid box is a parent state") })
        #expect(!items.contains { $0.hasPrefix("- A dashed box with a bold name") })
    }
}

extension DiagramLegendTests {
    @Test("a state's line back to itself: a loop in DOT, in Mermaid a line of its description (a loop's label is drawn over its neighbours'); the legend says so")
    func stateLoops() {
        let kettle = MachineDefinition<String, String, String, Void>(name: "kettle", initial: "cold", events: ["heat", "pour"]) {
            In("cold") { On("heat", to: "hot", emit: "boil"); Ignore("pour") }
            In("hot") { On("pour", to: "hot", guard: Guard("full") { _ in true }, emit: "pourOut"); On("heat", to: "cold") }
        }
        #expect(kettle.dot().contains("  s1 -> s1 [label=\"pour [full]\\n/ pourOut\"];\n"), "a loop in DOT")
        let mermaid = kettle.mermaid()
        #expect(mermaid.contains("  state \"hot\" as s1\n  s1 : pour [full] / pourOut (re-enters)\n"))
        #expect(!mermaid.contains("s1 --> s1"), "no loop in Mermaid")
        #expect(Self.items([kettle]).contains { $0.hasPrefix("- An arrow from a state back to itself leaves and enters it again") })
        #expect(!Self.items([doorDefinition]).contains { $0.hasPrefix("- An arrow from a state back to itself") }, "the door has none")
    }

    @Test("a parallel machine adds its regions; an overview without effects drops the rule")
    func regionsAndOverview() {
        let items = Self.items([LegendFixtures.lights])
        #expect(items.contains { $0.hasPrefix("- A dashed box with a bold name is a region") })
        #expect(items.contains { $0.hasPrefix("- Under the rule in a state") })
        // Without effects, entry effects are not drawn: no rule (the ignored events still are).
        let overview = DiagramSet([LegendFixtures.lights], options: DiagramOptions(showsEffects: false)).readme
        #expect(!overview.contains("- Under the rule in a state"))
        #expect(overview.contains("- Small grey text in a state"))
    }
}

struct LightsState: Hashable, Sendable, CustomStringConvertible {
    var left = "off"
    var right = "off"
    var description: String { "\(left)|\(right)" }
}

enum LegendFixtures {
    static let lights: MachineDefinition<LightsState, String, String, Void> = {
        func side(_ name: String) -> MachineDefinition<String, String, String, Void> {
            MachineDefinition(name: name, initial: "off", events: ["flip", "poke"]) {
                In("off") { OnEntry("dim"); On("flip", to: "on"); Ignore("poke") }
                In("on") { On("flip", to: "off"); Ignore("poke") }
            }
        }
        return MachineDefinition(name: "lights", initial: LightsState(), regions: Region("left", \.left, side("left")), Region("right", \.right, side("right")))
    }()


    static let everything = MachineDefinition<String, String, String, Void>(name: "everything", initial: "a", events: ["go", "poke", "fail(x)", "fail(y)"]) {
        Parent("p") { OnEntry("hello") } children: {
            In("a") { On("go", to: "fail(x)"); Ignore("poke") }
        }
        In("fail(x)") { On("go", to: "fail(y)") }
        In("fail(y)") { On("go", to: "done") }
        Final("done") { IgnoreOtherEvents() }
    }
}
