import FSM
import FSMTesting
import Foundation
import Testing
import UseCases

/// The continuation property of snapshots on the shipped machines: 200 walks each in
/// `swift test`, `FSM_CONTINUATION_WALKS` in CI's property gate (see `.ci/deep`).
@Suite("Shipped machines continue after a snapshot as if never stopped")
struct ShippedSnapshotContinuationTests {
    static var walks: Int { ProcessInfo.processInfo.environment["FSM_CONTINUATION_WALKS"].flatMap(Int.init) ?? 200 }

    /// A random event of `definition`: a key drawn from its events, made by `make`.
    static func draw<State, Event, Effect, Context>(
        _ definition: MachineDefinition<State, Event, Effect, Context>, _ make: @escaping (Event.Key, inout SeededRandom) -> Event
    ) -> (inout SeededRandom) -> Event {
        let keys = definition.events
        return { random in make(keys[Int(random.next(upperBound: UInt64(keys.count)))], &random) }
    }

    @Test("login, its credentials filled or not", arguments: [true, false])
    func login(filled: Bool) {
        let definition = LoginMachine.definition
        let context = ShippedMachinePropertyTests.credentials { _ in filled }
        let counterexample = expectSnapshotContinuation(definition, context: context, walks: Self.walks, event: Self.draw(definition) { key, _ in key })
        print("continuation: login (filled: \(filled)) \(Self.walks) walks, \(counterexample == nil ? 0 : 1) mismatches")
        #expect(counterexample == nil)
    }

    @Test("home-loading, logout and home (loading parallel to logout)")
    func home() {
        let results = [
            expectSnapshotContinuation(HomeLoadingMachine.definition, context: (), walks: Self.walks, event: Self.draw(HomeLoadingMachine.definition, ShippedMachinePropertyTests.homeEvent)),
            expectSnapshotContinuation(LogoutMachine.definition, context: (), walks: Self.walks, event: Self.draw(LogoutMachine.definition, ShippedMachinePropertyTests.homeEvent)),
            expectSnapshotContinuation(HomeMachine.definition, context: (), walks: Self.walks, event: Self.draw(HomeMachine.definition, ShippedMachinePropertyTests.homeEvent)),
        ]
        print("continuation: home-loading, logout, home \(Self.walks) walks each, \(results.compactMap(\.self).count) mismatches")
        #expect(results.allSatisfy { $0 == nil })
    }

    @Test("passcode, 4 and 6 digits", arguments: [4, 6])
    func passcode(length: Int) {
        let definition = PasscodeMachine.definition(length: length)
        let counterexample = expectSnapshotContinuation(definition, context: (), walks: Self.walks, event: Self.draw(definition, ShippedMachinePropertyTests.passcodeEvent))
        print("continuation: passcode(\(length)) \(Self.walks) walks, \(counterexample == nil ? 0 : 1) mismatches")
        #expect(counterexample == nil)
    }

    @Test("every configuration the shipped machines reach round-trips through JSON")
    func roundTrips() {
        let homeEvents = HomeMachine.definition.events.map { key in
            var random = SeededRandom(seed: 1)
            return ShippedMachinePropertyTests.homeEvent(key, &random)
        }
        let counts = [
            expectSnapshotRoundTrip(LoginMachine.definition, context: ShippedMachinePropertyTests.credentials { _ in true }, events: LoginMachine.definition.events),
            expectSnapshotRoundTrip(HomeMachine.definition, context: (), events: homeEvents),
            expectSnapshotRoundTrip(PasscodeMachine.definition(length: 4), context: (), events: [.typeDigit("1"), .deleteDigit]),
        ]
        print("round trips: login, home, passcode \(counts) configurations")
        #expect(counts[0] >= 4 && counts[1] >= 6 && counts[2] >= 5)
    }
}
