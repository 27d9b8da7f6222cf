import FSM
import FSMTesting
import Testing

/// A TCP-like listener: a segment's flags decide what it does; "otherwise" ignore it.
enum Listener: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case listen, synReceived, closed
    var description: String { rawValue }
}

struct Segment: Hashable, Sendable, Decodable {
    var syn = false
    var ack = false
    var rst = false
}

enum ListenerEvent: MachineEvent, Hashable, Sendable {
    case receive(Segment)
    case close

    enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case receive, close
        var description: String { rawValue }
    }

    var key: Key {
        switch self {
        case .receive: .receive
        case .close: .close
        }
    }
}

let isSYN = Guard<ListenerEvent>("SYN") { if case let .receive(segment) = $0 { segment.syn } else { false } }
let isACK = Guard<ListenerEvent>("ACK") { if case let .receive(segment) = $0 { segment.ack } else { false } }
let isRST = Guard<ListenerEvent>("RST") { if case let .receive(segment) = $0 { segment.rst } else { false } }

let listener = MachineDefinition<Listener, ListenerEvent, String, Void>(name: "listener", initial: .listen) {
    In(.listen) {
        On(.receive, to: .closed, guard: isRST)
        On(.receive, to: .synReceived, guard: isSYN && !isACK, emit: "send SYN+ACK")
        Ignore(.receive)                     // any other segment: otherwise ignored
        On(.close, to: .closed)
    }
    In(.synReceived) {
        On(.receive, to: .listen, guard: isRST || (isSYN && isACK))
        Illegal(.receive)                    // otherwise: refused
        On(.close, to: .closed)
    }
    Final(.closed) { IgnoreOtherEvents() }
}

@Suite("An Ignore or Illegal after guarded transitions is the cell's default")
struct CellDefaultTests {
    @Test("the definition is valid in strict mode")
    func valid() {
        #expect(listener.validate(.strict) == [])
    }

    @Test("guards are tried in order; when none holds, the default decides", arguments: [
        (Segment(rst: true), Listener.closed, TransitionKind.external),
        (Segment(syn: true), .synReceived, .external),
        (Segment(syn: true, ack: true), .listen, .ignored),
        (Segment(), .listen, .ignored),
    ])
    func listening(segment: Segment, target: Listener, kind: TransitionKind) throws {
        var machine = try Machine(listener)
        let step = try machine.send(.receive(segment))
        #expect(step.kind == kind && machine.state == target)
    }

    @Test("an Illegal default rejects, naming the guards tried; the state is unchanged")
    func illegalDefault() throws {
        var machine = try Machine(listener, startingIn: .synReceived)
        #expect(throws: TransitionError<Listener, ListenerEvent.Key>(state: .synReceived, event: .receive, reason: .guardNotMet(["RST || (SYN && ACK)"]), permitted: [.receive, .close])) {
            try machine.send(.receive(Segment(syn: true)))
        }
        #expect(machine.state == .synReceived)
        #expect(try machine.send(.receive(Segment(syn: true, ack: true))).target == .listen)
    }

    @Test("the table shows the default as its own 'else' row; JSON and CSV say it too")
    func table() {
        guard case let .guarded(entries, otherwise)? = listener.table.cell(.listen, .receive) else {
            Issue.record("listen + receive is not a cell with a default: \(String(describing: listener.table.cell(.listen, .receive)))")
            return
        }
        #expect(entries.map(\.guardName) == ["RST", "SYN && !ACK"] && otherwise == .ignored)
        #expect(listener.table.markdown.contains("| listen | receive | else | (ignored) |  |\n"))
        #expect(listener.table.markdown.contains("| synReceived | receive | else | (illegal, declared) |  |\n"))
        #expect(listener.table.csv.contains("listen,receive,ignored,else,,\r\n"))
        #expect(listener.table.json.contains("\"guard\": \"SYN && !ACK\", \"effects\": [\"send SYN+ACK\"], \"internal\": false}], \"otherwise\": \"ignored\"}"))
    }

    @Test("diagrams draw the default: [else] on an unguarded last transition, 'receive [else]' among the ignored")
    func diagrams() {
        #expect(listener.dot().contains("ignored: receive [else]"))
        #expect(listener.mermaid().contains("ignored#58;\n  s0 : receive [else]"))
        let fallback = MachineDefinition<Listener, ListenerEvent, String, Void>(name: "f", initial: .listen) {
            In(.listen) { On(.receive, to: .synReceived, guard: isSYN); On(.receive, to: .closed); On(.close, to: .closed) }
            In(.synReceived) { On(.close, to: .closed) }
            Final(.closed)
        }
        #expect(fallback.dot().contains("s0 -> s2 [label=\" receive [else] \"];"))
        #expect(fallback.mermaid().contains("s0 --> s2 : receive [else]"))
    }

    @Test("expectTable speaks of the default")
    func expectations() {
        typealias Row = ExpectedRow<Listener, ListenerEvent.Key, String>
        expectCell(listener, Row(.listen, .receive, .oneOf([.to(.closed, guard: "RST"), .to(.synReceived, guard: "SYN && !ACK", emitting: "send SYN+ACK")], otherwise: .ignored)))
        expectCell(listener, Row(.synReceived, .receive, .oneOf([.to(.listen, guard: "RST || (SYN && ACK)")], otherwise: .illegal)))
        withKnownIssue("the wrong default is caught") {
            expectCell(listener, Row(.listen, .receive, .oneOf([.to(.closed, guard: "RST"), .to(.synReceived, guard: "SYN && !ACK", emitting: "send SYN+ACK")], otherwise: .illegal)))
        }
    }

    @Test("misplaced or conflicting defaults are errors", arguments: [
        ("Ignore before a guarded line", "in state 'listen', Ignore(receive) comes before the transition on 'receive' guarded by 'SYN': the default goes after the guarded lines"),
        ("an unguarded line and Ignore", "state 'listen' has an unguarded transition on 'receive' and also declares it ignored: only one line can be the default (the last, unguarded one)"),
        ("Ignore and Illegal", "state 'listen' declares 'receive' both ignored and illegal"),
        ("one guard twice", "state 'listen' has more than one transition on 'receive' guarded by 'SYN'"),
    ])
    func errors(kind: String, message: String) {
        let definition = MachineDefinition<Listener, ListenerEvent, String, Void>(name: "bad", initial: .listen) {
            In(.listen) {
                switch kind {
                case "Ignore before a guarded line":
                    Ignore(.receive)
                    On(.receive, to: .synReceived, guard: isSYN)
                case "an unguarded line and Ignore":
                    On(.receive, to: .synReceived, guard: isSYN)
                    On(.receive, to: .closed)
                    Ignore(.receive)
                case "Ignore and Illegal":
                    On(.receive, to: .synReceived, guard: isSYN)
                    Ignore(.receive)
                    Illegal(.receive)
                default:
                    On(.receive, to: .synReceived, guard: isSYN)
                    On(.receive, to: .closed, guard: isSYN)
                    Ignore(.receive)
                }
                On(.close, to: .closed)
            }
            In(.synReceived) { On(.close, to: .closed) }
            Final(.closed)
        }
        #expect(definition.validate().filter { $0.severity == .error }.map(\.message) == [message])
        #expect(throws: DefinitionError.self) { try Machine(definition) }
    }

    @Test("a parent's default: its guarded line and its Ignore, inherited by every child")
    func parentDefault() throws {
        let nested = MachineDefinition<Listener, ListenerEvent, String, Void>(name: "nested", initial: .listen) {
            Parent("open") {
                On(.receive, to: .closed, guard: isRST)
                Ignore(.receive)
                On(.close, to: .closed)
            } children: {
                In(.listen) {}
                In(.synReceived) {}
            }
            Final(.closed)
        }
        #expect(nested.validate(.strict).filter { $0.severity == .error } == [])
        var machine = try Machine(nested, startingIn: .synReceived)
        #expect(try machine.send(.receive(Segment())).kind == .ignored)
        #expect(try machine.send(.receive(Segment(rst: true))).target == .closed)
        #expect(nested.dot().contains("ignored: receive [else]"))
    }
}

@Suite("Guard algebra: !, && and ||")
struct GuardAlgebraTests {
    @Test("names say the combination, parenthesised where needed", arguments: [
        (!isSYN, "!SYN"), (isSYN && isACK, "SYN && ACK"), (isSYN || isACK, "SYN || ACK"),
        (isSYN && isACK && isRST, "SYN && ACK && RST"), ((isSYN || isACK) && !isRST, "(SYN || ACK) && !RST"),
        (isRST || (isSYN && isACK), "RST || (SYN && ACK)"), (!(isSYN && isACK), "!(SYN && ACK)"), (!(!isSYN), "!!SYN"),
    ])
    func names(guardValue: Guard<ListenerEvent>, name: String) {
        #expect(guardValue.name == name)
    }

    @Test("a combination evaluates its parts", arguments: [(false, false), (false, true), (true, false), (true, true)])
    func evaluation(syn: Bool, ack: Bool) {
        let event = ListenerEvent.receive(Segment(syn: syn, ack: ack))
        #expect((isSYN && !isACK)(event) == (syn && !ack))
        #expect((isSYN || isACK)(event) == (syn || ack))
        #expect((!(isSYN && isACK))(event) == !(syn && ack))
    }

    @Test("tools that decide guards by name decide the named parts, and compute the combination")
    func byName() throws {
        let guardValue = TransitionGuard<Void, ListenerEvent>(event: isRST || (isSYN && !isACK))
        #expect(guardValue.atoms == ["RST", "SYN", "ACK"])
        #expect(guardValue.holds { ["SYN": true, "ACK": false, "RST": false][$0] ?? false })
        #expect(!guardValue.holds { ["SYN": true, "ACK": true, "RST": false][$0] ?? false })
        var machine = try Machine(listener)
        let decisions = ["RST": false, "SYN": true, "ACK": false]
        #expect(try machine.send(.receive, guards: { decisions[$0] ?? false }).target == .synReceived)
    }
}
