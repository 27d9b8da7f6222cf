import FSM
import FSMREPL
import Testing

/// An event type with data, keyed by case by hand (the macro writes the same).
private enum Vault: String, Hashable, Sendable, CustomStringConvertible {
    case shut, open
    var description: String { rawValue }
}

private enum VaultEvent: MachineEvent {
    case unlock(code: String)
    case close

    enum Key: String, MachineEvent, Hashable, CaseIterable, CustomStringConvertible {
        case unlock, close
        var description: String { rawValue }
    }

    var key: Key {
        switch self {
        case .unlock: .unlock
        case .close: .close
        }
    }
}

private let rightCode = Guard<VaultEvent>("code is right") { if case let .unlock(code) = $0 { code == "0451" } else { false } }

private let vault = MachineDefinition<Vault, VaultEvent, Never, Void>(name: "vault", initial: .shut) {
    In(.shut) {
        On(.unlock, to: .open, guard: rightCode)
        Illegal(.close)
    }
    In(.open) {
        On(.close, to: .shut)
        Illegal(.unlock)
    }
}

@Suite("The REPL on events with data")
struct PayloadEventTests {
    @Test("an event keyed by case is sent by its name; its guard on the data is decided with :guard")
    func keyedEvent() throws {
        let session = try REPLSession(vault)
        #expect(session.handle("unlock").text == "shut --unlock--> open")
        #expect(session.handle("close").text == "open --close--> shut")
        #expect(session.handle(":guard code is right off").isError == false)
        let refused = session.handle("unlock")
        #expect(refused.isError && refused.text.contains("guard 'code is right' not met"))
        #expect(session.stateName == "shut")
    }

    @Test("typing data after a keyed event says what to do instead, and changes nothing", arguments: ["unlock 0451", "unlock(code: 0451)", "Unlock 1"])
    func dataIsRefused(line: String) throws {
        let session = try REPLSession(vault)
        let output = session.handle(line)
        #expect(output.isError)
        #expect(output.text == "error: 'unlock' is sent without data here: the REPL reads an event's data (as JSON) only when the event type is Decodable, and 'VaultEvent' is not (declare it Codable; Swift writes the rest); type 'unlock' alone and decide its guards with :guard; nothing changed")
        #expect(session.stateName == "shut")
    }
}
