import FSM

/// A machine saved by names, to be restored in another process, after a relaunch, on another
/// platform: its state, that state's parents, and what each history remembers (also the
/// histories of parents it is not in now). `Codable`; with `JSONEncoder`'s `.sortedKeys` the
/// same machine gives the same bytes.
///
/// Nothing in it is an index or an enum's ordinal: reordering cases or declarations does
/// not change what a snapshot means. Its ``fingerprint`` says which structure it was taken
/// from; restoring refuses a snapshot of another structure unless asked to match by names
/// (see ``SnapshotMatching``).
///
/// ```swift
/// let data = try encoder.encode(machine.snapshot())            // before the app is killed
/// let snapshot = try JSONDecoder().decode(MachineSnapshot.self, from: data)
/// var machine = try Machine(Session.definition, restoring: snapshot)  // no effect runs
/// ```
public struct MachineSnapshot: Codable, Sendable, Hashable {
    /// What one history remembers.
    public struct Memory: Codable, Sendable, Hashable {
        /// The parent whose history this is.
        public var parent: String
        /// Whether the history is deep.
        public var deep: Bool
        /// The child (shallow) or state (deep) it resumes, or `nil` while the parent has never
        /// been left (the history then resumes its default).
        public var remembers: String?

        /// What `parent`'s history (deep or not) remembers: `remembers`, or nothing (`nil`).
        public init(parent: String, deep: Bool, remembers: String?) {
            self.parent = parent
            self.deep = deep
            self.remembers = remembers
        }
    }

    /// A timer armed when the snapshot was taken: which `After` line it is (its owner and its
    /// place among the owner's lines, by names, never an index of the machine), its delay, and
    /// how long it had left. A runtime or the REPL that restores it keeps it running (as
    /// ``TimerRestore`` says), unless it is stale: its owner is not a state or a parent the
    /// machine is in any more, or its delay changed; the timer armed in its place then starts
    /// now. The explorer holds only the times its page reaches, and refuses others.
    public struct Timer: Codable, Sendable, Hashable {
        /// The state or parent whose entry armed it (the one that declares the line).
        public var owner: String
        /// Its place among its owner's `After` lines, from 0.
        public var position: Int
        /// Its delay, in nanoseconds.
        public var afterNanoseconds: Int64
        /// How long it had left when the snapshot was taken, in nanoseconds (0 or less: it
        /// was due); `nil` when it is spent (it ran out and its guard did not hold: it does
        /// not run again until its state is entered again).
        public var remainingNanoseconds: Int64?
        /// For a timer that had run out and was waiting in a runtime's line to be taken (an
        /// effect was being performed): how many of the snapshot's ``MachineSnapshot/events``
        /// were before it. A restored runtime takes it there. `nil` for every other timer.
        public var queuedAfter: Int?

        /// The timer `position` of `owner`, of delay `afterNanoseconds`, with
        /// `remainingNanoseconds` left (`nil`: spent), waiting after `queuedAfter` events.
        public init(owner: String, position: Int, afterNanoseconds: Int64, remainingNanoseconds: Int64?, queuedAfter: Int? = nil) {
            self.owner = owner
            self.position = position
            self.afterNanoseconds = afterNanoseconds
            self.remainingNanoseconds = remainingNanoseconds
            self.queuedAfter = queuedAfter
        }
    }

    /// The version of this format that this library writes; a snapshot of a later one is
    /// refused (``SnapshotError/Reason/unsupportedFormat(_:)``).
    public static var currentFormat: Int { 1 }

    /// The format the snapshot is written in.
    public var format: Int
    /// The machine's name (its definition's `name`).
    public var machine: String
    /// The version of the machine it was taken from (its definition's `version`); `nil` for
    /// version 1, which a snapshot does not write (so a machine that declares no version
    /// writes what it wrote before versions existed). A snapshot of an earlier version is
    /// restored through ``SnapshotMigrations``; one of a later version is refused.
    public var version: Int?
    /// The fingerprint of the definition's structure (``FSM/MachineDefinition/fingerprint``).
    public var fingerprint: String
    /// The current state's name (a combination of its regions' states in a parallel machine).
    public var state: String
    /// The current state's parents, outermost first.
    public var parents: [String]
    /// What each history that some transition resumes remembers.
    public var history: [Memory]
    /// The timers armed, when a runner with a clock took the snapshot (a runtime, the REPL,
    /// the explorer); `nil` from a machine alone, which keeps no time.
    public var timers: [Timer]?
    /// When the snapshot was taken, in seconds since 1970 on the wall clock, when a runtime
    /// took it: restoring one that keeps its timers' deadlines counts the time since. `nil`
    /// in virtual time (the REPL, the explorer, a test).
    public var takenAt: Double?
    /// The events a runtime had queued (sent while a step's effects were being performed),
    /// in order, when its events are `Codable`.
    public var events: [SnapshotValue]?
    /// The context, when the runtime's owner saved it with the snapshot.
    public var context: SnapshotValue?

    /// A snapshot with these parts: for a migration that writes one, or a test. A machine's
    /// own is ``FSM/Machine/snapshot()``.
    public init(
        format: Int = MachineSnapshot.currentFormat, machine: String, version: Int? = nil, fingerprint: String, state: String, parents: [String],
        history: [Memory], timers: [Timer]? = nil, takenAt: Double? = nil, events: [SnapshotValue]? = nil, context: SnapshotValue? = nil
    ) {
        self.format = format
        self.machine = machine
        self.version = version
        self.fingerprint = fingerprint
        self.state = state
        self.parents = parents
        self.history = history
        self.timers = timers
        self.takenAt = takenAt
        self.events = events
        self.context = context
    }
}

/// How a snapshot must match the definition it is restored into.
public enum SnapshotMatching: Sendable, Hashable {
    /// The definition's structure is the one the snapshot was taken from: same fingerprint.
    case fingerprint
    /// The definition has the snapshot's state, inside the same parents, and its histories
    /// can remember what the snapshot says; the rest of the structure may have changed (a new
    /// transition, another guard). For a change made on purpose, after checking it.
    case names
}

extension Machine {
    /// The machine saved by names (see ``MachineSnapshot``). Linear in the states and the
    /// histories; the fingerprint is made once per compiled definition.
    public func snapshot() -> MachineSnapshot {
        let names = configurationNames
        return MachineSnapshot(
            machine: definition.name, version: definition.version == 1 ? nil : definition.version, fingerprint: structureDigest, state: names.state, parents: names.parents,
            history: names.memories.map { MachineSnapshot.Memory(parent: $0.parent, deep: $0.deep, remembers: $0.remembers) }
        )
    }

    /// A machine of `definition` put where `snapshot` says, without running anything: no
    /// effect is emitted, no guard decided, no transition taken. It goes on exactly as the
    /// machine the snapshot was taken from would (its histories remember the same).
    ///
    /// - Parameters:
    ///   - definition: The machine's definition, compiled and validated as `init(_:)` does.
    ///   - snapshot: What ``snapshot()`` returned, in this process or another.
    ///   - matching: How the snapshot must fit the definition: its structure's fingerprint (the
    ///     default), or only its names.
    ///   - policy: What a rejected event does.
    /// - Throws: ``SnapshotError`` naming what does not fit (see ``restore(_:matching:)``), or
    ///   the definition's own errors. Nothing is half-restored.
    public init(
        _ definition: MachineDefinition<State, Event, Effect, Context>, restoring snapshot: MachineSnapshot,
        matching: SnapshotMatching = .fingerprint, policy: RejectionPolicy = .throw
    ) throws(SnapshotError) {
        try self.init(definition, restoring: snapshot, migrating: SnapshotMigrations(), matching: matching, policy: policy)
    }

    /// Puts this machine where `snapshot` says, keeping its compiled definition (a server
    /// restoring many machines of one definition compiles it once): nothing runs, as in
    /// ``init(_:restoring:matching:policy:)``. Linear in the states and the histories; the
    /// fingerprint is made once per compiled definition.
    ///
    /// A snapshot of another version than the definition's is refused: restore one of an
    /// earlier version with ``restore(_:migrating:matching:)``.
    ///
    /// - Throws: ``SnapshotError`` naming what does not fit: another machine, a later format,
    ///   another version, another structure, a state that is not declared any more (or moved
    ///   to other parents, or one the machine never rests in), a history that is not resumed
    ///   any more or cannot remember what the snapshot says, a parent's two histories that
    ///   contradict each other. The machine is then unchanged.
    public mutating func restore(_ snapshot: MachineSnapshot, matching: SnapshotMatching = .fingerprint) throws(SnapshotError) {
        try restore(snapshot, migrating: SnapshotMigrations(), matching: matching)
    }

    /// A machine of `definition` put where `snapshot` says, as
    /// ``init(_:restoring:matching:policy:)`` does, after bringing a snapshot of an earlier
    /// version to the definition's by `migrations` (see ``restore(_:migrating:matching:)``).
    ///
    /// - Throws: ``SnapshotError``: what ``restore(_:migrating:matching:)`` throws, or the
    ///   definition's own errors. Nothing is half-restored.
    public init(
        _ definition: MachineDefinition<State, Event, Effect, Context>, restoring snapshot: MachineSnapshot, migrating migrations: SnapshotMigrations,
        matching: SnapshotMatching = .fingerprint, policy: RejectionPolicy = .throw
    ) throws(SnapshotError) {
        do {
            self = try Machine(definition, policy: policy)
        } catch {
            throw SnapshotError(machine: definition.name, reason: .invalidDefinition(error))
        }
        try restore(snapshot, migrating: migrations, matching: matching)
    }

    /// Puts this machine where `snapshot` says; a snapshot of an earlier version than the
    /// definition's is first brought to it by `migrations`' steps, in order (see
    /// ``SnapshotMigrations/migrate(_:to:)``), and then checked by names as any snapshot is
    /// (`matching` applies to a snapshot of the definition's own version only: the structure
    /// a migrated one was taken from is another by definition). Nothing runs, as in
    /// ``init(_:restoring:matching:policy:)``. Linear in the size of the snapshot times the
    /// number of steps, plus what restoring costs.
    ///
    /// - Throws: ``SnapshotError``: a snapshot of another machine, of a later format or a later
    ///   version, of an earlier version that no migration leads on from, a step that failed,
    ///   or a migrated snapshot that does not fit (with the versions and the steps that ran);
    ///   or what ``restore(_:matching:)`` refuses. The machine is then unchanged.
    public mutating func restore(_ snapshot: MachineSnapshot, migrating migrations: SnapshotMigrations, matching: SnapshotMatching = .fingerprint) throws(SnapshotError) {
        _ = try restoreMigrated(snapshot, migrating: migrations, matching: matching)
    }

    /// ``restore(_:migrating:matching:)``, returning the snapshot restored: `snapshot`, or
    /// what the migrations made of it (its timers and events are read from it, the steps run
    /// once).
    package mutating func restoreMigrated(_ snapshot: MachineSnapshot, migrating migrations: SnapshotMigrations, matching: SnapshotMatching) throws(SnapshotError) -> MachineSnapshot {
        func refuse(_ reason: SnapshotError.Reason) -> SnapshotError { SnapshotError(machine: definition.name, reason: reason) }
        guard (1...MachineSnapshot.currentFormat).contains(snapshot.format) else { throw refuse(.unsupportedFormat(snapshot.format)) }
        guard snapshot.machine == definition.name else { throw refuse(.otherMachine(snapshot.machine)) }
        let from = snapshot.version ?? 1
        guard from != definition.version else {
            try put(snapshot, matching: matching)
            return snapshot
        }
        let migrated = try migrations.migrated(snapshot, to: definition.version, machine: definition.name)
        do {
            try put(migrated.snapshot, matching: .names)
        } catch {
            throw refuse(.migratedMisfit(from: from, to: definition.version, steps: migrated.steps, reason: error.reason))
        }
        return migrated.snapshot
    }

    /// Puts this machine where `snapshot` says, whatever its version: its format, machine,
    /// fingerprint (when `matching` says so) and names checked.
    private mutating func put(_ snapshot: MachineSnapshot, matching: SnapshotMatching) throws(SnapshotError) {
        func refuse(_ reason: SnapshotError.Reason) -> SnapshotError { SnapshotError(machine: definition.name, reason: reason) }
        guard (1...MachineSnapshot.currentFormat).contains(snapshot.format) else { throw refuse(.unsupportedFormat(snapshot.format)) }
        guard snapshot.machine == definition.name else { throw refuse(.otherMachine(snapshot.machine)) }
        if matching == .fingerprint {
            let fingerprint = structureDigest
            guard snapshot.fingerprint == fingerprint else { throw refuse(.otherStructure(snapshot: snapshot.fingerprint, definition: fingerprint)) }
        }
        let names = ConfigurationNames(
            state: snapshot.state, parents: snapshot.parents,
            memories: snapshot.history.map { ConfigurationNames.Memory(parent: $0.parent, deep: $0.deep, remembers: $0.remembers) }
        )
        var timers = Set<TimerName>()
        for timer in snapshot.timers ?? [] where !timers.insert(TimerName(owner: timer.owner, position: timer.position)).inserted {
            throw refuse(.repeatedTimer(owner: timer.owner, position: timer.position))
        }
        switch restoring(names) {
        case let .success(restored): self = restored
        case let .failure(mismatch): throw refuse(SnapshotError.Reason(mismatch))
        }
    }
}

/// A timer by names: its owner and its place among the owner's `After` lines.
struct TimerName: Hashable {
    let owner: String
    let position: Int
}
