import FSM

/// A TCP connection, after the state diagram of RFC 9293 (section 3.3.2): the segments it
/// receives are one event whose flags decide, with guards, what it does; any other segment
/// is ignored ("otherwise"), as the RFC says of segments that do not fit the state.
public enum Connection {
    /// The states, named as the RFC names them (`SYN-SENT`): tables, diagrams, errors and the
    /// REPL show these names, and the REPL and `--highlight` take them.
    public enum State: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case closed = "CLOSED", listen = "LISTEN", synSent = "SYN-SENT", synReceived = "SYN-RECEIVED"
        case established = "ESTABLISHED", finWait1 = "FIN-WAIT-1", finWait2 = "FIN-WAIT-2"
        case closeWait = "CLOSE-WAIT", closing = "CLOSING", lastAck = "LAST-ACK", timeWait = "TIME-WAIT"

        public var description: String { rawValue }
    }

    /// A segment's control flags. A flag left out of JSON is off: `receive {"syn": true}`.
    public struct Segment: Hashable, Sendable, Decodable {
        public var syn, ack, fin, rst: Bool

        public init(syn: Bool = false, ack: Bool = false, fin: Bool = false, rst: Bool = false) {
            (self.syn, self.ack, self.fin, self.rst) = (syn, ack, fin, rst)
        }

        public init(from decoder: any Decoder) throws {
            let flags = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                syn: try flags.decodeIfPresent(Bool.self, forKey: .syn) ?? false, ack: try flags.decodeIfPresent(Bool.self, forKey: .ack) ?? false,
                fin: try flags.decodeIfPresent(Bool.self, forKey: .fin) ?? false, rst: try flags.decodeIfPresent(Bool.self, forKey: .rst) ?? false
            )
        }

        private enum CodingKeys: String, CodingKey { case syn, ack, fin, rst }
    }

    /// What the user and the network do. `Decodable`, so the REPL takes a segment as JSON.
    public enum Event: MachineEvent, Hashable, Sendable, Decodable {
        case passiveOpen, activeOpen, send, close
        case receive(Segment)

        /// The table's columns: the events without their data.
        public enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
            case passiveOpen, activeOpen, send, close, receive
            public var description: String { rawValue }
        }

        public var key: Key {
            switch self {
            case .passiveOpen: .passiveOpen
            case .activeOpen: .activeOpen
            case .send: .send
            case .close: .close
            case .receive: .receive
            }
        }

        var segment: Segment? {
            if case let .receive(segment) = self { segment } else { nil }
        }
    }

    /// What the connection sends, and what it hands to the application.
    public enum Effect: String, Hashable, Sendable, CustomStringConvertible {
        case sendSYN, sendSYNACK, sendACK, sendFIN, sendRST, sendData, deliver, deleteTCB
        public var description: String { rawValue }
    }

    /// A segment flag, as a guard on the event.
    static func flag(_ name: String, _ read: @escaping @Sendable (Segment) -> Bool) -> Guard<Event> {
        Guard(name) { $0.segment.map(read) ?? false }
    }

    /// How long TIME-WAIT lasts: twice the maximum segment lifetime.
    public static let timeWaitDuration: Duration = .seconds(240)

    public static let syn = flag("SYN") { $0.syn }
    public static let ack = flag("ACK") { $0.ack }
    public static let fin = flag("FIN") { $0.fin }
    public static let rst = flag("RST") { $0.rst }

    /// The machine.
    public static let definition = MachineDefinition<State, Event, Effect, Void>(
        name: "tcp",
        summary: "A TCP connection (RFC 9293): segment flags decide the transitions; any other segment is ignored.",
        initial: .closed
    ) {
        In(.closed) {
            On(.passiveOpen, to: .listen)
            On(.activeOpen, to: .synSent, emit: .sendSYN)
            Internal(.receive, guard: !rst, emit: .sendRST)
            Ignore(.receive)
            IllegalOtherEvents()
        }
        In(.listen) {
            On(.receive, to: .synReceived, guard: syn && !ack, emit: .sendSYNACK)
            Ignore(.receive)
            On(.send, to: .synSent, emit: .sendSYN)
            On(.close, to: .closed, emit: .deleteTCB)
            IllegalOtherEvents()
        }
        In(.synSent) {
            On(.receive, to: .closed, guard: rst && ack, emit: .deleteTCB)
            On(.receive, to: .established, guard: syn && ack, emit: .sendACK)
            On(.receive, to: .synReceived, guard: syn, emit: .sendSYNACK)
            Ignore(.receive)
            On(.close, to: .closed, emit: .deleteTCB)
            IllegalOtherEvents()
        }
        In(.synReceived) {
            On(.receive, to: .listen, guard: rst)
            On(.receive, to: .established, guard: ack && !syn)
            Ignore(.receive)
            On(.close, to: .finWait1, emit: .sendFIN)
            IllegalOtherEvents()
        }
        In(.established) {
            On(.receive, to: .closed, guard: rst, emit: .deleteTCB)
            On(.receive, to: .closeWait, guard: fin, emit: .sendACK)
            Internal(.receive, emit: .deliver)
            Internal(.send, emit: .sendData)
            On(.close, to: .finWait1, emit: .sendFIN)
            IllegalOtherEvents()
        }
        In(.finWait1) {
            On(.receive, to: .timeWait, guard: fin && ack, emit: .sendACK)
            On(.receive, to: .closing, guard: fin, emit: .sendACK)
            On(.receive, to: .finWait2, guard: ack)
            Ignore(.receive)
            IllegalOtherEvents()
        }
        In(.finWait2) {
            On(.receive, to: .timeWait, guard: fin, emit: .sendACK)
            Ignore(.receive)
            IllegalOtherEvents()
        }
        In(.closeWait) {
            On(.close, to: .lastAck, emit: .sendFIN)
            Internal(.send, emit: .sendData)
            Ignore(.receive)
            IllegalOtherEvents()
        }
        In(.closing) {
            On(.receive, to: .timeWait, guard: ack)
            Ignore(.receive)
            IllegalOtherEvents()
        }
        In(.lastAck) {
            On(.receive, to: .closed, guard: ack, emit: .deleteTCB)
            Ignore(.receive)
            IllegalOtherEvents()
        }
        In(.timeWait) {
            // Twice the maximum segment lifetime (RFC 9293 takes 2 minutes for it): a timer of
            // the state, not an event the application must remember to send.
            After(Connection.timeWaitDuration, to: .closed, emit: .deleteTCB)
            // A retransmitted FIN is acknowledged and the 2 MSL wait starts over (RFC 9293,
            // 3.10.7.4): a transition back to the state, which restarts its timer.
            On(.receive, to: .timeWait, guard: fin, emit: .sendACK)
            Ignore(.receive)
            IllegalOtherEvents()
        }
    }
}
