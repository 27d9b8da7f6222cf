import Foundation
import Testing

/// Runs `body` while every thread of the global dispatch queues spins, as a CPU-bound suite
/// running beside it keeps them; the spinning stops when `body` returns (each spinning block
/// stops `limit` after the call at the latest). For tests that a signal or a timer is served
/// even then: work scheduled on `.global()` waits for a free thread, which it may not get for
/// seconds. A spin that reaches the limit records an issue: `body` waited for the queues.
public func whileGlobalQueuesBusy<T>(
    limit: TimeInterval = 10,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) rethrows -> T {
    let spinning = DispatchGroup()
    let done = DoneFlag(), ranOut = DoneFlag()
    let end = Date().addingTimeInterval(limit)
    for _ in 0..<(4 * ProcessInfo.processInfo.activeProcessorCount) {
        DispatchQueue.global().async(group: spinning) {
            while !done.isSet {
                if Date() >= end { ranOut.set(); return }
            }
        }
    }
    defer {
        done.set()
        spinning.wait()
        if ranOut.isSet {
            Issue.record("what ran while the global queues were busy waited \(Int(limit)) s for them", sourceLocation: sourceLocation)
        }
    }
    // The spinning blocks take the threads before `body` schedules anything.
    usleep(50_000)
    return try body()
}

/// A flag set from one thread and read from others.
private final class DoneFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
