// A minimal program: one counter behind a Synchronization.Mutex, incremented from five
// threads. Every access is under the lock, so there is no race; ThreadSanitizer still
// reports a "Swift access race" because Mutex's lock operations live in the uninstrumented
// Synchronization library. The same program with NSLock reports nothing.
// Run: Scripts/tsan-mutex-proof/run.sh
import Foundation
import Synchronization

final class Counter: Sendable {
    let mutex = Mutex(0)
}

let counter = Counter()
let lock = NSLock()
nonisolated(unsafe) var locked = 0
let useNSLock = CommandLine.arguments.contains("nslock")
let threads = (0..<5).map { _ in
    Thread {
        for _ in 0..<1_000 {
            if useNSLock {
                lock.lock(); locked += 1; lock.unlock()
            } else {
                counter.mutex.withLock { $0 += 1 }
            }
        }
    }
}
threads.forEach { $0.start() }
while (useNSLock ? lock.withLock { locked } : counter.mutex.withLock { $0 }) < 5_000 { usleep(1_000) }
print(useNSLock ? "NSLock: \(lock.withLock { locked })" : "Mutex: \(counter.mutex.withLock { $0 })")
