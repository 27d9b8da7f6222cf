import Synchronization

/// Values interned for the life of the process (like selectors): appended to, never removed
/// from, so that a value holding one is a plain number. Bounded by the distinct values the
/// process's machines declare.
///
/// Guarded by a `Mutex`, plus an atomic counter that every critical section reads with
/// acquire ordering on entry and bumps with release ordering on exit. The counter is for
/// ThreadSanitizer: on Linux the `Mutex` waits on a futex, which TSan does not see, so it
/// would report the serialised accesses as races; the acquire/release pair gives it the
/// happens-before edge the lock already guarantees (see `Scripts/tsan-mutex-proof`).
final class InternTable<Value: Hashable & Sendable>: Sendable {
    private let storage: Mutex<(values: [Value], ids: [Value: Int32])>
    private let handOver = Atomic<Int>(0)

    /// A table whose number 0 is `first`.
    init(first: Value) {
        storage = Mutex(([first], [first: 0]))
    }

    private func withLock<R>(_ body: (inout sending (values: [Value], ids: [Value: Int32])) -> R) -> R {
        storage.withLock { storage in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.add(1, ordering: .releasing) }
            return body(&storage)
        }
    }

    /// The number of `value`, interning it the first time.
    func intern(_ value: Value) -> Int32 {
        withLock { storage in
            if let id = storage.ids[value] { return id }
            let id = Int32(storage.values.count)
            storage.values.append(value)
            storage.ids[value] = id
            return id
        }
    }

    /// The value numbered `id` (a number `intern` returned).
    func value(_ id: Int32) -> Value {
        withLock { $0.values[Int(id)] }
    }
}

/// The process's interned values.
enum Interned {
    /// Lists of guard names (``GuardNames``); 0 is the empty list.
    static let guardNames = InternTable<[String]>(first: [])
    /// The durations of timers (``Transition/trigger``); 0 is zero.
    static let durations = InternTable<Duration>(first: .zero)
}
