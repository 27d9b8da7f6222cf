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

    /// The version of this format that this library writes; a snapshot of a later one is
    /// refused (``SnapshotError/Reason/unsupportedFormat(_:)``).
    public static var currentFormat: Int { 1 }

    /// The format the snapshot is written in.
    public var format: Int
    /// The machine's name (its definition's `name`).
    public var machine: String
    /// The fingerprint of the definition's structure (``FSM/MachineDefinition/fingerprint``).
    public var fingerprint: String
    /// The current state's name (a combination of its regions' states in a parallel machine).
    public var state: String
    /// The current state's parents, outermost first.
    public var parents: [String]
    /// What each history that some transition resumes remembers.
    public var history: [Memory]

    /// A snapshot with these parts: for a migration that writes one, or a test. A machine's
    /// own is ``FSM/Machine/snapshot()``.
    public init(format: Int = MachineSnapshot.currentFormat, machine: String, fingerprint: String, state: String, parents: [String], history: [Memory]) {
        self.format = format
        self.machine = machine
        self.fingerprint = fingerprint
        self.state = state
        self.parents = parents
        self.history = history
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
            machine: definition.name, fingerprint: structureDigest, state: names.state, parents: names.parents,
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
        do {
            self = try Machine(definition, policy: policy)
        } catch {
            throw SnapshotError(machine: definition.name, reason: .invalidDefinition(error))
        }
        try restore(snapshot, matching: matching)
    }

    /// Puts this machine where `snapshot` says, keeping its compiled definition (a server
    /// restoring many machines of one definition compiles it once): nothing runs, as in
    /// ``init(_:restoring:matching:policy:)``. Linear in the states and the histories; the
    /// fingerprint is made once per compiled definition.
    ///
    /// - Throws: ``SnapshotError`` naming what does not fit: another machine, a later format,
    ///   another structure, a state that is not declared any more (or moved to other parents,
    ///   or one the machine never rests in), a history that is not resumed any more or cannot
    ///   remember what the snapshot says, a parent's two histories that contradict each
    ///   other. The machine is then unchanged.
    public mutating func restore(_ snapshot: MachineSnapshot, matching: SnapshotMatching = .fingerprint) throws(SnapshotError) {
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
        switch restoring(names) {
        case let .success(restored): self = restored
        case let .failure(mismatch): throw refuse(SnapshotError.Reason(mismatch))
        }
    }
}
