#if Postgres
import FSMStore
import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// The PostgreSQL engine: the same tables and promises as the SQLite one, on a server that any
/// number of worker processes on any number of hosts share, through postgres-nio's pool of
/// connections. Each method is one transaction of its own (`READ COMMITTED`): a commit's
/// `UPDATE … WHERE version = expected` waits for another writer's and then finds the version
/// changed (the optimistic-concurrency conflict); a claim takes its rows with
/// `FOR UPDATE SKIP LOCKED`, so two workers' claims never return the same row.
///
/// The pool runs in a task of its own, cancelled (its connections closed) when the last copy of
/// the engine is gone.
final class PostgresDatabase: StoreDatabase {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let logger: Logger
    /// Called inside each commit's transaction, after the whole step is written and before it
    /// is committed (a crash test kills its process there).
    private let duringCommit: @Sendable () throws -> Void
    /// Whether there is a `duringCommit` (else a commit is one statement, no transaction around).
    private let hasHook: Bool

    /// Connects once to `url` (a refused user, a missing database or an unreachable server
    /// fails here, saying so), creates the tables when missing, then starts the pool.
    init(url: PostgresURL, connections: Int, duringCommit: (@Sendable () throws -> Void)? = nil) async throws {
        let logger = Logger(label: "fsm-store-postgres") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await Self.translating {
            try await PostgresConnection.connect(configuration: try url.connectionConfiguration(), id: 0, logger: logger)
        }
        do {
            try await Self.translating {
                try await connection.withTransaction(logger: logger) { connection in
                    // Processes that open a new database at once: one creates the tables, the
                    // others wait for it (CREATE … IF NOT EXISTS alone races on the catalog).
                    try await connection.query("SELECT pg_advisory_xact_lock(4612046)", logger: logger)
                    for statement in Self.schema {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
        let client = PostgresClient(configuration: url.configuration(connections: connections), backgroundLogger: logger)
        self.client = client
        self.logger = logger
        self.duringCommit = duringCommit ?? {}
        hasHook = duringCommit != nil
        running = Task { await client.run() }
    }

    /// Drops the store's tables in the database `url` names.
    static func dropTables(_ url: PostgresURL) async throws {
        let logger = Logger(label: "fsm-store-postgres") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await translating {
            try await PostgresConnection.connect(configuration: try url.connectionConfiguration(), id: 0, logger: logger)
        }
        do {
            try await translating { try await connection.query("DROP TABLE IF EXISTS fsm_machines, fsm_log, fsm_outbox, fsm_timers", logger: logger) }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    deinit {
        running.cancel()
    }

    /// The tables, created when missing: the SQLite engine's, with ids in byte order (`"C"`)
    /// so that listings page the same on both. Times are nanoseconds since 1970 on the store's
    /// clock.
    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS fsm_machines (
            id TEXT COLLATE "C" PRIMARY KEY, machine TEXT COLLATE "C" NOT NULL, version BIGINT NOT NULL,
            snapshot TEXT NOT NULL, timers TEXT NOT NULL, state TEXT NOT NULL,
            created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS fsm_machines_by_name ON fsm_machines (machine, id)",
        """
        CREATE TABLE IF NOT EXISTS fsm_log (
            machine_id TEXT COLLATE "C" NOT NULL, sequence BIGINT NOT NULL, request_id TEXT,
            entry TEXT NOT NULL, at BIGINT NOT NULL,
            PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, request_id))
        """,
        """
        CREATE TABLE IF NOT EXISTS fsm_outbox (
            id TEXT COLLATE "C" PRIMARY KEY, machine_id TEXT COLLATE "C" NOT NULL, sequence BIGINT NOT NULL,
            position BIGINT NOT NULL, machine TEXT COLLATE "C" NOT NULL, effect TEXT NOT NULL, created_at BIGINT NOT NULL,
            claimed_by TEXT, claimed_until BIGINT, done_at BIGINT)
        """,
        "CREATE INDEX IF NOT EXISTS fsm_outbox_pending ON fsm_outbox (machine, created_at) WHERE done_at IS NULL",
        "CREATE INDEX IF NOT EXISTS fsm_outbox_by_machine ON fsm_outbox (machine_id, sequence, position)",
        """
        CREATE TABLE IF NOT EXISTS fsm_timers (
            machine_id TEXT COLLATE "C" NOT NULL, id TEXT COLLATE "C" NOT NULL, machine TEXT COLLATE "C" NOT NULL,
            due_at BIGINT NOT NULL, ordinal BIGINT NOT NULL,
            claimed_by TEXT, claimed_until BIGINT, PRIMARY KEY (machine_id, id))
        """,
        "CREATE INDEX IF NOT EXISTS fsm_timers_due ON fsm_timers (machine, due_at)",
    ]

    /// The rows of `query`, run on a connection of the pool (one statement: a transaction).
    private func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await Self.translating { try await client.query(query, logger: logger).collect().map { $0.makeRandomAccess() } }
    }

    /// `body`'s result; a failure of postgres-nio as a ``PostgresFailure`` that says what the
    /// server said (postgres-nio's own description hides it).
    @discardableResult
    static func translating<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError {
            throw PostgresFailure(error)
        } catch let error as PostgresTransactionError {
            guard let cause = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError else { throw error }
            if let cause = cause as? PSQLError { throw PostgresFailure(cause) }
            throw cause
        }
    }

    func load(_ id: String) async throws -> StoredMachine? {
        try await rows("SELECT * FROM fsm_machines WHERE id = \(id)").first.map(Self.machine)
    }

    func entry(of id: String, request requestID: String) async throws -> StoredEntry? {
        try await rows("SELECT * FROM fsm_log WHERE machine_id = \(id) AND request_id = \(requestID)").first.map(Self.entry)
    }

    /// Writes the step in one statement (one round trip): the machine's row first, and the rest
    /// only when it was written (each part reads the row's `RETURNING`); a statement is all or
    /// nothing. With a `duringCommit`, the statement runs in a transaction and `duringCommit`
    /// is called before its `COMMIT` (the whole step written, not committed).
    func commit(_ commit: StoreCommit) async throws -> Bool {
        let statement = Self.statement(commit)
        if hasHook {
            let duringCommit = duringCommit
            let logger = logger
            return try await Self.translating {
                try await client.withTransaction(logger: logger) { connection in
                    let written = try await connection.query(statement, logger: logger).collect().count == 1
                    if written { try duringCommit() }
                    return written
                }
            }
        }
        return try await rows(statement).count == 1
    }

    /// Writes `commits` in one transaction (a batch of `MachineStore.migrate(batchSize:)`): each
    /// one's statement in turn, `false` for each whose row had changed; `duringCommit` after
    /// each one written, as for a single commit.
    func commit(all commits: [StoreCommit]) async throws -> [Bool] {
        let statements = commits.map(Self.statement)
        let (duringCommit, hasHook, logger) = (duringCommit, hasHook, logger)
        return try await Self.translating {
            try await client.withTransaction(logger: logger) { connection in
                var written: [Bool] = []
                for statement in statements {
                    let one = try await connection.query(statement, logger: logger).collect().count == 1
                    if one, hasHook { try duringCommit() }
                    written.append(one)
                }
                return written
            }
        }
    }

    /// The statement that writes `commit`: one row (the machine's id) when it was written, none
    /// when the row was changed since it was read (or exists already, for an insert).
    private static func statement(_ commit: StoreCommit) -> PostgresQuery {
        var binds = PostgresBindings()
        /// `value` bound: its placeholder.
        func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        func bind(_ value: String?) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        let row = commit.machine
        let (effects, timers) = (commit.effects, commit.timers)
        var sql: String
        if let expected = commit.expectedVersion {
            sql = """
                WITH written AS (
                    UPDATE fsm_machines SET version = \(bind(row.version)), snapshot = \(bind(row.snapshot)), timers = \(bind(row.timers)),
                    state = \(bind(row.state)), updated_at = \(bind(row.updatedAt)) WHERE id = \(bind(row.id)) AND version = \(bind(expected)) RETURNING id)
                """
        } else {
            sql = """
                WITH written AS (
                    INSERT INTO fsm_machines (id, machine, version, snapshot, timers, state, created_at, updated_at)
                    VALUES (\(bind(row.id)), \(bind(row.machine)), \(bind(row.version)), \(bind(row.snapshot)), \(bind(row.timers)), \(bind(row.state)),
                            \(bind(row.createdAt)), \(bind(row.updatedAt)))
                    ON CONFLICT (id) DO NOTHING RETURNING id)
                """
        }
        if let entry = commit.entry {
            sql += """
                , logged AS (
                    INSERT INTO fsm_log (machine_id, sequence, request_id, entry, at)
                    SELECT written.id, \(bind(entry.sequence)), \(bind(entry.requestID))::text, \(bind(entry.entry)), \(bind(entry.at)) FROM written)
                """
        }
        let machine = bind(row.machine)
        if !effects.isEmpty {
            sql += """
                , queued AS (
                    INSERT INTO fsm_outbox (id, machine_id, sequence, position, machine, effect, created_at)
                    SELECT e.id, written.id, e.sequence, e.position, \(machine), e.effect, \(bind(row.updatedAt))
                    FROM written, unnest(\(bind(effects.map(\.id)))::text[], \(bind(effects.map(\.sequence)))::bigint[],
                                         \(bind(effects.map { Int64($0.position) }))::bigint[], \(bind(effects.map(\.effect)))::text[])
                         AS e (id, sequence, position, effect))
                """
        }
        // The machine's other timer rows deleted, its running ones written (distinct rows: a
        // statement changes a row once).
        let kept = bind(timers.map(\.id))
        sql += """
            , dropped AS (
                DELETE FROM fsm_timers WHERE machine_id = (SELECT id FROM written) AND NOT (id = ANY(\(kept)::text[])))
            """
        if !timers.isEmpty {
            sql += """
                , armed AS (
                    INSERT INTO fsm_timers (id, machine_id, machine, due_at, ordinal)
                    SELECT t.id, written.id, \(machine), t.due_at, t.ordinal
                    FROM written, unnest(\(kept)::text[], \(bind(timers.map(\.dueAt)))::bigint[], \(bind(timers.map { Int64($0.order) }))::bigint[])
                         AS t (id, due_at, ordinal)
                    ON CONFLICT (machine_id, id) DO UPDATE SET ordinal = excluded.ordinal)
                """
        }
        sql += " SELECT id FROM written"
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    func log(of id: String) async throws -> [StoredEntry] {
        try await rows("SELECT * FROM fsm_log WHERE machine_id = \(id) ORDER BY sequence").map(Self.entry)
    }

    func ids(of machine: String, after: String?, limit: Int) async throws -> [String] {
        try await rows("SELECT id FROM fsm_machines WHERE machine = \(machine) AND id > \(after ?? "") ORDER BY id LIMIT \(Int64(limit))").map {
            try $0["id"].decode(String.self)
        }
    }

    func machines(after: String?, limit: Int) async throws -> [StoredMachine] {
        try await rows("SELECT * FROM fsm_machines WHERE id > \(after ?? "") ORDER BY id LIMIT \(Int64(limit))").map(Self.machine)
    }

    func claimTimers(of machine: String, now: Int64, worker: String, until: Int64, limit: Int) async throws -> [StoredTimer] {
        let claimed = try await rows(
            """
            UPDATE fsm_timers AS t SET claimed_by = \(worker), claimed_until = \(until)
            FROM (SELECT machine_id, id FROM fsm_timers
                  WHERE machine = \(machine) AND due_at <= \(now) AND (claimed_until IS NULL OR claimed_until <= \(now))
                  ORDER BY due_at, machine_id, ordinal LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED) AS due
            WHERE t.machine_id = due.machine_id AND t.id = due.id
            RETURNING t.id, t.machine_id, t.due_at, t.ordinal
            """
        ).map(Self.timer)
        // RETURNING keeps no order: the claim's own.
        return claimed.sorted { ($0.dueAt, $0.machineID, $0.order) < ($1.dueAt, $1.machineID, $1.order) }
    }

    func dropTimer(_ timer: StoredTimer) async throws {
        _ = try await rows("DELETE FROM fsm_timers WHERE machine_id = \(timer.machineID) AND id = \(timer.id)")
    }

    func claimEffects(of machine: String, now: Int64, worker: String, until: Int64, limit: Int) async throws -> [StoredEffect] {
        let claimed = try await rows(
            """
            UPDATE fsm_outbox AS o SET claimed_by = \(worker), claimed_until = \(until)
            FROM (SELECT id FROM fsm_outbox
                  WHERE machine = \(machine) AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until <= \(now))
                  ORDER BY created_at, machine_id, sequence, position LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED) AS due
            WHERE o.id = due.id
            RETURNING o.*
            """
        ).map { (try $0["created_at"].decode(Int64.self), try Self.effect($0)) }
        return claimed.sorted { ($0.0, $0.1.machineID, $0.1.sequence, $0.1.position) < ($1.0, $1.1.machineID, $1.1.sequence, $1.1.position) }.map(\.1)
    }

    func completeEffects(_ ids: [String], now: Int64) async throws {
        guard !ids.isEmpty else { return }
        _ = try await rows("UPDATE fsm_outbox SET done_at = \(now) WHERE done_at IS NULL AND id = ANY(\(ids)::text[])")
    }

    func effects(of id: String) async throws -> [StoredEffect] {
        try await rows("SELECT * FROM fsm_outbox WHERE machine_id = \(id) ORDER BY sequence, position").map(Self.effect)
    }

    func timers(of id: String) async throws -> [StoredTimer] {
        try await rows("SELECT id, machine_id, due_at, ordinal FROM fsm_timers WHERE machine_id = \(id) ORDER BY ordinal").map(Self.timer)
    }

    private static func machine(_ row: PostgresRandomAccessRow) throws -> StoredMachine {
        StoredMachine(
            id: try row["id"].decode(String.self), machine: try row["machine"].decode(String.self), version: try row["version"].decode(Int64.self),
            snapshot: try row["snapshot"].decode(String.self), timers: try row["timers"].decode(String.self), state: try row["state"].decode(String.self),
            createdAt: try row["created_at"].decode(Int64.self), updatedAt: try row["updated_at"].decode(Int64.self)
        )
    }

    private static func entry(_ row: PostgresRandomAccessRow) throws -> StoredEntry {
        StoredEntry(
            sequence: try row["sequence"].decode(Int64.self), requestID: try row["request_id"].decode(String?.self),
            entry: try row["entry"].decode(String.self), at: try row["at"].decode(Int64.self)
        )
    }

    private static func effect(_ row: PostgresRandomAccessRow) throws -> StoredEffect {
        StoredEffect(
            id: try row["id"].decode(String.self), machineID: try row["machine_id"].decode(String.self), sequence: try row["sequence"].decode(Int64.self),
            position: Int(try row["position"].decode(Int64.self)), effect: try row["effect"].decode(String.self),
            done: try row["done_at"].decode(Int64?.self) != nil
        )
    }

    private static func timer(_ row: PostgresRandomAccessRow) throws -> StoredTimer {
        StoredTimer(
            id: try row["id"].decode(String.self), machineID: try row["machine_id"].decode(String.self), dueAt: try row["due_at"].decode(Int64.self),
            order: Int(try row["ordinal"].decode(Int64.self))
        )
    }
}
/// A failure of the server or of the connection to it: what the server said (its SQLSTATE and
/// message), or what failed on the way.
struct PostgresFailure: Error, CustomStringConvertible {
    let description: String

    init(_ error: PSQLError) {
        if let info = error.serverInfo, let message = info[.message] {
            let detail = info[.detail].map { " (\($0))" } ?? ""
            description = "PostgreSQL \(info[.sqlState] ?? "error"): \(message)\(detail)"
        } else if let underlying = error.underlying {
            description = "PostgreSQL connection: \(error.code): \(underlying)"
        } else {
            description = "PostgreSQL connection: \(error.code)"
        }
    }
}
#endif
