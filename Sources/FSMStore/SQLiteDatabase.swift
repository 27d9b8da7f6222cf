#if Store
import Foundation
import GRDB

/// The SQLite engine: one file, in WAL mode, shared by any number of processes. Each write is
/// an `IMMEDIATE` transaction (it takes the file's write lock first, waiting for another
/// process's for up to `busyTimeout`), so a claim's read and its update see the same rows.
final class SQLiteDatabase: StoreDatabase {
    private let pool: any DatabaseWriter
    /// Called inside each commit's transaction, after the machine's row and log entry are
    /// written and before its effects and timers (a crash test kills its process there).
    private let duringCommit: @Sendable () throws -> Void

    init(path: String, busyTimeout: Double, duringCommit: @escaping @Sendable () throws -> Void = {}) throws {
        self.duringCommit = duringCommit
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        pool = try Self.opening(within: busyTimeout) {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try db.execute(sql: Self.schema)
                    return .commit
                }
            }
            return pool
        }
    }

    /// `open()`, tried again while it fails with `SQLITE_BUSY` for up to `seconds`: a process
    /// opening the file while another opens it too, or recovers the WAL a killed process left,
    /// can be refused at once, before the busy timeout applies (`PRAGMA journal_mode = WAL`
    /// among the statements of an open; seen in the crash test, one open in several hundred).
    private static func opening<Opened>(within seconds: Double, _ open: () throws -> Opened) throws -> Opened {
        let deadline = Date().addingTimeInterval(seconds)
        var pause: UInt32 = 1_000
        while true {
            do {
                return try open()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(pause + UInt32.random(in: 0...pause))
                pause = min(pause * 2, 50_000)
            }
        }
    }

    /// The file at `path` opened to be read only (for a tool looking into a store): nothing
    /// is written to it (a store in WAL mode gets back the `-wal` and `-shm` files its last
    /// writer removed, the WAL empty); a file without the store's tables is refused
    /// (``NotAStore``), unchanged.
    init(readingOnly path: String, busyTimeout: Double) throws {
        duringCommit = {}
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'fsm_%'")
        }
        guard Set(tables).isSuperset(of: ["fsm_machines", "fsm_log", "fsm_outbox", "fsm_timers"]) else { throw NotAStore() }
        pool = queue
    }

    /// A file without the store's tables.
    struct NotAStore: Error, CustomStringConvertible {
        var description: String { "it has no store tables (fsm_machines, fsm_log, fsm_outbox, fsm_timers)" }
    }

    /// The tables, created when missing. Times are nanoseconds since 1970 on the store's clock.
    static let schema = """
        CREATE TABLE IF NOT EXISTS fsm_machines (
            id TEXT PRIMARY KEY NOT NULL, machine TEXT NOT NULL, version INTEGER NOT NULL,
            snapshot TEXT NOT NULL, timers TEXT NOT NULL, state TEXT NOT NULL,
            created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS fsm_machines_by_name ON fsm_machines (machine, id);
        CREATE TABLE IF NOT EXISTS fsm_log (
            machine_id TEXT NOT NULL, sequence INTEGER NOT NULL, request_id TEXT,
            entry TEXT NOT NULL, at INTEGER NOT NULL,
            PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, request_id));
        CREATE TABLE IF NOT EXISTS fsm_outbox (
            id TEXT PRIMARY KEY NOT NULL, machine_id TEXT NOT NULL, sequence INTEGER NOT NULL,
            position INTEGER NOT NULL, machine TEXT NOT NULL, effect TEXT NOT NULL, created_at INTEGER NOT NULL,
            claimed_by TEXT, claimed_until INTEGER, done_at INTEGER);
        CREATE INDEX IF NOT EXISTS fsm_outbox_pending ON fsm_outbox (machine, done_at, created_at);
        CREATE INDEX IF NOT EXISTS fsm_outbox_by_machine ON fsm_outbox (machine_id, sequence, position);
        CREATE TABLE IF NOT EXISTS fsm_timers (
            machine_id TEXT NOT NULL, id TEXT NOT NULL, machine TEXT NOT NULL, due_at INTEGER NOT NULL, ordinal INTEGER NOT NULL,
            claimed_by TEXT, claimed_until INTEGER, PRIMARY KEY (machine_id, id));
        CREATE INDEX IF NOT EXISTS fsm_timers_due ON fsm_timers (machine, due_at);
        """

    /// Runs `body` in an `IMMEDIATE` transaction, committed unless it throws.
    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
            }
            guard let result else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "a transaction returned nothing") }
            return result
        }
    }

    /// A write whose body may decide to roll back: `nil` from `body` rolls the transaction back.
    private func writeOrRollBack(_ body: @escaping @Sendable (Database) throws -> Bool) async throws -> Bool {
        try await pool.writeWithoutTransaction { db in
            var committed = false
            try db.inTransaction(.immediate) {
                committed = try body(db)
                return committed ? .commit : .rollback
            }
            return committed
        }
    }

    func load(_ id: String) async throws -> StoredMachine? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM fsm_machines WHERE id = ?", arguments: [id]).map(Self.machine)
        }
    }

    func entry(of id: String, request requestID: String) async throws -> StoredEntry? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM fsm_log WHERE machine_id = ? AND request_id = ?", arguments: [id, requestID]).map(Self.entry)
        }
    }

    func commit(_ commit: StoreCommit) async throws -> Bool {
        let duringCommit = duringCommit
        return try await writeOrRollBack { db in try Self.apply(commit, in: db, duringCommit: duringCommit) }
    }

    func commit(all commits: [StoreCommit]) async throws -> [Bool] {
        let duringCommit = duringCommit
        return try await write { db in try commits.map { try Self.apply($0, in: db, duringCommit: duringCommit) } }
    }

    /// Writes `commit` in the transaction of `db`; `false`, having written nothing, when its
    /// row had changed (or exists, for an insert).
    private static func apply(_ commit: StoreCommit, in db: Database, duringCommit: @Sendable () throws -> Void) throws -> Bool {
        let row = commit.machine
        if let expected = commit.expectedVersion {
            try db.execute(
                sql: "UPDATE fsm_machines SET version = ?, snapshot = ?, timers = ?, state = ?, updated_at = ? WHERE id = ? AND version = ?",
                arguments: [row.version, row.snapshot, row.timers, row.state, row.updatedAt, row.id, expected]
            )
        } else {
            try db.execute(
                sql: """
                    INSERT INTO fsm_machines (id, machine, version, snapshot, timers, state, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                    """,
                arguments: [row.id, row.machine, row.version, row.snapshot, row.timers, row.state, row.createdAt, row.updatedAt]
            )
        }
        guard db.changesCount == 1 else { return false }
        if let entry = commit.entry {
            try db.execute(
                sql: "INSERT INTO fsm_log (machine_id, sequence, request_id, entry, at) VALUES (?, ?, ?, ?, ?)",
                arguments: [row.id, entry.sequence, entry.requestID, entry.entry, entry.at]
            )
        }
        try duringCommit()
        for effect in commit.effects {
            try db.execute(
                sql: "INSERT INTO fsm_outbox (id, machine_id, sequence, position, machine, effect, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [effect.id, effect.machineID, effect.sequence, effect.position, row.machine, effect.effect, row.updatedAt]
            )
        }
        let kept = commit.timers.map(\.id)
        try db.execute(
            sql: "DELETE FROM fsm_timers WHERE machine_id = ? AND id NOT IN (SELECT value FROM json_each(?))",
            arguments: [row.id, try Self.jsonArray(kept)]
        )
        for timer in commit.timers {
            try db.execute(
                sql: """
                    INSERT INTO fsm_timers (id, machine_id, machine, due_at, ordinal) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (machine_id, id) DO UPDATE SET ordinal = excluded.ordinal
                    """,
                arguments: [timer.id, timer.machineID, row.machine, timer.dueAt, timer.order]
            )
        }
        return true
    }

    func log(of id: String) async throws -> [StoredEntry] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM fsm_log WHERE machine_id = ? ORDER BY sequence", arguments: [id]).map(Self.entry)
        }
    }

    func ids(of machine: String, after: String?, limit: Int) async throws -> [String] {
        try await pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM fsm_machines WHERE machine = ? AND id > ? ORDER BY id LIMIT ?", arguments: [machine, after ?? "", limit]
            )
        }
    }

    func machines(after: String?, limit: Int) async throws -> [StoredMachine] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM fsm_machines WHERE id > ? ORDER BY id LIMIT ?", arguments: [after ?? "", limit]).map(Self.machine)
        }
    }

    func claimTimers(of machine: String, now: Int64, worker: String, until: Int64, limit: Int) async throws -> [StoredTimer] {
        try await write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, machine_id, due_at, ordinal FROM fsm_timers
                    WHERE machine = ? AND due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                    ORDER BY due_at, machine_id, ordinal LIMIT ?
                    """,
                arguments: [machine, now, now, limit]
            )
            let timers = try rows.map(Self.timer)
            for timer in timers {
                try db.execute(
                    sql: "UPDATE fsm_timers SET claimed_by = ?, claimed_until = ? WHERE machine_id = ? AND id = ?",
                    arguments: [worker, until, timer.machineID, timer.id]
                )
            }
            return timers
        }
    }

    func dropTimer(_ timer: StoredTimer) async throws {
        _ = try await write { db in try db.execute(sql: "DELETE FROM fsm_timers WHERE machine_id = ? AND id = ?", arguments: [timer.machineID, timer.id]) }
    }

    func claimEffects(of machine: String, now: Int64, worker: String, until: Int64, limit: Int) async throws -> [StoredEffect] {
        try await write { db in
            let effects = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM fsm_outbox WHERE machine = ? AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ?)
                    ORDER BY created_at, machine_id, sequence, position LIMIT ?
                    """,
                arguments: [machine, now, limit]
            ).map(Self.effect)
            for effect in effects {
                try db.execute(sql: "UPDATE fsm_outbox SET claimed_by = ?, claimed_until = ? WHERE id = ?", arguments: [worker, until, effect.id])
            }
            return effects
        }
    }

    func completeEffects(_ ids: [String], now: Int64) async throws {
        _ = try await write { db in
            try db.execute(
                sql: "UPDATE fsm_outbox SET done_at = ? WHERE done_at IS NULL AND id IN (SELECT value FROM json_each(?))", arguments: [now, try Self.jsonArray(ids)]
            )
        }
    }

    func effects(of id: String) async throws -> [StoredEffect] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM fsm_outbox WHERE machine_id = ? ORDER BY sequence, position", arguments: [id]).map(Self.effect)
        }
    }

    func timers(of id: String) async throws -> [StoredTimer] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, machine_id, due_at, ordinal FROM fsm_timers WHERE machine_id = ? ORDER BY ordinal", arguments: [id]).map(Self.timer)
        }
    }

    private static func machine(_ row: Row) throws -> StoredMachine {
        StoredMachine(
            id: try row.decode(forColumn: "id"), machine: try row.decode(forColumn: "machine"), version: try row.decode(forColumn: "version"),
            snapshot: try row.decode(forColumn: "snapshot"), timers: try row.decode(forColumn: "timers"), state: try row.decode(forColumn: "state"),
            createdAt: try row.decode(forColumn: "created_at"), updatedAt: try row.decode(forColumn: "updated_at")
        )
    }

    private static func entry(_ row: Row) throws -> StoredEntry {
        StoredEntry(
            sequence: try row.decode(forColumn: "sequence"), requestID: try row.decode(forColumn: "request_id"), entry: try row.decode(forColumn: "entry"),
            at: try row.decode(forColumn: "at")
        )
    }

    private static func effect(_ row: Row) throws -> StoredEffect {
        StoredEffect(
            id: try row.decode(forColumn: "id"), machineID: try row.decode(forColumn: "machine_id"), sequence: try row.decode(forColumn: "sequence"),
            position: try row.decode(forColumn: "position"), effect: try row.decode(forColumn: "effect"),
            done: try row.decode(Int64?.self, forColumn: "done_at") != nil
        )
    }

    private static func timer(_ row: Row) throws -> StoredTimer {
        StoredTimer(
            id: try row.decode(forColumn: "id"), machineID: try row.decode(forColumn: "machine_id"), dueAt: try row.decode(forColumn: "due_at"),
            order: try row.decode(forColumn: "ordinal")
        )
    }

    /// `strings` as a JSON array, for `json_each` (one bound value however many there are).
    private static func jsonArray(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }
}
#endif
