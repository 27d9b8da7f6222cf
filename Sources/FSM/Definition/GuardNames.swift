import Synchronization

/// The names of the guards that rejected an event, in declaration order.
///
/// A plain value, so that a ``TransitionError`` costs nothing to make or drop: the lists
/// of names are interned once for the life of the process (like selectors) and this value
/// holds only their number. Use it like an array of `String`.
public struct GuardNames: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    @usableFromInline let id: Int32

    /// Names, interned.
    package init(_ names: [String]) {
        id = GuardNameTable.shared.intern(names)
    }

    /// The interned names numbered `id`.
    init(id: Int32) {
        self.id = id
    }

    /// Names from a literal: `["has key"]`.
    public init(arrayLiteral names: String...) {
        self.init(names)
    }

    /// The names.
    package var names: [String] { GuardNameTable.shared.names(id) }

    /// The position of the first name: 0.
    public var startIndex: Int { 0 }
    /// The number of names.
    public var endIndex: Int { names.count }
    /// The name at `position`.
    public subscript(position: Int) -> String { names[position] }

    /// `['a', 'b']`.
    public var description: String { "[" + names.map { "'\($0)'" }.joined(separator: ", ") + "]" }
}

/// The interned lists of guard names: appended to, never removed from. Bounded by the
/// distinct lists of names the process's machines declare.
///
/// Guarded by a `Mutex`, plus an atomic counter that every critical section reads with
/// acquire ordering on entry and bumps with release ordering on exit. The counter is for
/// ThreadSanitizer: on Linux the `Mutex` waits on a futex, which TSan does not see, so it
/// would report the serialised accesses as races; the acquire/release pair gives it the
/// happens-before edge the lock already guarantees (see `Scripts/tsan-mutex-proof`).
final class GuardNameTable: Sendable {
    static let shared = GuardNameTable()

    private let storage = Mutex<(lists: [[String]], ids: [[String]: Int32])>(([[]], [[]: 0]))
    private let handOver = Atomic<Int>(0)

    private func withLock<R>(_ body: (inout sending (lists: [[String]], ids: [[String]: Int32])) -> R) -> R {
        storage.withLock { storage in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.add(1, ordering: .releasing) }
            return body(&storage)
        }
    }

    func intern(_ names: [String]) -> Int32 {
        withLock { storage in
            if let id = storage.ids[names] { return id }
            let id = Int32(storage.lists.count)
            storage.lists.append(names)
            storage.ids[names] = id
            return id
        }
    }

    func names(_ id: Int32) -> [String] {
        withLock { $0.lists[Int(id)] }
    }
}
