import Foundation

/// A value behind a lock, for state shared between tasks and threads.
///
/// Backed by `NSLock` (a pthread mutex on Linux) rather than `Synchronization.Mutex`:
/// ThreadSanitizer sees pthread locks, but not `Mutex`, whose lock lives in a library that
/// is not instrumented, so every access under a `Mutex` from two threads is reported as a
/// race (see `Scripts/tsan-mutex-proof/`).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
