import Synchronization

/// A value behind a lock, for state shared between tasks and threads (this package's
/// interned names and its manual clock).
///
/// A `Mutex`, plus an atomic counter that every critical section reads with acquire ordering
/// on entry and bumps with release ordering on exit. The counter is for ThreadSanitizer: on
/// Linux the `Mutex` waits on a futex, which TSan does not see, so it would report the
/// serialised accesses as races; the acquire/release pair gives it the happens-before edge
/// the lock already guarantees (see `Scripts/tsan-mutex-proof`).
@usableFromInline
package final class LockedValue<Value: Sendable>: Sendable {
    @usableFromInline let storage: Mutex<Value>
    @usableFromInline let handOver = Atomic<Int>(0)

    /// A lock holding `value`.
    package init(_ value: sending Value) {
        storage = Mutex(value)
    }

    /// Runs `body` on the value with the lock held.
    @inlinable
    package func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try storage.withLock { value in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.add(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
