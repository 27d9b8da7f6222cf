import FSM
import FSMREPL
@testable import FSMTesting
import Testing

/// A device whose events carry data, `Codable` as an adopter's would be: the REPL reads their
/// data as JSON, and a counterexample's script writes it so.
private enum Device: String, Hashable, Sendable, CustomStringConvertible {
    case idle, addressed, defaulted, configured
    var description: String { rawValue }
}

private struct Configuration: Hashable, Sendable, Codable {
    var value: Int
    var name: String
}

private enum DeviceEvent: MachineEvent, Hashable, Sendable, Codable {
    case setAddress(address: UInt8)
    case configure(Configuration)
    case reset

    enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case setAddress, configure, reset
        var description: String { rawValue }
    }

    var key: Key {
        switch self {
        case .setAddress: .setAddress
        case .configure: .configure
        case .reset: .reset
        }
    }
}

private let nonZero = Guard<DeviceEvent>("address is not 0") { if case let .setAddress(address) = $0 { address != 0 } else { false } }
private let large = Guard<DeviceEvent>("value over 900") { if case let .configure(configuration) = $0 { configuration.value > 900 } else { false } }

/// Address 0 leads to `defaulted` (the guard reads the data): a replay that loses the data
/// decides the guard by name (true) and goes to `addressed` instead.
private let device = MachineDefinition<Device, DeviceEvent, String, Void>(name: "device", initial: .idle) {
    In(.idle) {
        On(.setAddress, to: .addressed, guard: nonZero)
        On(.setAddress, to: .defaulted)
        Ignore(.configure)
        Ignore(.reset)
    }
    In(.addressed) { On(.configure, to: .configured); On(.reset, to: .idle); Ignore(.setAddress) }
    In(.defaulted) { On(.configure, to: .configured, guard: large); Ignore(.configure); On(.reset, to: .idle); Ignore(.setAddress) }
    In(.configured) { On(.reset, to: .idle); Ignore(.setAddress); Ignore(.configure) }
}

/// Sends each line to a REPL session of `device` and each event to a machine, expecting the
/// session where the machine is after every line; the session's last state.
private func replayed(_ lines: [String], events: [DeviceEvent]) throws -> String {
    let session = try REPLSession(device)
    var machine = try Machine(device)
    for (line, event) in zip(lines, events) {
        _ = machine.transition(on: event, context: ())
        let output = session.handle(line)
        #expect(!output.isError, "\(line): \(output.text)")
        #expect(session.stateName == machine.state.rawValue, "after \(line)")
    }
    return session.stateName
}

@Suite("A counterexample's REPL script replays it, data included")
struct CounterexampleReplayTests {
    @Test("events with data written as JSON the REPL reads back: each line of the script takes the REPL where the event took the machine")
    func replays() throws {
        let names = ["a", "b c", "ü \"q\" \\ /"]
        var found: Counterexample<DeviceEvent>?
        withKnownIssue("configured from the default address is the bug") {
            found = expectProperty(device, context: (), walks: 50, steps: 30, event: { random in
                switch random.next(upperBound: UInt64(3)) {
                case 0: .setAddress(address: UInt8(random.next(upperBound: UInt64(4))))
                case 1: .configure(Configuration(value: Int(random.next(upperBound: UInt64(1001))), name: names[Int(random.next(upperBound: UInt64(names.count)))]))
                default: .reset
                }
            }, model: { false }) { defaulted, step in
                if step.machine.state == .defaulted { defaulted = true }
                if step.machine.state == .idle { defaulted = false }
                return defaulted && step.machine.state == .configured ? "configured from the default address" : nil
            }
        }
        let counterexample = try #require(found)
        let lines = counterexample.script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == counterexample.events.count)
        // Each line as written: the key, then the data as JSON (sorted keys, escaped as JSON).
        for (line, event) in zip(lines, counterexample.events) {
            switch event {
            case let .setAddress(address): #expect(line == #"setAddress {"address":\#(address)}"#)
            case let .configure(configuration):
                let escaped = configuration.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                #expect(line == #"configure {"name":"\#(escaped)","value":\#(configuration.value)}"#)
            case .reset: #expect(line == "reset")
            }
        }
        // Replayed in the REPL, line by line: where the machine went, with the data deciding.
        #expect(try replayed(lines, events: counterexample.events) == "configured")
    }
}

@Suite("A script's lines, event by event")
struct ScriptLineTests {
    @Test("data with quotes, backslashes, a slash, a line break, emoji, a negative and the largest value: written as JSON, read back by the REPL to the same place")
    func lines() throws {
        let events: [DeviceEvent] = [
            .setAddress(address: 255), .configure(Configuration(value: -3, name: "ü \"q\" \\ / 😀\nx")), .reset,
            .setAddress(address: 0), .configure(Configuration(value: 901, name: "")),
        ]
        let lines = Shrinking.script(events, device).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == [
            #"setAddress {"address":255}"#, #"configure {"name":"ü \"q\" \\ / 😀\nx","value":-3}"#, "reset",
            #"setAddress {"address":0}"#, #"configure {"name":"","value":901}"#,
        ])
        #expect(try replayed(lines, events: events) == "configured")
    }
}

@Suite("The REPL's words for data that does not fit")
struct DataThatDoesNotFitTests {
    @Test("a number out of its field's range, a fraction, a bare value where an object is read: the field, the range and the value typed", arguments: [
        (#"setAddress {"address": 300}"#, "error: setAddress's data: field 'address': expected a whole number from 0 to 255, not 300; nothing changed"),
        (#"setAddress {"address": -1}"#, "error: setAddress's data: field 'address': expected a whole number from 0 to 255, not -1; nothing changed"),
        (#"setAddress {"address": 2.5}"#, "error: setAddress's data: field 'address': expected a whole number from 0 to 255, not 2.5; nothing changed"),
        (#"setAddress 300"#, "error: setAddress's data: the data is not what the event holds: expected an object (fields: address); nothing changed"),
        (#"configure {"value": 1.5, "name": "a"}"#, "error: configure's data: field 'value': expected a whole number from -9223372036854775808 to 9223372036854775807, not 1.5; nothing changed"),
    ])
    func words(line: String, message: String) throws {
        let session = try REPLSession(device)
        if line.hasPrefix("configure") { _ = session.handle(#"setAddress {"address": 1}"#) }
        let before = session.stateName
        let output = session.handle(line)
        #expect(output.isError)
        #expect(output.text == message)
        #expect(session.stateName == before)
    }
}
