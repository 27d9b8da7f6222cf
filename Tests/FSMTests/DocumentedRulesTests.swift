import FSM
import Testing

// One small example per rule the documentation states (the DocC articles Getting Started,
// Events with data, Nested states and parallel regions, and the README), each test named
// after its rule, besides the random property tests.

private enum S: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case a, b, c, d, out
    var description: String { rawValue }
}

private enum E: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case go, back, poke, stop
    var description: String { rawValue }
}

private typealias Definition = MachineDefinition<S, E, String, Bool>

private let yes = Guard<Bool>("yes") { $0 }

@Suite("Rules of nested states, one example each")
struct NestedStateRulesTests {
    @Test("a child's own line wins over its parent's")
    func childWins() throws {
        let definition = Definition(name: "m", initial: .a) {
            Parent("p") { On(.go, to: .c) } children: {
                In(.a) { Overrides(.go); On(.go, to: .b) }
                In(.b) {}
            }
            In(.c) {}
        }
        var machine = try Machine(definition)
        #expect(try machine.send(.go, context: true).target == .b)
    }

    @Test("parents decide innermost first")
    func innermostParent() throws {
        let definition = Definition(name: "m", initial: .a) {
            Parent("outer") { On(.go, to: .c) } children: {
                Parent("inner") { On(.go, to: .b) } children: { In(.a) {} }
                In(.b) {}
            }
            In(.c) {}
        }
        var machine = try Machine(definition)
        #expect(try machine.send(.go, context: true).target == .b)
        #expect(definition.inheritedFrom(.a, .go) == "inner")
    }

    @Test("a final child inherits no transitions, but what its parent ignores")
    func finalChild() throws {
        let definition = Definition(name: "m", initial: .a) {
            Parent("p") { On(.go, to: .c); Ignore(.poke) } children: {
                In(.a) { On(.stop, to: .b) }
                Final(.b)
            }
            In(.c) {}
        }
        var machine = try Machine(definition, startingIn: .b)
        #expect(machine.check(.go, context: true).failureValue?.reason == .finalState)
        #expect(try machine.send(.poke, context: true).kind == .ignored)
    }

    @Test("a child's own catch-all comes after its parents' lines")
    func childCatchAllAfterParentLines() throws {
        let definition = Definition(name: "m", initial: .a) {
            Parent("p") { On(.go, to: .c) } children: { In(.a) { IgnoreOtherEvents() } }
            In(.c) {}
        }
        let machine = try Machine(definition)
        #expect(machine.check(.go, context: true).successValue?.target == .c, "the parent's line")
        #expect(machine.check(.poke, context: true).successValue?.kind == .ignored, "the child's catch-all for the rest")
    }

    @Test("parents' catch-alls come last, innermost first")
    func parentCatchAlls() throws {
        let definition = Definition(name: "m", initial: .a) {
            Parent("outer") { IllegalOtherEvents() } children: {
                Parent("inner") { IgnoreOtherEvents() } children: { In(.a) { On(.go, to: .a) } }
            }
        }
        var machine = try Machine(definition)
        #expect(try machine.send(.poke, context: true).kind == .ignored)
        #expect(definition.inheritedFrom(.a, .poke) == "inner")
    }

    @Test("within one level, an Ignore after guarded transitions is their default; any other pair of lines for one event is an error")
    func defaultWithinALevel() throws {
        let defaulted = Definition(name: "m", initial: .a) {
            Parent("p") { On(.go, to: .b, guard: yes); Ignore(.go) } children: { In(.a) {} }
            In(.b) {}
        }
        var machine = try Machine(defaulted)
        #expect(try machine.send(.go, context: false).kind == .ignored)
        #expect(try machine.send(.go, context: true).target == .b)
        let conflicting = Definition(name: "m", initial: .a) {
            Parent("p") { On(.go, to: .b); Ignore(.go) } children: { In(.a) {} }
            In(.b) {}
        }
        #expect(conflicting.validate().map(\.kind).contains(.conflictingDeclarations))
    }

    @Test("a child that shadows its parent's line is warned about, unless it says Overrides")
    func shadowing() {
        func definition(overrides: Bool) -> Definition {
            Definition(name: "m", initial: .a) {
                Parent("p") { On(.go, to: .b) } children: {
                    In(.a) {
                        if overrides { Overrides(.go) }
                        On(.go, to: .a)
                    }
                }
                In(.b) {}
            }
        }
        #expect(definition(overrides: false).validate().map(\.kind).contains(.shadowedParentDeclaration))
        #expect(definition(overrides: true).validate().filter { $0.kind == .shadowedParentDeclaration }.isEmpty)
    }

    /// Two levels of parents around `a`, one around `c`, entry and exit effects everywhere.
    private static let levels = Definition(name: "levels", initial: .a) {
        Parent("outer") {
            OnEntry("enter outer")
            OnExit("exit outer")
            On(.back, to: .a, emit: "back")
        } children: {
            Parent("inner") { OnEntry("enter inner"); OnExit("exit inner") } children: {
                In(.a) { OnEntry("enter a"); OnExit("exit a"); On(.go, to: .c, emit: "go"); On(.poke, to: .b) }
                In(.b) { OnEntry("enter b"); OnExit("exit b") }
            }
        }
        Parent("other") { OnEntry("enter other"); OnExit("exit other") } children: {
            In(.c) { OnEntry("enter c"); OnExit("exit c"); On(.go, to: .a, emit: "go home") }
        }
    }

    @Test("exit effects: the source's, then each parent left, innermost first; entry effects: each parent entered, outermost first, then the target's")
    func effectOrderAcrossLevels() throws {
        var machine = try Machine(Self.levels)
        #expect(Array(try machine.send(.go, context: true).effects) == ["exit a", "exit inner", "exit outer", "go", "enter other", "enter c"])
        #expect(Array(try machine.send(.go, context: true).effects) == ["exit c", "exit other", "go home", "enter outer", "enter inner", "enter a"])
    }

    @Test("a transition inside a parent neither leaves nor enters it")
    func staysInsideParent() throws {
        var machine = try Machine(Self.levels)
        #expect(Array(try machine.send(.poke, context: true).effects) == ["exit a", "enter b"])
    }

    @Test("a parent's transition to one of its own children leaves and re-enters the parent")
    func parentTransitionReenters() throws {
        var machine = try Machine(Self.levels, startingIn: .b)
        #expect(Array(try machine.send(.back, context: true).effects) == ["exit b", "exit inner", "exit outer", "back", "enter outer", "enter inner", "enter a"])
    }

    @Test("an internal transition emits its own effects only")
    func internalOnlyItsOwn() throws {
        let definition = Definition(name: "m", initial: .a) {
            Parent("p") { OnExit("exit p"); Internal(.poke, emit: "poked") } children: { In(.a) { OnExit("exit a") } }
        }
        var machine = try Machine(definition)
        let step = try machine.send(.poke, context: true)
        #expect(step.kind == .internal && Array(step.effects) == ["poked"])
    }

    @Test("a transition to a parent enters its initial child")
    func parentTargetEntersInitialChild() throws {
        let definition = Definition(name: "m", initial: .a) {
            In(.a) { On(.go, to: .b) }
            Parent(state: .b, initial: .d) {} children: { In(.c) {}; In(.d) {} }
        }
        var machine = try Machine(definition)
        #expect(try machine.send(.go, context: true).target == .d)
    }
}

private struct Pair: Hashable, Sendable, CustomStringConvertible {
    var left: S
    var right: S
    var description: String { "\(left)|\(right)" }
}

@Suite("Rules of parallel regions, one example each")
struct RegionRulesTests {
    private static func region(_ name: String, _ events: [E], @MachineBuilder<S, E, String, Bool> _ body: () -> [_StateDeclaration<S, E, String, Bool>]) -> MachineDefinition<S, E, String, Bool> {
        MachineDefinition<S, E, String, Bool>(name: name, initial: .a, events: events, body)
    }

    /// Left: go moves a -> b (guarded by `yes`), poke is ignored in a, stop is illegal.
    /// Right: go moves a -> b, back is rejected in a, poke ignored.
    private static let pair = MachineDefinition<Pair, E, String, Bool>(
        name: "pair", initial: Pair(left: .a, right: .a),
        regions:
            Region("left", \.left, region("left", [.go, .poke, .stop]) {
                In(.a) { On(.go, to: .b, guard: yes, emit: "left go"); Ignore(.poke); Illegal(.stop) }
                Final(.b) { IgnoreOtherEvents() }
            }),
            Region("right", \.right, region("right", [.go, .back, .poke]) {
                In(.a) { On(.go, to: .b, emit: "right go"); Illegal(.back); Ignore(.poke) }
                Final(.b) { IgnoreOtherEvents() }
            })
    )

    @Test("every region that takes a transition moves; the effects come out region by region, in order")
    func regionsMoveInOrder() throws {
        var machine = try Machine(Self.pair)
        let step = try machine.send(.go, context: true)
        #expect(machine.state == Pair(left: .b, right: .b) && Array(step.effects) == ["left go", "right go"])
    }

    @Test("a region whose guards all fail stays where it is while the others move")
    func failedGuardStays() throws {
        var machine = try Machine(Self.pair)
        let step = try machine.send(.go, context: false)
        #expect(machine.state == Pair(left: .a, right: .b) && Array(step.effects) == ["right go"])
    }

    @Test("when no region moves, the event is ignored if some region ignores it")
    func ignoredBySome() throws {
        var machine = try Machine(Self.pair)
        #expect(try machine.send(.poke, context: true).kind == .ignored)
    }

    @Test("when no region moves and none ignores it, the event is rejected")
    func rejectedByAll() throws {
        let machine = try Machine(Self.pair)
        #expect(machine.check(.back, context: true).failureValue != nil)
        #expect(machine.state == Pair(left: .a, right: .a))
    }

    @Test("an event a region does not list leaves that region alone")
    func unlistedEvent() throws {
        var machine = try Machine(Self.pair)
        _ = try machine.send(.go, context: false)              // right moves to b
        #expect(machine.check(.stop, context: true).failureValue != nil, "stop: left rejects it, right does not list it")
        #expect(machine.state.right == .b)
    }

    @Test("the machine is finished when every region is in a final state")
    func finishedWhenAllFinal() throws {
        var machine = try Machine(Self.pair)
        _ = try machine.send(.go, context: false)
        #expect(!machine.isFinished, "right is final, left is not")
        _ = try machine.send(.go, context: true)
        #expect(machine.isFinished)
    }

    @Test("guards on one event in two regions are a validation error")
    func guardsInTwoRegions() {
        let clash = MachineDefinition<Pair, E, String, Bool>(
            name: "clash", initial: Pair(left: .a, right: .a),
            regions:
                Region("left", \.left, Self.region("left", [.go]) { In(.a) { On(.go, to: .b, guard: yes) }; In(.b) {} }),
                Region("right", \.right, Self.region("right", [.go]) { In(.a) { On(.go, to: .b, guard: yes) }; In(.b) {} })
        )
        #expect(clash.validate().map(\.kind).contains(.regionConflict))
    }
}

@Suite("Rules of running a machine, one example each")
struct RunningRulesTests {
    private static let door = Definition(name: "door", initial: .a) {
        In(.a) { On(.go, to: .b, guard: yes); On(.go, to: .c); Ignore(.poke); Illegal(.back); Illegal(.stop) }
        In(.b) { On(.back, to: .a); IllegalOtherEvents() }
        In(.c) { On(.back, to: .a); IllegalOtherEvents() }
    }

    @Test("guarded lines are tried in declaration order; a last unguarded one is the default target")
    func inOrder() throws {
        var machine = try Machine(Self.door)
        #expect(try machine.send(.go, context: true).target == .b)
        _ = try machine.send(.back, context: true)
        #expect(try machine.send(.go, context: false).target == .c)
    }

    @Test("a rejected event never changes the state, whatever the policy")
    func rejectionChangesNothing() throws {
        for policy in [RejectionPolicy.throw, .ignore] {
            var machine = try Machine(Self.door, policy: policy)
            _ = try? machine.send(.back, context: true)
            #expect(machine.state == .a)
        }
    }

    @Test("an ignored event is accepted, changes nothing and emits nothing")
    func ignoredChangesNothing() throws {
        var machine = try Machine(Self.door)
        let step = try machine.send(.poke, context: true)
        #expect(step.kind == .ignored && step.effects.isEmpty && machine.state == .a)
    }

    @Test("under the ignore policy a rejected event returns a step of kind rejected")
    func ignorePolicy() throws {
        var machine = try Machine(Self.door, policy: .ignore)
        #expect(try machine.send(.back, context: true).kind == .rejected)
    }

    @Test("a machine refuses a definition with errors, listing them")
    func refusesErrors() {
        let broken = Definition(name: "broken", initial: .a) { In(.a) { On(.go, to: .b) } }
        #expect(throws: DefinitionError.self) { try Machine(broken) }
    }

    @Test("strict mode wants every (state, event) pair of a non-final state handled, ignored or declared illegal")
    func strict() {
        let loose = Definition(name: "loose", initial: .a, events: [.go, .back]) {
            In(.a) { On(.go, to: .b) }
            In(.b) { On(.back, to: .a); Illegal(.go) }
        }
        #expect(loose.validate().isEmpty)
        #expect(loose.validate(.strict).map(\.kind) == [.unhandledPair])
    }

    @Test("two different states with one name are an error")
    func sameName() {
        enum Twin: Hashable, Sendable, CustomStringConvertible {
            case one, two
            var description: String { "twin" }
        }
        let twins = MachineDefinition<Twin, E, String, Void>(name: "twins", initial: .one) {
            In(.one) { On(.go, to: .two) }
            In(.two) { On(.go, to: .one) }
        }
        #expect(twins.validate().map(\.kind).contains(.duplicateName))
    }

    @Test("each refusal says why in its own words", arguments: [
        (S.a, E.back, "declared illegal"), (S.a, E.stop, "declared illegal"), (S.b, E.go, "declared illegal"),
    ])
    fileprivate func refusalWords(state: S, event: E, words: String) throws {
        let machine = try Machine(Self.door, startingIn: state)
        #expect(machine.check(event, context: true).failureValue?.reason.words == words)
    }

    @Test("the four reasons, each in its words: no transition, declared illegal (by a parent), guards not met, the state is final")
    func fourReasons() throws {
        let definition = Definition(name: "m", initial: .a, events: [.go, .back, .poke, .stop]) {
            Parent("p") { IllegalOtherEvents() } children: {
                In(.a) { On(.go, to: .out, guard: yes); Illegal(.stop) }
            }
            Final(.out)
        }
        let machine = try Machine(definition)
        #expect(machine.check(.go, context: false).failureValue?.reason.words == "guard 'yes' not met")
        #expect(machine.check(.stop, context: true).failureValue?.reason.words == "declared illegal")
        #expect(machine.check(.poke, context: true).failureValue?.reason.words == "declared illegal by parent 'p'")
        let finished = try Machine(definition, startingIn: .out)
        #expect(finished.check(.go, context: true).failureValue?.reason.words == "the state is final")
        let bare = Definition(name: "bare", initial: .a, events: [.go, .back]) { In(.a) { On(.go, to: .a) } }
        #expect(try Machine(bare).check(.back, context: true).failureValue?.reason.words == "no transition")
    }
}

@Suite("Rules of the exporters: how each escapes each special character")
struct ExporterEscapingRulesTests {
    private static func machine(_ name: String) -> MachineDefinition<String, String, String, Void> {
        MachineDefinition<String, String, String, Void>(name: "m", initial: name, events: ["e"]) {
            In(name) { On("e", to: "other") }
            In("other") { On("e", to: name) }
        }
    }

    @Test("Mermaid writes each syntax character as an entity code", arguments: [
        ("\"", "#quot;"), ("=", "#61;"), ("#", "#35;"), ("&", "#amp;"), (":", "#58;"), (";", "#59;"), ("<", "#lt;"), (">", "#gt;"),
        ("{", "#123;"), ("}", "#125;"), ("|", "#124;"), ("%", "#37;"), ("*", "#42;"), ("\\", "#92;"), ("_", "#95;"), ("\t", "#9;"), ("\n", "<br>"),
    ])
    func mermaidCharacter(character: String, code: String) {
        #expect(Self.machine("x\(character)y").mermaid().contains("state \"x\(code)y\" as s0"))
    }

    @Test("a state name of several lines has a Markdown backslash before each punctuation character, raw or coded; a description line (drawn as written) has none", arguments: [
        ("a\n*b*", "a<br>#92;#42;b#92;#42;", "a<br>#42;b#42;"), ("a\\\nb", "a#92;#92;<br>b", "a#92;<br>b"),
        ("a\n(b).", "a<br>#92;(b#92;)#92;.", "a<br>(b)."), ("a\n_c_ d", "a<br>#92;#95;c#92;#95; d", "a<br>#95;c#95; d"),
        ("a\n<i>&", "a<br>#92;#lt;i#92;#gt;#92;#amp;", "a<br>#lt;i#gt;#amp;"), ("a\nb", "a<br>b", "a<br>b"), ("a*b", "a#42;b", "a#42;b"),
    ])
    func mermaidMarkdown(name: String, written: String, plain: String) {
        #expect(Self.machine(name).mermaid().contains("state \"\(written)\" as s0"))
        let ignoring = MachineDefinition<String, String, String, Void>(name: "m", initial: "x", events: [name, "e"]) {
            In("x") { On("e", to: "x"); Ignore(name) }
        }
        #expect(ignoring.mermaid().contains("  s0 : ignored#58;\n  s0 : " + plain + "\n"))
        // A state with a description (its line back to itself, then what it ignores): its
        // name is a title, drawn as written too.
        let described = MachineDefinition<String, String, String, Void>(name: "m", initial: name, events: ["e", "f"]) {
            In(name) { On("e", to: name); Ignore("f") }
        }
        #expect(described.mermaid().contains("state \"\(plain)\" as s0\n  s0 : e (re-enters)\n  s0 : ignored#58;\n  s0 : f\n"))
    }

    @Test("Mermaid breaks the word direction, in any case, and draws an empty name as a zero-width space", arguments: [
        ("direction TB", "#100;irection TB"), ("DIRECTION", "#68;IRECTION"), ("", "#8203;"),
    ])
    func mermaidWords(name: String, written: String) {
        #expect(Self.machine(name).mermaid().contains("state \"\(written)\" as s0"))
    }

    @Test("DOT escapes backslash and quote, writes & as &amp;, a line break as \\n, keeps a tab, drops CR, replaces other controls and U+FFFE, U+FFFF", arguments: [
        ("a\\b", "a\\\\b"), ("a\"b", "a\\\"b"), ("a&b", "a&amp;b"), ("a\nb", "a\\nb"), ("a\tb", "a\tb"), ("a\rb", "ab"), ("a\u{07}b", "a\u{FFFD}b"),
        ("a\u{FFFE}b", "a\u{FFFD}b"), ("a\u{FFFF}b", "a\u{FFFD}b"), ("a\u{FFFF}&b", "a\u{FFFD}&amp;b"),
    ])
    func dotCharacter(name: String, written: String) {
        #expect(Self.machine(name).dot().contains("s0 [label=\"\(written)\"];"))
    }

    @Test("in an HTML-like label, DOT writes entities, doubles a backslash and writes a line break as <BR/>", arguments: [
        ("a<b", "a&lt;b"), ("a>b", "a&gt;b"), ("a&b", "a&amp;b"), ("a\"b", "a&quot;b"), ("a\\b", "a\\\\b"), ("a\nb", "a<BR/>b"),
        ("a\u{FFFE}b", "a\u{FFFD}b"), ("a\u{FFFF}b", "a\u{FFFD}b"),
    ])
    func dotHTMLCharacter(name: String, written: String) {
        let ignoring = MachineDefinition<String, String, String, Void>(name: "m", initial: name, events: ["e", "f"]) { In(name) { On("e", to: name); Ignore("f") } }
        #expect(ignoring.dot().contains("<TR><TD>\(written)</TD></TR>"))
    }
}
