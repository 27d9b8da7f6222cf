// The store's throughput (issue 46): events per second of `MachineStore.send` on one core (one
// task, one connection at a time), against a baseline of plain SQL doing the same bookkeeping by
// hand (read the row, update its version and snapshot, append the log entry, write the effects
// to the outbox, in one transaction), on the same engine. Not a timed test: it prints figures.
//
// Usage: FSMStoreBench --engine SQLITE-PATH|postgres://… [--machines 200] [--events 5000]
// Built with the trait Postgres for a postgres:// engine (Scripts/store-bench.sh).
import FSM
import FSMStore
import FSMStoreJobs
import Foundation
import GRDB
#if Postgres
import Logging
import PostgresNIO
#endif
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(64)
}

var options: [String: String] = [:]
var rest = CommandLine.arguments.dropFirst()
while let option = rest.first, option.hasPrefix("--"), rest.count >= 2 {
    options[String(option.dropFirst(2))] = rest[rest.index(after: rest.startIndex)]
    rest = rest.dropFirst(2)
}
guard rest.isEmpty, let engine = options["engine"] else { fail("usage: FSMStoreBench --engine SQLITE-PATH|postgres://… [--machines N] [--events N]") }
let machines = Int(options["machines"] ?? "200") ?? 0
let events = Int(options["events"] ?? "5000") ?? 0
guard machines > 0, events > 0 else { fail("--machines and --events take a number above 0") }

/// CPU seconds of this process (user and system).
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(0, &usage)  // RUSAGE_SELF
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Runs `body`, returns its wall and CPU seconds.
func measure(_ body: () async throws -> Void) async rethrows -> (wall: Double, cpu: Double) {
    let cpu = cpuSeconds()
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, cpuSeconds() - cpu)
}

/// The events sent: start, pause, resume, poke and finish in a cycle the job machine accepts
/// (every send is a step with an effect).
let cycle = ["start", "poke", "pause", "resume", "finish"]

// The store.
try await emptyStore(engine)
let clock = VirtualClock(1_000)
let store = try MachineStore(jobMachine, engine: try await openEngine(engine), now: { clock.now })
for index in 0..<machines { try await store.create(machineID(index)) }
let stored = try await measure {
    for event in 0..<events {
        try await store.send(machineID(event % machines), cycle[(event / machines) % cycle.count], requestID: "r\(event)")
    }
}

// The baseline: the same rows written by hand, with a snapshot of the same size.
let snapshot = try await store.database.load(machineID(0))?.snapshot ?? "{}"
let baseline: (wall: Double, cpu: Double)
if isPostgres(engine) {
    #if Postgres
    baseline = try await postgresBaseline(url: engine, snapshot: snapshot)
    #else
    fail("built without the trait Postgres")
    #endif
} else {
    baseline = try await sqliteBaseline(path: engine + ".baseline", snapshot: snapshot)
}
let kind = isPostgres(engine) ? "PostgreSQL" : "SQLite"
func line(_ name: String, _ figures: (wall: Double, cpu: Double)) -> String {
    String(format: "%@: %.0f events/s (wall), %.0f events per CPU second of this process", name, Double(events) / figures.wall, Double(events) / max(figures.cpu, 1e-9))
}
print("store throughput on \(kind), \(events) events over \(machines) machines, one task:")
print("  " + line("MachineStore.send", stored))
print("  " + line("plain SQL by hand", baseline))
print(String(format: "  ratio store/baseline: %.2f (wall), %.2f (client CPU)", baseline.wall / stored.wall, baseline.cpu / stored.cpu))

func sqliteBaseline(path: String, snapshot: String) async throws -> (wall: Double, cpu: Double) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let pool = try DatabasePool(path: path)
    try await pool.write { db in
        try db.execute(sql: """
            CREATE TABLE machines (id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot TEXT NOT NULL);
            CREATE TABLE log (machine_id TEXT, sequence INTEGER, request_id TEXT, entry TEXT, PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, request_id));
            CREATE TABLE outbox (id TEXT PRIMARY KEY, machine_id TEXT, effect TEXT, done INTEGER);
            """)
        for index in 0..<machines { try db.execute(sql: "INSERT INTO machines VALUES (?, 0, ?)", arguments: [machineID(index), snapshot]) }
    }
    return try await measure {
        for event in 0..<events {
            let id = machineID(event % machines)
            try await pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let version = try Int64.fetchOne(db, sql: "SELECT version FROM machines WHERE id = ?", arguments: [id]) ?? 0
                    try db.execute(sql: "UPDATE machines SET version = ?, snapshot = ? WHERE id = ? AND version = ?", arguments: [version + 1, snapshot, id, version])
                    try db.execute(sql: "INSERT INTO log VALUES (?, ?, ?, ?)", arguments: [id, version + 1, "r\(event)", #"{"event":"poke"}"#])
                    try db.execute(sql: "INSERT INTO outbox VALUES (?, ?, ?, 0)", arguments: ["\(id)/\(version + 1)/0", id, #""poked""#])
                    return .commit
                }
            }
        }
    }
}

#if Postgres
func postgresBaseline(url: String, snapshot: String) async throws -> (wall: Double, cpu: Double) {
    guard let components = URLComponents(string: url), let host = components.host, let user = components.user else { fail("not a URL: \(url)") }
    let logger = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
    let configuration = PostgresClient.Configuration(
        host: host, port: components.port ?? 5432, username: user, password: components.password, database: String(components.path.dropFirst()), tls: .disable
    )
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    let running = Task { await client.run() }
    defer { running.cancel() }
    try await client.query("DROP TABLE IF EXISTS bench_machines, bench_log, bench_outbox", logger: logger)
    try await client.query("CREATE TABLE bench_machines (id TEXT PRIMARY KEY, version BIGINT NOT NULL, snapshot TEXT NOT NULL)", logger: logger)
    try await client.query(
        "CREATE TABLE bench_log (machine_id TEXT, sequence BIGINT, request_id TEXT, entry TEXT, PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, request_id))",
        logger: logger
    )
    try await client.query("CREATE TABLE bench_outbox (id TEXT PRIMARY KEY, machine_id TEXT, effect TEXT, done BOOLEAN)", logger: logger)
    for index in 0..<machines { try await client.query("INSERT INTO bench_machines VALUES (\(machineID(index)), 0, \(snapshot))", logger: logger) }
    return try await measure {
        for event in 0..<events {
            let id = machineID(event % machines)
            try await client.withTransaction(logger: logger) { connection in
                var version: Int64 = 0
                for try await value in try await connection.query("SELECT version FROM bench_machines WHERE id = \(id)", logger: logger).decode(Int64.self) {
                    version = value
                }
                let next = version + 1
                try await connection.query("UPDATE bench_machines SET version = \(next), snapshot = \(snapshot) WHERE id = \(id) AND version = \(version)", logger: logger)
                try await connection.query("INSERT INTO bench_log VALUES (\(id), \(next), \("r\(event)"), \(#"{"event":"poke"}"#))", logger: logger)
                try await connection.query("INSERT INTO bench_outbox VALUES (\("\(id)/\(next)/0"), \(id), \(#""poked""#), false)", logger: logger)
            }
        }
    }
}
#endif
