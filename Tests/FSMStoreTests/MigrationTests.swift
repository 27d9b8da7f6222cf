import FSM
import FSMPersistence
@testable import FSMStore
import FSMStoreJobs
import Foundation
import Testing

/// A lamp, and its version 2, where `on` is called `lit`.
private let lampV1 = MachineDefinition<String, String, String, Void>(name: "lamp", initial: "off", events: ["press"]) {
    In("off") { On("press", to: "on", emit: "light") }
    In("on") { On("press", to: "off"); After(.seconds(60), to: "off", emit: "auto") }
}

private let lampV2 = MachineDefinition<String, String, String, Void>(name: "lamp", version: 2, initial: "off", events: ["press"]) {
    In("off") { On("press", to: "lit", emit: "light") }
    In("lit") { On("press", to: "off"); After(.seconds(60), to: "off", emit: "auto") }
}

private let lampMigrations = SnapshotMigrations().from(1, to: 2, .renameState("on", to: "lit"))

@Suite("Migrating a store's snapshots to a new version of the definition")
final class MigrationTests {
    let file: TemporaryStore
    let clock = VirtualClock(1_000)

    init() throws {
        file = try TemporaryStore()
    }

    deinit {
        file.cleanUp()
    }

    /// A store of `definition` on the test's file and clock.
    func store(
        _ definition: MachineDefinition<String, String, String, Void>, migrations: SnapshotMigrations = SnapshotMigrations(),
        duringCommit: @escaping @Sendable () throws -> Void = {}
    ) throws -> MachineStore<String, String, String> {
        let clock = clock
        return try MachineStore(definition, engine: .sqlite(path: file.path, busyTimeout: .seconds(10), duringCommit: duringCommit), migrations: migrations, now: { clock.now })
    }

    /// Five lamps of version 1, the odd ones pressed (on, their timer armed at 1,010 s).
    func fiveLamps() async throws {
        let old = try store(lampV1)
        for index in 0..<5 { try await old.create("lamp-\(index)") }
        clock.advance(by: 10)
        for index in [1, 3] { try await old.send("lamp-\(index)", "press") }
    }

    func versions(_ store: MachineStore<String, String, String>) async throws -> [Int?] {
        var versions: [Int?] = []
        for index in 0..<5 { versions.append(try await store.snapshot("lamp-\(index)")?.version) }
        return versions
    }

    @Test("in batches: every snapshot in the new version, states renamed, logs, versions and timers' deadlines kept; a second run migrates nothing")
    func batches() async throws {
        try await fiveLamps()
        let store = try store(lampV2, migrations: lampMigrations)
        #expect(try await store.migrate(batchSize: 2) == 5)
        #expect(try await versions(store) == [2, 2, 2, 2, 2])
        #expect(try await store.snapshot("lamp-1")?.state == "lit")
        #expect(try await store.machine("lamp-1")?.state == "lit")
        #expect(try await store.log("lamp-1").count == 1)
        #expect(try await store.timerRows("lamp-1").stored.map(\.owner) == ["lit"])
        #expect(try await store.migrate(batchSize: 2) == 0)
        // The timer keeps its deadline (60 s from 1,010 s) under the new name, and fires.
        clock.advance(by: 59)
        #expect(try await store.fireDueTimers(worker: "w") == 0)
        clock.advance(by: 1)
        #expect(try await store.fireDueTimers(worker: "w") == 2)
        #expect(try await store.machine("lamp-1")?.state == "off")
        #expect(try await store.claimEffects(worker: "w").map(\.id).sorted() == ["lamp-1/1/0", "lamp-1/2/0", "lamp-3/1/0", "lamp-3/2/0"])
    }

    @Test("a machine not yet migrated is migrated when it is loaded: a step writes it in the new version")
    func lazily() async throws {
        try await fiveLamps()
        let store = try store(lampV2, migrations: lampMigrations)
        #expect(try await store.machine("lamp-3")?.state == "lit")
        try await store.send("lamp-3", "press")
        #expect(try await store.snapshot("lamp-3")?.version == 2)
        #expect(try await store.snapshot("lamp-2")?.version == nil)
        #expect(try await store.migrate() == 4)
    }

    @Test("without the migrations, a snapshot of an earlier version is refused, not guessed")
    func withoutMigrations() async throws {
        try await fiveLamps()
        let bare = try store(lampV2)
        await #expect(throws: StoreError.self) { try await bare.machine("lamp-0") }
        await #expect(throws: StoreError.self) { try await bare.migrate() }
        #expect(try await versions(bare) == [nil, nil, nil, nil, nil])
    }

    @Test("a batch that fails inside its transaction writes nothing; run again, every machine is migrated")
    func resumable() async throws {
        try await fiveLamps()
        let store = try store(lampV2, migrations: lampMigrations)
        // The first batch failing after its first row: the batch is one transaction.
        let once = Once()
        let second = try self.store(lampV2, migrations: lampMigrations) { if !once.first() { throw Planted() } }
        await #expect(throws: StoreError.self) { try await second.migrate(batchSize: 3) }
        #expect(try await versions(store) == [nil, nil, nil, nil, nil])
        #expect(try await store.migrate(batchSize: 3) == 5)
        #expect(try await versions(store) == [2, 2, 2, 2, 2])
    }

    @Test("a snapshot that does not migrate stops the run with its machine's id; its batch is not written, the batches before it are")
    func refused() async throws {
        try await fiveLamps()
        let broken = SnapshotMigrations().from(1, to: 2, .custom("refuse a lamp that is on") { snapshot in
            if snapshot.state == "on" { throw Planted() }
        })
        let store = try store(lampV2, migrations: broken)
        await #expect {
            try await store.migrate(batchSize: 1)
        } throws: { error in
            (error as? StoreError)?.id == "lamp-1"
        }
        #expect(try await versions(store) == [2, nil, nil, nil, nil])
    }
}
