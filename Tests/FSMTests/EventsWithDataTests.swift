import FSM
import FSMTesting
import PropertyBased
import Testing

/// A keypad lock whose events carry data: codes (keyed by case: one column `unlock` for every
/// code), a typed character (keyed by case) and a failure whose finite payload is expanded
/// into one column per value. Written by hand here, without the macro, so that the core is
/// tested on its own.
enum Lock: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case open, closed, locked, jammed, alarm
    var description: String { rawValue }
}

enum LockFailure: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case motor, tamper
    var description: String { self == .motor ? "motor" : "tamper" }
}

enum LockEvent: MachineEvent, Hashable, CustomStringConvertible {
    case close
    case lock(code: String)
    case unlock(code: String)
    case typed(Character)
    case failure(LockFailure)

    /// The table's columns: `lock`, `unlock` and `typed` keyed by case, `failure` expanded.
    enum Key: MachineEvent, Hashable, CaseIterable, CustomStringConvertible, DenseIndexed {
        case close, lock, unlock, typed
        case failure(LockFailure)

        static let allCases: [Key] = [.close, .lock, .unlock, .typed] + LockFailure.allCases.map(Key.failure)

        var description: String {
            switch self {
            case .close: "close"
            case .lock: "lock"
            case .unlock: "unlock"
            case .typed: "typed"
            case let .failure(kind): "failure(\(kind))"
            }
        }

        var denseIndex: Int {
            switch self {
            case .close: 0
            case .lock: 1
            case .unlock: 2
            case .typed: 3
            case let .failure(kind): 4 + kind.rawValue
            }
        }
    }

    var key: Key {
        switch self {
        case .close: .close
        case .lock: .lock
        case .unlock: .unlock
        case .typed: .typed
        case let .failure(kind): .failure(kind)
        }
    }

    var description: String {
        switch self {
        case .close: "close"
        case let .lock(code): "lock(code: \(code))"
        case let .unlock(code): "unlock(code: \(code))"
        case let .typed(character): "typed(\(character))"
        case let .failure(kind): "failure(\(kind))"
        }
    }

    /// The code an event carries, if any.
    var code: String? {
        switch self {
        case let .lock(code), let .unlock(code): code
        case .close, .typed, .failure: nil
        }
    }
}

enum LockEffect: String, Hashable, Sendable, CustomStringConvertible {
    case bolt, unbolt, beep, siren
    var description: String { rawValue }
}

/// What the guards read besides the event.
struct LockSettings: Sendable {
    var code: String
    var armed: Bool
}

/// Reads the event alone.
let fourDigits = Guard<LockEvent>("four digits") { ($0.code?.count ?? 0) == 4 && ($0.code?.allSatisfy(\.isNumber) ?? false) }
/// Reads the context and the event.
let codeMatches = Guard<(LockSettings, LockEvent)>("code matches") { settings, event in event.code == settings.code }
/// Reads the context alone.
let armed = Guard<LockSettings>("armed") { $0.armed }

let lockDefinition = MachineDefinition<Lock, LockEvent, LockEffect, LockSettings>(name: "keypad-lock", initial: .open) {
    In(.open) {
        On(.close, to: .closed)
        Illegal(.unlock, .lock)
        Ignore(.typed)
    }
    In(.closed) {
        On(.lock, to: .locked, guard: fourDigits, emit: .bolt)
        Internal(.typed, emit: .beep)
        On(.failure(.motor), to: .jammed)
        On(.failure(.tamper), to: .alarm, guard: armed, emit: .siren)
        On(.failure(.tamper), to: .jammed)
    }
    In(.locked) {
        On(.unlock, to: .open, guard: codeMatches, emit: .unbolt)
        On(.unlock, to: .alarm, guard: armed, emit: .siren)
        Internal(.typed, emit: .beep)
        On(.failure(.motor), to: .jammed)
    }
    In(.jammed) {
        On(.unlock, to: .open, guard: codeMatches)
        Ignore(.typed)
    }
    Final(.alarm) { IgnoreOtherEvents() }
}

let settings = LockSettings(code: "1234", armed: false)

@Suite("Events with data: keyed by case, guards that read them")
struct EventsWithDataTests {
    @Test("the table's columns are the keys: one per case, one per value of an expanded payload")
    func columnsAreKeys() {
        #expect(lockDefinition.eventNames == ["close", "lock", "unlock", "typed", "failure(motor)", "failure(tamper)"])
        #expect(lockDefinition.validate(.standard).isEmpty)
    }

    @Test("every cell of the lock's table")
    func table() {
        expectTable(lockDefinition, [
            ExpectedRow(.open, .close, .to(.closed)),
            ExpectedRow(.open, .lock, .illegal),
            ExpectedRow(.open, .unlock, .illegal),
            ExpectedRow(.open, .typed, .ignored),
            ExpectedRow(.open, .failure(.motor), .illegal),
            ExpectedRow(.open, .failure(.tamper), .illegal),
            ExpectedRow(.closed, .close, .illegal),
            ExpectedRow(.closed, .lock, .to(.locked, guard: "four digits", emitting: .bolt)),
            ExpectedRow(.closed, .unlock, .illegal),
            ExpectedRow(.closed, .typed, .internal(emitting: .beep)),
            ExpectedRow(.closed, .failure(.motor), .to(.jammed)),
            ExpectedRow(.closed, .failure(.tamper), .oneOf([.to(.alarm, guard: "armed", emitting: .siren), .to(.jammed)])),
            ExpectedRow(.locked, .close, .illegal),
            ExpectedRow(.locked, .lock, .illegal),
            ExpectedRow(.locked, .unlock, .oneOf([.to(.open, guard: "code matches", emitting: .unbolt), .to(.alarm, guard: "armed", emitting: .siren)])),
            ExpectedRow(.locked, .typed, .internal(emitting: .beep)),
            ExpectedRow(.locked, .failure(.motor), .to(.jammed)),
            ExpectedRow(.locked, .failure(.tamper), .illegal),
            ExpectedRow(.jammed, .close, .illegal),
            ExpectedRow(.jammed, .lock, .illegal),
            ExpectedRow(.jammed, .unlock, .to(.open, guard: "code matches")),
            ExpectedRow(.jammed, .typed, .ignored),
            ExpectedRow(.jammed, .failure(.motor), .illegal),
            ExpectedRow(.jammed, .failure(.tamper), .illegal),
        ] + LockEvent.Key.allCases.map { ExpectedRow(.alarm, $0, .ignored) })
    }

    @Test("diagrams label edges by case and guard, never by a payload value")
    func diagrams() {
        let dot = lockDefinition.dot()
        #expect(dot.contains("unlock\\n[code matches]\\n/ unbolt"))
        #expect(dot.contains("lock [four digits]\\n/ bolt"))
        #expect(dot.contains("failure(tamper)\\n[armed] / siren"))
        #expect(!dot.contains("code:"))
        let mermaid = lockDefinition.mermaid()
        #expect(mermaid.contains("unlock<br>[code matches]<br>/ unbolt"))
    }

    @Test("a guard reads the event's data, and the context, on send")
    func guardsReadTheEvent() throws {
        var machine = try Machine(lockDefinition)
        try machine.send(.close, context: settings)
        let locking = try machine.send(.lock(code: "1234"), context: settings)
        #expect(locking.event == .lock && locking.target == .locked && Array(locking.effects) == [.bolt])
        #expect(locking.description == "closed --lock--> locked / bolt")

        let wrong = machine.check(.unlock(code: "0000"), context: settings)
        guard case let .failure(error) = wrong else {
            Issue.record("a wrong code unlocked the door")
            return
        }
        #expect(error.event == .unlock)
        #expect(error.reason == .guardNotMet(["code matches", "armed"]))
        #expect(error.description == "illegal transition: 'unlock' is not permitted in state 'locked': guards 'code matches', 'armed' not met (permitted: typed, failure(motor))")
        #expect(machine.state == .locked)

        let alarmed = machine.check(.unlock(code: "0000"), context: LockSettings(code: "1234", armed: true))
        #expect(alarmed.successValue?.target == .alarm)

        let unlocking = try machine.send(.unlock(code: "1234"), context: settings)
        #expect(unlocking.target == .open && Array(unlocking.effects) == [.unbolt])
    }

    @Test("a guard on the event alone refuses a malformed payload and changes nothing")
    func eventGuard() throws {
        var machine = try Machine(lockDefinition, startingIn: .closed)
        for code in ["123", "12345", "12a4", ""] {
            #expect(throws: TransitionError<Lock, LockEvent.Key>.self) { try machine.send(.lock(code: code), context: settings) }
            #expect(machine.state == .closed)
        }
        #expect(try machine.send(.typed("7"), context: settings).kind == .internal)
        #expect(try machine.send(.lock(code: "9876"), context: settings).target == .locked)
    }

    @Test("an expanded payload is a column per value: two failures, two rows of behaviour")
    func expandedPayload() throws {
        var motor = try Machine(lockDefinition, startingIn: .closed)
        #expect(try motor.send(.failure(.motor), context: settings).target == .jammed)
        var tamper = try Machine(lockDefinition, startingIn: .locked)
        #expect(throws: TransitionError<Lock, LockEvent.Key>.self) { try tamper.send(.failure(.tamper), context: settings) }
    }

    @Test("tools send keys, guards decided by name, with the same outcome as the values")
    func keysByName() throws {
        var machine = try Machine(lockDefinition, startingIn: .locked)
        let byName = try machine.send(.unlock) { $0 == "code matches" }
        #expect(byName.event == .unlock && byName.target == .open && Array(byName.effects) == [.unbolt])
        let refused = machine.check(.unlock) { _ in true }
        #expect(refused.failureValue?.description == "illegal transition: 'unlock' is not permitted in state 'open': declared illegal (permitted: close; ignored: typed)")
    }

    @Test("every dispatch path agrees on values with payloads (the dense key and hashing)")
    func dispatchPaths() throws {
        let events: [LockEvent] = [.close, .typed("x"), .lock(code: "1"), .lock(code: "4321"), .unlock(code: "4321"),
                                   .unlock(code: "1234"), .close, .failure(.tamper), .failure(.motor), .typed("y"), .close]
        let outcomes = try expectPathsAgree(lockDefinition, events, context: settings)
        #expect(outcomes.map(\.stateAfter) == [.closed, .closed, .closed, .locked, .locked, .open, .closed, .jammed, .jammed, .jammed, .jammed])
    }

    @Test("guards on the event take effects as arrays too; permittedKeys decides guards by name; a guard says what it reads")
    func arraysKeysAndReads() throws {
        let effects: [LockEffect] = [.bolt, .beep]
        let definition = MachineDefinition<Lock, LockEvent, LockEffect, LockSettings>(name: "arrays", initial: .closed) {
            In(.closed) {
                On(.lock, to: .locked, guard: fourDigits, effects: effects)
                Internal(.typed, guard: Guard<(LockSettings, LockEvent)>("armed typing") { settings, _ in settings.armed }, effects: effects)
            }
            In(.locked) { On(.unlock, to: .closed, guard: codeMatches, effects: [.unbolt]) }
        }
        var machine = try Machine(definition)
        #expect(Array(try machine.send(.typed("1"), context: LockSettings(code: "1", armed: true)).effects) == effects)
        #expect(machine.permittedKeys { $0 != "four digits" } == [.typed])
        #expect(machine.permittedKeys { _ in true } == [.lock, .typed])
        #expect(Array(try machine.send(.lock(code: "2468"), context: settings).effects) == effects)
        let guards = definition.transitions.compactMap(\.guard)
        #expect(guards.map(\.reads) == [.event, .both, .both])
        #expect(guards.map { $0.holds(context: settings) } == [nil, nil, nil])
        #expect(TransitionGuard<LockSettings, LockEvent>(armed).holds(context: LockSettings(code: "", armed: true)) == true)
    }

    @Test("a machine whose guards read only the event is sent events without a context")
    func noContext() throws {
        let rightCode = Guard<LockEvent>("code is 1234") { $0.code == "1234" }
        let door = MachineDefinition<Lock, LockEvent, Never, Void>(name: "door", initial: .locked, events: [.unlock, .close]) {
            In(.locked) { On(.unlock, to: .open, guard: rightCode) }
            In(.open) { On(.close, to: .locked) }
        }
        var machine = try Machine(door)
        #expect(throws: TransitionError<Lock, LockEvent.Key>.self) { try machine.send(.unlock(code: "0000")) }
        #expect(try machine.send(.unlock(code: "1234")).target == .open)
    }
}

// MARK: - Random events with random payloads against the table

/// The independent oracle: what a named guard says about a context and an event, written
/// from the guards' names, not from their closures.
private func guardHolds(_ name: String, _ context: LockSettings, _ event: LockEvent) -> Bool {
    switch name {
    case "four digits":
        guard let code = event.code else { return false }
        return code.count == 4 && code.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    case "code matches": return event.code == context.code
    case "armed": return context.armed
    default: return false
    }
}

/// Builds a random event with a random payload from plain numbers.
private func lockEvent(_ kind: Int, _ digits: [UInt8], _ useTheCode: Bool, _ character: UInt8) -> LockEvent {
    let code = useTheCode ? settings.code : String(digits.map { Character(Unicode.Scalar(48 + $0 % 11 == 58 ? 97 : 48 + $0 % 10)) })
    switch kind % 6 {
    case 0: return .close
    case 1: return .lock(code: code)
    case 2: return .unlock(code: code)
    case 3: return .typed(Character(Unicode.Scalar(32 + character % 90)))
    case 4: return .failure(.motor)
    default: return .failure(.tamper)
    }
}

@Suite("Events with random payloads against the table oracle")
struct EventsWithRandomPayloadsTests {
    @Test("every step matches the table read with the independent guards")
    func randomPayloads() async throws {
        let step = zip(Gen.int(in: 0...5), Gen.uint8().array(of: 0...6), Gen.bool, Gen.uint8(), Gen.bool)
        await propertyCheck(count: 400, input: step.array(of: 1...40)) { steps in
            var machine = try Machine(lockDefinition)
            let table = lockDefinition.table
            for (kind, digits, useTheCode, character, isArmed) in steps {
                let event = lockEvent(kind, digits, useTheCode, character)
                let context = LockSettings(code: settings.code, armed: isArmed)
                let before = machine.state
                let result = machine.transition(on: event, context: context)
                switch table.cell(before, event.key) {
                case .ignored:
                    #expect(result.successValue?.kind == .ignored && machine.state == before)
                case let .illegal(declared):
                    #expect(result.failureValue?.reason == (before == .alarm ? .finalState : declared ? .declaredIllegal(inheritedFrom: nil) : .noTransition) && machine.state == before)
                case nil:
                    #expect(result.failureValue?.reason == .noTransition && machine.state == before)
                case .guarded:
                    Issue.record("the lock has no cell with a default")
                case let .transitions(entries):
                    if let entry = entries.first(where: { $0.guardName.map { guardHolds($0, context, event) } ?? true }) {
                        let target = entry.isInternal ? before : entry.target
                        #expect(result.successValue?.target == target && machine.state == target, "\(before) + \(event)")
                        #expect(result.successValue.map { Array($0.effects) } == entry.effects)
                        #expect(result.successValue?.event == event.key)
                    } else {
                        #expect(result.failureValue?.reason == .guardNotMet(entries.compactMap(\.guardName)))
                        #expect(result.failureValue?.event == event.key && machine.state == before)
                    }
                }
            }
        }
    }
}
