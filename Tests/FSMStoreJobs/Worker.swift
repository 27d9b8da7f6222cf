import FSM
import FSMStore
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The worker executable (FSMStoreWorker), beside the test bundle in the build folder: for
/// the tests that run it.
public let workerExecutable: URL = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("FSMStoreWorker"),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("FSMStoreWorker"),
        Bundle.main.bundleURL.appendingPathComponent("FSMStoreWorker"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}()

/// A clock that moves only when told.
public final class VirtualClock: Sendable {
    private let seconds: Mutex<Double>

    public init(_ start: Double) {
        seconds = Mutex(start)
    }

    public var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }

    public func advance(by step: Double) {
        seconds.withLock { $0 += step }
    }
}

/// SplitMix64: the same draws for the same seed, in every process.
public struct SeededDraws {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}

/// The id of the test's machine `index`.
public func machineID(_ index: Int) -> String { "job-\(index)" }

/// The file a worker appends each effect it performed to, one id a line, beside a SQLite store.
public func performedPath(_ database: String) -> String { database + ".performed" }

/// Opens the store named `engine`: a `postgres://` (or `postgresql://`) URL, else a SQLite
/// file's path; `duringCommit` is called inside each commit's transaction.
public func openEngine(_ engine: String, duringCommit: @escaping @Sendable () throws -> Void = {}) async throws -> StoreEngine {
    if isPostgres(engine) {
        #if Postgres
        return try await StoreEngine.postgres(url: engine, connections: 4, duringCommit: duringCommit)
        #else
        throw StoreError(id: "", reason: .database("built without the package trait Postgres: \(engine) cannot be opened"))
        #endif
    }
    return try StoreEngine.sqlite(path: engine, busyTimeout: .seconds(20), duringCommit: duringCommit)
}

/// Whether `engine` names a PostgreSQL database (else a SQLite file).
public func isPostgres(_ engine: String) -> Bool {
    engine.hasPrefix("postgres://") || engine.hasPrefix("postgresql://")
}

/// Performs `effects`: appends each id to the file `performed` (an effect a killed worker did
/// not complete is performed again by another: the file may hold an id twice), then completes
/// them.
public func perform(_ effects: [OutboxEffect<String>], store: MachineStore<String, String, String>, performed: String) async throws {
    guard !effects.isEmpty else { return }
    let lines = effects.map { $0.id + "\n" }.joined()
    let descriptor = open(performed, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { throw StoreError(id: "", reason: .database("cannot open the performed file")) }
    defer { close(descriptor) }
    let written = lines.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    guard written == lines.utf8.count else { throw StoreError(id: "", reason: .database("cannot write the performed file")) }
    try await store.complete(effects)
}

/// What one run of a worker does.
public struct WorkerPlan: Sendable {
    /// The store: a SQLite file's path or a `postgres://` URL.
    public var engine: String
    public var name: String
    public var machines: Int
    public var requests: Int
    public var seed: UInt64
    public var clockStart: Double
    /// Per mille of commits inside which the worker kills itself (SIGKILL), drawn at random.
    public var killPerMille: UInt64 = 0
    /// The commit of this run (from 1) inside which the worker kills itself; 0: none.
    public var killAtCommit: Int = 0
    /// The worker sends to the machines whose index is `slice` modulo `slices` (and creates
    /// them); every worker fires any machine's timers and performs any machine's effects.
    public var slices: Int = 1
    public var slice: Int = 0
    /// The first request it sends (a restarted worker goes on from there; the requests before
    /// it were written: the driver saw their lines).
    public var first: Int = 0
    /// The file it appends performed effects to (empty: beside the SQLite file).
    public var performed: String = ""

    public init(engine: String, name: String, machines: Int, requests: Int, seed: UInt64, clockStart: Double) {
        self.engine = engine
        self.name = name
        self.machines = machines
        self.requests = requests
        self.seed = seed
        self.clockStart = clockStart
    }

    /// The worker's command line: `ENGINE NAME MACHINES REQUESTS SEED CLOCK-START [KILL-PER-MILLE]`
    /// and the options that are not their defaults.
    public var arguments: [String] {
        var arguments = [engine, name, "\(machines)", "\(requests)", "\(seed)", "\(clockStart)", "\(killPerMille)"]
        if killAtCommit > 0 { arguments += ["--kill-at-commit", "\(killAtCommit)"] }
        if slices != 1 { arguments += ["--slices", "\(slices)", "--slice", "\(slice)"] }
        if first != 0 { arguments += ["--first", "\(first)"] }
        if !performed.isEmpty { arguments += ["--performed", performed] }
        return arguments
    }

    /// The plan `arguments` (without the program's name) give; `nil` when they are not one.
    public init?(arguments: [String]) {
        guard arguments.count >= 6, let machines = Int(arguments[2]), let requests = Int(arguments[3]), let seed = UInt64(arguments[4]),
              let clockStart = Double(arguments[5]) else { return nil }
        self.init(engine: arguments[0], name: arguments[1], machines: machines, requests: requests, seed: seed, clockStart: clockStart)
        var rest = arguments.dropFirst(6)
        if let first = rest.first, !first.hasPrefix("--") {
            guard let kill = UInt64(first) else { return nil }
            killPerMille = kill
            rest = rest.dropFirst()
        }
        while let option = rest.first {
            guard rest.count >= 2 else { return nil }
            let value = rest[rest.index(after: rest.startIndex)]
            rest = rest.dropFirst(2)
            switch option {
            case "--kill-at-commit": guard let value = Int(value) else { return nil }; killAtCommit = value
            case "--slices": guard let value = Int(value), value > 0 else { return nil }; slices = value
            case "--slice": guard let value = Int(value), value >= 0 else { return nil }; slice = value
            case "--first": guard let value = Int(value), value >= 0 else { return nil }; first = value
            case "--performed": performed = value
            default: return nil
            }
        }
        guard slice < slices else { return nil }
    }
}

/// Runs a worker: creates its machines, then sends each of them one event per request (ids of
/// its own, so that a request sent again after a restart is not taken twice), prints
/// `request N` after each, advances its virtual clock, fires the timers due and performs the
/// effects in the outbox.
public func runWorker(_ plan: WorkerPlan) async throws {
    let clock = VirtualClock(plan.clockStart)
    let kills = Mutex(SeededDraws(state: plan.seed ^ UInt64(getpid())))
    let commits = Atomic<Int>(0)
    let (killPerMille, killAtCommit) = (plan.killPerMille, plan.killAtCommit)
    let engine = try await openEngine(plan.engine) {
        let commit = commits.add(1, ordering: .relaxed).newValue
        if commit == killAtCommit || (killPerMille > 0 && kills.withLock({ $0.next(1000) }) < killPerMille) { kill(getpid(), SIGKILL) }
    }
    let performed = plan.performed.isEmpty ? performedPath(plan.engine) : plan.performed
    let store = try MachineStore(jobMachine, engine: engine, now: { clock.now })
    let mine = (0..<plan.machines).filter { $0 % plan.slices == plan.slice }
    for index in mine {
        do {
            try await store.create(machineID(index))
        } catch {
            guard error.reason == .exists else { throw error }
        }
    }
    var draws = SeededDraws(state: plan.seed)
    for request in 0..<plan.requests {
        // The draws of the requests skipped are drawn all the same: a request is the same
        // event in every run.
        let events = mine.map { _ in jobEvents[draws.next(jobEvents.count)] }
        let advance = Double(1 + draws.next(4))
        guard request >= plan.first else {
            clock.advance(by: advance)
            continue
        }
        for (index, event) in zip(mine, events) {
            do {
                try await store.send(machineID(index), event, requestID: "\(plan.name)/\(index)/\(request)")
            } catch {
                guard case .rejected = error.reason else { throw error }
            }
        }
        FileHandle.standardOutput.write(Data("request \(request)\n".utf8))
        clock.advance(by: advance)
        // Every timer due and every effect pending, a bounded number of batches.
        let batch = max(20, mine.count / 4)
        for _ in 0..<50 where try await store.fireDueTimers(worker: plan.name, limit: batch, lease: .seconds(60)) == batch {}
        for _ in 0..<50 {
            let effects = try await store.claimEffects(worker: plan.name, limit: batch, lease: .seconds(60))
            try await perform(effects, store: store, performed: performed)
            if effects.count < batch { break }
        }
    }
}

/// Migrates the store at `path` to ``jobMachineV2`` in batches of `batchSize`, killing its
/// process with SIGKILL inside the commit of the machine numbered `killAt` (from 0, counted
/// over every commit of the run; `nil`: never).
public func runMigration(path: String, batchSize: Int, killAt: Int?) async throws -> Int {
    let commits = Mutex(0)
    let engine = try StoreEngine.sqlite(path: path, busyTimeout: .seconds(20)) {
        let number = commits.withLock { count in
            defer { count += 1 }
            return count
        }
        if number == killAt { kill(getpid(), SIGKILL) }
    }
    return try await MachineStore(jobMachineV2, engine: engine, migrations: jobMigrations).migrate(batchSize: batchSize)
}
