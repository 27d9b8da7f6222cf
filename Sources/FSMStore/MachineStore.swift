#if Store
import FSM
import FSMPersistence
import Foundation

/// Machines of one definition kept in a database, each by its id: its snapshot (with its
/// timers' deadlines), its log of steps and the effects of each step in an outbox. Any number
/// of processes may share one database; any of them may be killed at any point.
///
/// ```swift
/// let store = try MachineStore(Order.definition, engine: .sqlite(path: "orders.sqlite"))
/// try await store.create("order-7")
/// let receipt = try await store.send("order-7", .pay, requestID: "payment-123")
/// // a worker loop: timers, then effects
/// _ = try await store.fireDueTimers(worker: "worker-1")
/// for effect in try await store.claimEffects(worker: "worker-1") {
///     try await perform(effect.effect, idempotencyKey: effect.id)
///     try await store.complete([effect])
/// }
/// ```
///
/// Every step (an event, a timer) reads the machine, takes the step in memory and writes it in
/// one transaction: the machine's new snapshot and version, its log entry and its effects.
/// The write expects the version it read; when another writer stepped the machine meanwhile,
/// nothing is written and the step is taken again from the new snapshot (a bounded number of
/// times). So each accepted event is in the log once and applied once, and its effects are in
/// the outbox once, each with an id of its own. A handler may be given an effect more than once
/// (a worker killed after performing it and before ``complete(_:)``): it performs effects at
/// least once, and exactly once only by using the id to do nothing the second time.
///
/// Machines whose guards read a context are not stored yet (`Context` is `Void`).
public struct MachineStore<State: Hashable & Sendable, Event: MachineEvent & Codable, Effect: Sendable & Codable>: Sendable {
    /// The compiled definition, in its initial state: each machine is restored into a copy.
    private let prototype: Machine<State, Event, Effect, Void>
    package let database: any StoreDatabase
    /// How snapshots of earlier versions of the definition are brought to its version.
    private let migrations: SnapshotMigrations
    private let now: @Sendable () -> Date
    private let attempts: Int
    /// Called after a step is taken in memory and before it is written (tests make a conflict
    /// there).
    var beforeCommit: (@Sendable (String) async -> Void)?

    /// A store of `definition`'s machines in `engine`.
    ///
    /// - Parameters:
    ///   - definition: The machines' definition: a machine is stored under its `name`, and
    ///     restored only into a definition of the same structure (its fingerprint).
    ///   - engine: Where the machines are kept.
    ///   - migrations: How snapshots stored by an earlier version of the definition (its
    ///     `version`) are brought to its version: each such machine is migrated when it is
    ///     next loaded (a step writes it in the new version), or by ``migrate(batchSize:)``.
    ///   - now: The clock timers are measured on (a test gives a virtual one). A step is never
    ///     dated before the machine's previous one, whatever a process's clock says.
    ///   - attempts: How many times a step is taken when other writers keep changing the
    ///     machine before it is written (at least 1).
    /// - Throws: ``StoreError/Reason/snapshot(_:)`` (its reason
    ///   ``FSMPersistence/SnapshotError/Reason/invalidDefinition(_:)``) when the definition
    ///   cannot run.
    public init(
        _ definition: MachineDefinition<State, Event, Effect, Void>, engine: StoreEngine, migrations: SnapshotMigrations = SnapshotMigrations(),
        now: @escaping @Sendable () -> Date = Date.init, attempts: Int = 16
    ) throws(StoreError) {
        do {
            prototype = try Machine(definition)
        } catch {
            throw StoreError(id: "", reason: .snapshot(SnapshotError(machine: definition.name, reason: .invalidDefinition(error))))
        }
        database = engine.database
        self.migrations = migrations
        self.now = now
        self.attempts = max(1, attempts)
    }

    /// Creates machine `id` in the definition's initial state, its timers armed now.
    /// - Throws: ``StoreError/Reason/exists`` when there is one of this id.
    public func create(_ id: String) async throws(StoreError) {
        let at = Self.nanoseconds(now())
        let durable = DurableMachine(created: prototype, id: id, at: at)
        let row = try stored(durable, id: id, version: 0, createdAt: at, at: at)
        let commit = StoreCommit(machine: row, expectedVersion: nil, entry: nil, effects: [], timers: running(durable, id: id))
        guard try await run(id, { try await $0.commit(commit) }) else { throw StoreError(id: id, reason: .exists) }
    }

    /// Sends `event` to machine `id`: reads it, takes the step and writes it in one transaction
    /// (its snapshot, a log entry and the step's effects in the outbox), as the store says.
    ///
    /// - Parameters:
    ///   - id: The machine's id.
    ///   - event: The event.
    ///   - requestID: Your id for this request: sent again (after a timeout, by a retried job),
    ///     it is found in the log and not taken twice; the receipt then says so and lists the
    ///     effects written the first time. `nil`: every call is a new request.
    /// - Returns: The step's log sequence and effects.
    /// - Throws: ``StoreError``: ``StoreError/Reason/unknownMachine``,
    ///   ``StoreError/Reason/rejected(_:)`` (nothing written),
    ///   ``StoreError/Reason/conflict(attempts:)``, or a stored machine or database failure.
    @discardableResult
    public func send(_ id: String, _ event: Event, requestID: String? = nil) async throws(StoreError) -> StoreReceipt<Effect> {
        for _ in 0..<attempts {
            if let requestID, let entry = try await run(id, { try await $0.entry(of: id, request: requestID) }) {
                let effects = try await run(id) { try await $0.effects(of: id) }.filter { $0.sequence == entry.sequence }
                return StoreReceipt(sequence: entry.sequence, effects: try effects.map(decoded), repeated: true)
            }
            guard let row = try await run(id, { try await $0.load(id) }) else { throw StoreError(id: id, reason: .unknownMachine) }
            let at = max(Self.nanoseconds(now()), row.updatedAt)
            if let receipt = try await write(.event(event), to: row, requestID: requestID, at: at) { return receipt }
        }
        throw StoreError(id: id, reason: .conflict(attempts: attempts))
    }

    /// Fires the timers due now: claims at most `limit` of them (no other worker is given one
    /// while `lease` lasts) and takes each one's step through the same write as an event's.
    /// A timer of a state the machine left, or armed again since it was claimed, does nothing
    /// (its row is dropped); one whose guard does not hold is spent (logged, no effect).
    ///
    /// - Parameters:
    ///   - worker: A name for this worker (any: it marks its claims).
    ///   - limit: How many timers to claim at most.
    ///   - lease: How long a claim lasts: a worker killed while firing leaves its timers to
    ///     others after it. A timer never fires twice, lease or not: firing it removes it in
    ///     the step's own transaction.
    /// - Returns: How many timers were fired (their steps written).
    /// - Throws: ``StoreError``: a database failure, a stored machine that cannot be read, or
    ///   a conflict on every attempt (the timer is then left to a later call).
    public func fireDueTimers(worker: String, limit: Int = 100, lease: Duration = .seconds(60)) async throws(StoreError) -> Int {
        let at = Self.nanoseconds(now())
        let until = Self.adding(lease, to: at)
        let claimed = try await run("") { try await $0.claimTimers(of: prototype.definition.name, now: at, worker: worker, until: until, limit: max(0, limit)) }
        var fired = 0
        for timer in claimed {
            if try await fire(timer) { fired += 1 }
        }
        return fired
    }

    /// Takes the step of the claimed timer `timer`; `false` when it is not armed any more.
    func fire(_ timer: StoredTimer) async throws(StoreError) -> Bool {
        let id = timer.machineID
        for _ in 0..<attempts {
            guard let row = try await run(id, { try await $0.load(id) }) else {
                try await run(id) { try await $0.dropTimer(timer) }
                return false
            }
            let durable = try restored(row)
            let now = max(Self.nanoseconds(now()), row.updatedAt)
            guard let armed = durable.timers.first(where: { $0.id == timer.id }), durable.firing(armed, at: now) != nil else {
                if !durable.timers.contains(where: { $0.id == timer.id && !$0.spent }) { try await run(id) { try await $0.dropTimer(timer) } }
                return false
            }
            // Dated at its deadline (or the machine's last step, if later): a timer it arms runs
            // from there, as in a runtime, however late a worker fires it.
            let cause = LogEntry<Event>.Cause.timer(id: armed.id, owner: armed.owner, position: armed.position)
            if try await write(cause, to: row, requestID: nil, at: max(armed.dueAt, row.updatedAt)) != nil { return true }
        }
        throw StoreError(id: id, reason: .conflict(attempts: attempts))
    }

    /// Claims at most `limit` effects of the outbox not yet done, oldest first: no other worker
    /// is given them while `lease` lasts. Perform each (with its id as the idempotency key),
    /// then ``complete(_:)`` it; one not completed in time is given to a worker again.
    /// - Throws: ``StoreError``: a database failure, or an effect that cannot be read as an
    ///   `Effect` (``StoreError/Reason/unreadable(_:)``).
    public func claimEffects(worker: String, limit: Int = 100, lease: Duration = .seconds(60)) async throws(StoreError) -> [OutboxEffect<Effect>] {
        let at = Self.nanoseconds(now())
        let until = Self.adding(lease, to: at)
        let claimed = try await run("") { try await $0.claimEffects(of: prototype.definition.name, now: at, worker: worker, until: until, limit: max(0, limit)) }
        return try claimed.map(decoded)
    }

    /// Marks `effects` done: no worker is given them again.
    public func complete(_ effects: [OutboxEffect<Effect>]) async throws(StoreError) {
        let ids = effects.map(\.id)
        let at = Self.nanoseconds(now())
        try await run("") { try await $0.completeEffects(ids, now: at) }
    }

    /// Machine `id` as stored (`nil` when there is none): its state, what it permits.
    /// - Throws: ``StoreError`` when its row cannot be read or restored.
    public func machine(_ id: String) async throws(StoreError) -> Machine<State, Event, Effect, Void>? {
        guard let row = try await run(id, { try await $0.load(id) }) else { return nil }
        return try restored(row).machine
    }

    /// Machine `id`'s snapshot as stored, with its timers' time left when it was last stepped
    /// (`nil` when there is none).
    public func snapshot(_ id: String) async throws(StoreError) -> MachineSnapshot? {
        guard let row = try await run(id, { try await $0.load(id) }) else { return nil }
        return try Self.decode(MachineSnapshot.self, row.snapshot, id: id)
    }

    /// Machine `id`'s log, in order (empty when there is no such machine).
    public func log(_ id: String) async throws(StoreError) -> [LogEntry<Event>] {
        try await run(id) { try await $0.log(of: id) }.map { entry throws(StoreError) in
            LogEntry(
                sequence: entry.sequence, requestID: entry.requestID, date: Date(timeIntervalSince1970: Double(entry.at) / 1e9),
                cause: try Self.decode(LogEntry<Event>.Cause.self, entry.entry, id: id)
            )
        }
    }

    /// Machine `id`'s snapshot rebuilt from its log: the definition's initial state at its
    /// creation, then each logged step at its time. Equal to ``snapshot(_:)`` for every machine
    /// the store wrote with this definition.
    /// - Throws: ``StoreError/Reason/unknownMachine``, or a log entry that cannot be read or
    ///   taken (``StoreError/Reason/unreadable(_:)``, ``StoreError/Reason/rejected(_:)``).
    public func replay(_ id: String) async throws(StoreError) -> MachineSnapshot {
        try await replayed(id).snapshot
    }

    /// ``replay(_:)``, and the ids of the effects the replayed steps emitted, in order: the
    /// outbox's ids of the machine.
    package func replayed(_ id: String) async throws(StoreError) -> (snapshot: MachineSnapshot, effects: [String]) {
        let replay = try await replaySteps(id)
        if let failure = replay.failure { throw failure }
        return (replay.snapshot, replay.effectIDs)
    }

    /// Machine `id`'s log replayed from its creation, step by step, as ``replay(_:)`` does,
    /// with what each step did and what the store holds to compare with: for a tool that
    /// shows it (`fsm store replay`). A step that cannot be taken ends the replay (its
    /// ``StoreReplay/failure``), the steps before it kept.
    /// - Throws: ``StoreError/Reason/unknownMachine``, a database failure, or a stored
    ///   snapshot that cannot be read.
    package func replaySteps(_ id: String) async throws(StoreError) -> StoreReplay<Effect> {
        guard let row = try await run(id, { try await $0.load(id) }) else { throw StoreError(id: id, reason: .unknownMachine) }
        let entries = try await run(id) { try await $0.log(of: id) }
        let outbox = try await run(id) { try await $0.effects(of: id) }.map(\.id)
        var durable = DurableMachine(created: prototype, id: id, at: row.createdAt)
        var replay = StoreReplay<Effect>(
            row: row, stored: try Self.decode(MachineSnapshot.self, row.snapshot, id: id), outbox: outbox, initialState: durable.machine.snapshot().state,
            snapshot: durable.snapshot(at: row.createdAt)
        )
        for entry in entries {
            do throws(StoreError) {
                let emitted = try durable.step(try Self.decode(LogEntry<Event>.Cause.self, entry.entry, id: id), id: id, sequence: entry.sequence, at: entry.at)
                replay.effectIDs += emitted.indices.map { Self.effectID(id, entry.sequence, $0) }
                replay.snapshot = durable.snapshot(at: entry.at)
                replay.steps.append(StoreReplay.Step(entry: entry, state: replay.snapshot.state, effects: emitted))
            } catch {
                replay.failure = error
                break
            }
        }
        return replay
    }

    /// Brings every stored machine of an earlier version of the definition to its version,
    /// by the store's migrations, `batchSize` machines at a time, each batch in one transaction
    /// (engines that have one; otherwise a machine at a time): a machine's snapshot, timers and
    /// state are rewritten, its log and version (the length of its log) are kept. Run it after
    /// deploying a definition with a new `version`; machines not yet migrated are migrated
    /// when they are next loaded meanwhile.
    ///
    /// Killed, or failing, it leaves each batch whole or untouched; run again, it goes on
    /// with the machines still of an earlier version: running it twice migrates nothing more.
    /// A machine stepped by another writer while its batch was read is skipped (the step
    /// wrote it migrated).
    ///
    /// ```swift
    /// let store = try MachineStore(OrderV2.definition, engine: engine, migrations: orderMigrations)
    /// let migrated = try await store.migrate(batchSize: 500)
    /// ```
    ///
    /// - Parameter batchSize: How many machines one transaction reads and writes at most.
    /// - Returns: How many machines were migrated.
    /// - Throws: ``StoreError/Reason/snapshot(_:)`` for a machine whose snapshot does not
    ///   migrate, or does not fit the definition once migrated (its id; its batch is not
    ///   written, the batches before it are); a database failure.
    public func migrate(batchSize: Int = 100) async throws(StoreError) -> Int {
        let version = prototype.definition.version
        var after: String?
        var migrated = 0
        while true {
            let rows = try await run("") { try await $0.machines(after: after, limit: max(1, batchSize)) }
            guard let last = rows.last else { return migrated }
            after = last.id
            var commits: [StoreCommit] = []
            for row in rows where row.machine == prototype.definition.name {
                guard try (Self.decode(MachineSnapshot.self, row.snapshot, id: row.id).version ?? 1) != version else { continue }
                let durable = try restored(row)
                commits.append(StoreCommit(
                    machine: try stored(durable, id: row.id, version: row.version, createdAt: row.createdAt, at: row.updatedAt), expectedVersion: row.version,
                    entry: nil, effects: [], timers: running(durable, id: row.id)
                ))
            }
            guard !commits.isEmpty else { continue }
            migrated += try await run("") { try await $0.commit(all: commits) }.count(where: { $0 })
        }
    }

    /// The ids of the store's machines (of this definition), in order, after `after`, at most
    /// `limit`: a page of a listing.
    public func ids(after: String? = nil, limit: Int = 100) async throws(StoreError) -> [String] {
        try await run("") { try await $0.ids(of: prototype.definition.name, after: after, limit: max(0, limit)) }
    }

    // MARK: - Steps

    /// Takes `cause`'s step on the machine `row` holds, dated `at` (never before the row's last
    /// step), and writes it; `nil` when the row was changed since it was read (nothing written).
    private func write(_ cause: LogEntry<Event>.Cause, to row: StoredMachine, requestID: String?, at: Int64) async throws(StoreError) -> StoreReceipt<Effect>? {
        let id = row.id
        var durable = try restored(row)
        let sequence = row.version + 1
        let effects = try durable.step(cause, id: id, sequence: sequence, at: at)
        var outbox: [StoredEffect] = []
        for (position, effect) in effects.enumerated() {
            outbox.append(StoredEffect(
                id: Self.effectID(id, sequence, position), machineID: id, sequence: sequence, position: position, effect: try Self.json(effect, id: id), done: false
            ))
        }
        let entry = StoredEntry(sequence: sequence, requestID: requestID, entry: try Self.json(cause, id: id), at: at)
        let commit = StoreCommit(
            machine: try stored(durable, id: id, version: sequence, createdAt: row.createdAt, at: at), expectedVersion: row.version, entry: entry,
            effects: outbox, timers: running(durable, id: id)
        )
        if let beforeCommit { await beforeCommit(id) }
        guard try await run(id, { try await $0.commit(commit) }) else { return nil }
        return StoreReceipt(
            sequence: sequence, effects: effects.enumerated().map { OutboxEffect(id: outbox[$0.offset].id, machineID: id, effect: $0.element) }, repeated: false
        )
    }

    /// The row of `durable`, machine `id` at `version`, stepped last at `at`.
    private func stored(_ durable: DurableMachine<State, Event, Effect>, id: String, version: Int64, createdAt: Int64, at: Int64) throws(StoreError) -> StoredMachine {
        let snapshot = durable.snapshot(at: at)
        return StoredMachine(
            id: id, machine: prototype.definition.name, version: version, snapshot: try Self.json(snapshot, id: id), timers: try Self.json(durable.timers, id: id),
            state: snapshot.state, createdAt: createdAt, updatedAt: at
        )
    }

    /// The timer rows of `durable`: its running timers, each with its place in the machine's
    /// order (the state's own, then its parents' from the innermost out).
    private func running(_ durable: DurableMachine<State, Event, Effect>, id: String) -> [StoredTimer] {
        durable.timers.enumerated().filter { !$0.element.spent }.map { StoredTimer(id: $0.element.id, machineID: id, dueAt: $0.element.dueAt, order: $0.offset) }
    }

    /// The machine `row` holds, restored into the definition with its timers; a snapshot of
    /// an earlier version brought to the definition's by the migrations (its timers' owners
    /// and places as the migrated snapshot's).
    private func restored(_ row: StoredMachine) throws(StoreError) -> DurableMachine<State, Event, Effect> {
        let snapshot = try Self.decode(MachineSnapshot.self, row.snapshot, id: row.id)
        var timers = try Self.decode([DurableTimer].self, row.timers, id: row.id)
        var machine = prototype
        let restored: MachineSnapshot
        do {
            restored = try machine.restoreMigrated(snapshot, migrating: migrations, matching: .fingerprint)
        } catch {
            throw StoreError(id: row.id, reason: .snapshot(error))
        }
        // The stored snapshot lists the timers in the row's order (``DurableMachine/snapshot(at:)``).
        if let migrated = restored.timers, migrated.count == timers.count, restored.version != snapshot.version {
            timers = zip(timers, migrated).map { timer, moved in
                DurableTimer(
                    id: timer.id, owner: moved.owner, position: moved.position, afterNanoseconds: timer.afterNanoseconds, dueAt: timer.dueAt, spent: timer.spent
                )
            }
        }
        return DurableMachine(machine: machine, timers: timers)
    }

    private func decoded(_ stored: StoredEffect) throws(StoreError) -> OutboxEffect<Effect> {
        OutboxEffect(id: stored.id, machineID: stored.machineID, effect: try Self.decode(Effect.self, stored.effect, id: stored.machineID))
    }

    // MARK: - Encoding, time, errors

    /// The id of effect `position` (from 0) of machine `id`'s step `sequence`.
    static func effectID(_ id: String, _ sequence: Int64, _ position: Int) -> String {
        "\(id)/\(sequence)/\(position)"
    }

    /// Runs `body` on the database, its errors as ``StoreError/Reason/database(_:)``.
    private func run<T>(_ id: String, _ body: (any StoreDatabase) async throws -> T) async throws(StoreError) -> T {
        try await call(database, for: id, body)
    }

    private static func json(_ value: some Encodable, id: String) throws(StoreError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw StoreError(id: id, reason: .notEncodable(String(describing: error)))
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ json: String, id: String) throws(StoreError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch {
            throw StoreError(id: id, reason: .unreadable("\(T.self): \(error)"))
        }
    }

    /// `date` in whole nanoseconds since 1970, clamped to `Int64`.
    package static func nanoseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1e9).rounded()
        guard value.isFinite else { return value < 0 ? .min : .max }
        return value >= 9.2e18 ? .max : value <= -9.2e18 ? .min : Int64(value)
    }

    /// `at` plus `duration` in nanoseconds, clamped to `Int64`.
    static func adding(_ duration: Duration, to at: Int64) -> Int64 {
        let (sum, overflow) = at.addingReportingOverflow(MachineSnapshot.Timer.nanoseconds(duration))
        return overflow ? (duration < .zero ? .min : .max) : sum
    }
}
#endif
