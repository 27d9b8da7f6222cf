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
    /// What a runner saved of `timer`: its name, delay and time left (`nil` when spent).
    package init(_ timer: MachineTimer, _ saved: TimerSchedule.Saved) {
        let left: Int64? = switch saved {
        case let .running(left): Self.nanoseconds(left)
        case .spent: nil
        }
        self.init(owner: timer.owner, position: timer.place, afterNanoseconds: Self.nanoseconds(timer.duration), remainingNanoseconds: left)
    }

    /// `duration` in whole nanoseconds, rounded toward zero, clamped to `Int64`.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !carry else { return seconds < 0 ? .min : .max }
        return sum
    }
}

extension MachineSnapshot {
    /// The timers a runner's schedule holds now, by names.
    package static func timers(_ saved: [(timer: MachineTimer, saved: TimerSchedule.Saved)]) -> [Timer] {
        saved.map { Timer($0.timer, $0.saved) }
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
            return .running(.nanoseconds(left) - passed)
        }
    }
}
