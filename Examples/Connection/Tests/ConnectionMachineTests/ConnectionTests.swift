import ConnectionMachine
import FSM
import FSMREPL
import FSMRuntime
import FSMTesting
import Testing

typealias Row = ExpectedRow<Connection.State, Connection.Event.Key, Connection.Effect>

@Suite("tcp")
struct ConnectionTests {
    /// Every cell, from RFC 9293's diagram: a segment that fits no guard is ignored.
    static let rows: [Row] = {
        var rows: [Row] = []
        func row(_ state: Connection.State, _ event: Connection.Event.Key, _ cell: ExpectedCell<Connection.State, Connection.Effect>) { rows.append(Row(state, event, cell)) }
        row(.closed, .passiveOpen, .to(.listen)); row(.closed, .activeOpen, .to(.synSent, emitting: .sendSYN))
        row(.closed, .send, .illegal); row(.closed, .close, .illegal)
        row(.closed, .receive, .oneOf([.internal(guard: "!RST", emitting: .sendRST)], otherwise: .ignored))
        row(.listen, .passiveOpen, .illegal); row(.listen, .activeOpen, .illegal)
        row(.listen, .send, .to(.synSent, emitting: .sendSYN)); row(.listen, .close, .to(.closed, emitting: .deleteTCB))
        row(.listen, .receive, .oneOf([.to(.synReceived, guard: "SYN && !ACK", emitting: .sendSYNACK)], otherwise: .ignored))
        row(.synSent, .passiveOpen, .illegal); row(.synSent, .activeOpen, .illegal); row(.synSent, .send, .illegal)
        row(.synSent, .close, .to(.closed, emitting: .deleteTCB))
        row(.synSent, .receive, .oneOf([
            .to(.closed, guard: "RST && ACK", emitting: .deleteTCB), .to(.established, guard: "SYN && ACK", emitting: .sendACK),
            .to(.synReceived, guard: "SYN", emitting: .sendSYNACK),
        ], otherwise: .ignored))
        row(.synReceived, .passiveOpen, .illegal); row(.synReceived, .activeOpen, .illegal); row(.synReceived, .send, .illegal)
        row(.synReceived, .close, .to(.finWait1, emitting: .sendFIN))
        row(.synReceived, .receive, .oneOf([.to(.listen, guard: "RST"), .to(.established, guard: "ACK && !SYN")], otherwise: .ignored))
        row(.established, .passiveOpen, .illegal); row(.established, .activeOpen, .illegal)
        row(.established, .send, .internal(emitting: .sendData)); row(.established, .close, .to(.finWait1, emitting: .sendFIN))
        row(.established, .receive, .oneOf([
            .to(.closed, guard: "RST", emitting: .deleteTCB), .to(.closeWait, guard: "FIN", emitting: .sendACK), .internal(emitting: .deliver),
        ]))
        for state in [Connection.State.finWait1, .finWait2, .closing, .lastAck] {
            row(state, .passiveOpen, .illegal); row(state, .activeOpen, .illegal); row(state, .send, .illegal); row(state, .close, .illegal)
        }
        row(.finWait1, .receive, .oneOf([
            .to(.timeWait, guard: "FIN && ACK", emitting: .sendACK), .to(.closing, guard: "FIN", emitting: .sendACK), .to(.finWait2, guard: "ACK"),
        ], otherwise: .ignored))
        row(.finWait2, .receive, .oneOf([.to(.timeWait, guard: "FIN", emitting: .sendACK)], otherwise: .ignored))
        row(.closeWait, .passiveOpen, .illegal); row(.closeWait, .activeOpen, .illegal)
        row(.closeWait, .send, .internal(emitting: .sendData)); row(.closeWait, .close, .to(.lastAck, emitting: .sendFIN))
        row(.closeWait, .receive, .ignored)
        row(.closing, .receive, .oneOf([.to(.timeWait, guard: "ACK")], otherwise: .ignored))
        row(.lastAck, .receive, .oneOf([.to(.closed, guard: "ACK", emitting: .deleteTCB)], otherwise: .ignored))
        row(.timeWait, .passiveOpen, .illegal); row(.timeWait, .activeOpen, .illegal); row(.timeWait, .send, .illegal); row(.timeWait, .close, .illegal)
        row(.timeWait, .receive, .oneOf([.to(.timeWait, guard: "FIN", emitting: .sendACK)], otherwise: .ignored))
        return rows
    }()

    @Test("valid in strict mode: every pair handled, ignored or declared illegal")
    func valid() {
        expectValid(Connection.definition, strict: true)
    }

    @Test("the whole table, every cell")
    func table() {
        #expect(Self.rows.count == Connection.State.allCases.count * Connection.Event.Key.allCases.count)
        expectTable(Connection.definition, Self.rows)
    }

    @Test("the runtime agrees with the table on random segments, every dispatch path")
    func agreesWithItsTable() {
        let agreement = expectAgreesWithTable(Connection.definition, sequences: 2_000, seed: 793) { key, random in
            guard key == .receive else {
                return [.passiveOpen, .activeOpen, .send, .close].first { $0.key == key } ?? .close
            }
            let bits = random.next()
            return .receive(Connection.Segment(syn: bits & 1 != 0, ack: bits & 2 != 0, fin: bits & 4 != 0, rst: bits & 8 != 0))
        } context: { _ in () }
        #expect(agreement.mismatches.isEmpty)
    }

    @Test("a three-way handshake, segments typed as JSON in the REPL; the RFC's names accepted and shown")
    func handshake() throws {
        let session = try REPLSession(Connection.definition)
        #expect(session.handle("activeOpen").text == "CLOSED --activeOpen--> SYN-SENT / sendSYN")
        #expect(session.handle(#"receive {"ack": true}"#).text == "SYN-SENT: 'receive' ignored")
        #expect(session.handle(#"receive {"syn": true, "ack": true}"#).text == "SYN-SENT --receive--> ESTABLISHED / sendACK")
        #expect(session.handle(#"receive {}"#).text == "ESTABLISHED --receive--> ESTABLISHED (internal) / deliver")
        #expect(session.handle(#"receive {"fin": true, "urg": true}"#).text == "error: receive's data: unknown field 'urg' (fields: syn, ack, fin, rst); nothing changed")
        #expect(session.handle("close").text == "ESTABLISHED --close--> FIN-WAIT-1 / sendFIN")
        #expect(session.stateName == "FIN-WAIT-1")
    }

    @Test("TIME-WAIT has one timer, 2 MSL, to CLOSED; no other state has one")
    func timeWaitTimer() {
        let timers = Connection.definition.table.timerRows
        #expect(timers.map { "\($0.state) after \($0.duration) -> \($0.entry.target) / \($0.entry.effects)" } == ["TIME-WAIT after 240.0 seconds -> CLOSED / [deleteTCB]"])
    }

    @Test("on a manual clock: the connection closes 2 MSL after entering TIME-WAIT, not a second before; a retransmitted FIN starts the wait over")
    @MainActor
    func timeWaitOnTheRuntime() async throws {
        let clock = ManualClock()
        var sent: [Connection.Effect] = []
        var machine = try Machine(Connection.definition, startingIn: .finWait2)
        machine.policy = .ignore
        let runtime = MachineRuntime(machine, clock: clock) { effect, _ in sent.append(effect) }
        runtime.send(.receive(Connection.Segment(fin: true)))
        await runtime.settle()
        #expect(runtime.state == .timeWait)
        clock.advance(by: .seconds(100))
        await runtime.settle()
        runtime.send(.receive(Connection.Segment(fin: true)))
        await runtime.settle()
        clock.advance(by: .seconds(239))
        await runtime.settle()
        #expect(runtime.state == .timeWait, "240 s after the first FIN, but 239 s after the second")
        clock.advance(by: .seconds(1))
        await runtime.settle()
        #expect(runtime.state == .closed)
        #expect(sent == [.sendACK, .sendACK, .deleteTCB])
    }

    @Test("the committed diagrams match the machine")
    func diagrams() {
        expectDiagramsMatch([Connection.definition])
    }
}
