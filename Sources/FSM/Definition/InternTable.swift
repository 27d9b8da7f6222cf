/// Values interned for the life of the process (like selectors): appended to, never removed
/// from, so that a value holding one is a plain number. Bounded by the distinct values the
/// process's machines declare.
final class InternTable<Value: Hashable & Sendable>: Sendable {
    private let storage: LockedValue<(values: [Value], ids: [Value: Int32])>

    /// A table whose number 0 is `first`.
    init(first: Value) {
        storage = LockedValue(([first], [first: 0]))
    }

    /// The number of `value`, interning it the first time.
    func intern(_ value: Value) -> Int32 {
        storage.withLock { storage in
            if let id = storage.ids[value] { return id }
            let id = Int32(storage.values.count)
            storage.values.append(value)
            storage.ids[value] = id
            return id
        }
    }

    /// The value numbered `id` (a number `intern` returned).
    func value(_ id: Int32) -> Value {
        storage.withLock { $0.values[Int(id)] }
    }
}

/// The process's interned values.
enum Interned {
    /// Lists of guard names (``GuardNames``); 0 is the empty list.
    static let guardNames = InternTable<[String]>(first: [])
    /// The durations of timers (``Transition/trigger``); 0 is zero.
    static let durations = InternTable<Duration>(first: .zero)
}
