/// The real clock, run faster: `speed` 10 makes a 2 s wait take 0.2 s and a 30 s token
/// last 3 s. For playing the app quickly; `speed` 1 is real time.
public struct ScaledClock: Clock, Sendable {
    /// A point in scaled time.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// The scaled time since the clock's origin.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Earlier instants sort first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// How many times faster than real time the clock runs.
    public let speed: Double
    private let base = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// Creates a clock running `speed` times faster than real time (at least 0.001).
    public init(speed: Double) {
        self.speed = max(0.001, speed)
        origin = base.now
    }

    /// The current scaled instant.
    public var now: Instant { Instant(offset: origin.duration(to: base.now) * speed) }

    /// The resolution of the underlying clock, scaled.
    public var minimumResolution: Duration { base.minimumResolution * speed }

    /// Waits until the scaled deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let remaining = now.duration(to: deadline)
        guard remaining > .zero else { return }
        try await base.sleep(for: remaining / speed)
    }
}
