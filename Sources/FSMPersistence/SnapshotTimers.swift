import FSM

/// What a restored runner does with the timers a snapshot lists.
public enum TimerRestore: Sendable, Hashable {
    /// Each timer keeps its deadline: the time that passed since the snapshot was taken (its
    /// ``MachineSnapshot/takenAt``, on the wall clock) counts, as if the machine had run on.
    /// Timers that ran out meanwhile fire at once, in deadline order, each a step of its own;
    /// one armed by such a step runs from that deadline. A snapshot taken in virtual time (no
    /// `takenAt`) resumes the time left.
    case keepDeadlines
    /// Each timer resumes with the time it had left: the time the machine was stopped does
    /// not count (a game paused, a device that slept).
    case resumeRemaining
    /// Each timer armed in the restored state starts its whole delay again, as on entering the
    /// state; a spent one is armed again.
    case restart
}

extension MachineSnapshot.Timer {
    /// What a runner saved of `timer`: its name, delay and time left (`nil` when spent), and
    /// for one that ran out and waits in the runner's line, the number of events before it.
    package init(_ timer: MachineTimer, _ saved: TimerSchedule.Saved, queuedAfter: Int? = nil) {
        let left: Int64? = switch saved {
        case let .running(left): Self.nanoseconds(left)
        case .spent: nil
        }
        self.init(owner: timer.owner, position: timer.place, afterNanoseconds: Self.nanoseconds(timer.duration), remainingNanoseconds: left, queuedAfter: queuedAfter)
    }

    /// `duration` in whole nanoseconds, rounded toward zero, clamped to `Int64`.
    package static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !carry else { return seconds < 0 ? .min : .max }
        return sum
    }
}

extension MachineSnapshot {
    /// The time from when the snapshot was taken (``takenAt``) to `date` on the wall clock:
    /// none when it was taken in virtual time or the clock went back, and at most 10^11 s
    /// (3,000 years: any `takenAt` a file holds, however far off, is read without trapping).
    package func elapsed(until date: Double) -> Duration {
        guard let takenAt, takenAt.isFinite, date.isFinite else { return .zero }
        return .seconds(min(max(0, date - takenAt), 100_000_000_000))
    }

    /// The timers a runner's schedule holds now, by names.
    package static func timers(_ saved: [(timer: MachineTimer, saved: TimerSchedule.Saved)], queuedAfter: (MachineTimer) -> Int? = { _ in nil }) -> [Timer] {
        saved.map { Timer($0.timer, $0.saved, queuedAfter: queuedAfter($0.timer)) }
    }

    /// Where each timer that waited in the runner's line goes back in it: after how many of
    /// the snapshot's events (a timer the snapshot lists by the armed one's name and delay).
    package func queuedTimers() -> (MachineTimer) -> Int? {
        var byName: [TimerName: Timer] = [:]
        for timer in timers ?? [] where timer.queuedAfter != nil { byName[TimerName(owner: timer.owner, position: timer.position)] = timer }
        return { armed in
            guard let timer = byName[TimerName(owner: armed.owner, position: armed.place)], timer.afterNanoseconds == Timer.nanoseconds(armed.duration),
                  timer.remainingNanoseconds != nil else { return nil }
            return timer.queuedAfter
        }
    }

    /// What to put back of each timer armed in the restored state, `elapsed` after the
    /// snapshot was taken, as `mode` says: a timer the snapshot lists by the same owner,
    /// place and delay resumes; one it does not list (a snapshot without timers, a delay
    /// changed since: stale) starts its delay now.
    package func savedTimers(elapsed: Duration, mode: TimerRestore) -> (MachineTimer) -> TimerSchedule.Saved? {
        guard mode != .restart, let timers else { return { _ in nil } }
        var byName: [TimerName: Timer] = [:]
        for timer in timers { byName[TimerName(owner: timer.owner, position: timer.position)] = timer }
        let passed = mode == .keepDeadlines ? elapsed : .zero
        return { armed in
            guard let timer = byName[TimerName(owner: armed.owner, position: armed.place)],
                  timer.afterNanoseconds == Timer.nanoseconds(armed.duration) else { return nil }
            guard let left = timer.remainingNanoseconds else { return .spent }
            // More time left than the whole delay cannot have been saved by a runner: at most
            // the delay.
            return .running(.nanoseconds(min(left, timer.afterNanoseconds)) - passed)
        }
    }
}
