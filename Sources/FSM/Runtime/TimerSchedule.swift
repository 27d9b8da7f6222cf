/// When each timer armed in a machine's state runs out: what a runner with a clock (a
/// runtime, the REPL's virtual time) keeps beside the machine.
///
/// Times are durations since the runner's start. After every step the runner re-arms the
/// state's timers: a timer that was armed and survives the step keeps its deadline (a
/// parent's timer while the machine moves between the parent's children; every timer on an
/// internal or ignored step); every other one starts now. A timer of a state that was left is
/// dropped, so it never fires.
@usableFromInline package struct TimerSchedule: Sendable, Equatable {
    /// The armed timers and their deadlines, in the order the machine lists them (the
    /// state's own, then its parents' from the innermost out).
    @usableFromInline package private(set) var entries: [Entry] = []
    /// The number of the next arming: each arming of a timer is a different one, so that a
    /// runner can tell a timer restarted since it ran out from the one that ran out.
    @usableFromInline var armings: UInt64 = 0

    /// One armed timer.
    @usableFromInline package struct Entry: Sendable, Equatable {
        @usableFromInline package let timer: MachineTimer
        @usableFromInline package let deadline: Duration
        /// Which arming this is.
        @usableFromInline package let arming: UInt64
        @usableFromInline package var phase: Phase

        @inlinable
        init(timer: MachineTimer, deadline: Duration, arming: UInt64, phase: Phase) {
            self.timer = timer
            self.deadline = deadline
            self.arming = arming
            self.phase = phase
        }
    }

    /// Where an armed timer is.
    @usableFromInline package enum Phase: Sendable, Equatable {
        /// Running: it runs out at its deadline.
        case running
        /// It ran out, and its runner has it in line to be taken.
        case due
        /// It ran out and its guard did not hold: nothing until its state is entered again.
        case spent
    }

    @inlinable package init() {}

    /// Arms `armed` (the machine's timers after a step) at `now`, keeping each that was armed
    /// and survives a step that stayed inside `kept` of the source's parents (`Int32.max`: an
    /// internal, ignored or refused step) as it was: running, due or spent.
    @inlinable package mutating func rearm(_ armed: [MachineTimer], kept: Int32, now: Duration) {
        var fresh = armings
        entries = armed.map { timer in
            if timer.survives(keeping: kept), let old = entries.first(where: { $0.timer == timer }) { return old }
            fresh += 1
            return Entry(timer: timer, deadline: now + timer.duration, arming: fresh, phase: .running)
        }
        armings = fresh
    }

    /// The schedule of `armed` (a machine's timers, in its order) put back at `now` from what
    /// was saved of it: `saved(timer)` is `.running(left)` for a timer that had `left` to run
    /// (0 or less: overdue, it runs out at once, overdue ones in deadline order), `.spent` for
    /// one whose guard did not hold, `nil` for one nothing was saved of (it starts now).
    package static func restoring(_ armed: [MachineTimer], now: Duration, saved: (MachineTimer) -> Saved?) -> TimerSchedule {
        var schedule = TimerSchedule()
        for timer in armed {
            schedule.armings += 1
            switch saved(timer) {
            case let .running(left)?:
                schedule.entries.append(Entry(timer: timer, deadline: now + left, arming: schedule.armings, phase: .running))
            case .spent?:
                schedule.entries.append(Entry(timer: timer, deadline: now, arming: schedule.armings, phase: .spent))
            case nil:
                schedule.entries.append(Entry(timer: timer, deadline: now + timer.duration, arming: schedule.armings, phase: .running))
            }
        }
        return schedule
    }

    /// Marks the running timer `timer` due (it ran out, and its runner puts it in line) and
    /// returns it; `nil` when it is not running.
    package mutating func markDue(_ timer: MachineTimer) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.timer == timer && $0.phase == .running }) else { return nil }
        entries[index].phase = .due
        return entries[index]
    }

    /// What was saved of an armed timer (see ``restoring(_:now:saved:)``).
    package enum Saved: Sendable, Equatable {
        /// It had this long left (0 or less: it was due).
        case running(Duration)
        /// It ran out and its guard did not hold.
        case spent
    }

    /// Each armed timer, and what would be saved of it at `now`: the time it has left (0 or
    /// less when it is due, or waiting in its runner's line to be taken), or spent.
    package func saved(at now: Duration) -> [(timer: MachineTimer, saved: Saved)] {
        entries.map { ($0.timer, $0.phase == .spent ? .spent : .running($0.deadline - now)) }
    }

    /// Moves every running timer's deadline `elapsed` earlier: the schedule as seen from a
    /// clock started `elapsed` later (for tools that keep times relative to now, such as the
    /// explorer page). A spent or due timer keeps its deadline: it no longer runs.
    package mutating func shift(by elapsed: Duration) {
        entries = entries.map { $0.phase == .running ? Entry(timer: $0.timer, deadline: $0.deadline - elapsed, arming: $0.arming, phase: $0.phase) : $0 }
    }

    /// Marks a timer (this arming of it) as spent: it ran out and its guard did not hold.
    @inlinable package mutating func spend(_ entry: Entry) {
        set(entry, to: .spent)
    }

    /// Marks the running timers that run out first (at the same deadline, at most `now`) as
    /// due, and returns them in order (the innermost first).
    @inlinable package mutating func takeDue(by now: Duration) -> [Entry] {
        guard let first = next, first.deadline <= now else { return [] }
        var taken: [Entry] = []
        for index in entries.indices where entries[index].phase == .running && entries[index].deadline == first.deadline {
            entries[index].phase = .due
            taken.append(entries[index])
        }
        return taken
    }

    /// Whether `entry` is still this arming of its timer, due: not restarted or dropped since.
    @inlinable package func isCurrent(_ entry: Entry) -> Bool {
        entries.contains { $0.arming == entry.arming && $0.phase == .due }
    }

    /// The running timer that runs out first (of those due together, the first listed: the
    /// innermost).
    @inlinable package var next: Entry? {
        entries.enumerated().filter { $0.element.phase == .running }
            .min { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }?.element
    }

    /// The running timers, in order.
    @inlinable package var running: [Entry] { entries.filter { $0.phase == .running } }

    @inlinable mutating func set(_ entry: Entry, to phase: Phase) {
        if let index = entries.firstIndex(where: { $0.arming == entry.arming }) { entries[index].phase = phase }
    }
}

extension Machine {
    /// Sends an event (guards decided by `passes`) and says how many of the source's parents
    /// the step stayed inside, for a ``TimerSchedule`` (`Int32.max` when it left nothing).
    @inlinable package mutating func sendKeeping(
        _ event: Event, deciding passes: (TransitionGuard<Context, Event>) -> Bool
    ) throws(TransitionError<State, Event.Key>) -> (transition: Transition<State, Event.Key, Effect>, kept: Int32) {
        let key = event.key
        let decision = decide(tables.index(of: key), passes: passes)
        return (try take(decision, key), kept(decision))
    }

    /// Sends an event's key, each guard decided by its name; see `sendKeeping(_:deciding:)`.
    @inlinable package mutating func sendKeeping(
        _ key: Event.Key, guards holds: (String) -> Bool
    ) throws(TransitionError<State, Event.Key>) -> (transition: Transition<State, Event.Key, Effect>, kept: Int32) {
        let decision = decide(tables.index(of: key)) { $0.holds(deciding: holds) }
        return (try take(decision, key), kept(decision))
    }

    /// ``sendKeeping(_:guards:)``, and the states the step entered, in order, as coverage
    /// counts them: with transitions without an event, each state its chain passes through and
    /// the one it rests in; otherwise the target of an external step (none for an internal,
    /// ignored or refused one). For tools that show what a step covered (the explorer page).
    package mutating func sendKeepingEntered(
        _ key: Event.Key, guards holds: (String) -> Bool
    ) throws(TransitionError<State, Event.Key>) -> (transition: Transition<State, Event.Key, Effect>, kept: Int32, entered: [State]) {
        let decision = decide(tables.index(of: key)) { $0.holds(deciding: holds) }
        let kept = kept(decision)
        let transition = try take(decision, key)
        // With chains, what the candidate enters (a waiting chain let go by an internal step
        // too); without, the target of an external step.
        if case let .take(candidate, _) = decision, tables.chainEnteredStarts.count > candidate + 1 {
            let range = Int(tables.chainEnteredStarts[candidate])..<Int(tables.chainEnteredStarts[candidate + 1])
            return (transition, kept, range.map { tables.stateTable[tables.countedState(Int(tables.chainEntered.element(at: $0)))] })
        }
        return (transition, kept, transition.kind == .external ? [transition.target] : [])
    }

    /// Fires the timers of `schedule` that run out at `now` (the running ones with the
    /// earliest deadline, at most `now`), in order (the innermost first), each guard decided
    /// by `passes`: a timer taken re-arms the timers of where the machine went; one whose
    /// guard does not hold is spent. `proceed` is asked before each firing (`false` stops
    /// there) and `fired` told each one: the timer, its transition (`nil`: spent), the timers
    /// armed before it and the machine after it. The one place timers run out for the REPL's
    /// `:advance`, the explorer page and the property helpers' walks.
    package mutating func fireDue(
        at now: Duration, schedule: inout TimerSchedule, deciding passes: (TransitionGuard<Context, Event>) -> Bool,
        proceed: () -> Bool = { true },
        fired: (_ timer: MachineTimer, _ transition: Transition<State, Event.Key, Effect>?, _ armedBefore: [MachineTimer], _ after: Self) -> Void
    ) {
        for due in schedule.takeDue(by: now) where schedule.isCurrent(due) {
            guard proceed() else { return }
            let armed = timers
            if let (step, kept) = fireKeeping(due.timer, deciding: passes) {
                schedule.rearm(timers, kept: kept, now: now)
                fired(due.timer, step, armed, self)
            } else {
                schedule.spend(due)
                fired(due.timer, nil, armed, self)
            }
        }
    }

    /// Takes a timer's transition (guards decided by `passes`) and says how many of the
    /// source's parents it stayed inside; `nil` as `fire(_:context:)`.
    @inlinable package mutating func fireKeeping(
        _ timer: MachineTimer, deciding passes: (TransitionGuard<Context, Event>) -> Bool
    ) -> (transition: Transition<State, Event.Key, Effect>, kept: Int32)? {
        guard let entry = armed(timer), let step = fire(timer, passes: passes) else { return nil }
        return (step, tables.keptTable.isEmpty ? Int32.max : tables.keptTable[Int(entry.candidate)])
    }

    /// How many of the source's parents a decision's step stays inside.
    @inlinable func kept(_ decision: Decision) -> Int32 {
        guard case let .take(candidate, _) = decision, !tables.keptTable.isEmpty else { return Int32.max }
        return tables.keptTable[candidate]
    }
}
