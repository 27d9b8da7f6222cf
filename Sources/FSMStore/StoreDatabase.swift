#if Store
/// What an engine does for a ``MachineStore``: rows in, rows out, each method one transaction
/// of its own. The store decides everything (what a step writes, which version it expects);
/// an engine only keeps the rows and the promises each method states, so that SQLite here and
/// PostgreSQL (FSMStorePostgres: `SELECT … FOR UPDATE SKIP LOCKED` for the claims) are the same
/// to the store.
///
/// Every method is `async` so that an engine whose driver awaits each query fits; the SQLite
/// one runs on its own connection's queue.
package protocol StoreDatabase: Sendable {
    /// The row of machine `id`, `nil` when there is none.
    func load(_ id: String) async throws -> StoredMachine?
    /// The log entry of machine `id` written for the request `requestID`, `nil` when none was.
    func entry(of id: String, request requestID: String) async throws -> StoredEntry?
    /// Writes a step in one transaction, all of it or nothing: the machine's row (inserted when
    /// `commit.expectedVersion` is `nil`, else updated only while its version is still
    /// `expectedVersion`), its log entry, its effects in the outbox, and its running timers
    /// (the machine's other timer rows deleted).
    /// - Returns: `false`, writing nothing, when the row was changed since it was read (or
    ///   exists already, for an insert): the optimistic-concurrency conflict.
    func commit(_ commit: StoreCommit) async throws -> Bool
    /// Machine `id`'s log entries in order (from sequence 1).
    func log(of id: String) async throws -> [StoredEntry]
    /// The ids of the machines named `machine` (a definition's name) after `after`, in order,
    /// at most `limit`.
    func ids(of machine: String, after: String?, limit: Int) async throws -> [String]
    /// The rows of every machine (of any definition) after `after`, in the order of their ids,
    /// at most `limit`: for tools that look at a store without its machines' types.
    func machines(after: String?, limit: Int) async throws -> [StoredMachine]
    /// Claims at most `limit` timers of machines named `machine` due at `now` (their deadline
    /// passed) that no worker holds (never claimed, or the claim ran out), earliest deadline
    /// first (a machine's timers due together in its order): each is held by `worker` until
    /// `until`.
    /// Two calls never return the same timer while its claim lasts.
    func claimTimers(of machine: String, now: Int64, worker: String, until: Int64, limit: Int) async throws -> [StoredTimer]
    /// Deletes `timer`'s row if it is still there (one its machine does not arm).
    func dropTimer(_ timer: StoredTimer) async throws
    /// Claims at most `limit` effects of machines named `machine` not yet done that no worker
    /// holds, oldest first, for `worker` until `until`, as
    /// ``claimTimers(of:now:worker:until:limit:)``.
    func claimEffects(of machine: String, now: Int64, worker: String, until: Int64, limit: Int) async throws -> [StoredEffect]
    /// Marks the effects `ids` done at `now`.
    func completeEffects(_ ids: [String], now: Int64) async throws
    /// Machine `id`'s effects in the outbox, done or not, in order.
    func effects(of id: String) async throws -> [StoredEffect]
    /// Machine `id`'s timer rows (its running timers), claimed or not, in their order.
    func timers(of id: String) async throws -> [StoredTimer]
    /// Writes `commits` as ``commit(_:)`` does each, in one transaction (a batch of
    /// ``MachineStore/migrate(batchSize:)``): `false` for each whose row had changed.
    func commit(all commits: [StoreCommit]) async throws -> [Bool]
}

extension StoreDatabase {
    /// Each commit in a transaction of its own: for an engine without a batch of its own.
    func commit(all commits: [StoreCommit]) async throws -> [Bool] {
        var written: [Bool] = []
        for commit in commits { written.append(try await self.commit(commit)) }
        return written
    }
}

/// Runs `body` on `database`, for machine `id` (empty: the whole store): its errors as
/// ``StoreError/Reason/database(_:)``.
func call<T>(_ database: any StoreDatabase, for id: String, _ body: (any StoreDatabase) async throws -> T) async throws(StoreError) -> T {
    do {
        return try await body(database)
    } catch {
        throw StoreError(id: id, reason: .database(String(describing: error)))
    }
}

/// A machine's row.
package struct StoredMachine: Sendable, Equatable {
    package var id: String
    /// The definition's name.
    package var machine: String
    /// The number of entries in its log: what a commit expects to find.
    package var version: Int64
    /// The ``FSMPersistence/MachineSnapshot`` as JSON (sorted keys).
    package var snapshot: String
    /// The armed timers with their deadlines and ids, as JSON.
    package var timers: String
    /// The state's name, for listings.
    package var state: String
    /// When it was created and last stepped, in nanoseconds since 1970 on the store's clock.
    package var createdAt: Int64
    package var updatedAt: Int64

    package init(id: String, machine: String, version: Int64, snapshot: String, timers: String, state: String, createdAt: Int64, updatedAt: Int64) {
        self.id = id
        self.machine = machine
        self.version = version
        self.snapshot = snapshot
        self.timers = timers
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// One entry of a machine's log: what set off a step.
package struct StoredEntry: Sendable, Equatable {
    package var sequence: Int64
    package var requestID: String?
    /// The ``LogEntry`` as JSON.
    package var entry: String
    /// When the step was taken, in nanoseconds since 1970 on the store's clock.
    package var at: Int64

    package init(sequence: Int64, requestID: String?, entry: String, at: Int64) {
        self.sequence = sequence
        self.requestID = requestID
        self.entry = entry
        self.at = at
    }
}

/// One effect in the outbox.
package struct StoredEffect: Sendable, Equatable {
    /// `machine/sequence/position`: the same effect always has the same id.
    package var id: String
    package var machineID: String
    package var sequence: Int64
    package var position: Int
    /// The effect as JSON.
    package var effect: String
    package var done: Bool

    package init(id: String, machineID: String, sequence: Int64, position: Int, effect: String, done: Bool) {
        self.id = id
        self.machineID = machineID
        self.sequence = sequence
        self.position = position
        self.effect = effect
        self.done = done
    }
}

/// A running timer's row: what a worker claims. Its id is unique among its machine's timers.
package struct StoredTimer: Sendable, Equatable {
    package var id: String
    package var machineID: String
    package var dueAt: Int64
    /// Its place among the machine's timers: of two due at once, the first is fired first.
    package var order: Int

    package init(id: String, machineID: String, dueAt: Int64, order: Int) {
        self.id = id
        self.machineID = machineID
        self.dueAt = dueAt
        self.order = order
    }
}

/// Everything one step writes.
package struct StoreCommit: Sendable {
    package var machine: StoredMachine
    /// The version the row must still have; `nil`: the row must not exist yet.
    package var expectedVersion: Int64?
    package var entry: StoredEntry?
    package var effects: [StoredEffect]
    package var timers: [StoredTimer]
}
#endif
