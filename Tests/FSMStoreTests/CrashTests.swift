import Foundation
import Synchronization
@testable import FSMStore
import FSMStoreJobs
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// How a worker's run ended.
private enum RunEnd: Equatable {
    /// It printed `done` and exited 0.
    case done
    /// It was killed with SIGKILL (by the test, or by itself inside a commit).
    case killed
    /// Anything else: its status and standard error.
    case failed(String)
}

/// Runs the worker with `arguments`; kills it with SIGKILL once it has printed `killAfter`
/// request lines (`nil`: never). Every run is bounded: one still running after 60 s is killed
/// and reported as failed.
private func runWorker(_ arguments: [String], killAfter: Int?) async throws -> RunEnd {
    let process = Process()
    process.executableURL = workerExecutable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let pid = process.processIdentifier
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            let expired = Mutex(false)
            let watchdog = DispatchWorkItem {
                expired.withLock { $0 = true }
                kill(pid, SIGKILL)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            var seen = 0
            var done = false
            var pending = ""
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = pending[..<newline]
                    pending = String(pending[pending.index(after: newline)...])
                    if line.hasPrefix("request") { seen += 1 }
                    if line == "done" { done = true }
                    if let killAfter, seen >= killAfter { kill(pid, SIGKILL) }
                }
            }
            process.waitUntilExit()
            watchdog.cancel()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if expired.withLock({ $0 }) {
                continuation.resume(returning: .failed("still running after 60 s: \(stderr)"))
            } else if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
                continuation.resume(returning: done ? .done : .killed)
            } else if process.terminationStatus == 0, done {
                continuation.resume(returning: .done)
            } else {
                continuation.resume(returning: .failed("status \(process.terminationStatus): \(stderr)"))
            }
        }
    }
}

/// What the crash tests saw, for their messages.
private struct Tally {
    var steps = 0
    var timers = 0
    var effects = 0
    var performedTwice = 0
}

/// Fires every timer due by a clock far past the workers', performs every effect left, and
/// checks that: each machine's snapshot is the replay of its log; each request and each timer
/// is in the logs once; the outbox holds each effect the replay emits, once, all performed
/// and done; no timer due is left, and the timer rows are the machines' running timers.
private func checkInvariants(path: String, machines: Int) async throws -> Tally {
    let clock = VirtualClock(100_000_000)
    let store = try MachineStore(jobMachine, engine: .sqlite(path: path, busyTimeout: .seconds(10)), now: { clock.now })
    for _ in 0..<100 where try await store.fireDueTimers(worker: "checker", limit: 1_000) > 0 {}
    for _ in 0..<100 {
        let effects = try await store.claimEffects(worker: "checker", limit: 1_000)
        if effects.isEmpty { break }
        try await perform(effects, store: store, database: path)
    }
    let drained = MachineStore<String, String, String>.nanoseconds(clock.now)
    var tally = Tally()
    var requests = Set<String>()
    var timers = Set<String>()
    var outbox: [String] = []
    let ids = try await store.ids(limit: 1_000)
    #expect(ids == (0..<machines).map(machineID).sorted())
    for id in ids {
        let replayed = try await store.replayed(id)
        #expect(replayed.snapshot == (try await store.snapshot(id)), "machine \(id): its snapshot is not the replay of its log")
        let stored = try await store.database.effects(of: id)
        #expect(stored.map(\.id) == replayed.effects, "machine \(id): the outbox is not the effects of its log")
        #expect(stored.allSatisfy { $0.done }, "machine \(id): an effect is not done")
        outbox += stored.map(\.id)
        for entry in try await store.log(id) {
            tally.steps += 1
            if let request = entry.requestID { #expect(requests.insert(request).inserted, "request \(request) logged twice") }
            if case let .timer(timer, _, _) = entry.cause {
                tally.timers += 1
                #expect(timers.insert(timer).inserted, "timer \(timer) fired twice")
            }
        }
        let (armed, rows) = try await store.timerRows(id)
        let running = armed.filter { !$0.spent }
        #expect(running.allSatisfy { $0.dueAt > drained }, "machine \(id): a timer due was not fired")
        #expect(Set(running.map(\.id)) == Set(rows.map(\.id)), "machine \(id): the timer rows are not its running timers")
    }
    tally.effects = outbox.count
    let performed = try String(contentsOfFile: performedPath(path), encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(Set(performed) == Set(outbox), "the effects performed are not the outbox's")
    tally.performedTwice = performed.count - Set(performed).count
    return tally
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
