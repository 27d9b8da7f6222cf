/// The time source of the simulated back end: elapsed time since the back end was created,
/// and a way to wait. Made from any `Clock` whose duration is `Duration`: `ContinuousClock`
/// by default, a ``ManualClock`` in tests, a ``ScaledClock`` to play faster.
public struct BackendClock: Sendable {
    /// The time elapsed since this value was made.
    public let now: @Sendable () -> Duration
    /// Waits for a duration; throws `CancellationError` when the task is cancelled.
    public let sleep: @Sendable (Duration) async throws -> Void

    /// Reads and waits on `clock`.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil) }
    }

    /// The real time.
    public static var continuous: BackendClock { BackendClock(ContinuousClock()) }
}
