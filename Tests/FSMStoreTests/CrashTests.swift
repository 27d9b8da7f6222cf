import Foundation
@testable import FSMStore
import FSMStoreJobs
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the worker with `arguments`; kills it with SIGKILL once it has printed `killAfter`
/// request lines (`nil`: never). Every run is bounded: one still running after 60 s is killed
/// and reported as failed.
private func runWorker(_ arguments: [String], killAfter: Int?) async throws -> WorkerEnd {
    try await runWorkerProcess(workerExecutable, arguments, killAfter: killAfter, timeout: 60).end
}

/// Checks the store at `path` (``checkStore``): each broken promise an issue.
private func checkInvariants(path: String, machines: Int) async throws -> StoreCheck {
    let check = try await checkStore(engine: path, machines: machines, performed: performedPath(path))
    for violation in check.violations { Issue.record(Comment(rawValue: violation)) }
    #expect(check.violationCount == 0)
    return check
}

@Suite("A machine store shared by worker processes killed with SIGKILL")
struct CrashTests {
    @Test("four workers on one SQLite file, each killed at random points and started again: every step once")
    func workersKilledAtRandom() async throws {
        let file = try TemporaryStore()
        defer { file.cleanUp() }
        try #require(FileManager.default.isExecutableFile(atPath: workerExecutable.path), "the worker is not built at \(workerExecutable.path)")
        let (machines, requests) = (8, 40)
        var draws = SeededDraws(state: 2_026)
        // Each worker is killed four times, after a random number of its requests, then runs to
        // its end.
        let plans = (0..<4).map { _ in (0..<4).map { _ in draws.next(requests) } }
        let kills = try await withThrowingTaskGroup(of: Int.self) { group in
            for (worker, plan) in plans.enumerated() {
                group.addTask {
                    var killed = 0
                    for (run, killAfter) in (plan.map(Optional.some) + [nil]).enumerated() {
                        let arguments = [file.path, "w\(worker)", "\(machines)", "\(requests)", "\(worker + 1)", "\(1_000 + run * 100_000)"]
                        let end = try await runWorker(arguments, killAfter: killAfter)
                        if killAfter == nil {
                            #expect(end == .done, "worker \(worker)'s last run")
                        } else if end == .killed {
                            killed += 1
                        } else {
                            #expect(end == .done, "worker \(worker), run \(run)")
                        }
                    }
                    return killed
                }
            }
            return try await group.reduce(0, +)
        }
        let tally = try await checkInvariants(path: file.path, machines: machines)
        #expect(kills >= 8)
        #expect(tally.timers > 0 && tally.effects > 0)
        print("store crash test: \(kills) kills, \(tally.steps) steps, \(tally.timers) timers fired, \(tally.effects) effects, \(tally.performedTwice) performed twice")
    }

    @Test("one worker killed inside its own commits (half of a step written) until it finishes: every step whole")
    func workerKilledMidWrite() async throws {
        let file = try TemporaryStore()
        defer { file.cleanUp() }
        try #require(FileManager.default.isExecutableFile(atPath: workerExecutable.path), "the worker is not built at \(workerExecutable.path)")
        let (machines, requests) = (6, 40)
        var kills = 0
        var finished = false
        for run in 0..<150 where !finished {
            // 1 commit in 20 kills the worker between the row and log entry and the effects.
            let end = try await runWorker([file.path, "solo", "\(machines)", "\(requests)", "9", "\(1_000 + run * 100_000)", "50"], killAfter: nil)
            switch end {
            case .done: finished = true
            case .killed: kills += 1
            case let .failed(why): Issue.record("run \(run): \(why)"); finished = true
            }
        }
        #expect(finished)
        #expect(kills >= 1)
        let tally = try await checkInvariants(path: file.path, machines: machines)
        print("store mid-write crash test: \(kills) kills inside a commit, \(tally.steps) steps, \(tally.timers) timers fired, \(tally.effects) effects")
    }

    @Test("a migration killed with SIGKILL inside a batch's transaction: the batch before it written whole, its own not at all; run again, the rest migrated, once")
    func migrationKilledMidBatch() async throws {
        let file = try TemporaryStore()
        defer { file.cleanUp() }
        try #require(FileManager.default.isExecutableFile(atPath: workerExecutable.path), "the worker is not built at \(workerExecutable.path)")
        #expect(try await runWorker([file.path, "w1", "30", "8", "11", "1000"], killAfter: nil) == .done)
        // 30 machines in batches of 10: killed inside the second batch, at its fifth machine.
        #expect(try await runWorker(["migrate", file.path, "10", "14"], killAfter: nil) == .killed)
        let store = try MachineStore(jobMachineV2, engine: .sqlite(path: file.path), migrations: jobMigrations)
        let ids = try await store.ids(limit: 100)
        #expect(ids.count == 30)
        func migrated() async throws -> Int {
            var count = 0
            for id in ids where try await store.snapshot(id)?.version == 2 { count += 1 }
            return count
        }
        #expect(try await migrated() == 10)
        #expect(try await store.migrate(batchSize: 10) == 20)
        #expect(try await migrated() == 30)
        #expect(try await store.migrate(batchSize: 10) == 0)
        // Every machine restores into version 2, none left in the old name.
        for id in ids {
            #expect(try await store.snapshot(id)?.state != "cooling")
            #expect(try await store.machine(id) != nil)
        }
    }
}
