import FSM
import FSMStore
import Foundation
import Synchronization
#if Postgres
import FSMStorePostgres
#endif
#if canImport(Glibc)
import Glibc
#endif

/// How a worker process's run ended.
public enum WorkerEnd: Equatable, Sendable {
    /// It printed `done` and exited 0.
    case done
    /// It was killed with SIGKILL (by the driver, or by itself inside a commit).
    case killed
    /// Anything else: its status and standard error.
    case failed(String)
}

/// Runs the worker executable with `arguments`; kills it with SIGKILL once it has printed
/// `killAfter` request lines (`nil`: never). Bounded: one still running after `timeout` seconds
/// is killed and reported as failed.
/// - Returns: How it ended, and the last request it printed (-1: none).
public func runWorkerProcess(_ executable: URL, _ arguments: [String], killAfter: Int?, timeout: Double) async throws -> (end: WorkerEnd, last: Int) {
    let process = Process()
    process.executableURL = executable
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
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
            // Standard error read as it comes (a worker that writes much must not block on it).
            let stderr = Mutex(Data())
            let drained = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                while let data = readSome(errors.fileHandleForReading.fileDescriptor) {
                    stderr.withLock { $0.append(data) }
                }
                drained.signal()
            }
            var seen = 0
            var last = -1
            var done = false
            var pending = ""
            while let data = readSome(output.fileHandleForReading.fileDescriptor) {
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = pending[..<newline]
                    pending = String(pending[pending.index(after: newline)...])
                    if line.hasPrefix("request ") {
                        seen += 1
                        last = Int(line.dropFirst("request ".count)) ?? last
                    }
                    if line == "done" { done = true }
                    if let killAfter, seen >= killAfter { kill(pid, SIGKILL) }
                }
            }
            process.waitUntilExit()
            watchdog.cancel()
            drained.wait()
            let message = String(decoding: stderr.withLock { $0 }, as: UTF8.self)
            if expired.withLock({ $0 }) {
                continuation.resume(returning: (.failed("still running after \(Int(timeout)) s: \(message)"), last))
            } else if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
                continuation.resume(returning: (done ? .done : .killed, last))
            } else if process.terminationStatus == 0, done {
                continuation.resume(returning: (.done, last))
            } else {
                continuation.resume(returning: (.failed("status \(process.terminationStatus): \(message)"), last))
            }
        }
    }
}

/// The bytes `descriptor` has (waiting for some); `nil` at its end or on an error. A read
/// interrupted by a signal (a child's SIGCHLD) is read again: Foundation's `availableData`
/// stops the process on it.
private func readSome(_ descriptor: Int32) -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { return Data(buffer[..<count]) }
        if count < 0, errno == EINTR { continue }
        return nil
    }
}

/// What a check of a store after its workers found.
public struct StoreCheck: Sendable {
    public var machines = 0
    public var steps = 0
    public var requests = 0
    public var timers = 0
    public var effects = 0
    public var performedTwice = 0
    /// Each broken promise, one sentence each (at most 20 kept, then a count).
    public var violations: [String] = []
    public var violationCount = 0

    mutating func violated(_ why: String) {
        violationCount += 1
        if violations.count < 20 { violations.append(why) }
    }
}

/// Fires every timer due by a clock far past the workers', performs every effect left, and
/// checks the store in one process: the machines are `job-0` to `job-(machines-1)`; each one's
/// snapshot is the replay of its log; each request and each timer is in its log once; the
/// outbox holds each effect the replay emits, once, all done; every effect in it was performed
/// (listed in `performed`), and nothing else was; no timer due is left, and the timer rows are
/// the machines' running timers.
public func checkStore(engine name: String, machines: Int, performed: String, concurrency: Int = 4) async throws -> StoreCheck {
    let clock = VirtualClock(100_000_000)
    let store = try MachineStore(jobMachine, engine: try await openEngine(name), now: { clock.now })
    for _ in 0..<10_000 where try await store.fireDueTimers(worker: "checker", limit: 1_000) > 0 {}
    for _ in 0..<10_000 {
        let effects = try await store.claimEffects(worker: "checker", limit: 1_000)
        if effects.isEmpty { break }
        try await perform(effects, store: store, performed: performed)
    }
    let drained = MachineStore<String, String, String>.nanoseconds(clock.now)
    var check = StoreCheck()
    var ids: [String] = []
    while true {
        let page = try await store.ids(after: ids.last, limit: 1_000)
        if page.isEmpty { break }
        ids += page
    }
    check.machines = ids.count
    if ids != (0..<machines).map(machineID).sorted() { check.violated("the store holds \(ids.count) machines, not job-0 to job-\(machines - 1)") }
    /// One machine's findings.
    struct Seen: Sendable {
        var steps = 0, requests = 0, timers = 0
        var outbox: [String] = []
        var violations: [String] = []
    }
    @Sendable func look(_ id: String) async throws -> Seen {
        var seen = Seen()
        let replayed = try await store.replayed(id)
        if replayed.snapshot != (try await store.snapshot(id)) { seen.violations.append("machine \(id): its snapshot is not the replay of its log") }
        let stored = try await store.database.effects(of: id)
        if stored.map(\.id) != replayed.effects { seen.violations.append("machine \(id): the outbox is not the effects of its log") }
        if !stored.allSatisfy(\.done) { seen.violations.append("machine \(id): an effect is not done") }
        seen.outbox = stored.map(\.id)
        var requests = Set<String>()
        var timers = Set<String>()
        for entry in try await store.log(id) {
            seen.steps += 1
            if let request = entry.requestID {
                seen.requests += 1
                if !requests.insert(request).inserted { seen.violations.append("machine \(id): request \(request) logged twice") }
            }
            if case let .timer(timer, _, _) = entry.cause {
                seen.timers += 1
                if !timers.insert(timer).inserted { seen.violations.append("machine \(id): timer \(timer) fired twice") }
            }
        }
        guard let row = try await store.database.load(id) else { return seen }
        let running = try JSONDecoder().decode([DurableTimer].self, from: Data(row.timers.utf8)).filter { !$0.spent }
        let rows = try await store.database.timers(of: id)
        if !running.allSatisfy({ $0.dueAt > drained }) { seen.violations.append("machine \(id): a timer due was not fired") }
        if Set(running.map(\.id)) != Set(rows.map(\.id)) { seen.violations.append("machine \(id): the timer rows are not its running timers") }
        return seen
    }
    var outbox: [String] = []
    for start in stride(from: 0, to: ids.count, by: 256) {
        let chunk = Array(ids[start..<min(ids.count, start + 256)])
        let found = try await withThrowingTaskGroup(of: Seen.self) { group in
            var next = 0
            var found: [Seen] = []
            while next < chunk.count || !group.isEmpty {
                while next < chunk.count, next - found.count < concurrency {
                    let id = chunk[next]
                    group.addTask { try await look(id) }
                    next += 1
                }
                if let seen = try await group.next() { found.append(seen) }
            }
            return found
        }
        for seen in found {
            check.steps += seen.steps
            check.requests += seen.requests
            check.timers += seen.timers
            outbox += seen.outbox
            for why in seen.violations { check.violated(why) }
        }
    }
    check.effects = outbox.count
    if Set(outbox).count != outbox.count { check.violated("an effect id is in the outbox twice") }
    let lines = FileManager.default.contents(atPath: performed).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let done = lines.split(separator: "\n").map(String.init)
    if Set(done) != Set(outbox) { check.violated("the effects performed (\(Set(done).count)) are not the outbox's (\(Set(outbox).count))") }
    check.performedTwice = done.count - Set(done).count
    return check
}

/// The load test's size and kills.
public struct LoadPlan: Sendable {
    /// A SQLite file's path or a `postgres://` URL: emptied first.
    public var engine: String
    public var machines: Int
    /// Events sent in all: each worker sends each of its machines (a slice of them) one event
    /// per request, so `events / machines` requests.
    public var events: Int
    public var workers: Int
    /// Kills per worker: each a SIGKILL at a random point, from outside (after a random number
    /// of its requests) or inside one of its commits (half of a step written), drawn at random.
    public var kills: Int
    public var seed: UInt64
    /// The worker executable.
    public var worker: URL
    /// The performed-effects file (emptied first).
    public var performed: String
    /// How long one worker run may take, in seconds.
    public var timeout: Double = 1_800

    public init(engine: String, machines: Int, events: Int, workers: Int, kills: Int, seed: UInt64, worker: URL, performed: String) {
        self.engine = engine
        self.machines = machines
        self.events = events
        self.workers = workers
        self.kills = kills
        self.seed = seed
        self.worker = worker
        self.performed = performed
    }

    public var requests: Int { max(1, (events + machines - 1) / max(1, machines)) }
}

/// What a load test did and found.
public struct LoadReport: Sendable {
    /// The events the workers sent (each machine one per request; many are refused by the
    /// state the machine is in, and not logged).
    public var sent = 0
    public var killsOutside = 0
    public var killsInCommit = 0
    public var runs = 0
    public var failures: [String] = []
    public var workSeconds = 0.0
    public var checkSeconds = 0.0
    public var check = StoreCheck()

    public var passed: Bool { failures.isEmpty && check.violationCount == 0 }

    public var summary: String {
        let rate = workSeconds > 0 ? Int(Double(check.steps) / workSeconds) : 0
        return """
            \(check.machines) machines, \(sent) events sent, \(check.steps) steps (\(check.requests) events accepted, \(check.timers) timers fired), \(check.effects) effects \
            (\(check.performedTwice) performed twice); \(runs) worker runs, \(killsOutside) killed from outside, \(killsInCommit) inside a commit; \
            workers \(String(format: "%.1f", workSeconds)) s (\(rate) steps/s), check \(String(format: "%.1f", checkSeconds)) s; \
            \(check.violationCount) violations
            """
    }
}

/// Empties the store `engine` (a SQLite file and its WAL, or the store's PostgreSQL tables).
public func emptyStore(_ engine: String) async throws {
    if isPostgres(engine) {
        #if Postgres
        try await StoreEngine.postgresDroppingTables(url: engine)
        #else
        throw StoreError(id: "", reason: .database("built without the package trait Postgres: \(engine) cannot be emptied"))
        #endif
    } else {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: engine + suffix) {
            try FileManager.default.removeItem(atPath: engine + suffix)
        }
    }
}

/// The load test: empties the store, runs `plan.workers` worker processes over the machines
/// (each its slice), kills each `plan.kills` times at random points and starts it again from
/// the request after the last it printed, then checks the store (``checkStore``).
public func runLoad(_ plan: LoadPlan, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> LoadReport {
    try await emptyStore(plan.engine)
    if FileManager.default.fileExists(atPath: plan.performed) { try FileManager.default.removeItem(atPath: plan.performed) }
    let started = ContinuousClock.now
    let requests = plan.requests
    let perWorker = (0..<plan.workers).map { worker in (0..<plan.machines).count { $0 % plan.workers == worker } }
    let reports = try await withThrowingTaskGroup(of: LoadReport.self) { group in
        for worker in 0..<plan.workers {
            group.addTask {
                var report = LoadReport()
                var draws = SeededDraws(state: plan.seed &* 31 &+ UInt64(worker))
                var first = 0
                var killsLeft = plan.kills
                for run in 0..<(plan.kills + 100) {
                    var arguments = WorkerPlan(
                        engine: plan.engine, name: "w\(worker)", machines: plan.machines, requests: requests, seed: plan.seed &+ UInt64(worker),
                        clockStart: 1_000 + Double(run * 10)
                    )
                    arguments.slices = plan.workers
                    arguments.slice = worker
                    arguments.first = first
                    arguments.performed = plan.performed
                    var killAfter: Int?
                    var inCommit = false
                    if killsLeft > 0 {
                        if draws.next(2) == 0 {
                            // A commit among those of its machines' creation (the first run only:
                            // later ones find them) and of its requests left (about one in two
                            // of its sends is accepted or fires a timer).
                            let commits = perWorker[worker] * (requests - first) / 2 + (first == 0 ? perWorker[worker] : 0)
                            arguments.killAtCommit = 1 + draws.next(max(1, commits))
                            inCommit = true
                        } else {
                            killAfter = 1 + draws.next(max(1, requests - first))
                        }
                    }
                    let (end, last) = try await runWorkerProcess(plan.worker, arguments.arguments, killAfter: killAfter, timeout: plan.timeout)
                    report.runs += 1
                    first = max(first, last + 1)
                    switch end {
                    case .done:
                        progress("worker \(worker): run \(run) done")
                        return report
                    case .killed:
                        killsLeft -= 1
                        if inCommit { report.killsInCommit += 1 } else { report.killsOutside += 1 }
                        progress("worker \(worker): run \(run) killed \(inCommit ? "inside commit \(arguments.killAtCommit)" : "after \(killAfter ?? 0) requests"), at request \(last)")
                    case let .failed(why):
                        report.failures.append("worker \(worker), run \(run): \(why)")
                        return report
                    }
                }
                report.failures.append("worker \(worker) never finished")
                return report
            }
        }
        var reports: [LoadReport] = []
        for try await report in group { reports.append(report) }
        return reports
    }
    var report = LoadReport()
    report.sent = requests * plan.machines
    for part in reports {
        report.killsOutside += part.killsOutside
        report.killsInCommit += part.killsInCommit
        report.runs += part.runs
        report.failures += part.failures
    }
    report.workSeconds = seconds(since: started)
    let checked = ContinuousClock.now
    report.check = try await checkStore(engine: plan.engine, machines: plan.machines, performed: plan.performed)
    report.checkSeconds = seconds(since: checked)
    return report
}

private func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
