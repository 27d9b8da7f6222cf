import Foundation
import FSM
import FSMPersistence
import FSMRuntime
import FSMTesting
import TestSupport
import Testing

/// A kiosk: a session (a parent with a 60 s timer and a history) whose `browsing` moves on
/// by itself after 10 s when the customer has credit (a guarded timer), a receipt that goes
/// back to idle after 5 s, and a dimmed screen that falls asleep after 2 s.
private enum Kiosk: String, Hashable, Sendable {
    case idle, browsing, detail, paying, receipt, dimmed, asleep
}

private enum Tap: String, MachineEvent, Codable, CaseIterable {
    case touch, open, back, pay, paid, wake
}

private enum Job: String, Hashable, Sendable {
    case greet, charge, dim, sleep, thank
}

private let hasCredit = Guard<Int>("has credit") { $0 > 0 }

private let kiosk = MachineDefinition<Kiosk, Tap, Job, Int>(name: "kiosk", initial: .idle) {
    In(.idle) { On(.touch, to: .browsing, emit: .greet) }
    Parent("session", initial: .browsing) {
        After(.seconds(60), to: .dimmed, emit: .dim)
    } children: {
        In(.browsing) {
            On(.open, to: .detail)
            After(.seconds(10), to: .detail, guard: hasCredit)
        }
        In(.detail) {
            On(.back, to: .browsing)
            On(.pay, to: .paying, emit: .charge)
        }
        In(.paying) { On(.paid, to: .receipt, emit: .thank) }
        In(.receipt) { After(.seconds(5), to: .idle) }
    }
    In(.dimmed) {
        After(.seconds(2), to: .asleep, emit: .sleep)
        On(.wake, to: .browsing, resuming: .shallow("session"))
    }
    In(.asleep) { On(.wake, to: .browsing, resuming: .shallow("session")) }
}

/// What a runtime did: each transition and each effect performed, in order.
@MainActor
private final class Trace {
    var lines: [String] = []
    /// How long `charge` takes (it suspends on the clock), so events queue behind it.
    var chargeTakes: Duration?
}

private let taken = Date(timeIntervalSince1970: 1_800_000_000)

@MainActor
@Suite("Runtime snapshots: timers kept, resumed or restarted; queued events; a restore runs nothing")
struct RuntimeSnapshotTests {
    private func runtime(_ clock: ManualClock, _ trace: Trace, credit: Int = 0) throws -> MachineRuntime<Kiosk, Tap, Job, Int> {
        let runtime = MachineRuntime(try Machine(kiosk), clock: clock, context: { credit }, perform: perform(clock, trace))
        observe(runtime, trace)
        return runtime
    }

    private func restored(
        _ snapshot: MachineSnapshot, _ clock: ManualClock, _ trace: Trace, credit: Int = 0, timers: TimerRestore = .keepDeadlines,
        at date: Date = taken, resuming: @MainActor (Kiosk) -> [Job] = { _ in [] }
    ) throws -> MachineRuntime<Kiosk, Tap, Job, Int> {
        let data = try Self.encoder.encode(snapshot)
        let read = try JSONDecoder().decode(MachineSnapshot.self, from: data)
        let runtime = try MachineRuntime(
            try Machine(kiosk), restoring: read, clock: clock, context: { credit }, timers: timers, at: date, resuming: resuming,
            perform: perform(clock, trace)
        )
        observe(runtime, trace)
        return runtime
    }

    private func perform(_ clock: ManualClock, _ trace: Trace) -> MachineRuntime<Kiosk, Tap, Job, Int>.Handler {
        { job, _ in
            trace.lines.append("do \(job)")
            if job == .charge, let takes = trace.chargeTakes { try? await clock.sleep(until: clock.now.advanced(by: takes)) }
        }
    }

    private func observe(_ runtime: MachineRuntime<Kiosk, Tap, Job, Int>, _ trace: Trace) {
        runtime.onTransition = { transition, event in
            trace.lines.append("\(transition.source) -\(event.map(\.rawValue) ?? "timer")-> \(transition.target)")
        }
        runtime.onRejection = { error in trace.lines.append("refused \(error.event)") }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private func pass(_ time: Duration, _ clock: ManualClock, _ runtime: MachineRuntime<Kiosk, Tap, Job, Int>) async {
        clock.advance(by: time)
        await runtime.settle()
    }

    @Test("a snapshot lists each armed timer by owner and place, with its delay and the time it has left, and when it was taken")
    func timersInSnapshot() async throws {
        let clock = ManualClock(), trace = Trace()
        let live = try runtime(clock, trace)
        live.send(.touch)
        await pass(.seconds(4), clock, live)
        let snapshot = try live.snapshot(at: taken)
        #expect(snapshot.state == "browsing" && snapshot.parents == ["session"])
        #expect(snapshot.timers == [
            MachineSnapshot.Timer(owner: "browsing", position: 0, afterNanoseconds: 10_000_000_000, remainingNanoseconds: 6_000_000_000),
            MachineSnapshot.Timer(owner: "session", position: 0, afterNanoseconds: 60_000_000_000, remainingNanoseconds: 56_000_000_000),
        ])
        #expect(snapshot.takenAt == taken.timeIntervalSince1970)
        #expect(snapshot.events == nil && snapshot.context == nil)
        // The machine's own snapshot is the same but for what a runner adds.
        var bare = snapshot
        bare.timers = nil
        bare.takenAt = nil
        #expect(bare == live.persistedMachineSnapshot)
    }

    @Test("restored, nothing runs: no effect, no transition; the timers keep their deadlines on the wall clock")
    func keepDeadlines() async throws {
        let clock = ManualClock(), trace = Trace()
        let live = try runtime(clock, trace)
        live.send(.touch)
        live.send(.open)
        await pass(.seconds(50), clock, live)
        let snapshot = try live.snapshot(at: taken)

        let laterClock = ManualClock(), laterTrace = Trace()
        let later = try restored(snapshot, laterClock, laterTrace, at: taken.addingTimeInterval(4))
        await later.settle()
        #expect(later.state == .detail)
        #expect(laterTrace.lines.isEmpty, "a restore is not a transition")
        #expect(later.pendingTimers.map(\.remaining) == [.seconds(6)], "60 s - 50 s before, - 4 s while stopped")
        await pass(.seconds(6), laterClock, later)
        #expect(later.state == .dimmed)
        #expect(laterTrace.lines == ["detail -timer-> dimmed", "do dim"])
    }

    @Test("resumeRemaining does not count the time stopped; restart starts every delay again, a spent timer too")
    func resumeAndRestart() async throws {
        let clock = ManualClock(), trace = Trace()
        let live = try runtime(clock, trace)
        live.send(.touch)
        await pass(.seconds(12), clock, live)
        #expect(live.state == .browsing, "no credit: the 10 s timer is spent")
        let snapshot = try live.snapshot(at: taken)
        #expect(snapshot.timers?.first == MachineSnapshot.Timer(owner: "browsing", position: 0, afterNanoseconds: 10_000_000_000, remainingNanoseconds: nil))

        let resumed = try restored(snapshot, ManualClock(), Trace(), timers: .resumeRemaining, at: taken.addingTimeInterval(3_600))
        #expect(resumed.pendingTimers.map(\.remaining) == [.seconds(48)], "the spent timer stays spent; the hour stopped does not count")

        let restarted = try restored(snapshot, ManualClock(), Trace(), timers: .restart, at: taken.addingTimeInterval(3_600))
        #expect(restarted.pendingTimers.map(\.remaining) == [.seconds(10), .seconds(60)])
    }

    @Test("timers that ran out while stopped fire at once in deadline order, each a step, the ones they arm running from their deadline")
    func overdueInOrder() async throws {
        let clock = ManualClock(), trace = Trace()
        let live = try runtime(clock, trace)
        live.send(.touch)
        await pass(.seconds(59), clock, live)
        let snapshot = try live.snapshot(at: taken)

        let laterClock = ManualClock(), laterTrace = Trace()
        // 1 s left on the session, then 2 s dimmed: asleep 3 s after the snapshot.
        let later = try restored(snapshot, laterClock, laterTrace, at: taken.addingTimeInterval(2.5))
        await later.settle()
        #expect(later.state == .dimmed)
        #expect(later.pendingTimers.map(\.remaining) == [.milliseconds(500)], "armed at the session's deadline, 1.5 s before the restore")
        let asleep = try restored(snapshot, ManualClock(), Trace(), at: taken.addingTimeInterval(30))
        await asleep.settle()
        #expect(asleep.state == .asleep)
        #expect(laterTrace.lines == ["browsing -timer-> dimmed", "do dim"])
    }

    @Test("a stale timer (its owner left, its delay changed) is dropped and the armed one starts now; one listed twice is refused")
    func staleAndRepeated() async throws {
        let clock = ManualClock()
        let live = try runtime(clock, Trace())
        live.send(.touch)
        await pass(.seconds(30), clock, live)
        var snapshot = try live.snapshot(at: taken)
        snapshot.timers = [
            MachineSnapshot.Timer(owner: "browsing", position: 0, afterNanoseconds: 7_000_000_000, remainingNanoseconds: 1),
            MachineSnapshot.Timer(owner: "receipt", position: 0, afterNanoseconds: 5_000_000_000, remainingNanoseconds: 1),
            MachineSnapshot.Timer(owner: "session", position: 0, afterNanoseconds: 60_000_000_000, remainingNanoseconds: 30_000_000_000),
        ]
        let restoredRuntime = try restored(snapshot, ManualClock(), Trace())
        #expect(restoredRuntime.pendingTimers.map(\.remaining) == [.seconds(10), .seconds(30)])

        snapshot.timers?.append(MachineSnapshot.Timer(owner: "session", position: 0, afterNanoseconds: 1, remainingNanoseconds: nil))
        #expect(throws: SnapshotError(machine: "kiosk", reason: .repeatedTimer(owner: "session", position: 0))) {
            _ = try restored(snapshot, ManualClock(), Trace())
        }
    }

    /// A kiosk showing a product, whose `charge` takes `chargeTakes` on its clock.
    private func browsingDetail(chargeTakes: Duration) throws -> (ManualClock, Trace, MachineRuntime<Kiosk, Tap, Job, Int>) {
        let clock = ManualClock(), trace = Trace()
        trace.chargeTakes = chargeTakes
        let live = try runtime(clock, trace)
        live.send(.touch)
        live.send(.open)
        return (clock, trace, live)
    }

    @Test("events queued behind an effect are saved and taken first after a restore; the resuming closure's effects before them")
    func queuedEventsAndResuming() async throws {
        let (_, _, live) = try browsingDetail(chargeTakes: .seconds(5))
        live.send(.pay)
        live.send(.paid)
        #expect(live.state == .paying)
        let snapshot = try live.snapshot(at: taken)
        #expect(snapshot.events == [.string("paid")])

        let laterTrace = Trace()
        let later = try restored(snapshot, ManualClock(), laterTrace, resuming: { $0 == .paying ? [.charge] : [] })
        await later.settle()
        #expect(laterTrace.lines == ["do charge", "paying -paid-> receipt", "do thank"])
        #expect(later.state == .receipt)
    }

    @Test("a timer that ran out while an effect was performed waits between the queued events it ran out among, after a restore too")
    func dueTimerKeepsItsPlace() async throws {
        let (clock, trace, live) = try browsingDetail(chargeTakes: .seconds(5))
        await pass(.seconds(57), clock, live)
        live.send(.pay)         // charging until 62 s
        live.send(.paid)        // queued: paying -> receipt, still in the session
        await pass(.milliseconds(3_500), clock, live)  // the session's 60 s run out: in line after `paid`
        live.send(.wake)        // queued after it: refused in the receipt, taken when dimmed
        let snapshot = try live.snapshot(at: taken)
        #expect(snapshot.events == [.string("paid"), .string("wake")])
        #expect(snapshot.timers == [MachineSnapshot.Timer(owner: "session", position: 0, afterNanoseconds: 60_000_000_000, remainingNanoseconds: -500_000_000, queuedAfter: 1)])

        trace.lines.removeAll()
        await pass(.seconds(2), clock, live)
        let laterClock = ManualClock(), laterTrace = Trace()
        laterTrace.chargeTakes = .seconds(5)
        let later = try restored(snapshot, laterClock, laterTrace, resuming: { $0 == .paying ? [.charge] : [] })
        await later.settle()  // the charge sent again starts, and waits on the clock
        await pass(.seconds(5), laterClock, later)
        #expect(trace.lines == ["paying -paid-> receipt", "do thank", "receipt -timer-> dimmed", "do dim", "dimmed -wake-> receipt"])
        #expect(laterTrace.lines == ["do charge"] + trace.lines)
    }

    @Test("a snapshot taken at a wall-clock time no clock shows (1e300 s before or after 1970) restores without trapping")
    func absurdTakenAt() async throws {
        let clock = ManualClock()
        let live = try runtime(clock, Trace())
        live.send(.touch)
        var snapshot = try live.snapshot(at: taken)
        snapshot.takenAt = -1e300
        let long = try restored(snapshot, ManualClock(), Trace())
        await long.settle()
        #expect(long.state == .asleep, "read as 3,000 years ago at most: every timer ran out")
        snapshot.takenAt = 1e300
        let future = try restored(snapshot, ManualClock(), Trace())
        #expect(future.pendingTimers.map(\.remaining) == [.seconds(10), .seconds(60)], "a snapshot from the future: no time passed")
        snapshot.timers = [MachineSnapshot.Timer(owner: "session", position: 0, afterNanoseconds: 60_000_000_000, remainingNanoseconds: .max)]
        snapshot.takenAt = nil
        let capped = try restored(snapshot, ManualClock(), Trace())
        #expect(capped.pendingTimers.map(\.remaining) == [.seconds(10), .seconds(60)], "never more time left than the delay")
    }

    @Test("no snapshot in the middle of a step; a queued event that is not the machine's is refused")
    func midStepAndForeignEvents() async throws {
        let clock = ManualClock()
        let live = try runtime(clock, Trace())
        var refusal: SnapshotError?
        live.onTransition = { [weak live] _, _ in
            guard let live else { return }
            do throws(SnapshotError) { _ = try live.snapshot(at: taken) } catch { refusal = error }
        }
        live.send(.touch)
        #expect(refusal == SnapshotError(machine: "kiosk", reason: .midStep))
        #expect(refusal?.description == "cannot take a snapshot of 'kiosk' in the middle of a step (from onTransition or onRejection): take it once the step is over")

        var snapshot = try live.snapshot(at: taken)
        snapshot.events = [.string("dance")]
        #expect {
            _ = try restored(snapshot, ManualClock(), Trace())
        } throws: { error in
            guard let error = error as? SnapshotError, case .eventNotDecodable = error.reason else { return false }
            return error.description.hasPrefix("cannot restore 'kiosk': a queued event is not one of its events (")
        }
    }

    @Test("a runtime of version 2 restores version 1's snapshot through its migrations, the timers read from the migrated snapshot")
    func migrated() async throws {
        let lampV1 = MachineDefinition<String, String, String, Void>(name: "lamp", initial: "on", events: ["flip"]) {
            In("on") { On("flip", to: "off"); After(.seconds(30), to: "off", emit: "dim") }
            In("off") { On("flip", to: "on") }
        }
        let lampV2 = MachineDefinition<String, String, String, Void>(name: "lamp", version: 2, initial: "lit", events: ["flip"]) {
            In("lit") { On("flip", to: "off"); After(.seconds(30), to: "off", emit: "dim") }
            In("off") { On("flip", to: "lit") }
        }
        let clock = ManualClock()
        let old = MachineRuntime(try Machine(lampV1), clock: clock) { _, _ in }
        clock.advance(by: .seconds(10))
        await old.settle()
        let snapshot = try old.snapshot(at: taken)
        let migrations = SnapshotMigrations().from(1, to: 2, .renameState("on", to: "lit"))
        let restored = try MachineRuntime(try Machine(lampV2), restoring: snapshot, migrating: migrations, clock: ManualClock(), timers: .resumeRemaining, at: taken) { _, _ in }
        #expect(restored.state == "lit")
        #expect(restored.pendingTimers.map(\.remaining) == [.seconds(20)], "the timer of 'on', renamed 'lit', keeps its 20 s")
        #expect(throws: SnapshotError(machine: "lamp", reason: .noMigration(from: 1, to: 2))) {
            _ = try MachineRuntime(try Machine(lampV2), restoring: snapshot, clock: ManualClock(), at: taken) { _, _ in }
        }
    }

    @Test("walk, snapshot through JSON, restore in a fresh runtime on a fresh clock, walk on: the same trace as never stopping")
    func continuation() async throws {
        var generator = SeededRandom(seed: 0xF5A)
        var timerSteps = 0
        for _ in 0..<200 {
            let length = 20, stop = Int(generator.next() % UInt64(length)), credit = Int(generator.next() % 2)
            let clock = ManualClock(), trace = Trace()
            let live = try runtime(clock, trace, credit: credit)
            let otherClock = ManualClock(), otherTrace = Trace()
            var other: MachineRuntime<Kiosk, Tap, Job, Int>?
            var walk: [String] = []
            for step in 0..<length {
                if step == stop {
                    other = try restored(try live.snapshot(at: taken), otherClock, otherTrace, credit: credit)
                    trace.lines.removeAll()
                }
                // Half the steps let 1 to 12 s pass; the others send an event the machine takes.
                let machine = live.persistedParts.machine
                let accepted = Tap.allCases.filter { (try? machine.check($0, context: credit).get()) != nil }
                let event = generator.next() % 2 == 0 ? nil : accepted.isEmpty ? nil : accepted[Int(generator.next() % UInt64(accepted.count))]
                let time = Duration.seconds(Int(generator.next() % 12) + 1)
                walk.append(event?.rawValue ?? "\(time)")
                for runner in [live, other].compactMap(\.self) {
                    if let event { runner.send(event) } else { await pass(time, runner === live ? clock : otherClock, runner) }
                    await runner.settle()
                }
            }
            timerSteps += trace.lines.count { $0.contains("-timer->") }
            #expect(otherTrace.lines == trace.lines, "walk \(walk), stopped before step \(stop), credit \(credit)")
            #expect(other?.state == live.state)
        }
        #expect(timerSteps > 100, "the walks let timers run out after the snapshot")
    }
}

extension MachineRuntime {
    /// The machine's own snapshot (no timers), as ``FSM/Machine/snapshot()`` writes it.
    fileprivate var persistedMachineSnapshot: MachineSnapshot { persistedParts.machine.snapshot() }
}
