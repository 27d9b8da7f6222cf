import Foundation
@testable import FSMStore
import FSMStoreJobs
import Synchronization

/// The worker executable, beside the test bundle in the build folder.
let workerExecutable: URL = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("FSMStoreWorker"),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("FSMStoreWorker"),
        Bundle.main.bundleURL.appendingPathComponent("FSMStoreWorker"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}()

/// A fresh SQLite file in a folder of its own, removed by `cleanUp`.
struct TemporaryStore {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A store of the job machine on this file (its own connection), on `clock`.
    func store(clock: VirtualClock, duringCommit: @escaping @Sendable () throws -> Void = {}) throws -> MachineStore<String, String, String> {
        try MachineStore(jobMachine, engine: .sqlite(path: path, busyTimeout: .seconds(10), duringCommit: duringCommit), now: { clock.now })
    }
}

/// Thrown inside a commit by a test.
struct Planted: Error {}

/// A flag set once.
final class Once: Sendable {
    private let done = Mutex(false)

    /// `true` the first time only.
    func first() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}

extension MachineStore {
    /// The ids of machine `id`'s effects in the outbox, in order.
    func outboxIDs(_ id: String) async throws -> [String] {
        try await database.effects(of: id).map(\.id)
    }

    /// Machine `id`'s running timers as the machine's row lists them, and as the timer rows do.
    func timerRows(_ id: String) async throws -> (stored: [DurableTimer], rows: [StoredTimer]) {
        guard let row = try await database.load(id) else { return ([], []) }
        let timers = try JSONDecoder().decode([DurableTimer].self, from: Data(row.timers.utf8))
        let rows = try await database.claimTimers(of: "job", now: .max, worker: "inspector", until: .min, limit: 1000).filter { $0.machineID == id }
        return (timers, rows)
    }
}

/// The effects a runtime performed, in order.
@MainActor
final class Performed {
    var effects: [String] = []
}
