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

/// The file a worker appends each effect it performed to, one id a line.
public func performedPath(_ database: String) -> String { database + ".performed" }

/// Performs `effects`: appends each id to the performed file (an effect a killed worker did
/// not complete is performed again by another: the file may hold an id twice), then completes
/// them.
public func perform(_ effects: [OutboxEffect<String>], store: MachineStore<String, String, String>, database: String) async throws {
    guard !effects.isEmpty else { return }
    let lines = effects.map { $0.id + "\n" }.joined()
    let descriptor = open(performedPath(database), O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { throw StoreError(id: "", reason: .database("cannot open the performed file")) }
    defer { close(descriptor) }
    let written = lines.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    guard written == lines.utf8.count else { throw StoreError(id: "", reason: .database("cannot write the performed file")) }
    try await store.complete(effects)
}

public func runWorker(path: String, name: String, machines: Int, requests: Int, seed: UInt64, clockStart: Double, killPerMille: UInt64) async throws {
    let clock = VirtualClock(clockStart)
    let kills = Mutex(SeededDraws(state: seed ^ UInt64(getpid())))
    let engine = try StoreEngine.sqlite(path: path, busyTimeout: .seconds(20)) {
        if killPerMille > 0, kills.withLock({ $0.next(1000) }) < killPerMille { kill(getpid(), SIGKILL) }
    }
    let store = try MachineStore(jobMachine, engine: engine, now: { clock.now })
    for index in 0..<machines {
        do {
            try await store.create(machineID(index))
        } catch {
            guard error.reason == .exists else { throw error }
        }
    }
    var draws = SeededDraws(state: seed)
    for request in 0..<requests {
        for index in 0..<machines {
            let event = jobEvents[draws.next(jobEvents.count)]
            do {
                try await store.send(machineID(index), event, requestID: "\(name)/\(index)/\(request)")
            } catch {
                guard case .rejected = error.reason else { throw error }
            }
        }
        FileHandle.standardOutput.write(Data("request \(request)\n".utf8))
        clock.advance(by: Double(1 + draws.next(4)))
        _ = try await store.fireDueTimers(worker: name, limit: 20, lease: .seconds(60))
        try await perform(try await store.claimEffects(worker: name, limit: 20, lease: .seconds(60)), store: store, database: path)
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
