import FSM
import FSMREPL
import Testing

/// A connection whose segments carry flags, and a lock whose unlock carries a labelled code:
/// event types that are `Decodable`, so the REPL takes their data as JSON.
private struct Flags: Hashable, Sendable, Decodable {
    var syn: Bool
    var ack: Bool
    var window: Int
}

private enum Link: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case listen, synReceived, locked, open
    var description: String { rawValue }
}

private enum LinkEvent: MachineEvent, Hashable, Sendable, Decodable {
    case receive(Flags)
    case unlock(code: String)
    case reset

    enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case receive, unlock, reset
        var description: String { rawValue }
    }

    var key: Key {
        switch self {
        case .receive: .receive
        case .unlock: .unlock
        case .reset: .reset
        }
    }
}

private let synFlag = Guard<LinkEvent>("SYN") { if case let .receive(flags) = $0 { flags.syn } else { false } }
private let ackFlag = Guard<LinkEvent>("ACK") { if case let .receive(flags) = $0 { flags.ack } else { false } }
private let rightCode = Guard<LinkEvent>("code is 4711") { if case let .unlock(code) = $0 { code == "4711" } else { false } }
private let roomy = Guard<Void>("window open") { _ in true }

private let link = MachineDefinition<Link, LinkEvent, String, Void>(name: "link", initial: .listen) {
    In(.listen) {
        On(.receive, to: .synReceived, guard: synFlag && !ackFlag, emit: "send SYN+ACK")
        Ignore(.receive)
        On(.reset, to: .locked)
        Illegal(.unlock)
    }
    In(.synReceived) { On(.reset, to: .listen); Ignore(.receive); Illegal(.unlock) }
    In(.locked) { On(.unlock, to: .open, guard: rightCode); Illegal(.receive); Illegal(.reset) }
    In(.open) { On(.reset, to: .listen); Ignore(.receive); Illegal(.unlock) }
}

@Suite("The REPL takes an event's data as JSON and evaluates its guards for real")
struct JSONPayloadTests {
    @Test("an unlabelled struct of data: guards on the event decide, the script keeps the line")
    func struct_() throws {
        let session = try REPLSession(link)
        #expect(session.handle(#"receive {"syn": true, "ack": true, "window": 10}"#).text == "listen: 'receive' ignored")
        #expect(session.handle(#"receive {"syn": true, "ack": false, "window": 10}"#).text == "listen --receive--> synReceived / send SYN+ACK")
        #expect(session.script == [#"receive {"syn": true, "ack": false, "window": 10}"#])
        let replay = try REPLSession(link)
        for line in session.script { _ = replay.handle(line) }
        #expect(replay.stateName == "synReceived")
    }

    @Test("a labelled value: the guard reads the code typed")
    func labelled() throws {
        let session = try REPLSession(link)
        _ = session.handle("reset")
        #expect(session.handle(#"unlock {"code": "0000"}"#).text == "error: illegal transition: 'unlock' is not permitted in state 'locked': guard 'code is 4711' not met (permitted: none); nothing changed")
        #expect(session.handle(#"unlock {"code": "4711"}"#).text == "locked --unlock--> open")
    }

    @Test("malformed, missing, mistyped and extra fields: a message that names the field, and nothing changes", arguments: [
        (#"receive {"syn": true, "window": 1}"#, "error: receive's data: missing field 'ack'; nothing changed"),
        (#"receive {"syn": "yes", "ack": false, "window": 1}"#, "error: receive's data: field 'syn': expected true or false; nothing changed"),
        (#"receive {"syn": true, "ack": false, "window": 1, "urg": true}"#, "error: receive's data: unknown field 'urg' (fields: syn, ack, window); nothing changed"),
        (#"receive {"syn": true, "ack": false, "window": 1.5}"#, "error: receive's data: field 'window': expected a whole number from -9223372036854775808 to 9223372036854775807, not 1.5; nothing changed"),
        (#"receive {"syn": true,"#, "error: receive's data: the data is not valid JSON; nothing changed"),
        (#"receive [1, 2]"#, "error: receive's data: the data is not what the event holds: expected an object (fields: syn, ack, window); nothing changed"),
        (#"unlock {"code": 4711}"#, "error: unlock's data: field 'code': expected a string; nothing changed"),
    ])
    func malformed(line: String, message: String) throws {
        let session = try REPLSession(link)
        if line.hasPrefix("unlock") { _ = session.handle("reset") }
        let before = session.stateName
        let output = session.handle(line)
        #expect(output.isError)
        #expect(output.text == message)
        #expect(session.stateName == before && session.script.count == (line.hasPrefix("unlock") ? 1 : 0))
    }

    @Test("data typed as a call says to give it as JSON, naming the fields")
    func callForm() throws {
        let session = try REPLSession(link)
        #expect(session.handle("receive(syn)").text == "error: 'receive' takes its data as JSON: type 'receive {...}' (fields: syn, ack, window), or 'receive' alone to decide its guards with :guard; nothing changed")
    }

    @Test("Tab completes the data's fields")
    func completion() throws {
        let session = try REPLSession(link)
        #expect(session.completions(for: "receive ") == [#"{"syn":"#, #"{"ack":"#, #"{"window":"#])
        #expect(session.completions(for: #"receive {"syn": true, "#) == [#""syn":"#, #""ack":"#, #""window":"#])
        #expect(session.completions(for: "unlock ") == [#"{"code":"#])
        #expect(session.completions(for: "reset ").isEmpty)
    }

    @Test(":events lists each guarded alternative with whether it holds, the named guards decided with :guard")
    func events() throws {
        let session = try REPLSession(link)
        #expect(session.handle(":guards").text == "SYN: on\nACK: on\ncode is 4711: on")
        _ = session.handle(":guard ACK off")
        let events = session.handle(":events").text
        #expect(events.contains("  receive -> synReceived\n    [SYN && !ACK] -> synReceived: holds\n    else: ignored"))
        _ = session.handle(":guard ACK on")
        #expect(session.handle(":events").text.contains("  receive: ignored\n    [SYN && !ACK] -> synReceived: does not hold\n    else: ignored"))
    }
}

@Suite("One vocabulary for refusals: the error, the REPL's reply and :events agree")
struct RefusalVocabularyTests {
    private enum Spot: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case idle, busy, done
        var description: String { rawValue }
    }

    private enum Act: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case start, finish, poke, cancel
        var description: String { rawValue }
    }

    private static let ready = Guard<Void>("ready") { _ in true }

    private static let definition = MachineDefinition<Spot, Act, Never, Void>(name: "work", initial: .idle, events: [.start, .finish, .poke, .cancel]) {
        Parent("working") { IllegalOtherEvents() } children: {
            In(.idle) { On(.start, to: .busy, guard: ready); Illegal(.finish) }
            In(.busy) { On(.finish, to: .done); Ignore(.poke) }
        }
        Final(.done)
    }

    @Test("each kind of refusal: the same words in the error, the reply and :events", arguments: [
        ("idle", "finish", "declared illegal"),
        ("idle", "cancel", "declared illegal by parent 'working'"),
        ("idle", "start", "guard 'ready' not met"),
        ("done", "start", "the state is final"),
    ])
    func sameWords(state: String, event: String, words: String) throws {
        let session = try REPLSession(Self.definition)
        _ = session.handle(":guard ready off")
        if state == "done" {
            _ = session.handle(":guard ready on")
            _ = session.handle("start")
            _ = session.handle("finish")
        }
        #expect(session.stateName == state)
        let reply = session.handle(event)
        #expect(reply.isError && reply.text.contains("is not permitted in state '\(state)': \(words) ("))
        #expect(session.handle(":events").text.contains("  \(event): \(words)"))
    }

    @Test("no transition: a pair nothing declares")
    func noTransition() throws {
        let bare = MachineDefinition<Spot, Act, Never, Void>(name: "bare", initial: .idle, events: [.start, .poke]) {
            In(.idle) { On(.start, to: .busy) }
            In(.busy) { On(.start, to: .idle) }
        }
        let session = try REPLSession(bare)
        #expect(session.handle("poke").text.contains("is not permitted in state 'idle': no transition (permitted: start)"))
        #expect(session.handle(":events").text.contains("  poke: no transition"))
    }
}
