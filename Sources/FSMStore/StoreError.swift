#if Store
import FSMPersistence

/// Why a ``MachineStore`` call failed: the machine's id, and what went wrong. Its `description`
/// is one sentence for a log.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// No machine has this id (``MachineStore/create(_:)`` makes one).
        case unknownMachine
        /// ``MachineStore/create(_:)`` found a machine of this id already.
        case exists
        /// The machine refused the event (the library's message: the state, the event and
        /// what is permitted). Nothing was written.
        case rejected(String)
        /// Every attempt found the machine changed by another writer between reading and
        /// saving it (how many attempts were made). Nothing was written.
        case conflict(attempts: Int)
        /// The stored snapshot does not restore into the store's definition.
        case snapshot(SnapshotError)
        /// A stored row, log entry or effect cannot be read as this machine's (what failed).
        case unreadable(String)
        /// An event or effect cannot be written as JSON (what the encoder said).
        case notEncodable(String)
        /// The database failed (what it said): a locked file past the busy timeout, a full
        /// disk, a file that is not a store.
        case database(String)
    }

    /// The machine's id (empty for an error of the whole store, such as opening it).
    public let id: String
    /// What went wrong.
    public let reason: Reason

    /// An error of machine `id` for `reason` (the store's, and its tests' and workers').
    package init(id: String, reason: Reason) {
        self.id = id
        self.reason = reason
    }

    /// `machine 'order-7': …`: the id and the reason.
    public var description: String {
        let subject = id.isEmpty ? "the store" : "machine '\(id)'"
        switch reason {
        case .unknownMachine: return "\(subject) does not exist"
        case .exists: return "\(subject) exists already"
        case let .rejected(message): return "\(subject) refused the event: \(message)"
        case let .conflict(attempts): return "\(subject) was changed by another writer at each of \(attempts) attempts; nothing was written"
        case let .snapshot(error): return "\(subject) cannot be restored: \(error)"
        case let .unreadable(what): return "\(subject) cannot be read: \(what)"
        case let .notEncodable(what): return "\(subject): a value cannot be written as JSON: \(what)"
        case let .database(message): return "\(subject): the database failed: \(message)"
        }
    }
}
#endif
