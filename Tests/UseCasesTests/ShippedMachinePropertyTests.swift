import FSM
import FSMTesting
import Foundation
import Testing
import Entities
import UseCases

/// The property gate: random event sequences (with random guard outcomes) sent to every
/// shipped machine through every dispatch path, each step checked against an oracle derived
/// from the transition table and the declarations alone, not from the runtime.
///
/// `swift test` runs 300 sequences per machine; CI's deep tier runs
/// `FSM_PROPERTY_SEQUENCES=5000 swift test --filter ShippedMachineProperty` (see `.ci/deep`).
enum PropertyGate {
    static var sequences: Int {
        ProcessInfo.processInfo.environment["FSM_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 300
    }
}

/// The steps and the number of mismatches of a run of the gate.
private func gate<State, Event, Effect: Equatable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>, sequences: Int, seed: UInt64,
    event: (Event.Key, inout SeededRandom) -> Event, context: (_ holds: (String) -> Bool) -> Context
) -> (Int, Int) {
    let agreement = expectAgreesWithTable(definition, sequences: sequences, seed: seed, event: event, context: context)
    return (agreement.steps, agreement.mismatches.count)
}

@Suite("Shipped machines against their tables, every path, random sequences")
struct ShippedMachinePropertyTests {
    /// A home screen event for a key, with a random user where the event carries one.
    static func homeEvent(_ key: HomeEvent.Key, _ random: inout SeededRandom) -> HomeEvent {
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
    static func passcodeEvent(_ key: PasscodeEvent.Key, _ random: inout SeededRandom) -> PasscodeEvent {
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
        let (steps, mismatches) = gate(LoginMachine.definition, sequences: PropertyGate.sequences, seed: 1, event: { key, _ in key }, context: { Self.credentials($0) })
        print("property gate: login \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("home-loading")
    func homeLoading() throws {
        let (steps, mismatches) = gate(HomeLoadingMachine.definition, sequences: PropertyGate.sequences, seed: 2, event: Self.homeEvent) { _ in () }
        print("property gate: home-loading \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("logout")
    func logout() throws {
        let (steps, mismatches) = gate(LogoutMachine.definition, sequences: PropertyGate.sequences, seed: 3, event: Self.homeEvent) { _ in () }
        print("property gate: logout \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("home (loading parallel to logout)")
    func home() throws {
        let (steps, mismatches) = gate(HomeMachine.definition, sequences: PropertyGate.sequences, seed: 7, event: Self.homeEvent) { _ in () }
        print("property gate: home \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }

    @Test("passcode, 4 and 6 digits", arguments: [4, 6])
    func passcode(length: Int) throws {
        let (steps, mismatches) = gate(PasscodeMachine.definition(length: length), sequences: PropertyGate.sequences, seed: UInt64(length), event: Self.passcodeEvent) { _ in () }
        print("property gate: passcode(\(length)) \(PropertyGate.sequences) sequences, \(steps) steps x 5 paths, \(mismatches) mismatches")
        #expect(mismatches == 0 && steps > PropertyGate.sequences)
    }
}
