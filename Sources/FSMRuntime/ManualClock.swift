import FSM

/// A clock that moves only when told to: for tests of code that waits on a clock (a
/// ``MachineRuntime``'s timers, a simulated back end's 2 s calls), so that nothing sleeps for
/// real. A sleeping task that is cancelled wakes at once with `CancellationError`.
///
/// ```swift
/// let clock = ManualClock()
/// let call = Task { try await service.logIn(id: "koher", password: "1234") }
/// await clock.waitForSleepers(1)     // the call is now waiting its 2 s
/// clock.advance(by: .seconds(2))      // ... and resumes
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point in this clock's time: the offset from its start.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// The offset from the clock's start.
        public var offset: Duration

        /// Creates an instant at an offset from the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Earlier instants sort first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Storage {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let storage = LockedValue(Storage())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { storage.withLock { $0.now } }

    /// The clock's resolution: none.
    public var minimumResolution: Duration { .zero }

    /// The earliest deadline a task is waiting for, if any task is waiting.
    public var nextDeadline: Instant? { storage.withLock { $0.sleepers.map(\.deadline).min() } }

    /// The number of tasks waiting on the clock.
    public var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

    /// Waits until the clock reaches `deadline` (at once if it has); throws
    /// `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = storage.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = storage.withLock { state in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow {
                    continuation.resume()
                } else {
                    notifyWatchers()
                }
            }
            try Task.checkCancellation()
        } onCancel: {
            let cancelled = storage.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and resumes, in deadline order, every task whose deadline
    /// has come.
    public func advance(by duration: Duration) {
        let due = storage.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are waiting on the clock.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = storage.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func notifyWatchers() {
        let ready = storage.withLock { state -> [CheckedContinuation<Void, Never>] in
            let count = state.sleepers.count
            let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
            state.watchers.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}
