// libFuzzer target: arbitrary bytes read as a snapshot (JSON) and restored into machines with
// parents, histories and parallel regions (what `fsm repl --restore FILE` and an app reading
// its saved state do).
// Invariants: no crash and no hang; bytes that are not a snapshot are a decoding error; a
// snapshot that does not fit is a `SnapshotError` with a sentence and leaves the machine as it
// was; one restored is a machine that works: its own snapshot restores to the same row, and
// every event can be sent to it; its timers are put back with at most their delay left.
import FSM
import FSMPersistence
import Foundation
import UseCases

/// A USB device: two nested parents, a shallow history resumed from inside and outside.
let usb = MachineDefinition<String, String, String, Void>(
    name: "usb", initial: "Attached", events: ["powerOn", "powerOff", "address", "configure", "suspend", "busActivity", "refresh"]
) {
    In("Attached") { On("powerOn", to: "Powered"); Ignore("powerOff", "address", "configure", "suspend", "busActivity", "refresh") }
    Parent(state: "Powered", initial: "Default") {
        On("powerOff", to: "Attached")
        Ignore("powerOn")
    } children: {
        Parent(state: "Awake", initial: "Default") {
            On("suspend", to: "Suspended")
            On("refresh", to: "Default", resuming: .deep("Awake"))
            Ignore("busActivity")
            After(.seconds(3), to: "Suspended")
        } children: {
            In("Default") { On("address", to: "Address"); Ignore("configure") }
            In("Address") { On("configure", to: "Configured"); Ignore("address") }
            In("Configured") { Ignore("address", "configure") }
        }
        In("Suspended") { On("busActivity", to: "Default", resuming: .shallow("Awake")); Ignore("address", "configure", "suspend", "refresh") }
    }
}

/// Restores `snapshot` into a copy of `compiled` and checks the invariants.
func restore<S, E, F, C>(_ snapshot: MachineSnapshot, into compiled: Machine<S, E, F, C>, matching: SnapshotMatching, events: [E], context: C) {
    var machine = compiled
    do {
        try machine.restore(snapshot, matching: matching)
    } catch {
        check(machine.row == compiled.row, "a refused snapshot changed the machine: \(error)")
        check(error.description.hasPrefix("cannot restore '") && error.description.hasSuffix("; nothing was restored"), "a refusal without its sentence: \(error)")
        return
    }
    check(machine.snapshot().state == snapshot.state, "restored in \(machine.snapshot().state), not \(snapshot.state)")
    var again = compiled
    do {
        try again.restore(machine.snapshot())
    } catch {
        check(false, "a restored machine's own snapshot is refused: \(error)")
    }
    check(again.row == machine.row, "a restored machine's own snapshot restores elsewhere")
    // Its timers, as a runtime puts them back now (the wall clock at 1.8e9 s), whatever
    // `takenAt` says: the time since read without trapping, within 3,000 years, and in each
    // mode no timer with more time left than its delay.
    let passed = snapshot.elapsed(until: 1.8e9)
    check(passed >= .zero && passed <= .seconds(100_000_000_000), "the time since the snapshot is \(passed)")
    for mode in [TimerRestore.keepDeadlines, .resumeRemaining, .restart] {
        let schedule = TimerSchedule.restoring(machine.timers, now: .seconds(1), saved: snapshot.savedTimers(elapsed: passed, mode: mode))
        for entry in schedule.entries where entry.phase == .running {
            check(entry.deadline <= .seconds(1) + entry.timer.duration, "\(entry.timer) restored with more time left than its delay (\(mode))")
        }
    }
    for event in events {
        var copy = machine
        _ = copy.transition(on: event, context: context)
    }
}

/// Each machine compiled once.
let machines: (usb: Machine<String, String, String, Void>, home: Machine<HomeState, HomeEvent, HomeEffect, Void>)? = {
    guard let usb = try? Machine(usb, policy: .ignore), let home = try? Machine(HomeMachine.definition, policy: .ignore) else { return nil }
    return (usb, home)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshot(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let machines else {
        check(false, "the fuzzed machines do not compile")
        return 0
    }
    let bytes = Data(UnsafeRawBufferPointer(start: data, count: count))
    let snapshot: MachineSnapshot
    do {
        snapshot = try JSONDecoder().decode(MachineSnapshot.self, from: bytes)
    } catch {
        check(error is DecodingError, "not a decoding error: \(error)")
        return 0
    }
    // Half the inputs must match the fingerprint, the other half only the names (deeper).
    let matching: SnapshotMatching = count % 2 == 0 ? .fingerprint : .names
    restore(snapshot, into: machines.usb, matching: matching, events: usb.events, context: ())
    restore(snapshot, into: machines.home, matching: matching, events: [.startLoading, .failToLoad(.network), .clearError, .logOut, .finishLogOut], context: ())
    return 0
}
