import FSM
import FSMPersistence
import FSMRuntime
@testable import FSMStore
import FSMStoreJobs
import Foundation
import Testing

/// Each test has a store of its own: a new SQLite file, on a virtual clock at 1,000 s.
@Suite("A machine store on SQLite")
final class StoreTests {
    let file: TemporaryStore
    let clock = VirtualClock(1_000)
    let store: MachineStore<String, String, String>

    init() throws {
        file = try TemporaryStore()
        store = try file.store(clock: clock)
    }

    deinit {
        file.cleanUp()
    }

    @Test("send writes the snapshot, a log entry and the step's effects together, once per request")
    func sendWritesTogether() async throws {
        try await store.create("a")
        let receipt = try await store.send("a", "start", requestID: "r1")
        #expect(receipt.sequence == 1 && !receipt.repeated)
        #expect(receipt.effects.map(\.id) == ["a/1/0"] && receipt.effects.map(\.effect) == ["started"])
        #expect(try await store.machine("a")?.state == "running")
        #expect(try await store.log("a").map(\.requestID) == ["r1"])
        #expect(try await store.outboxIDs("a") == ["a/1/0"])

        // The same request again: found, nothing written.
        let again = try await store.send("a", "start", requestID: "r1")
        #expect(again.repeated && again.sequence == 1 && again.effects.map(\.id) == ["a/1/0"])
        #expect(try await store.log("a").count == 1)

        // A refused event writes nothing.
        await #expect(throws: StoreError.self) { try await store.send("a", "resume") }
        #expect(try await store.log("a").count == 1)
        await #expect(throws: StoreError(id: "nobody", reason: .unknownMachine)) { try await store.send("nobody", "start") }
        await #expect(throws: StoreError(id: "a", reason: .exists)) { try await store.create("a") }
    }

    @Test("a step that fails halfway through its write leaves nothing of it")
    func halfAWriteIsNothing() async throws {
        try await store.create("a")
        let failing = try file.store(clock: clock) { throw Planted() }
        await #expect(throws: StoreError.self) { try await failing.send("a", "start") }
        #expect(try await store.log("a").isEmpty)
        #expect(try await store.outboxIDs("a").isEmpty)
        #expect(try await store.machine("a")?.state == "idle")
        #expect(try await store.timerRows("a").rows.map(\.id) == ["a/0/idle/0"])
    }

    @Test("a conflict with another connection is retried: both steps are in the log, in order")
    func conflictRetries() async throws {
        let other = try file.store(clock: clock)
        var store = store
        try await store.create("a")
        try await other.send("a", "start")
        let once = Once()
        store.beforeCommit = { id in
            // Between this store's read and its write, the other connection steps the machine.
            if once.first() { _ = try? await other.send(id, "poke") }
        }
        let receipt = try await store.send("a", "pause")
        #expect(receipt.sequence == 3)
        #expect(try await store.log("a").map { entry -> String in
            if case let .event(event) = entry.cause { return event }
            return "timer"
        } == ["start", "poke", "pause"])
        #expect(try await store.outboxIDs("a") == ["a/1/0", "a/2/0", "a/3/0"])
        #expect(try await store.replay("a") == store.snapshot("a"))

        // An event the other connection's step made refused: refused, not written.
        let twice = Once()
        store.beforeCommit = { id in
            if twice.first() { _ = try? await other.send(id, "finish") }
        }
        await #expect(throws: StoreError.self) { try await store.send("a", "resume") }
        #expect(try await store.machine("a")?.state == "idle")
        #expect(try await store.log("a").count == 4)

        // Every attempt in conflict: none written.
        var stubborn = try file.store(clock: clock)
        stubborn.beforeCommit = { id in _ = try? await other.send(id, "start") ; _ = try? await other.send(id, "finish") }
        await #expect(throws: StoreError(id: "a", reason: .conflict(attempts: 16))) { try await stubborn.send("a", "start") }
    }

    @Test("two workers claiming due timers at once never get the same one, and each fires once")
    func timersClaimedOnce() async throws {
        let first = store
        let second = try file.store(clock: clock)
        for index in 0..<20 { try await first.create("m\(index)") }
        clock.advance(by: 21)
        let now = MachineStore<String, String, String>.nanoseconds(clock.now)
        async let a = first.database.claimTimers(of: "job", now: now, worker: "a", until: now + 1_000_000_000, limit: 15)
        async let b = second.database.claimTimers(of: "job", now: now, worker: "b", until: now + 1_000_000_000, limit: 15)
        let claimed = try await (a + b).map(\.id)
        #expect(claimed.count == 20 && Set(claimed).count == 20)

        // Their claims ran out: two workers fire them together, each timer once.
        clock.advance(by: 2)
        async let firedByFirst = first.fireDueTimers(worker: "a", limit: 20)
        async let firedBySecond = second.fireDueTimers(worker: "b", limit: 20)
        #expect(try await firedByFirst + firedBySecond == 20)
        for index in 0..<20 {
            let timers = try await first.log("m\(index)").filter { if case .timer = $0.cause { true } else { false } }
            #expect(timers.count == 1)
            #expect(try await first.machine("m\(index)")?.state == "cooling")
        }
        #expect(try await first.fireDueTimers(worker: "a") == 0)
    }

    @Test("a timer of a state the machine left never fires, even claimed before it left")
    func leftStateTimerNeverFires() async throws {
        try await store.create("a")
        clock.advance(by: 20)
        let now = MachineStore<String, String, String>.nanoseconds(clock.now)
        let claimed = try await store.database.claimTimers(of: "job", now: now, worker: "slow", until: now + 100_000_000_000, limit: 10)
        #expect(claimed.map(\.id) == ["a/0/idle/0"])
        // The slow worker has not fired it yet: the machine leaves idle.
        try await store.send("a", "start")
        #expect(try await store.timerRows("a").rows.map(\.id).sorted() == ["a/1/active/0", "a/1/running/0"])
        clock.advance(by: 1)
        #expect(try await store.fire(claimed[0]) == false)
        #expect(try await store.machine("a")?.state == "running")
        #expect(try await store.log("a").count == 1)
    }

    @Test("a parent's timer keeps its deadline while the machine moves among its children; a spent timer is kept spent")
    func timersAcrossSteps() async throws {
        try await store.create("a")
        try await store.send("a", "start")  // at 1000: active 30 s, running 5 s
        clock.advance(by: 3)
        try await store.send("a", "poke")  // at 1003: running again 5 s, active kept
        let timers = try #require(try await store.snapshot("a")?.timers)
        #expect(timers.map(\.owner) == ["running", "active"])
        #expect(timers.map(\.remainingNanoseconds) == [5_000_000_000, 27_000_000_000])
        clock.advance(by: 1)
        try await store.send("a", "pause")  // at 1004: paused's 7 s guarded timer, active kept
        clock.advance(by: 8)
        // Paused's timer, fired late: dated at its deadline (1011), its guard fails.
        #expect(try await store.fireDueTimers(worker: "w") == 1)
        let spent = try #require(try await store.snapshot("a")?.timers)
        #expect(spent.map(\.owner) == ["paused", "active"] && spent.map(\.remainingNanoseconds) == [nil, 19_000_000_000])
        #expect(try await store.machine("a")?.state == "paused")
        clock.advance(by: 20)
        #expect(try await store.fireDueTimers(worker: "w") == 1)  // active's timer
        #expect(try await store.machine("a")?.state == "cooling")
        #expect(try await store.replay("a") == store.snapshot("a"))
    }

    @Test("timers of two machines whose ids and state names spell the same timer id are both kept and fired")
    func timerIDsOfTwoMachines() async throws {
        func definition(_ name: String, _ state: String) -> MachineDefinition<String, String, String, Void> {
            MachineDefinition(name: name, initial: state, events: ["go"]) {
                In(state) { After(.seconds(1), to: "done") }
                Final("done")
            }
        }
        // "m" armed by its creation in "x/0/y", "m/0/x" in "y": both "m/0/x/0/y/0".
        let slashed = try MachineStore(definition("slashed", "x/0/y"), engine: .sqlite(path: file.path), now: { [clock] in clock.now })
        let plain = try MachineStore(definition("plain", "y"), engine: .sqlite(path: file.path), now: { [clock] in clock.now })
        try await slashed.create("m")
        try await plain.create("m/0/x")
        clock.advance(by: 2)
        #expect(try await slashed.fireDueTimers(worker: "w") == 1)
        #expect(try await plain.fireDueTimers(worker: "w") == 1)
        #expect(try await plain.machine("m/0/x")?.state == "done")
    }

    /// A blinking light: a parent's timer whose step goes to one of the parent's children.
    static let blink = MachineDefinition<String, String, String, Void>(name: "blink", initial: "off", events: ["on", "off", "tap"]) {
        In("off") { On("on", to: "a", emit: "lit") }
        Parent(state: "lit", initial: "a") {
            On("off", to: "off", emit: "dark")
            After(.seconds(3), to: "b", emit: "blinked")
        } children: {
            In("a") { On("tap", to: "b", emit: "tapped") }
            In("b") { On("tap", to: "a", emit: "tapped"); After(.seconds(2), to: "a", emit: "back") }
        }
    }

    @Test(
        "the store takes a runtime's steps: the same states and effects, in order, over a seeded walk of events and time",
        arguments: [(jobMachine, jobEvents), (blink, ["on", "off", "tap"])]
    )
    @MainActor
    func agreesWithARuntime(definition: MachineDefinition<String, String, String, Void>, events: [String]) async throws {
        let store = try MachineStore(definition, engine: .sqlite(path: file.path), now: { [clock] in clock.now })
        let manual = ManualClock()
        let performed = Performed()
        let runtime = MachineRuntime(try Machine(definition), clock: manual) { effect, _ in performed.effects.append(effect) }
        try await store.create("r")
        var draws = SeededDraws(state: 11)
        for _ in 0..<120 {
            for _ in 0..<draws.next(8) {
                manual.advance(by: .seconds(1))
                _ = await runtime.settle()
                clock.advance(by: 1)
                // Every timer due, one claim at a time: in deadline order, as a runtime.
                for _ in 0..<100 where try await store.fireDueTimers(worker: "w", limit: 1) > 0 {}
            }
            let event = events[draws.next(events.count)]
            runtime.send(event)
            _ = await runtime.settle()
            _ = try? await store.send("r", event)
            #expect(try await store.machine("r")?.state == runtime.state)
        }
        let effects = try await store.database.effects(of: "r").map { try JSONDecoder().decode(String.self, from: Data($0.effect.utf8)) }
        #expect(effects == performed.effects)
        #expect(effects.count > 40)
        #expect(try await store.replay("r") == store.snapshot("r"))
    }

    @Test("replaying a machine's log gives its snapshot, after a seeded walk of events and timers on a clock that goes back")
    func replayEqualsSnapshot() async throws {
        for index in 0..<3 { try await store.create("m\(index)") }
        var draws = SeededDraws(state: 7)
        for _ in 0..<150 {
            let id = "m\(draws.next(3))"
            _ = try? await store.send(id, jobEvents[draws.next(jobEvents.count)])
            #expect(try await store.replay(id) == store.snapshot(id))
            // Now and then a process whose clock is behind: its steps are dated after the
            // machine's last one.
            clock.advance(by: draws.next(8) == 0 ? -40 : Double(draws.next(6)))
            _ = try await store.fireDueTimers(worker: "w")
        }
        for index in 0..<3 {
            let stored = try await store.snapshot("m\(index)")
            #expect(try await store.replay("m\(index)") == stored)
            #expect(try await store.log("m\(index)").count >= 10)
        }
    }
}
