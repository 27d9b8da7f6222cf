import Foundation
@testable import FSMStore
import FSMStoreJobs
import Testing
#if Postgres
@testable import FSMStorePostgres
#endif

/// The server the PostgreSQL tests use: FSM_TEST_POSTGRES_URL (`Scripts/postgres-server.sh
/// start DIR` starts a throwaway one and prints its URL). They empty the store's tables there.
private let postgresURL = ProcessInfo.processInfo.environment["FSM_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

#if Postgres
private let postgresReady = postgresURL != nil
private let notReady: Comment = "no PostgreSQL server: FSM_TEST_POSTGRES_URL is not set (Scripts/postgres-server.sh start DIR starts one and prints its URL)"
#else
private let postgresReady = false
private let notReady: Comment = "built without the package trait Postgres (swift test --traits default,Postgres, with FSM_TEST_POSTGRES_URL set)"
#endif

@Suite("The store on PostgreSQL", .serialized, .enabled(if: postgresReady, notReady))
struct PostgresTests {
    #if Postgres
    /// A store of the job machine on a fresh store (its tables dropped) at the server's URL.
    private func freshStore(clock: VirtualClock) async throws -> MachineStore<String, String, String> {
        let url = try #require(postgresURL)
        try await emptyStore(url)
        return try MachineStore(jobMachine, engine: try await StoreEngine.postgres(url: url), now: { clock.now })
    }

    @Test("two workers claiming the due timers at once (FOR UPDATE SKIP LOCKED) never get the same one, and get them all")
    func claimsAreDisjoint() async throws {
        let clock = VirtualClock(1_000)
        let store = try await freshStore(clock: clock)
        let url = try #require(postgresURL)
        for index in 0..<60 { try await store.create(machineID(index)) }
        clock.advance(by: 100)
        let now = MachineStore<String, String, String>.nanoseconds(clock.now)
        let engines = [try await StoreEngine.postgres(url: url), try await StoreEngine.postgres(url: url)]
        let claims = try await withThrowingTaskGroup(of: [String].self) { group in
            for (worker, engine) in engines.enumerated() {
                group.addTask {
                    var claimed: [String] = []
                    for _ in 0..<100 {
                        let timers = try await engine.database.claimTimers(of: "job", now: now, worker: "w\(worker)", until: now + 60_000_000_000, limit: 3)
                        if timers.isEmpty { break }
                        claimed += timers.map { "\($0.machineID)|\($0.id)" }
                    }
                    return claimed
                }
            }
            var claims: [[String]] = []
            for try await claimed in group { claims.append(claimed) }
            return claims
        }
        let all = claims.flatMap { $0 }
        #expect(all.count == Set(all).count, "a timer was claimed twice: \(all.count - Set(all).count) of \(all.count)")
        #expect(Set(all).count == 60, "every machine's idle timer is claimed once")
    }

    @Test("a step whose machine another writer changed first is taken again from the new row: both in the log, once each")
    func conflictRetried() async throws {
        let clock = VirtualClock(1_000)
        var store = try await freshStore(clock: clock)
        try await store.create("a")
        try await store.send("a", "start", requestID: "start")
        let other = store
        let once = Once()
        store.beforeCommit = { id in
            if once.first() { _ = try? await other.send(id, "poke", requestID: "other") }
        }
        #expect(try await store.send("a", "poke", requestID: "mine").sequence == 3)
        #expect(try await store.log("a").map(\.requestID) == ["start", "other", "mine"])
        #expect(try await store.replay("a") == (try await store.snapshot("a")))
        #expect(try await store.send("a", "poke", requestID: "mine").repeated)
    }

    #endif

    @Test("the load test, small: 4 workers over 200 machines on PostgreSQL, each killed twice at random points; every promise kept")
    func smallLoad() async throws {
        let url = try #require(postgresURL)
        let folder = try TemporaryStore()
        defer { folder.cleanUp() }
        var plan = LoadPlan(
            engine: url, machines: 200, events: 2_000, workers: 4, kills: 2, seed: 46, worker: workerExecutable,
            performed: folder.folder.appendingPathComponent("performed").path
        )
        plan.timeout = 120
        let report = try await runLoad(plan)
        #expect(report.failures.isEmpty, "\(report.failures)")
        for violation in report.check.violations { Issue.record(Comment(rawValue: violation)) }
        #expect(report.check.violationCount == 0)
        #expect(report.killsOutside + report.killsInCommit >= 4)
        #expect(report.check.timers > 0 && report.check.effects > 0)
        print("store load test on PostgreSQL, small: \(report.summary)")
    }
}

#if Postgres
@Suite("PostgreSQL URLs")
struct PostgresURLTests {
    @Test("a URL names the server, the user, the database and TLS; anything else is refused with why")
    func urls() throws {
        let url = try PostgresURL("postgresql://fsm:p%40ss@db.internal:6543/orders?sslmode=require")
        #expect(url == PostgresURL(host: "db.internal", port: 6543, user: "fsm", password: "p@ss", database: "orders", tls: .require))
        #expect(try PostgresURL("postgres://fsm@localhost/fsm") == PostgresURL(host: "localhost", port: 5432, user: "fsm", password: nil, database: "fsm", tls: .prefer))
        for bad in ["mysql://fsm@localhost/fsm", "postgres://localhost/fsm", "postgres://fsm@localhost", "postgres://fsm@localhost/fsm?sslmode=maybe", "postgres://fsm@/fsm"] {
            #expect(throws: StoreError.self, "\(bad)") { try PostgresURL(bad) }
        }
    }
}
#endif
