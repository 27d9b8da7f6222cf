import Foundation
import Testing

/// How long a test waits, in real time, for something that should happen at once (a parked
/// call to arrive, a task to end, a sleeper to reach a manual clock) before it fails naming
/// what it waited for: far longer than any healthy wait here (they take microseconds), far
/// shorter than a hung CI run. Nothing sleeps this long unless a test is failing. Under a
/// sanitizer, 120 s: ThreadSanitizer slows the main actor's queue, shared with the stress
/// test, until a healthy wait once took over 10 s in CI.
public let waitLimit: Duration = runningUnderSanitizer ? .seconds(120) : .seconds(10)

/// Whether this process runs under ThreadSanitizer or AddressSanitizer: their runtimes
/// define `__tsan_init` and `__asan_init`, which no other build has.
public let runningUnderSanitizer: Bool = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
}()

/// Awaits `operation`; if it has not finished after `limit`, records an issue saying it
/// timed out waiting for `what` and returns `nil`, leaving the operation suspended (a wait on
/// a continuation that never comes cannot be cancelled), so a wrong machine fails its test
/// in seconds instead of hanging the suite.
@discardableResult
public func bounded<T: Sendable>(
    _ what: String,
    within limit: Duration = waitLimit,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: @escaping @Sendable () async -> T
) async -> T? {
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        let once = Once(continuation)
        let timer = Task {
            try? await Task.sleep(for: limit)
            once.resume(nil)
        }
        Task {
            let value = await operation()
            if once.resume(value) { timer.cancel() }
        }
    }
    if outcome == nil {
        Issue.record("timed out after \(limit) waiting for \(what)", sourceLocation: sourceLocation)
    }
    return outcome
}

extension Task where Failure == Never {
    /// The task's value, or `nil` and a recorded issue naming `what` when it does not end
    /// within ``waitLimit`` (see ``bounded(_:within:sourceLocation:_:)``).
    @discardableResult
    public func value(waitingFor what: String, sourceLocation: SourceLocation = #_sourceLocation) async -> Success? {
        await bounded(what, sourceLocation: sourceLocation) { await self.value }
    }
}

extension Task where Failure == any Error {
    /// The task's value (rethrowing its error), or `nil` and a recorded issue naming `what`
    /// when it does not end within ``waitLimit``.
    @discardableResult
    public func value(waitingFor what: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Success? {
        let result = await bounded(what, sourceLocation: sourceLocation) { await self.result }
        return try result?.get()
    }
}

/// A continuation resumed once, by whichever comes first.
private final class Once<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T?, Never>?

    init(_ continuation: CheckedContinuation<T?, Never>) { self.continuation = continuation }

    /// Resumes with `value` if nothing has yet; returns whether this call did.
    @discardableResult
    func resume(_ value: T?) -> Bool {
        let taken = lock.withLock { () -> CheckedContinuation<T?, Never>? in
            defer { continuation = nil }
            return continuation
        }
        taken?.resume(returning: value)
        return taken != nil
    }
}

/// What a bounded wait that timed out stands for where a result is expected.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "timed out (see the issue recorded)" }
}
