import FSM
import Foundation
import Testing
import Entities
import UseCases

/// The property gate: random event sequences (with random guard outcomes) sent to every
/// shipped machine through every dispatch path, each step checked against an oracle derived
/// from the transition table and the declarations alone, not from the runtime.
///
/// `swift test` runs 300 sequences per machine; CI's release gate runs
/// `FSM_PROPERTY_SEQUENCES=100000 swift test -c release --filter ShippedMachineProperty`.
enum PropertyGate {
    static var sequences: Int {
        ProcessInfo.processInfo.environment["FSM_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 300
    }
}

/// A deterministic generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What one step must do, by the table.
enum ExpectedStep<State: Hashable & Sendable, Event: MachineEvent & Hashable, Effect: Equatable & Sendable>: Equatable where Event.Key == Event {
    case taken(target: State, effects: [Effect], kind: TransitionKind)
    case rejected(TransitionError<State, Event>.Reason, permitted: [Event], ignored: [Event])
}

/// The table as an oracle.
struct TableOracle<State: Hashable & Sendable, Event: MachineEvent, Effect: Equatable & Sendable, Context> {
    let definition: MachineDefinition<State, Event, Effect, Context>
    let table: TransitionTable<State, Event.Key, Effect>

    init(_ definition: MachineDefinition<State, Event, Effect, Context>) {
        self.definition = definition
        table = definition.table
    }

    /// The events a state has transitions for, in declaration order.
    func permitted(in state: State) -> [Event.Key] {
        table.events.filter { event in
            switch table.cell(state, event) {
            case .transitions, .guarded: true
            case .ignored, .illegal, nil: false
            }
        }
    }

    /// The events a state ignores, in declaration order.
    func ignored(in state: State) -> [Event.Key] {
        table.events.filter { event in
            if case .ignored = table.cell(state, event) { true } else { false }
        }
    }

    func expected(_ state: State, _ event: Event.Key, holds: (String) -> Bool) -> ExpectedStep<State, Event.Key, Effect> {
        let row = table.rows.first { $0.state == state && $0.event == event }
        let entries: [TransitionTable<State, Event.Key, Effect>.Entry]
        var otherwise: TransitionTable<State, Event.Key, Effect>.Otherwise?
        switch row?.cell {
        case .ignored:
            return .taken(target: state, effects: [], kind: .ignored)
        case let .illegal(declared)?:
            let reason: TransitionError<State, Event.Key>.Reason = table.finalStates.contains(state) ? .finalState : declared ? .declaredIllegal(inheritedFrom: row?.inheritedFrom) : .noTransition
            return .rejected(reason, permitted: permitted(in: state), ignored: ignored(in: state))
        case nil:
            return .rejected(.noTransition, permitted: permitted(in: state), ignored: ignored(in: state))
        case let .transitions(list)?:
            entries = list
        case let .guarded(list, fallback)?:
            entries = list
            otherwise = fallback
        }
        guard let entry = entries.first(where: { $0.guardName.map(holds) ?? true }) else {
            if otherwise == .ignored { return .taken(target: state, effects: [], kind: .ignored) }
            // The rejected event's guards were tried: it is not listed as permitted.
            return .rejected(.guardNotMet(GuardNames(entries.compactMap(\.guardName))), permitted: permitted(in: state).filter { $0 != event }, ignored: ignored(in: state))
        }
        if entry.isInternal { return .taken(target: state, effects: entry.effects, kind: .internal) }
        let exit = definition.declaration(of: state)?.exitEffects ?? []
        let entryEffects = definition.declaration(of: entry.target)?.entryEffects ?? []
        return .taken(target: entry.target, effects: exit + entry.effects + entryEffects, kind: .external)
    }
}

/// Sends `sequences` random sequences to a machine through five paths (throwing `send` with
/// a context, `transition(on:context:)`, `send(_:guards:)`, `check(_:guards:)` then `send`,
/// and `send` under the `.ignore` policy) and checks every step of every path against the
/// oracle. Returns the number of steps and of mismatches (each mismatch also an issue, the
/// first ten only).
func runPropertyGate<State, Event, Effect: Equatable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    sequences: Int,
    seed: UInt64,
    event makeEvent: (Event.Key, inout SplitMix) -> Event,
    context: (_ holds: (String) -> Bool) -> Context
) throws -> (steps: Int, mismatches: Int) {
    let oracle = TableOracle(definition)
    let events = oracle.table.events
    let guardNames = Array(Set(definition.transitions.compactMap { $0.guard?.name })).sorted()
    var generator = SplitMix(state: seed)
    var steps = 0, mismatches = 0
    func mismatch(_ text: @autoclosure () -> String) {
        mismatches += 1
        if mismatches <= 10 { Issue.record(Comment(rawValue: "\(definition.name): \(text())")) }
    }
    let start = try Machine(definition)
    for _ in 0..<sequences {
        var throwing = start, result = start, byName = start, checked = start
        var ignoring = start
        ignoring.policy = .ignore
        let length = Int(generator.next() % 40) + 1
        for _ in 0..<length {
            let key = events[Int(generator.next() % UInt64(events.count))]
            let event = makeEvent(key, &generator)
            var decisions: [String: Bool] = [:]
            for name in guardNames { decisions[name] = generator.next() & 1 == 0 }
            let holds: (String) -> Bool = { decisions[$0] ?? false }
            let before = throwing.state
            let expected = oracle.expected(before, key, holds: holds)
            steps += 1

            func verify(_ outcome: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>, after: State, path: String) {
                switch (outcome, expected) {
                case let (.success(step), .taken(target, effects, kind)):
                    if step.source != before || step.event != key || step.target != target || !step.effects.elementsEqual(effects) || step.kind != kind || after != target {
                        mismatch("\(path): \(before) + \(event) gave \(step), the table says \(target) / \(effects) (\(kind))")
                    }
                case let (.failure(error), .rejected(reason, permitted, ignored)):
                    if error.state != before || error.event != key || error.reason != reason || !error.permitted.elementsEqual(permitted)
                        || !error.ignored.elementsEqual(ignored) || after != before {
                        mismatch("\(path): \(before) + \(event) rejected as \(error), the table says \(reason), permitted \(permitted), ignored \(ignored)")
                    }
                default:
                    mismatch("\(path): \(before) + \(event) gave \(outcome), the table says \(expected)")
                }
            }

            let contextValue = context(holds)
            do {
                let step = try throwing.send(event, context: contextValue)
                verify(.success(step), after: throwing.state, path: "send")
            } catch {
                verify(.failure(error), after: throwing.state, path: "send")
            }
            let returned = result.transition(on: event, context: contextValue)
            verify(returned, after: result.state, path: "transition(on:)")
            do {
                let step = try byName.send(key, guards: holds)
                verify(.success(step), after: byName.state, path: "send(guards:)")
            } catch {
                verify(.failure(error), after: byName.state, path: "send(guards:)")
            }
            let preview = checked.check(key, guards: holds)
            if checked.state != before { mismatch("check changed the state") }
            if case .success = preview { _ = try? checked.send(key, guards: holds) }
            verify(preview, after: checked.state, path: "check + send")
            let ignored = try ignoring.send(key, guards: holds)
            if case .rejected = ignored.kind {
                if case .taken = expected { mismatch("ignore policy: \(before) + \(event) rejected, the table says \(expected)") }
                if ignoring.state != before || !ignored.effects.isEmpty { mismatch("ignore policy: a rejection changed the state or emitted") }
            } else {
                verify(.success(ignored), after: ignoring.state, path: "send, .ignore policy")
            }
        }
    }
    return (steps, mismatches)
}

@Suite("Shipped machines against their tables, every path, random sequences")
struct ShippedMachinePropertyTests {
    /// A home screen event for a key, with a random user where the event carries one.
    static func homeEvent(_ key: HomeEvent.Key, _ random: inout SplitMix) -> HomeEvent {
        switch key {
        case .startLoading: .startLoading
        case .finishLoading: .finishLoading(User(id: User.ID(rawValue: "id\(random.next() % 1000)"), name: "name \(random.next() % 1000)", introduction: ""))
        case let .failToLoad(kind): .failToLoad(kind)
        case .clearError: .clearError
        case .logOut: .logOut
        case .finishLogOut: .finishLogOut
        }
    }

    /// A passcode event for a key, with a random character where the event carries one.
    static func passcodeEvent(_ key: PasscodeEvent.Key, _ random: inout SplitMix) -> PasscodeEvent {
        switch key {
        case .typeDigit: .typeDigit(Character(Unicode.Scalar(UInt8(48 + random.next() % 10))))
        case .deleteDigit: .deleteDigit
        }
    }

    static func credentials(_ holds: (String) -> Bool) -> Credentials {
        holds(LoginMachine.credentialsFilled.name) ? Credentials(id: "koher", password: " ") : Credentials(id: "", password: "1234")
    }

    @Test("login (its guard decided at random, by name and through the context)")
    func login() throws {
        let (steps, mismatches) = try runPropertyGate(LoginMachine.definition, sequences: PropertyGate.sequences, seed: 1, event: { key, _ in key }, context: { Self.credentials($0) })
        print("property gate: login \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("home-loading")
    func homeLoading() throws {
        let (steps, mismatches) = try runPropertyGate(HomeLoadingMachine.definition, sequences: PropertyGate.sequences, seed: 2, event: Self.homeEvent) { _ in () }
        print("property gate: home-loading \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("logout")
    func logout() throws {
        let (steps, mismatches) = try runPropertyGate(LogoutMachine.definition, sequences: PropertyGate.sequences, seed: 3, event: Self.homeEvent) { _ in () }
        print("property gate: logout \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("home (loading parallel to logout)")
    func home() throws {
        let (steps, mismatches) = try runPropertyGate(HomeMachine.definition, sequences: PropertyGate.sequences, seed: 7, event: Self.homeEvent) { _ in () }
        print("property gate: home \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("passcode, 4 and 6 digits", arguments: [4, 6])
    func passcode(length: Int) throws {
        let (steps, mismatches) = try runPropertyGate(PasscodeMachine.definition(length: length), sequences: PropertyGate.sequences, seed: UInt64(length), event: Self.passcodeEvent) { _ in () }
        print("property gate: passcode(\(length)) \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("the gate catches a runtime that disagrees with the table")
    func catchesAMismatch() throws {
        // A table for a different machine than the one run: the oracle must object.
        let oracle = TableOracle(LogoutMachine.definition)
        var machine = try Machine(LogoutMachine.definition)
        _ = try machine.send(.logOut)
        let expectedFromIdle = oracle.expected(.idle, .logOut, holds: { _ in true })
        #expect(expectedFromIdle == .taken(target: .loggingOut, effects: [.showActivityIndicator, .callLogOut], kind: .external))
        #expect(oracle.expected(machine.state, .logOut, holds: { _ in true }) == .taken(target: .loggingOut, effects: [], kind: .ignored))
        #expect(oracle.expected(.loggedOut, .logOut, holds: { _ in true }) == .taken(target: .loggedOut, effects: [], kind: .ignored))
        #expect(oracle.expected(.idle, .finishLogOut, holds: { _ in true }) == .rejected(.declaredIllegal(inheritedFrom: nil), permitted: [.logOut], ignored: []))
    }
}
