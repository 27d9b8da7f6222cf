import FSM
import FSMCoverage
import PropertyBased
import Testing

/// What the player must do, written out flat by hand from the statechart rules (children
/// inherit; exits innermost first, entries outermost first), independently of the library.
/// Missing pairs are rejected.
private enum Flat: Equatable {
    case to(Player, [String])
    case `internal`([String])
    case ignored
}

private let playerFlat: [Player: [PlayerEvent: Flat]] = [
    .off: [.power: .to(.paused, ["powerOn", "lampOn", "showPause"])],
    .paused: [
        .power: .to(.off, ["hidePause", "lampOff", "powerOff"]),
        .play: .to(.playing, ["hidePause"]),
        .tick: .ignored,
        .volume: .internal(["volume"]),
    ],
    .playing: [
        .power: .to(.off, ["stopClock", "lampOff", "powerOff"]),
        .pause: .to(.paused, ["stopClock", "showPause"]),
        .stall: .to(.buffering, []),
        .tick: .to(.playing, ["advance"]),
        .volume: .internal(["volume"]),
    ],
    .buffering: [
        .power: .to(.error, ["stopClock", "lampOff"]),
        .pause: .to(.paused, ["stopClock", "showPause"]),
        .resume: .to(.playing, []),
        .tick: .ignored,
        .volume: .internal(["volume"]),
    ],
    .error: [.power: .to(.off, [])],
]

/// The cells the player inherits, by hand.
private let playerInherited: [Player: [PlayerEvent: String]] = [
    .paused: [.power: "on", .tick: "on", .volume: "on"],
    .playing: [.power: "on", .pause: "active", .volume: "on"],
    .buffering: [.pause: "active", .tick: "on", .volume: "on"],
]

/// What the locks do with an event, by hand.
private enum LocksOutcome {
    case success((Locks, [String]))
    case failure(TransitionError<Locks, LockKey>.Reason)
}

/// The locks, flat, by hand.
private func locksFlat(_ state: Locks, _ event: LockKey, allowed: Bool) -> LocksOutcome {
    switch (event, state.caps, state.num) {
    case (.capsLock, .off, let num): return .success((Locks(caps: .on, num: num), ["capsLight"]))
    case (.capsLock, .on, let num): return .success((Locks(caps: .off, num: num), []))
    case (.numLock, let caps, .off): return allowed ? .success((Locks(caps: caps, num: .on), ["numOn"])) : .failure(.guardNotMet(["num lock allowed"]))
    case (.numLock, let caps, .on): return .success((Locks(caps: caps, num: .off), ["numOff"]))
    case (.reset, .off, .off): return .success((state, []))  // ignored by both
    case (.reset, .on, .off): return .success((Locks(caps: .off, num: .off), ["capsReset"]))
    case (.reset, .off, .on): return .success((Locks(caps: .off, num: .off), ["numReset"]))
    case (.reset, .on, .on): return .success((Locks(caps: .off, num: .off), ["capsReset", "numReset"]))
    }
}

@Suite("Statecharts: nested states and parallel regions, flattened")
struct StatechartTests {
    @Test("the player's flattened table is the hand-written flat table, cell for cell, with what is inherited")
    func playerTable() {
        let table = playerDefinition.table
        #expect(table.states == [.off, .paused, .playing, .buffering, .error])
        for row in table.rows {
            let expected = playerFlat[row.state]?[row.event]
            switch (row.cell, expected) {
            case let (.transitions(entries), .to(target, _)?):
                #expect(entries.count == 1 && entries[0].target == target && !entries[0].isInternal, "\(row.state) + \(row.event)")
            case let (.transitions(entries), .internal(effects)?):
                #expect(entries.count == 1 && entries[0].isInternal && entries[0].effects == effects, "\(row.state) + \(row.event)")
            case (.ignored, .ignored?), (.illegal, nil):
                break
            default:
                Issue.record("\(row.state) + \(row.event): \(row.cell), expected \(String(describing: expected))")
            }
            #expect(row.inheritedFrom == playerInherited[row.state]?[row.event], "\(row.state) + \(row.event)")
        }
        #expect(playerDefinition.validate(.standard).isEmpty, "\(playerDefinition.validate(.standard))")
    }

    @Test("a parent without an initial child enters its first child, and when that is a parent, that parent's initial child")
    func firstChildParent() throws {
        let definition = MachineDefinition<String, String, String, Void>(name: "nest", initial: "off", events: ["go", "back"]) {
            In("off") { On("go", to: "outer") }
            Parent(state: "outer") {
                On("back", to: "off")
            } children: {
                Parent(state: "inner", initial: "b") {} children: {
                    In("a")
                    In("b")
                }
                In("c")
            }
        }
        var machine = try Machine(definition)
        #expect(try machine.send("go").target == "b")
        #expect(try Machine(definition, startingIn: "outer").state == "b")
        #expect(definition.scxml.contains("<state id=\"outer\" fsm:name=\"outer\" fsm:kind=\"parent\" initial=\"b\">"), "\(definition.scxml)")
    }

    @Test("entering a parent enters its initial child; a machine can start in a parent")
    func enteringParents() throws {
        var machine = try Machine(playerDefinition)
        let step = try machine.send(.power)
        #expect(step.target == .paused)
        #expect(Array(step.effects) == ["powerOn", "lampOn", "showPause"])
        #expect(try Machine(playerDefinition, startingIn: .on).state == .paused)
        #expect(playerDefinition.configuration(of: .buffering) == "on > active > buffering")
        #expect(playerDefinition.parentNames(of: .playing) == ["on", "active"])
        #expect(playerDefinition.parents.map(\.name) == ["on", "active"])
    }

    @Test("random sequences: the player does what the flat table says, at every step")
    func playerProperty() async {
        await propertyCheck(count: 300, input: Gen<PlayerEvent>.case.array(of: 0...40)) { events in
            guard var machine = try? Machine(playerDefinition) else {
                Issue.record("the player does not compile")
                return
            }
            for event in events {
                let before = machine.state
                let result = machine.transition(on: event)
                switch (result, playerFlat[before]?[event]) {
                case let (.success(step), .to(target, effects)?):
                    #expect(step.target == target && Array(step.effects) == effects && step.kind == .external, "\(before) + \(event)")
                case let (.success(step), .internal(effects)?):
                    #expect(step.target == before && Array(step.effects) == effects && step.kind == .internal, "\(before) + \(event)")
                case let (.success(step), .ignored?):
                    #expect(step.kind == .ignored && step.target == before, "\(before) + \(event)")
                case let (.failure(error), nil):
                    #expect(error.reason == .noTransition && machine.state == before, "\(before) + \(event)")
                default:
                    Issue.record("\(before) + \(event): \(result), expected \(String(describing: playerFlat[before]?[event]))")
                }
            }
        }
    }

    @Test("a parallel machine's states are every combination of its regions', first region slowest")
    func locksStates() {
        #expect(locksDefinition.states == [
            Locks(caps: .off, num: .off), Locks(caps: .off, num: .on), Locks(caps: .on, num: .off), Locks(caps: .on, num: .on),
        ])
        #expect(locksDefinition.regions.map(\.name) == ["caps", "num"])
        #expect(locksDefinition.events == [.capsLock, .reset, .numLock])
        #expect(locksDefinition.configuration(of: Locks(caps: .on, num: .off)) == "caps: on | num: off")
        #expect(locksDefinition.validate(.strict).isEmpty, "\(locksDefinition.validate(.strict))")
    }

    @Test("random sequences with a random guard: the locks do what the flat table says, effects in region order")
    func locksProperty() async {
        await propertyCheck(count: 300, input: zip(Gen<LockKey>.case, Gen.bool).array(of: 0...40)) { steps in
            guard var machine = try? Machine(locksDefinition) else {
                Issue.record("the locks do not compile")
                return
            }
            for (event, allowed) in steps {
                let before = machine.state
                let result = machine.transition(on: event, context: allowed)
                switch (result, locksFlat(before, event, allowed: allowed)) {
                case let (.success(step), .success((target, effects))):
                    #expect(step.target == target && Array(step.effects) == effects, "\(before) + \(event)")
                    #expect((step.kind == .ignored) == (target == before && effects.isEmpty), "\(before) + \(event)")
                case let (.failure(error), .failure(reason)):
                    #expect(error.reason == reason && machine.state == before, "\(before) + \(event)")
                default:
                    Issue.record("\(before) + \(event) (allowed: \(allowed)): \(result)")
                }
            }
        }
    }

    @Test("the machine is finished when every region is final")
    func parallelFinal() throws {
        enum Part: Hashable, Sendable { case running, done }
        struct Both: Hashable, Sendable { var a: Part; var b: Part }
        func part(_ name: String, _ finish: LockKey) -> MachineDefinition<Part, LockKey, Never, Void> {
            MachineDefinition(name: name, initial: .running, events: [finish]) {
                In(.running) { On(finish, to: .done) }
                Final(.done) { IgnoreOtherEvents() }
            }
        }
        let both = MachineDefinition<Both, LockKey, Never, Void>(
            name: "both", initial: Both(a: .running, b: .running),
            regions: Region("a", \.a, part("a", .capsLock)), Region("b", \.b, part("b", .numLock))
        )
        var machine = try Machine(both)
        try machine.send(.capsLock)
        #expect(!machine.isFinished)
        try machine.send(.numLock)
        #expect(machine.isFinished)
        #expect(both.finalStates == [Both(a: .done, b: .done)])
    }
}

@Suite("Validation of hierarchy and regions")
struct HierarchyValidationTests {
    enum S: Hashable, Sendable, CaseIterable { case a, b, c, group }
    enum E: MachineEvent, Hashable, CaseIterable { case go, back }

    func kinds(_ definition: MachineDefinition<S, E, Never, Void>) -> [Diagnostic.Kind] {
        definition.validate().map(\.kind)
    }

    @Test("a parent whose initial is not its child has no initial child")
    func initialNotChild() {
        let definition = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            In(.a) { On(.go, to: .b) }
            Parent("p", initial: .a) { On(.back, to: .a) } children: { In(.b); In(.c) }
        }
        let diagnostic = definition.validate().first { $0.kind == .parentWithoutInitialChild }
        #expect(diagnostic?.message == "parent 'p' has no initial child: its initial state 'a' is not one of its children")
        #expect(diagnostic?.severity == .error)
    }

    @Test("a child that shadows its parent's line is a warning unless it says Overrides")
    func shadowing() {
        let accidental = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            Parent("p") { On(.go, to: .c) } children: {
                In(.a) { On(.go, to: .b) }
                In(.b) { On(.back, to: .a) }
            }
            In(.c) { On(.back, to: .a) }
        }
        let warning = accidental.validate().first { $0.kind == .shadowedParentDeclaration }
        #expect(warning?.severity == .warning)
        #expect(warning?.message == "state 'a' declares 'go' itself, shadowing what its parent 'p' declares; add Overrides(go) if that is on purpose")
        let onPurpose = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            Parent("p") { On(.go, to: .c) } children: {
                In(.a) {
                    Overrides(.go)
                    On(.go, to: .b)
                }
                In(.b) { On(.back, to: .a) }
            }
            In(.c) { On(.back, to: .a) }
        }
        #expect(!kinds(onPurpose).contains(.shadowedParentDeclaration))
        // The child's own line wins, and the table says so.
        #expect(onPurpose.table.rows.first { $0.state == .a && $0.event == .go }?.inheritedFrom == nil)
        #expect(onPurpose.table.rows.first { $0.state == .b && $0.event == .go }?.inheritedFrom == "p")
        let overridesNothing = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            In(.a) {
                Overrides(.back)
                On(.go, to: .b)
            }
            Parent("p") { On(.back, to: .a) } children: { In(.b) }
        }
        #expect(overridesNothing.validate().contains { $0.message == "state 'a' overrides 'back', which no parent of it declares" })
    }

    @Test("a parent declared in two places, a parent that is also a state, a child never entered")
    func otherMistakes() {
        let split = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            Parent("p") { On(.back, to: .c) } children: { In(.a) { On(.go, to: .c) } }
            In(.c) { On(.go, to: .b) }
            Parent("p") { On(.back, to: .c) } children: { In(.b) }
        }
        #expect(split.validate().contains { $0.kind == .parentDeclaredTwice && $0.message.contains("declared by more than one Parent block") })
        // Side by side too: two blocks are two parents, whatever their names.
        let adjacent = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            In(.a) { On(.go, to: .b) }
            for state in [S.b, .c] {
                Parent("p") { On(.back, to: state == .b ? .a : .b) } children: { In(state) }
            }
        }
        #expect(adjacent.validate().contains { $0.kind == .parentDeclaredTwice })
        // Each child inherits from its own block.
        guard case let .transitions(entries)? = adjacent.table.cell(.c, .back) else {
            Issue.record("c + back is not a transition")
            return
        }
        #expect(entries.map(\.target) == [.b])
        let conflicting = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            In(.a) { On(.go, to: .b) }
            Parent("p") {
                On(.back, to: .a)
                Ignore(.back)
                IgnoreOtherEvents()
                IllegalOtherEvents()
                Overrides(.go)
            } children: { In(.b) }
        }
        let messages = conflicting.validate().map(\.message)
        #expect(messages.contains("parent 'p' has an unguarded transition on 'back' and also declares it ignored: only one line can be the default (the last, unguarded one)"))
        #expect(messages.contains("parent 'p' declares the other events both ignored (IgnoreOtherEvents) and illegal (IllegalOtherEvents)"))
        #expect(messages.contains("Overrides(go) on parent 'p' does nothing: a child says what it overrides"))
        let both = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            In(.group) { On(.go, to: .a) }
            Parent(state: .group) { On(.back, to: .group) } children: { In(.a) }
        }
        #expect(both.validate().contains { $0.message == "'group' is declared both as a parent and as a state" })
        let unreachable = MachineDefinition<S, E, Never, Void>(name: "m", initial: .a) {
            In(.a) { On(.go, to: .b) }
            Parent("p") { On(.back, to: .a) } children: { In(.b); In(.c) }
        }
        #expect(unreachable.validate().contains { $0.message == "child 'c' of 'p' can never be entered from the initial state 'a'" })
        #expect(throws: DefinitionError.self) { try Machine(split) }
    }

    @Test("a transition to the parent the source is in leaves and re-enters it, wherever it is declared")
    func reenteringAParent() throws {
        enum Q: Hashable, Sendable { case group, one, two }
        let fromChild = MachineDefinition<Q, E, String, Void>(name: "m", initial: .group) {
            Parent(state: .group, initial: .one) {
                OnEntry("enter group")
                OnExit("exit group")
            } children: {
                In(.one) { On(.go, to: .two) }
                In(.two) { On(.back, to: .group, emit: "restart") }
            }
        }
        var machine = try Machine(fromChild)
        #expect(machine.state == .one)
        try machine.send(.go)
        let step = try machine.send(.back)
        #expect(step.target == .one)
        #expect(Array(step.effects) == ["exit group", "restart", "enter group"])
        #expect(fromChild.dot().contains("s0 -> s1 [label=\" back / restart \", dir=back];"), "no ltail on an edge inside the cluster")
    }

    @Test("a region with a broken definition does not crash the parallel machine; validation says why")
    func brokenRegion() {
        let broken = MachineDefinition<Toggle, LockKey, String, Bool>(name: "broken", initial: .off, events: [.reset]) {
            In(.off) { On(.reset, to: .on) }
        }
        let definition = MachineDefinition<Locks, LockKey, String, Bool>(
            name: "m", initial: Locks(caps: .off, num: .off),
            regions: Region("caps", \.caps, broken), Region("num", \.num, numDefinition)
        )
        #expect(definition.validate().contains { $0.message == "region 'caps': the transition 'off' --reset--> 'on' goes to the undeclared state 'on'" })
        #expect(throws: DefinitionError.self) { try Machine(definition) }
    }

    @Test("strict validation of a parallel machine names the region of an unhandled pair, once")
    func strictRegions() {
        let partial = MachineDefinition<Toggle, LockKey, String, Bool>(name: "partial", initial: .off, events: [.capsLock, .reset]) {
            In(.off) { On(.capsLock, to: .on) }
            In(.on) { On(.capsLock, to: .off); Ignore(.reset) }
        }
        let definition = MachineDefinition<Locks, LockKey, String, Bool>(
            name: "m", initial: Locks(caps: .off, num: .off),
            regions: Region("caps", \.caps, partial), Region("num", \.num, numDefinition)
        )
        let unhandled = definition.validate(.strict).filter { $0.kind == .unhandledPair }.map(\.message)
        #expect(unhandled == ["region 'caps': state 'off' neither handles, ignores nor declares illegal 'reset'"])
    }

    @Test("guards on one event in two regions are an error")
    func regionGuards() {
        let yes = Guard<Bool>("yes") { $0 }
        func region(_ name: String) -> MachineDefinition<Toggle, LockKey, String, Bool> {
            MachineDefinition(name: name, initial: .off, events: [.reset]) {
                In(.off) { On(.reset, to: .on, guard: yes) }
                In(.on) { On(.reset, to: .off) }
            }
        }
        let definition = MachineDefinition<Locks, LockKey, String, Bool>(
            name: "clash", initial: Locks(caps: .off, num: .off),
            regions: Region("caps", \.caps, region("caps")), Region("num", \.num, region("num"))
        )
        #expect(definition.validate().contains {
            $0.kind == .regionConflict && $0.message == "'reset' has guarded transitions in regions 'caps' and 'num': guards on one event may sit in one region only"
        })
    }
}

@Suite("Diagrams of nested states and regions")
struct StatechartDiagramTests {
    @Test("DOT: a parent is a cluster, its transitions one edge from the cluster (ltail), into a parent lhead")
    func nestedDOT() {
        let dot = playerDefinition.dot()
        #expect(dot.contains("  compound=true;\n"))
        #expect(dot.contains("subgraph cluster_p0 {\n    label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>on</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\">entry / lampOn<BR/>exit / lampOff<BR/>volume / volume</FONT></TD></TR><TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"gray40\">ignored: tick</FONT></TD></TR></TABLE>>;"), "a parent labelled like a state: name, rule, entry, exit, internal, ignored")
        #expect(dot.contains("    subgraph cluster_p1 {\n      label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>active</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\">exit / stopClock</FONT></TD></TR></TABLE>>;"))
        // Both lines between off and on are drawn to on's point (in its first rank, by its
        // border), their labels spaced from the other line.
        let powerOff = dot.split(separator: "\n").filter { $0.contains("label=\" power / powerOff \"") }
        #expect(powerOff.count == 1)
        #expect(powerOff.first?.contains("s0 -> p0i [") == true && powerOff.first?.contains("lhead=cluster_p0, dir=back") == true, "written reversed: from the parent's border, its arrow at its first end")
        #expect(dot.contains("s0 -> p0i [label=\" power / powerOn \", lhead=cluster_p0];"))
        #expect(dot.contains("    p0i [shape=point, width=0.01, height=0.01, label=\"\", style=invis];\n"))
    }

    @Test("Mermaid: parents are composite states; regions are separated by --")
    func mermaid() {
        let nested = playerDefinition.mermaid()
        #expect(nested.contains("  state \"on\" as p0 {\n    state \"paused\" as s1\n    s1 : entry / showPause\n    s1 : exit / hidePause\n    state \"active\" as p1 {\n      state \"playing\" as s2\n      s2 : tick / advance (re-enters)\n      state \"buffering\" as s3\n    }\n  }\n"))
        #expect(nested.contains("  p0 --> s0 : power / powerOff\n"))
        let parallel = locksDefinition.mermaid()
        #expect(parallel.contains("  state \"locks\" as parallel {\n    %% region caps\n"))
        #expect(parallel.contains("    --\n    %% region num\n"))
        #expect(parallel.contains("    r1s0 --> r1s1 : numLock<br>[num lock allowed]<br>/ numOn\n"))
    }

    @Test("DOT of a parallel machine: one dashed cluster per region, the current state highlighted in each")
    func parallelDOT() throws {
        let dot = locksDefinition.dot(highlighting: Locks(caps: .on, num: .off))
        #expect(dot.contains("  subgraph cluster_r0 {\n    label=\"caps\"; style=\"dashed\";"))
        #expect(dot.contains("  subgraph cluster_r1 {\n    label=\"num\"; style=\"dashed\";"))
        #expect(dot.contains("r0s1 [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>on</TD></TR><HR/><TR><TD><FONT POINT-SIZE=\"10\">entry / capsLight</FONT></TD></TR></TABLE>>, style=\"rounded,filled\""))
        #expect(dot.contains("r1s0 [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>off</TD></TR><TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"gray40\">ignored: reset</FONT></TD></TR></TABLE>>, style=\"rounded,filled\""))
        // Coverage: a transition of the machine covers each region's.
        let recorder = CoverageRecorder()
        var machine = try Machine(locksDefinition)
        machine.recorder = recorder
        try machine.send(.capsLock, context: true)
        let coverage = locksDefinition.dot(DiagramOptions(coverage: recorder.coverage[machine: "locks"]))
        #expect(coverage.contains("r0s0 -> r0s1 [label=\" capsLock ×1 \"];"))
        #expect(coverage.contains("r1s0 -> r1s1 [label=\" numLock \\n [num lock allowed] \\n / numOn \", style=dashed, color=\"red\", fontcolor=\"red\"];"))
    }
}

@Suite("Parallel machines too large to flatten")
struct ParallelSizeTests {
    /// A region of `count` states cycling on its own event.
    static func region(_ index: Int, states count: Int) -> Region<[Int], String, Never, Void> {
        let definition = MachineDefinition<Int, String, Never, Void>(name: "r\(index)", initial: 0, events: ["e\(index)"]) {
            for state in 0..<count { In(state) { On("e\(index)", to: (state + 1) % count) } }
        }
        return Region("r\(index)", \[Int][index], definition)
    }

    @Test("8 regions of 10 states are refused at once, with the product and the regions named; nothing is built")
    func refused() {
        let regions = (0..<8).map { Self.region($0, states: 10) }
        let machine = MachineDefinition<[Int], String, Never, Void>(name: "huge", initial: Array(repeating: 0, count: 8), regions: regions[0], regions[1], regions[2], regions[3], regions[4], regions[5], regions[6], regions[7])
        #expect(machine.states.isEmpty)
        let diagnostics = machine.validate()
        #expect(diagnostics.map(\.kind) == [.tooLarge])
        #expect(diagnostics.first?.message == "the machine is too large to flatten: its states are every combination of its regions' states, 'r0' (10) × 'r1' (10) × 'r2' (10) × 'r3' (10) × 'r4' (10) × 'r5' (10) × 'r6' (10) × 'r7' (10), so 100000000 states × 8 events = 800000000 cells; at most 1048576 cells (give the regions fewer states, or run them as separate machines)")
        #expect(throws: DefinitionError.self) { try Machine(machine) }
    }

    @Test("a product that overflows Int is refused, not a crash")
    func overflow() {
        let regions = (0..<5).map { Self.region($0, states: 7_000) }
        let machine = MachineDefinition<[Int], String, Never, Void>(name: "vast", initial: [0, 0, 0, 0, 0], regions: regions[0], regions[1], regions[2], regions[3], regions[4])
        #expect(machine.validate().map(\.kind) == [.tooLarge])
        #expect(machine.validate().first?.message.contains("so more than \(Int.max) cells") == true)
    }

    @Test("a machine within the limit is built and runs")
    func underTheLimit() throws {
        let regions = (0..<3).map { Self.region($0, states: 10) }
        let machine = MachineDefinition<[Int], String, Never, Void>(name: "fine", initial: [0, 0, 0], regions: regions[0], regions[1], regions[2])
        #expect(machine.states.count == 1_000)
        var running = try Machine(machine)
        try running.send("e1")
        #expect(running.state == [0, 1, 0])
    }
}
