#if Store
import FSM
import FSMPersistence
import Foundation

/// A timer armed in a stored machine: the `After` line, its deadline on the store's clock and
/// the id of this arming (`machine/sequence/owner/position`: the step that armed it). A timer
/// that survives a step (a parent's, while the machine moves among its children) keeps its id
/// and deadline; one armed again is another arming, with another id.
package struct DurableTimer: Codable, Sendable, Hashable {
    package let id: String
    package let owner: String
    package let position: Int
    package let afterNanoseconds: Int64
    /// Its deadline, in nanoseconds since 1970 on the store's clock.
    package let dueAt: Int64
    /// It ran out and its guard did not hold: it does not run again until its state is entered
    /// again (as a runtime's spent timer).
    package var spent: Bool
}

/// A stored machine between steps: the machine and its timers, in the machine's order. The
/// one place a step is taken, for `send`, a timer and a replay alike, so that replaying the
/// log takes the very same steps.
struct DurableMachine<State: Hashable & Sendable, Event: MachineEvent & Codable, Effect: Sendable & Codable>: Sendable {
    var machine: Machine<State, Event, Effect, Void>
    var timers: [DurableTimer]

    /// `machine` as created at `at`: its timers armed then.
    init(created machine: Machine<State, Event, Effect, Void>, id: String, at: Int64) {
        self.machine = machine
        timers = []
        rearm(kept: [:], id: id, sequence: 0, at: at)
    }

    init(machine: Machine<State, Event, Effect, Void>, timers: [DurableTimer]) {
        self.machine = machine
        self.timers = timers
    }

    /// What a step did: the effects, in order.
    typealias Effects = [Effect]

    /// Takes the step `cause` sets off at `at` (nanoseconds since 1970), as entry `sequence` of
    /// machine `id`'s log.
    /// - Throws: ``StoreError/Reason/rejected(_:)`` when the machine refuses the event;
    ///   ``StoreError/Reason/unreadable(_:)`` for a timer the machine does not arm (not one
    ///   of its timers, spent, or not due): a log that does not fit.
    mutating func step(_ cause: LogEntry<Event>.Cause, id: String, sequence: Int64, at: Int64) throws(StoreError) -> Effects {
        let before = machine.timers
        let old = timers
        switch cause {
        case let .event(event):
            do {
                let (transition, kept) = try machine.sendKeeping(event) { $0.holds((), event) }
                rearm(kept: survivors(of: old, armedAs: before, kept: kept), id: id, sequence: sequence, at: at)
                return Array(transition.effects)
            } catch {
                throw StoreError(id: id, reason: .rejected(error.description))
            }
        case let .timer(timerID, _, _):
            guard let index = timers.firstIndex(where: { $0.id == timerID }), let armed = firing(timers[index], at: at) else {
                throw StoreError(id: id, reason: .unreadable("the timer '\(timerID)' is not armed, or not due, at step \(sequence)"))
            }
            guard let (transition, kept) = machine.fireKeeping(armed, deciding: { $0.holds(context: ()) ?? false }) else {
                timers[index].spent = true
                return []
            }
            rearm(kept: survivors(of: old, armedAs: before, kept: kept), id: id, sequence: sequence, at: at)
            // A timer whose own step stays inside its owner (a parent's timer to one of its
            // children) keeps its arming, spent: as in a runtime, it runs again only when its
            // owner is entered again.
            if let fired = timers.firstIndex(where: { $0.id == timerID }) { timers[fired].spent = true }
            return Array(transition.effects)
        }
    }

    /// The machine's timer that `timer` is an arming of, when it may fire at `at`: armed in the
    /// current state (a timer of a state already left never fires), not spent, and due.
    func firing(_ timer: DurableTimer, at: Int64) -> MachineTimer? {
        guard !timer.spent, timer.dueAt <= at else { return nil }
        return machine.timers.first {
            $0.owner == timer.owner && $0.place == timer.position && MachineSnapshot.Timer.nanoseconds($0.duration) == timer.afterNanoseconds
        }
    }

    /// The timers of `old` (armed as `before`, before a step that stayed inside `kept` of the
    /// source's parents) that keep running through the step, by their `After` line, as the
    /// runtime's schedule decides (a parent's timer while the machine moves among its children;
    /// every timer on an internal or ignored step).
    private func survivors(of old: [DurableTimer], armedAs before: [MachineTimer], kept: Int32) -> [MachineTimer: DurableTimer] {
        var schedule = TimerSchedule.restoring(before, now: .zero) { _ in .running(.zero) }
        let armings = schedule.entries.map(\.arming)
        schedule.rearm(machine.timers, kept: kept, now: .zero)
        var survivors: [MachineTimer: DurableTimer] = [:]
        for entry in schedule.entries {
            guard let place = armings.firstIndex(of: entry.arming),
                  let durable = old.first(where: { $0.owner == before[place].owner && $0.position == before[place].place }) else { continue }
            survivors[entry.timer] = durable
        }
        return survivors
    }

    /// Arms the machine's timers after a step: those in `kept` as they were, every other one
    /// from `at`, with an id of this step.
    private mutating func rearm(kept: [MachineTimer: DurableTimer], id: String, sequence: Int64, at: Int64) {
        let armed = machine.isFinished ? [] : machine.timers
        timers = armed.map { timer in
            if let old = kept[timer] { return old }
            let (due, overflow) = at.addingReportingOverflow(MachineSnapshot.Timer.nanoseconds(timer.duration))
            return DurableTimer(
                id: "\(id)/\(sequence)/\(timer.owner)/\(timer.place)", owner: timer.owner, position: timer.place,
                afterNanoseconds: MachineSnapshot.Timer.nanoseconds(timer.duration), dueAt: overflow ? .max : due, spent: false
            )
        }
    }

    /// The snapshot the store keeps: the machine's, with each timer's time left at `at` and
    /// `at` as when it was taken.
    func snapshot(at: Int64) -> MachineSnapshot {
        var snapshot = machine.snapshot()
        snapshot.timers = timers.map { timer in
            let (left, overflow) = timer.dueAt.subtractingReportingOverflow(at)
            return MachineSnapshot.Timer(
                owner: timer.owner, position: timer.position, afterNanoseconds: timer.afterNanoseconds,
                remainingNanoseconds: timer.spent ? nil : (overflow ? .max : left)
            )
        }
        snapshot.takenAt = Double(at) / 1e9
        return snapshot
    }
}
#endif
