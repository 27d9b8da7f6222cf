// A minimal program: one counter behind a Synchronization.Mutex, incremented from five
// threads. Every access is under the lock, so there is no race; ThreadSanitizer still
// reports a "Swift access race" because Mutex's lock operations live in the uninstrumented
// Synchronization library. The same program with NSLock reports nothing, and neither does
// the Mutex with an atomic hand-over (acquire on entry, release on exit: what FSM's
// LockedValue does, since FSM cannot use Foundation).
// Run: Scripts/tsan-mutex-proof/run.sh
import Foundation
import Synchronization

final class Counter: Sendable {
    let mutex = Mutex(0)
    let handOver = Atomic<Int>(0)
}

let counter = Counter()
let lock = NSLock()
nonisolated(unsafe) var locked = 0
let useNSLock = CommandLine.arguments.contains("nslock")
let useHandOver = CommandLine.arguments.contains("handover")
let threads = (0..<5).map { _ in
    Thread {
        for _ in 0..<1_000 {
            if useNSLock {
                lock.lock(); locked += 1; lock.unlock()
            } else if useHandOver {
                counter.mutex.withLock { value in
                    _ = counter.handOver.load(ordering: .acquiring)
                    value += 1
                    counter.handOver.add(1, ordering: .releasing)
                }
            } else {
                counter.mutex.withLock { $0 += 1 }
            }
        }
    }
}
threads.forEach { $0.start() }
while (useNSLock ? lock.withLock { locked } : counter.mutex.withLock { $0 }) < 5_000 { usleep(1_000) }
print(useNSLock ? "NSLock: \(lock.withLock { locked })" : "Mutex: \(counter.mutex.withLock { $0 })")
